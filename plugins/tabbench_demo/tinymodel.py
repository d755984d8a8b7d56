"""Build a tiny causal language model entirely offline: the model tests, demos and CPU training use.

The model is a randomly initialised Qwen2 (about 3M parameters) with a byte-level BPE tokenizer trained
with ``tokenizers`` on a text corpus (by default the prompts and gold answers of the bundled ``demo``
suite) and a ChatML chat template (or, ``chat_template="tools"``, a compact tool-calling ChatML). Everything
is seeded: the same corpus and seed give byte-identical files. Nothing is downloaded.

Two details make the result usable for learning experiments (see docs/eval.md):

- BPE merges are learned from the corpus with quoted literals and numbers blanked out, so values stay as
  short character pieces and a model copies them from the question instead of memorising one token per
  value;
- for a Qwen2 model type, transformers 5's ``AutoTokenizer`` ignores a saved ``PreTrainedTokenizerFast``
  class and rebuilds ``Qwen2Tokenizer`` from the vocabulary and merges, with Qwen2's own normaliser and
  pre-tokenizer; a tokenizer trained with any other pipeline then reloads to different ids. So the
  tokenizer is trained with exactly Qwen2's pipeline and saved as ``Qwen2Tokenizer``; ``check_reload``
  proves after every build that ``AutoTokenizer`` reproduces the trained tokenizer's ids.

``TinySpec(copy_heads=True)`` (the ``tabbench demo`` model) adds two things that let a model this small copy a
question's values into its SQL within a few hundred CPU steps (without them it had not started to after 300, see
README.md): every literal of the training SQL (``'Dublin'``, ``55``) is one whole token, the same in the question and
in the query, and two attention heads of the first layer start out as copy heads (``wire_copy_heads``). The
weights are still random apart from those heads and the literals' embedding directions; nothing is pretrained.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tabbench import ConfigError, TabbenchError

TOKENIZER_CLASS = "Qwen2Tokenizer"
PAD = "<|endoftext|>"
IM_START = "<|im_start|>"
IM_END = "<|im_end|>"
SPECIAL_TOKENS = (PAD, IM_START, IM_END)

# How both templates end an assistant turn's branch: every other turn is its content, then a new line after each
# turn, and the assistant header when a generation prompt is asked for.
_OTHER_TURNS_AND_END = (
    "{%- else %}"
    "{{- message['content'] + '<|im_end|>' }}"
    "{%- endif %}"
    "{{- '\\n' }}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)

# ChatML, as Qwen models use it. The {% generation %} markers let trainers compute an assistant-only loss
# (``return_assistant_tokens_mask``); they render nothing.
CHAT_TEMPLATE = (
    "{%- for message in messages %}"
    "{{- '<|im_start|>' + message['role'] + '\\n' }}"
    "{%- if message['role'] == 'assistant' %}"
    "{% generation %}{{- message['content'] + '<|im_end|>' }}{% endgeneration %}"
    + _OTHER_TURNS_AND_END
)

# A compact tool-calling ChatML for multi-turn training and ``tabbench eval --env`` on a CPU: each tool is one
# line ``name(arg: type, ...)`` (no JSON schema, no descriptions), a call is Hermes/Qwen's
# ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` (what ``tabbench.contract.toolcalls`` reads back) and
# a result is its own ``tool`` turn. A gold demo-bird trajectory renders to about half the tokens Qwen2.5's
# template gives it (its tool preamble is most of the difference). Without tools it renders exactly as
# CHAT_TEMPLATE. A null argument is not rendered: ``datasets`` stores an SFT column of calls as one struct, which
# gives every call every other tool's argument names, set to null.
TOOLS_CHAT_TEMPLATE = (
    "{%- set sys = messages and messages[0]['role'] == 'system' %}"
    "{%- if sys or tools %}"
    "{{- '<|im_start|>system\\n' }}"
    "{%- if sys %}{{- messages[0]['content'] }}{%- endif %}"
    "{%- if tools %}"
    "{{- ('\\n' if sys else '') + 'Tools:' }}"
    "{%- for tool in tools %}"
    "{%- set f = tool['function'] if tool['function'] is defined else tool %}"
    "{%- set params = (f['parameters'] or {}).get('properties', {}) %}"
    "{{- '\\n' + f['name'] + '(' }}"
    "{%- for key, spec in params.items() %}"
    "{{- key + ': ' + (spec.get('type') or 'any') }}{%- if not loop.last %}{{- ', ' }}{%- endif %}"
    "{%- endfor %}"
    "{{- ')' }}"
    "{%- endfor %}"
    "{{- '\\nCall one as <tool_call>{\"name\": ..., \"arguments\": {...}}</tool_call>' }}"
    "{%- endif %}"
    "{{- '<|im_end|>\\n' }}"
    "{%- endif %}"
    "{%- for message in messages[1 if sys else 0:] %}"
    "{{- '<|im_start|>' + message['role'] + '\\n' }}"
    "{%- if message['role'] == 'assistant' %}"
    "{% generation %}"
    "{{- message['content'] or '' }}"
    "{%- for call in message.get('tool_calls') or [] %}"
    "{%- set f = call['function'] if call['function'] is defined else call %}"
    "{{- '<tool_call>{\"name\": ' + f['name'] | tojson + ', \"arguments\": ' }}"
    "{%- if f['arguments'] is string %}{{- f['arguments'] }}"
    "{%- else %}{{- '{' }}"
    "{%- for key, value in f['arguments'].items() if value is not none %}"
    "{{- (', ' if not loop.first else '') + key | tojson + ': ' + value | tojson }}"
    "{%- endfor %}{{- '}' }}"
    "{%- endif %}"
    "{{- '}</tool_call>' }}"
    "{%- endfor %}"
    "{{- '<|im_end|>' }}"
    "{% endgeneration %}"
    + _OTHER_TURNS_AND_END
)

# How transformers' ``parse_response`` (TRL's GRPO reads its rollouts with it) reads an assistant turn of
# TOOLS_CHAT_TEMPLATE back: text, then any ``<tool_call>`` JSON blocks. Saved in tokenizer_config.json.
TOOLS_RESPONSE_TEMPLATE: dict[str, Any] = {
    "defaults": {"role": "assistant"},
    "start_anchor": IM_START + "assistant\n",
    "fields": {
        "tool_calls": {"open": "<tool_call>", "close_pattern": r"</tool_call>\s*", "repeats": True,
                       "content": "json", "transform": {"type": "function", "function": "{content}"}},
        "content": {"close_pattern": r"<\|im_end\|>\s*", "content": "text"},
    },
}
CHAT_TEMPLATES = {"chatml": CHAT_TEMPLATE, "tools": TOOLS_CHAT_TEMPLATE}

# Qwen2's pre-tokenizer (transformers' Qwen2Tokenizer rebuilds exactly this pipeline on load): digits are
# single pieces and a quote starts a new piece, which keeps quoted values copyable.
QWEN2_PRETOKENIZE_REGEX = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
    r"""|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
# Texts whose ids must survive a reload: digits, quotes, unicode (NFC), odd whitespace, special tokens.
RELOAD_PROBES = (
    "SELECT COUNT(*) FROM t WHERE city = 'Valencia' AND year >= 2019;",
    "It's  two   spaces\tand a tab\n\nnew lines 1234567890 -3.25e10",
    "Zürich Ångström naïve café \u0301e 東京 🙂",
    "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n",
    '"quoted" `ticks` [brackets] {braces} a_b-c.d/e\\f',
)
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")
_NUMBER = re.compile(r"\d+")
_SQL_STRING = re.compile(r"'[^'\n]*'")
_SQL_NUMBER = re.compile(r"(?<=[=<>] )\d+\b")  # a number compared with a column (`age > 55`), not `LIMIT 1` or T1
#: the tokens after which a copy head looks for a literal: the comparison operators of ``WHERE col = 'v'``, ``col > 5``
COPY_TRIGGERS = ("Ġ=", "Ġ>", "Ġ<")
TRIGGER_SHARE = 0.7  # the part of a trigger token's embedding on the trigger dimension
LITERAL_SCALE = 3.0  # literal embeddings are 3x an average row: a copied literal's logit stands out at once
COPY_GAIN = 0.12  # value x output gain of a copy head: its output outweighs the trigger token's own embedding


@dataclass(frozen=True)
class TinySpec:
    """The model's size: the defaults learn SQL templates on a 2-core CPU in minutes."""

    vocab_size: int = 512
    hidden_size: int = 256
    num_hidden_layers: int = 4
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    intermediate_size: int = 768
    max_position_embeddings: int = 1024
    seed: int = 0
    #: literal tokens from the demo's training SQL and two copy heads at initialisation (``wire_copy_heads``)
    copy_heads: bool = False


def value_free(text: str) -> str:
    """Blank quoted literals and numbers, so BPE merges come from the template text, not from values."""
    return _NUMBER.sub("0", _QUOTED.sub("''", text))


def train_tokenizer(corpus: Iterable[str], vocab_size: int) -> Any:
    """A byte-level BPE ``tokenizers.Tokenizer`` trained on ``corpus`` (deterministic for a given corpus)."""
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.normalizer = normalizers.NFC()
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(QWEN2_PRETOKENIZE_REGEX), behavior="isolated", invert=False),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
    ])
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train_from_iterator((value_free(t) for t in corpus), trainer=trainer)
    return tokenizer


def demo_corpus() -> list[str]:
    """The prompts and gold answers of every split of every benchmark of the ``demo`` suite, in order."""
    import tabbench

    texts: list[str] = []
    for name in tabbench.resolve_benchmarks("demo"):
        benchmark = tabbench.get_benchmark(name)
        for split in benchmark.splits:
            for example in benchmark.examples(split):
                texts.extend(m["content"] for m in benchmark.prompt(example))
                texts.append(benchmark.gold_completion(example))
    return texts


def sql_literals(queries: Iterable[str]) -> list[str]:
    """The literal tokens of ``queries``, as they follow a comparison: `` 'Dublin'`` (quotes included) and `` 55``,
    each with its leading space, sorted (string literals first)."""
    strings: set[str] = set()
    numbers: set[str] = set()
    for query in queries:
        strings.update(_SQL_STRING.findall(query))
        numbers.update(_SQL_NUMBER.findall(query))
    return [f" {v}" for v in sorted(strings)] + [f" {n}" for n in sorted(numbers, key=int)]


def demo_literals() -> list[str]:
    """The literal tokens of the gold SQL of the Text-to-SQL benchmarks' training splits in the ``demo`` suite (the
    held-out splits are compositional over these values by design: every held-out value occurs in training)."""
    import tabbench

    queries: list[str] = []
    for name in tabbench.resolve_benchmarks("demo"):
        benchmark = tabbench.get_benchmark(name)
        if "train" in benchmark.splits:
            queries.extend(str(e.gold) for e in benchmark.examples("train")
                           if isinstance(e.gold, str) and e.gold.lstrip().upper().startswith("SELECT"))
    return sql_literals(queries)


def wire_copy_heads(model: Any, tokenizer: Any, literals: Sequence[str], seed: int) -> None:
    """Start two heads of the first layer as copy heads: after a comparison operator (``COPY_TRIGGERS``) one attends
    to the string literals in the context and the other to the number literals, and each writes the literal it
    found into the residual stream, where the (tied) output embedding reads it as that literal's logit.

    Axis-aligned, so that no linear algebra routine is involved: dimension 0 marks the trigger tokens, 1 the string
    literals, 2 the number literals, the next ``head_dim`` dimensions hold a random code per literal, and every other
    token's embedding is moved to the remaining dimensions. A head scores a key by the lowest-frequency RoPE pair of
    its dimensions (its last one), where position barely rotates it over the demo's prompt lengths, so the score is
    by content; its value and output maps copy the literal's code. Training then adjusts everything, these included.
    """
    import torch

    config = model.config
    hidden, heads = config.hidden_size, config.num_attention_heads
    head_dim = hidden // heads
    per_kv = heads // config.num_key_value_heads
    if config.num_key_value_heads < 2 or hidden < head_dim + 8:
        raise ConfigError("copy heads need at least 2 key/value heads and hidden_size >= head_dim + 8")
    trigger, string, number, code = 0, 1, 2, slice(3, 3 + head_dim)
    rest = 3 + head_dim
    generator = torch.Generator().manual_seed(seed)
    embed = model.get_input_embeddings().weight
    vocab = tokenizer.get_vocab()
    ids = {t: vocab[t] for t in (*COPY_TRIGGERS, *literals) if t in vocab}
    missing = [t for t in literals if t not in ids]
    if missing:
        raise ConfigError(f"copy heads: literal {missing[0]!r} is not a token of the tokenizer")
    with torch.no_grad():
        sigma = float(embed.std())
        scale = sigma * hidden ** 0.5  # the norm of an average embedding row
        embed[:, :rest] = 0.0
        embed.mul_(scale / embed.norm(dim=1, keepdim=True).clamp_min(1e-8))
        for token in (t for t in COPY_TRIGGERS if t in ids):  # a trigger the corpus never merged has no token
            row = embed[ids[token]]
            row.mul_((1 - TRIGGER_SHARE ** 2) ** 0.5)
            row[trigger] = TRIGGER_SHARE * scale
        for literal in literals:
            row = embed[ids[literal]]
            row.zero_()
            code_vector = torch.randn(head_dim, generator=generator)
            row[code] = LITERAL_SCALE * scale * 0.8 * code_vector / code_vector.norm()
            row[string if literal.startswith(" '") else number] = LITERAL_SCALE * scale * 0.6  # 0.6^2 + 0.8^2 = 1
        attention = model.model.layers[0].self_attn
        last = head_dim - 1  # RoPE pairs dimension i with i + head_dim / 2; the last pair turns slowest
        for head, kind in ((0, string), (per_kv, number)):
            kv = head // per_kv
            q_rows, kv_rows = slice(head * head_dim, (head + 1) * head_dim), slice(kv * head_dim, (kv + 1) * head_dim)
            attention.q_proj.weight[q_rows] = 0.0
            attention.q_proj.bias[q_rows] = 0.0
            attention.q_proj.weight[head * head_dim + last, trigger] = 1.0
            attention.k_proj.weight[kv_rows] = 0.0
            attention.k_proj.bias[kv_rows] = 0.0
            attention.k_proj.weight[kv * head_dim + last, kind] = 1.0
            attention.v_proj.weight[kv_rows] = 0.0
            attention.v_proj.bias[kv_rows] = 0.0
            attention.o_proj.weight[:, q_rows] = 0.0
            for i in range(head_dim):
                attention.v_proj.weight[kv * head_dim + i, code.start + i] = COPY_GAIN ** 0.5
                attention.o_proj.weight[code.start + i, head * head_dim + i] = COPY_GAIN ** 0.5


def build_tiny_model(path: str | Path, corpus: Sequence[str] | None = None, spec: TinySpec = TinySpec(),
                     chat_template: str = "chatml", literals: Sequence[str] | None = None) -> Path:
    """Write a tiny Qwen2 model, its tokenizer and chat template to ``path``; returns the path.

    ``chat_template``: ``chatml`` (plain ChatML), ``tools`` (TOOLS_CHAT_TEMPLATE and its response template, for
    ``--env`` training and evaluation) or the text of a Jinja chat template.
    With ``spec.copy_heads``, ``literals`` (default: ``demo_literals()``) become
    whole tokens and the first layer starts with copy heads (``wire_copy_heads``). Loadable with
    ``AutoModelForCausalLM.from_pretrained(path)`` and ``AutoTokenizer.from_pretrained(path)``.
    """
    import torch
    from transformers import PreTrainedTokenizerFast, Qwen2Config, Qwen2ForCausalLM
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()

    if chat_template not in CHAT_TEMPLATES and "{" not in chat_template:
        raise ConfigError(f"build-tiny: unknown chat template {chat_template!r} (one of {', '.join(CHAT_TEMPLATES)})")
    out = Path(path)
    if out.exists() and any(out.iterdir()):
        raise ConfigError(f"{out} exists and is not empty: choose a new path for the tiny model")
    existing = next(p for p in (out, *out.parents) if p.exists())  # checked now, not after minutes of work
    if not existing.is_dir() or not os.access(existing, os.W_OK):
        raise ConfigError(f"{out}: cannot create the model folder there ({existing} is not a writable folder)")
    texts = list(corpus) if corpus is not None else demo_corpus()
    if not texts:
        raise ConfigError("build-tiny: the tokenizer corpus is empty")
    raw = train_tokenizer(texts, spec.vocab_size)
    literals = (list(literals) if literals is not None else demo_literals()) if spec.copy_heads else []
    if literals:
        from tokenizers import AddedToken

        # matched in the raw text before pre-tokenization, longest first: `` 'Dublin'`` is one token in the question
        # and in the query alike
        raw.add_tokens([AddedToken(t, single_word=False, normalized=False) for t in literals])
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=raw,
        bos_token=None,
        eos_token=IM_END,
        pad_token=PAD,
        unk_token=None,
        additional_special_tokens=[IM_START],
        model_max_length=spec.max_position_embeddings,
        padding_side="left",
        clean_up_tokenization_spaces=False,
    )
    tokenizer.chat_template = CHAT_TEMPLATES.get(chat_template, chat_template)
    if chat_template == "tools":
        tokenizer.response_template = TOOLS_RESPONSE_TEMPLATE
    config = Qwen2Config(
        vocab_size=len(tokenizer),
        hidden_size=spec.hidden_size,
        intermediate_size=spec.intermediate_size,
        num_hidden_layers=spec.num_hidden_layers,
        num_attention_heads=spec.num_attention_heads,
        num_key_value_heads=spec.num_key_value_heads,
        max_position_embeddings=spec.max_position_embeddings,
        tie_word_embeddings=True,
        bos_token_id=None,
        eos_token_id=tokenizer.convert_tokens_to_ids(IM_END),
        pad_token_id=tokenizer.convert_tokens_to_ids(PAD),
    )
    torch.manual_seed(spec.seed)
    model = Qwen2ForCausalLM(config)
    model.generation_config.eos_token_id = config.eos_token_id
    model.generation_config.pad_token_id = config.pad_token_id
    model.generation_config.bos_token_id = None
    if spec.copy_heads:
        wire_copy_heads(model, tokenizer, literals, spec.seed)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    _pin_tokenizer_class(out)
    (out / "tabbench_tiny.json").write_text(
        json.dumps({"spec": asdict(spec), "corpus_texts": len(texts), "literal_tokens": len(literals)}, indent=2,
                   sort_keys=True) + "\n",
        encoding="utf-8",
    )
    check_reload(out, raw, [*texts[:50], *RELOAD_PROBES, *(f"x ={t}." for t in literals[:20])])
    return out


def _pin_tokenizer_class(out: Path) -> None:
    """Declare the class ``AutoTokenizer`` will use anyway for a Qwen2 model, so what is written is what loads."""
    config_path = out / "tokenizer_config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["tokenizer_class"] = TOKENIZER_CLASS
    config_path.write_text(json.dumps(config, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def check_reload(path: Path, raw: Any, samples: Sequence[str]) -> None:
    """Reload the saved tokenizer with ``AutoTokenizer`` and require the trained tokenizer's exact ids."""
    from transformers import AutoTokenizer

    reloaded = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
    for text in samples:
        expected = raw.encode(text).ids
        got = reloaded(text, add_special_tokens=True)["input_ids"]
        if got != expected:
            raise TabbenchError(
                f"{path}: the reloaded tokenizer ({type(reloaded).__name__}) changes token ids for {text[:40]!r}: "
                f"{got[:10]} != {expected[:10]}"
            )
