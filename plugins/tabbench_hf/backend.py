"""The ``hf`` backend: a local transformers checkpoint, its chat template, batched generation, LoRA adapters.

Nothing is downloaded: the model must be a local directory (``local_files_only``, and ``HF_HUB_OFFLINE`` while
the model loads: ``tabbench_hf.offline``), and a hub id or a missing path is a one-line ``ConfigError``.
torch, transformers and peft are imported only when the model is loaded.

Options (``--model-option KEY=VALUE`` or the ``--dtype``/``--device``/``--adapter`` shortcuts):

- ``dtype``: ``auto`` (bfloat16 on a GPU that supports it, else float32), ``float32``, ``bfloat16``,
  ``float16``;
- ``device``: ``auto`` (cuda, then mps, then cpu), or any torch device string;
- ``adapter``: a LoRA adapter folder (``adapter_config.json``); the model path itself may also be an
  adapter folder, whose ``base_model_name_or_path`` must then be a local directory (or pass ``base``);
- ``batch_size``: prompts per ``generate`` call (default: the whole batch the host hands over);
- ``threads`` (``tabbench eval --threads``): torch CPU threads (default: 1 for models under 400 MB of weights
  on CPU, where more threads only slow generation down; for larger models, the cores other processes leave free,
  measured before and during generation: ``tabbench_hf.threads``). OpenMP's waiting threads sleep instead of
  spinning (``OMP_WAIT_POLICY=PASSIVE`` as torch loads, unless the user set a policy);
- ``max_model_len``: the model's context in tokens, prompt and new tokens (default: the checkpoint's
  ``max_position_embeddings``, or its ``n_positions``/``max_sequence_length``/``seq_length``). A prompt that does
  not fit it with ``max_new_tokens`` is refused alone (``prompt_too_long`` in ``tabbench eval``'s record), or cut
  from the left with ``GenerationParams.truncate_prompts`` (``--truncate-prompts``);
- ``prefix_cache``: ``true`` (default) or ``false``. On, prompts are sorted so that those sharing a prefix
  (the same database schema) meet in a batch, the key/value cache of a prefix shared by a group of prompts is
  computed and stored once for the group (and kept for the next batches), and ``n`` samples of a prompt
  share one prefill; results come back in the caller's order. Off, every sequence is prefilled from scratch
  (the reference to compare against).
- ``onednn``: ``true`` (default) or ``false``. On, float32 linear layers on the CPU run through oneDNN with their
  weights packed once (``tabbench_hf.onednn``: a decode step's linear layers 3.7x faster than torch's MKL
  ``linear`` on the AMD EPYC this was measured on, generation 2.3x); off, torch's own ``linear``. Not with
  compiled decoding, nor where ``MKL_CBWR`` pins MKL for reproducible numbers (``tabbench.reproducible``: the
  demo, ``--reproducible``). Like ``threads``, it changes only the last bits and is not in the fingerprint.
- ``chat_template``: the text of a Jinja chat template used instead of the tokenizer's (``tabbench eval
  --chat-template FILE`` sets it); the fingerprint's ``chat_template_sha256`` is then its hash.
- ``compile``: ``auto`` (default: on for CUDA, off elsewhere), ``true`` or ``false``. On, ``generate`` decodes
  with transformers' static key/value cache and its ``torch.compile``d decode step (CUDA graphs on a GPU); the
  cache length is rounded up to a multiple of ``decoding.CACHE_BUCKET`` tokens so a run compiles a few times, not once
  per batch. It replaces shared-prefix reuse for decoding (prompts are still ordered by ``prefix_cache``): on
  one H200 the compiled static path decoded 4x faster than prefix reuse (issue 31's table); on a CPU compile
  is off by default. A model or torch that cannot compile falls back to the eager path with one log line.

Sampling (temperature > 0) is seeded per prompt: each prompt's ``n`` samples come from a generator seeded
with the run seed and the prompt's text (``sampling.SeededSampler``), so a completion does not depend on which
other prompts shared its batch (resume and caching rely on this), and sampled prompts are batched like greedy
ones.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import logging
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from tabbench import (
    BackendError,
    ConfigError,
    Generation,
    GenerationParams,
    GenerationRequest,
    ModelBackend,
    Option,
    completions_of,
    counted_usage,
    decoding,
    fit_prompt,
    parse_tool_calls,
    prompt_too_long,
    truncate_at_stop,
)
from tabbench.checkpoint import checkpoint_files, hub_id
from tabbench_hf import offline
from tabbench_hf.threads import FreeCores, import_torch

log = logging.getLogger("tabbench.hf")

DTYPES = ("auto", "float32", "bfloat16", "float16")
_PROBE_SCHEMA = {"type": "function", "function": {"name": "probe_tool_x1", "description": "probe",
                                                  "parameters": {"type": "object", "properties": {
                                                      "probe_arg": {"type": "string", "description": "x"}}}}}
SMALL_MODEL_BYTES = 400 * 2**20
MIN_SHARED_TOKENS = 16  # a shorter common prefix is not worth a separate prefill pass
PREFIXES_KEPT = 4  # shared prefixes whose key/value caches are kept for the next batches (a few schemas)
COMPILE_CHOICES = ("auto", True, False, "true", "false")
CONTEXT_KEYS = ("max_position_embeddings", "n_positions", "max_sequence_length", "seq_length", "n_ctx")


def _missing_model(model: str, what: str = "model") -> ConfigError:
    looks_like_hub_id = "/" in model and not model.startswith(("/", ".", "~")) and model.count("/") == 1
    hint = (
        f" (it looks like a hub id: download it first, e.g. `huggingface-cli download {model} --local-dir DIR`, "
        "then pass --model DIR; tabbench never downloads)"
        if looks_like_hub_id else "; tabbench loads local checkpoints only and never downloads"
    )
    return ConfigError(f"hf: {what} path {model!r} is not a local directory{hint}")


def chat_template_text(folder: Path) -> str | None:
    """The chat template a tokenizer folder defines (chat_template.jinja or tokenizer_config.json), if any."""
    jinja = folder / "chat_template.jinja"
    if jinja.is_file():
        return jinja.read_text(encoding="utf-8")
    config = folder / "tokenizer_config.json"
    if config.is_file():
        try:
            template = json.loads(config.read_text(encoding="utf-8")).get("chat_template")
        except ValueError:
            return None
        if isinstance(template, str):
            return template
        if isinstance(template, list):  # named templates: the default one
            for entry in template:
                if isinstance(entry, dict) and entry.get("name") == "default":
                    return str(entry.get("template"))
    return None


class HFBackend(ModelBackend):
    """A transformers causal LM from a local folder, optionally with a peft LoRA adapter."""

    name = "hf"
    description = "transformers AutoModelForCausalLM from a local path"
    option_defaults: ClassVar[dict[str, Any]] = {
        "dtype": Option("auto", str, choices=DTYPES), "device": "auto", "adapter": Option(None, str),
        "base": Option(None, str), "batch_size": Option(None, int, min=1), "threads": Option(None, int, min=1),
        "prefix_cache": True, "compile": Option("auto", None, choices=COMPILE_CHOICES),
        "max_model_len": Option(None, int, min=1), "onednn": True,
        "chat_template": Option(None, str, help="the text of a Jinja chat template (tabbench eval --chat-template)"),
    }

    def __init__(self, model: str, **options: Any) -> None:
        super().__init__(model, **options)  # the host checks the options against option_defaults
        options = self.options
        self.prefix_cache: bool = options.get("prefix_cache", True)
        self.onednn: bool = options.get("onednn", True)
        wanted = options.get("compile", "auto")
        self.compile_name = "true" if wanted in (True, "true") else "false" if wanted in (False, "false") else "auto"
        self.dtype_name = str(options.get("dtype", "auto"))
        self.device_name = str(options.get("device", "auto"))
        self.batch_size = int(options["batch_size"]) if options.get("batch_size") else None
        self.threads = int(options["threads"]) if options.get("threads") else None
        self.max_model_len = int(options["max_model_len"]) if options.get("max_model_len") else None
        path = Path(model).expanduser()
        if not path.is_dir():
            raise _missing_model(model)
        self.path = path.resolve()
        adapter = options.get("adapter")
        self.adapter: Path | None = None
        if adapter:
            self.adapter = Path(str(adapter)).expanduser()
            if not (self.adapter / "adapter_config.json").is_file():
                raise ConfigError(f"hf: adapter {adapter!r} has no adapter_config.json")
            self.adapter = self.adapter.resolve()
            self.base = self.path
        elif (self.path / "adapter_config.json").is_file():
            self.adapter = self.path
            base = options.get("base") or self._adapter_base(self.path)
            self.base = Path(str(base)).expanduser()
            if not self.base.is_dir():
                raise _missing_model(str(base), "adapter base model")
            self.base = self.base.resolve()
        else:
            self.base = self.path
        if not (self.base / "config.json").is_file():
            raise ConfigError(f"hf: {self.base} has no config.json: not a transformers checkpoint folder")
        self._model: Any = None
        self._tokenizer: Any = None
        self._fingerprint: dict[str, Any] | None = None
        self.load_seconds = 0.0
        self.tokens_generated = 0  # new tokens (padding excluded): throughput figures
        self._prefixes: dict[tuple[int, ...], list[tuple[Any, Any]]] = {}  # recent shared prefixes' caches
        self._in_place = False  # whether generation uses kv_cache: set by load()
        self._shares = False  # whether prompts may share a prefix (kv_cache's attention is installed): load()
        self._compiled = False  # whether generation decodes through the compiled static cache: load()
        self.clock = decoding.CallClock()  # compiled generate calls: those that compiled (warm-up) apart
        self._free: FreeCores | None = None  # the cores others leave free, when the thread count follows them

    @staticmethod
    def _adapter_base(adapter: Path) -> str:
        try:
            config = json.loads((adapter / "adapter_config.json").read_text(encoding="utf-8"))
        except ValueError as exc:
            raise ConfigError(f"{adapter / 'adapter_config.json'}: invalid JSON ({exc})") from exc
        base = config.get("base_model_name_or_path")
        if not base:
            raise ConfigError(f"{adapter / 'adapter_config.json'}: no base_model_name_or_path; pass -m base=PATH")
        return str(base)

    @property
    def tokenizer_folder(self) -> Path:
        """Adapters trained with added tokens ship their own tokenizer; otherwise the base model's."""
        if self.adapter is not None and (self.adapter / "tokenizer_config.json").is_file():
            return self.adapter
        return self.base

    # --- resolution ------------------------------------------------------------------------------------

    def resolved_device(self) -> str:
        torch = import_torch()  # the first import of torch: OpenMP's waiting threads sleep (tabbench_hf.threads)
        if self.device_name.startswith("cuda") and not torch.cuda.is_available():
            raise ConfigError(f"hf: device={self.device_name!r}: no CUDA device is available (use cpu or auto)")
        if self.device_name != "auto":
            return self.device_name

        if torch.cuda.is_available():
            return "cuda"
        if getattr(torch.backends, "mps", None) is not None and torch.backends.mps.is_available():
            return "mps"
        return "cpu"

    def resolved_dtype(self) -> str:
        if self.dtype_name != "auto":
            return self.dtype_name
        torch = import_torch()
        device = self.resolved_device()
        if device.startswith("cuda") and torch.cuda.is_bf16_supported():
            return "bfloat16"
        return "float32"

    @property
    def warmup_seconds(self) -> float:
        """Seconds of generate calls that compiled a graph (``results.json`` ``timing.warmup_seconds``)."""
        return self.clock.warmup_seconds

    def resolved_compile(self) -> bool:
        """Whether compiled decoding is asked for: ``auto`` means on a CUDA device."""
        if self.compile_name != "auto":
            return self.compile_name == "true"
        return self.resolved_device().startswith("cuda")

    def default_threads(self) -> int | None:
        """One CPU thread for small models (< SMALL_MODEL_BYTES of weights); for larger ones, the cores other
        processes leave free (``FreeCores``: ``None`` here, decided as the model loads and after each batch);
        ``None`` off the CPU too (torch's default).

        Measured on a shared 2-core machine: the 3M-parameter tiny model generated 485 tokens/s with one
        thread and 48 with two, because small matrix products cannot use a second core and its threads spin
        when the cores are busy.
        """
        if not self.resolved_device().startswith("cpu"):
            return None
        weights = sum(p.stat().st_size for p in self.base.glob("*.safetensors")) or sum(
            p.stat().st_size for p in self.base.glob("*.bin")
        )
        return 1 if weights < SMALL_MODEL_BYTES else None

    def _follows_free_cores(self) -> bool:
        """Whether the thread count follows the free cores: a larger model on the CPU, no ``threads`` given."""
        return self.threads is None and self.resolved_device().startswith("cpu") and self.default_threads() is None

    def resolved_onednn(self) -> bool:
        """Whether linear layers run through oneDNN with packed weights on the eager path (``tabbench_hf.onednn``):
        asked for (the default), float32 on the CPU, MKL not pinned to its reproducible branch (``MKL_CBWR``, as
        ``tabbench.reproducible`` sets for the demo and ``--reproducible``: packing would leave the pinned path),
        and a torch that can. Compiled decoding keeps torch's layers."""
        if not (self.onednn and self.resolved_device().startswith("cpu") and self.resolved_dtype() == "float32"
                and "MKL_CBWR" not in os.environ):
            return False
        from tabbench_hf import onednn

        return onednn.available()

    def chat_template_sha256(self) -> str | None:
        template = self.options.get("chat_template") or chat_template_text(self.tokenizer_folder)
        return hashlib.sha256(template.encode("utf-8")).hexdigest() if template is not None else None

    def origin(self) -> str | None:
        """The hub id the base checkpoint's ``config.json`` names (``_name_or_path``), if any."""
        return hub_id(self.base)

    def fingerprint(self) -> dict[str, Any]:
        """Backend, resolved paths, size+sha256 of every config/weight/tokenizer file, dtype and adapter."""
        if self._fingerprint is None:
            self._fingerprint = {
                "backend": self.name,
                "path": str(self.base),
                "files": checkpoint_files(self.base),
                "dtype": self.resolved_dtype(),
                "chat_template_sha256": self.chat_template_sha256(),
                "prefix_cache": self.prefix_cache,
                "adapter": None if self.adapter is None else {
                    "path": str(self.adapter), "files": checkpoint_files(self.adapter),
                },
            }
            if self.resolved_compile():  # only when on: eager fingerprints and their response caches stay as before
                self._fingerprint["compile"] = True
        return self._fingerprint

    # --- loading and generation ------------------------------------------------------------------------

    def load(self) -> None:
        """Load tokenizer and model (once), with the hub offline meanwhile (``offline.held``): nothing is downloaded,
        and the process is back online (as it was) when the load ends, whether or not the backend is closed."""
        if self._model is not None:
            return
        start = time.perf_counter()
        with offline.held():
            self._load()
        self.load_seconds = time.perf_counter() - start

    def _load(self) -> None:
        torch = import_torch()  # before transformers, which imports it too
        from transformers import AutoModelForCausalLM, AutoTokenizer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        threads = self.threads or self.default_threads()
        if threads is None and self._follows_free_cores():
            self._free = FreeCores()
            threads = self._free.probe()
        if threads:
            torch.set_num_threads(threads)
        try:
            tokenizer = AutoTokenizer.from_pretrained(str(self.tokenizer_folder), local_files_only=True)
            model = AutoModelForCausalLM.from_pretrained(
                str(self.base), local_files_only=True, dtype=getattr(torch, self.resolved_dtype())
            )
        except (OSError, ValueError) as exc:  # files transformers cannot read: the folder is not a usable checkpoint
            raise ConfigError(f"hf: cannot load {self.base}: {' '.join(str(exc).split())[:300]}") from exc
        why_not = decoding.cannot_compile(model) if self.resolved_compile() else None
        if why_not:
            log.warning("hf: compile: %s; decoding eagerly", why_not)
        self._compiled = self.resolved_compile() and not why_not
        if not self._compiled:
            self._install_in_place(model)
        if self.adapter is not None:
            try:
                from peft import PeftModel
            except ImportError as exc:
                raise BackendError("hf: LoRA adapters need peft: pip install 'tabbench[hf]'") from exc
            model = PeftModel.from_pretrained(model, str(self.adapter), is_trainable=False)
        if self.options.get("chat_template"):
            tokenizer.chat_template = self.options["chat_template"]
        if tokenizer.chat_template is None:
            raise BackendError(f"hf: the tokenizer in {self.tokenizer_folder} has no chat template (give one with "
                               "--chat-template FILE)")
        tokenizer.padding_side = "left"
        if tokenizer.pad_token_id is None:
            tokenizer.pad_token = tokenizer.eos_token
        self._tokenizer = tokenizer
        self._model = model.to(self.resolved_device()).eval()
        if not self._compiled:
            self._pack_linears()

    def _install_in_place(self, model: Any) -> None:
        """The eager path's cache: written in place, with shared-prefix attention where the model allows it."""
        self._in_place = _full_attention_only(model)
        if self._in_place:
            from tabbench_hf import kv_cache

            self._shares = kv_cache.install(getattr(model, "get_base_model", lambda: model)())

    def _pack_linears(self) -> None:
        """The eager path's linear layers through oneDNN where ``resolved_onednn`` says so, once a two-token
        generation has run without their weights in reach (``onednn.pack`` keeps torch's layers if it fails)."""
        if not self.resolved_onednn():
            return
        import torch

        from tabbench_hf import onednn

        def two_tokens() -> None:  # a three-token prefill and two decode steps
            ids = torch.zeros((1, 3), dtype=torch.long, device=self._model.device)
            with torch.inference_mode():
                self._model.generate(input_ids=ids, attention_mask=torch.ones_like(ids), max_new_tokens=2,
                                     do_sample=False, temperature=None, top_p=None, top_k=None,
                                     pad_token_id=self._tokenizer.pad_token_id)

        onednn.pack(self._model, two_tokens)

    def render(self, request: GenerationRequest, tools: list[dict[str, Any]] | None = None) -> str:
        """The prompt text: the host's messages (and ``tools``, the schemas of ``generate_turns``) through the
        model's own chat template."""
        self.load()
        return self._tokenizer.apply_chat_template(request.messages, tools=tools or None, tokenize=False,
                                                   add_generation_prompt=True)

    def context_length(self) -> int | None:
        """The model's context in tokens: ``max_model_len``, else what the checkpoint's config says (``None``: it
        says nothing, and no prompt is refused)."""
        if self.max_model_len is not None:
            return self.max_model_len
        self.load()
        config = self._model.config.get_text_config()
        found = [getattr(config, key, None) for key in CONTEXT_KEYS]
        return next((int(v) for v in found if isinstance(v, int) and not isinstance(v, bool) and v > 0), None)

    def generate(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[list[str]]:
        return completions_of(self.name, requests, self.generations(requests, params))

    def generations(self, requests: Sequence[GenerationRequest], params: GenerationParams) -> list[Generation]:
        """Each request's completions; a prompt that does not fit the context with ``max_new_tokens`` is refused
        alone, or cut from the left with ``params.truncate_prompts`` (``tabbench.fit_prompt``)."""
        if not requests:
            return []
        self.load()
        texts = [self.render(r) for r in requests]
        context = self.context_length()
        fitted = [fit_prompt(ids, context, params) for ids in self._encode(texts)]
        kept = [i for i, (ids, _) in enumerate(fitted) if ids is not None]
        completed, spent = self._complete([texts[i] for i in kept], params, [fitted[i][0] or [] for i in kept])
        outputs = [prompt_too_long(details) for _, details in fitted]
        for i, completions, generated in zip(kept, completed, spent, strict=True):
            usage = counted_usage(len(fitted[i][0] or []), generated, completions, self._count)
            outputs[i] = Generation(completions, None, fitted[i][1], usage)
        return outputs

    def _count(self, text: str) -> int:
        """Tokens of a completion's text (its reasoning: ``tabbench.counted_usage``), as the tokenizer splits it."""
        return len(self._tokenizer(text, add_special_tokens=False)["input_ids"])

    def _encode(self, texts: Sequence[str]) -> list[list[int]]:
        """Token ids of rendered prompts: the chat template wrote the special tokens (BOS too), none added."""
        self.load()
        return [self._tokenizer(t, add_special_tokens=False)["input_ids"] for t in texts]

    def _complete(self, texts: list[str], params: GenerationParams, ids: list[list[int]] | None = None
                  ) -> tuple[list[list[str]], list[list[int]]]:
        """``params.n`` completions of each rendered prompt (``ids``: its tokens, when cut to fit the context),
        ``batch_size`` prompts to a ``generate`` call: greedy (then repeated, all ``n`` being the same) or sampled
        (``n`` rows a prompt, each prompt drawing from its own seeded generator). With ``prefix_cache`` the
        prompts are ordered by ``_prefix_order``; the results are put back in the caller's order. Beside them, the
        tokens each generated row of a prompt took (a greedy prompt's one row, however many copies of it)."""
        if not texts:
            return [], []
        ids = ids if ids is not None else self._encode(texts)
        copies = params.n if params.temperature > 0 else 1
        order = self._prefix_order(texts, ids) if self.prefix_cache else list(range(len(texts)))
        size = self.batch_size or len(texts)
        outputs: list[list[str]] = [[] for _ in texts]
        spent: list[list[int]] = [[] for _ in texts]
        for start in range(0, len(order), size):
            chunk = order[start : start + size]
            if self._free is not None:
                self._free.start()
            batch, counts = self._run([texts[i] for i in chunk], params, copies, [ids[i] for i in chunk])
            if self._free is not None:  # the next batch's threads: the cores the others left free during this one
                import torch

                torch.set_num_threads(self._free.threads())
            for k, i in enumerate(chunk):
                outputs[i] = batch[k * copies : (k + 1) * copies] * (params.n // copies)  # greedy: n equal
                spent[i] = counts[k * copies : (k + 1) * copies]
        return outputs, spent

    def _prefix_order(self, texts: list[str], ids: list[list[int]] | None = None) -> list[int]:
        """Indices of ``texts`` sorted by text, so prompts sharing a prefix (a database's schema) meet, and each
        group that shares one (``prefix_groups``) by length: the batches cut from it then pad their unshared
        tails (the question, prefilled per row) to similar lengths."""
        self.load()
        ids = ids if ids is not None else self._encode(texts)
        order = sorted(range(len(texts)), key=texts.__getitem__)
        ordered: list[tuple[int, int]] = []  # (index, length)
        for rows, _ in prefix_groups([ids[i] for i in order], MIN_SHARED_TOKENS):
            group, order = order[: len(rows)], order[len(rows) :]
            ordered += sorted(zip(group, map(len, rows), strict=True), key=lambda pair: pair[1])
        return [i for i, _ in ordered]

    def supports_tools(self) -> bool:
        """Whether the chat template renders a tool-calling exchange (tool schema, call and result survive)."""
        self.load()
        probe = [{"role": "user", "content": "hi"},
                 {"role": "assistant", "content": "", "tool_calls": [
                     {"type": "function", "function": {"name": "probe_tool_x1", "arguments": {"probe_arg": "v1"}}}]},
                 {"role": "tool", "name": "probe_tool_x1", "content": "probe_result_z9"}]
        try:
            text = self._tokenizer.apply_chat_template(probe, tokenize=False, tools=[_PROBE_SCHEMA])
        except Exception:
            return False
        return all(s in text for s in ("probe_tool_x1", "probe_arg", "probe_result_z9"))

    def generate_turns(self, requests: Sequence[Any], params: GenerationParams) -> list[dict[str, Any]]:
        """``tabbench eval --env``: one assistant turn per ``TurnRequest``, rendered with the tool schemas by
        the model's chat template; tool calls are read from the text by ``parse_tool_calls`` (per family)."""
        if not requests:
            return []
        texts = [self.render(r, r.tools) for r in requests]
        context = self.context_length()
        fitted = [fit_prompt(ids, context, params) for ids in self._encode(texts)]
        kept = [i for i, (ids, _) in enumerate(fitted) if ids is not None]
        completed, spent = self._complete([texts[i] for i in kept], params, [fitted[i][0] or [] for i in kept])
        replies: list[Any] = [prompt_too_long(details) for _, details in fitted]  # the conversation outgrew the context
        for i, completions, generated in zip(kept, completed, spent, strict=True):
            reply = parse_tool_calls(completions[0])
            replies[i] = {**reply, "usage": counted_usage(len(fitted[i][0] or []), generated, completions[:1],
                                                          self._count)}
        return replies

    def _run(self, texts: list[str], params: GenerationParams, copies: int, ids: list[list[int]]
             ) -> tuple[list[str], list[int]]:
        """Completions of ``texts`` (tokens ``ids``; ``copies`` each, consecutive) from one ``generate`` call; with
        ``prefix_cache`` the prefix a group of prompts shares is prefilled once, and so is the whole prompt of a
        sampled prompt alone in its group; beside them, the tokens each row generated (``_generate``)."""
        seeds = None
        if params.temperature > 0:
            from tabbench_hf.sampling import prompt_seed

            seeds = [prompt_seed(params.seed, text) for text in texts]
        if self._compiled:
            try:
                return self._generate([(ids, 0)], params, copies, seeds)
            except Exception as exc:  # a model, attention or torch build the compiler cannot handle
                log.warning("hf: compile: compiled decoding failed (%s: %s); decoding eagerly from now on",
                            type(exc).__name__, " ".join(str(exc).split())[:200])
                self._compiled = False
                self._install_in_place(self._model)
                self._pack_linears()
        if not self.prefix_cache or not self._shares:
            return self._generate([(ids, 0)], params, copies, seeds)
        groups = prefix_groups(ids, MIN_SHARED_TOKENS)
        if copies > 1:  # a prompt's samples share its prefill, whether or not another prompt shares a prefix
            groups = [(rows, len(rows[0]) - 1) if len(rows) == 1 else (rows, shared) for rows, shared in groups]
        return self._generate(groups, params, copies, seeds)

    def _generate(self, groups: list[tuple[list[list[int]], int]], params: GenerationParams, copies: int,
                  seeds: list[int] | None) -> tuple[list[str], list[int]]:
        """One ``generate`` call for all rows; each group's first ``shared`` tokens are prefilled once. Returns the
        completions and the tokens each row generated (``generated_tokens``).

        Row layout: padding, the group's shared prefix, padding, the rest of the prompt. The shared prefixes are
        left-padded to the longest, their key/value caches padded alike and stored once per group (``_cache``);
        padding is masked and skipped by the position ids transformers derives from the attention mask, so every token
        sees the positions it would see alone.
        """
        import torch

        tokenizer, model = self._tokenizer, self._model
        pad = tokenizer.pad_token_id
        prefix = max(shared for _, shared in groups)
        rows = [(row, shared) for group, shared in groups for row in group for _ in range(copies)]
        rest = max(len(row) - shared for row, shared in rows)
        input_ids, mask = [], []
        for row, shared in rows:
            gap, tail = prefix - shared, rest - (len(row) - shared)
            input_ids.append([pad] * gap + row[:shared] + [pad] * tail + row[shared:])
            mask.append([0] * gap + [1] * shared + [0] * tail + [1] * (len(row) - shared))
        inputs = {"input_ids": torch.tensor(input_ids, device=model.device),
                  "attention_mask": torch.tensor(mask, device=model.device)}
        width = prefix + rest
        kwargs: dict[str, Any] = {  # greedy steps: a sampled row's token is drawn by SeededSampler
            "max_new_tokens": params.max_new_tokens, "do_sample": False, "temperature": None, "top_p": None,
            "top_k": None, "pad_token_id": pad,
        }
        if seeds is not None:
            from transformers import LogitsProcessorList

            from tabbench_hf.sampling import SeededSampler

            kwargs["logits_processor"] = LogitsProcessorList(
                [SeededSampler(seeds, copies, params.temperature, params.top_p)])
        stops = None
        if params.stop:
            stops = kwargs["stopping_criteria"] = generated_text_stop(tokenizer, params.stop, width)
        if self._compiled:
            kwargs.update(decoding.static_cache_options(model, width + params.max_new_tokens))
        with torch.inference_mode():
            if self._compiled:
                generated = self.clock.timed(model.generate, **inputs, **kwargs)
            elif self._in_place:
                name, cache = self._cache(groups, prefix, copies, rest + params.max_new_tokens)
                kwargs[name] = cache
                with cache.generating():
                    generated = model.generate(**inputs, **kwargs)
            else:
                generated = model.generate(**inputs, **kwargs)
        new = generated[:, width:]
        decoded = tokenizer.batch_decode(new, skip_special_tokens=True)
        ends = _eos_ids(model, tokenizer)
        ended = {} if stops is None else stops[0].ended
        counts = [generated_tokens(row, ends, pad, ended[k] - width if k in ended else None)
                  for k, row in enumerate(new.tolist())]
        self.tokens_generated += sum(counts)
        return [truncate_at_stop(text, params.stop) for text in decoded], counts

    def _cache(self, groups: list[tuple[list[list[int]], int]], prefix: int, copies: int, capacity: int
               ) -> tuple[str, Any]:
        """The key/value cache ``generate`` starts from (``kv_cache``, ``capacity`` positions per row after the
        prefix), and the keyword it takes it under (``cache`` since transformers 5.x, ``past_key_values`` before).

        Positions ``[0, prefix)`` are the groups' shared prefixes, prefilled once and stored once per group,
        right-aligned after zeros (masked); rows of no group (and every row, without a shared prefix) have none.
        """
        from tabbench_hf.kv_cache import PreallocatedCache

        model = self._model
        cache = PreallocatedCache(model.config.get_text_config().num_hidden_layers, capacity)
        name = _cache_keyword(model)
        ranges, prefixes, row = [], [], 0
        for group, shared in groups:
            rows, row = (row, row + len(group) * copies), row + len(group) * copies
            if shared:
                ranges.append(rows)
                prefixes.append(self._prefilled(group[0][:shared], name))
        if prefixes:
            cache.share_prefixes(prefix, ranges, prefixes)
        return name, cache

    def _prefilled(self, tokens: list[int], name: str) -> list[tuple[Any, Any]]:
        """Keys and values (one row) of each layer for ``tokens``, starting from the recent prefix that shares the
        most leading tokens with them: a database's schema spans many batches, and is prefilled once for all.

        Causal attention makes the first ``k`` positions of a longer prefix's cache the cache of its first ``k``
        tokens, so only the tokens past the common part are run.
        """
        import torch
        from transformers import DynamicCache

        known = max(self._prefixes, key=lambda key: _common_length(list(key), tokens), default=())
        common = min(_common_length(list(known), tokens), len(tokens))
        layers = [(k[:, :, :common], v[:, :, :common]) for k, v in self._prefixes.get(known, [])] if common else []
        if common < len(tokens):
            model = self._model
            past = {name: DynamicCache(ddp_cache_data=layers)} if layers else {}
            out = model(input_ids=torch.tensor([tokens[common:]], device=model.device), use_cache=True,
                        logits_to_keep=1, **past)
            layers = _cache_tensors(out[name])
        self._prefixes.pop(tuple(tokens), None)
        self._prefixes[tuple(tokens)] = layers  # the most recent last
        while len(self._prefixes) > PREFIXES_KEPT:
            del self._prefixes[next(iter(self._prefixes))]
        return layers

    def close(self) -> None:
        self._model = None
        self._tokenizer = None
        self._prefixes.clear()



def prefix_groups(ids: list[list[int]], min_shared: int) -> list[tuple[list[list[int]], int]]:
    """Split consecutive token rows into groups whose common prefix is prefilled once, each with its length.

    A group's prefix is kept at least one token short of its shortest row (generation needs one uncached token
    to start from); one shorter than ``min_shared`` is not worth a pass, and its rows are groups of their own
    (length 0). The split saves the most prefill, i.e. maximises the sum of (rows - 1) x prefix over the groups
    (dynamic programming over split points): two databases' questions in one batch are two groups, not one
    whose common prefix ends where the schemas differ.
    """
    n = len(ids)
    adjacent = [_common_length(ids[k], ids[k + 1]) for k in range(n - 1)]
    best: list[tuple[int, int, int]] = [(0, 0, 0)] * (n + 1)  # (tokens saved, start of the last group, its prefix)
    for end in range(1, n + 1):
        best[end] = (best[end - 1][0], end - 1, 0)  # the row alone
        shared = len(ids[end - 1]) - 1
        for start in range(end - 2, -1, -1):  # the group ids[start:end]
            shared = min(shared, adjacent[start], len(ids[start]) - 1)
            if shared < min_shared:
                break
            saved = best[start][0] + (end - start - 1) * shared
            if saved > best[end][0]:
                best[end] = (saved, start, shared)
    groups: list[tuple[list[list[int]], int]] = []
    end = n
    while end:
        _, start, shared = best[end]
        groups.append((ids[start:end], shared))
        end = start
    return groups[::-1]


def _eos_ids(model: Any, tokenizer: Any) -> set[int]:
    """The token ids that end a completion: the generation config's end-of-sequence ids and the tokenizer's."""
    found = getattr(getattr(model, "generation_config", None), "eos_token_id", None)
    ids = set(found if isinstance(found, list) else [found]) | {tokenizer.eos_token_id}
    return {i for i in ids if isinstance(i, int)}


def generated_tokens(row: Sequence[int], ends: set[int], pad: int | None, stopped: int | None = None) -> int:
    """How many tokens a row of ``generate``'s new tokens took: up to and including the end-of-sequence token that
    ended it (``ends``), or up to the padding after a row that a stop string ended (``stopped``: the new tokens it
    had then, ``None`` when no stop string ended it), else all of them (``max_new_tokens``). transformers pads a
    finished row with the pad token, which is often the end-of-sequence token too."""
    for index, token in enumerate(row):
        if stopped is not None and index >= stopped:
            return stopped
        if token in ends:
            return index + 1
        if token == pad:
            return index
    return len(row) if stopped is None else min(stopped, len(row))


def _full_attention_only(model: Any) -> bool:
    """Whether every layer attends to the whole sequence, as ``kv_cache`` (and so prefix reuse) assumes; models
    with sliding-window or linear-attention layers generate with transformers' own cache and no reuse."""
    types = getattr(model.config.get_text_config(), "layer_types", None)
    return not types or all(kind == "full_attention" for kind in types)


def _cache_keyword(model: Any) -> str:
    """``cache``, the keyword transformers 5.x models take their key/value cache under, or ``past_key_values``."""
    forward = type(getattr(model, "get_base_model", lambda: model)()).forward  # peft wraps the base model
    return "cache" if "cache" in inspect.signature(forward).parameters else "past_key_values"


def _cache_tensors(cache: Any) -> list[tuple[Any, Any]]:
    """(keys, values) of each layer of a DynamicCache, across transformers versions."""
    if hasattr(cache, "layers"):
        return [(layer.keys, layer.values) for layer in cache.layers]
    return list(zip(cache.key_cache, cache.value_cache, strict=True))


def _common_length(a: list[int], b: list[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def generated_text_stop(tokenizer: Any, stop: Sequence[str], prompt_length: int) -> Any:
    """Stop a row once its *generated* text contains a stop string.

    transformers' own ``stop_strings`` also matches across the end of the prompt (a prompt ending in a newline
    and the stop ``"\n\n"`` stops after one generated newline), which OpenAI-style stop semantics do not.
    Only the last few tokens are decoded at each step (every token is at least one byte).
    """
    import torch
    from transformers import StoppingCriteria, StoppingCriteriaList

    window = max(len(s.encode("utf-8")) for s in stop) + 4

    class GeneratedTextStop(StoppingCriteria):
        def __init__(self) -> None:
            self.ended: dict[int, int] = {}  # row -> its length (prompt and new tokens) when a stop string ended it

        def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
            start = max(prompt_length, input_ids.shape[1] - window)
            tails = tokenizer.batch_decode(input_ids[:, start:], skip_special_tokens=True)
            found = [any(s in t for s in stop) for t in tails]
            for row, hit in enumerate(found):
                if hit:
                    self.ended.setdefault(row, input_ids.shape[1])
            return torch.tensor(found, dtype=torch.bool, device=input_ids.device)

    return StoppingCriteriaList([GeneratedTextStop()])
