"""The plugin's commands, added through ``register_commands``: ``tabbench demo`` and ``tabbench models build-tiny``.

Light imports only (click; ``tinymodel`` loads torch and transformers only when it builds): the rest of the work
is imported inside each command.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import click

from tabbench import DataError, UsageError
from tabbench_demo.tinymodel import CHAT_TEMPLATES, TinySpec, build_tiny_model

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 110}
# the TinySpec fields --size sets (vocab_size, seed and copy_heads have their own options)
SIZES = tuple(f.name for f in fields(TinySpec) if f.name not in ("vocab_size", "seed", "copy_heads"))


@click.command("build-tiny", context_settings=CONTEXT)
@click.argument("path", type=click.Path(file_okay=False, path_type=Path))
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random weights.")
@click.option("--vocab-size", type=click.IntRange(min=300), default=512, show_default=True,
              help="BPE vocabulary size (256 bytes, 3 special tokens, the rest merges).")
@click.option("--corpus", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Train the tokenizer on this text file (one text per line) instead of the bundled demo data.")
@click.option("--size", "sizes", multiple=True, metavar="KEY=N",
              help=f"A size of the model: {', '.join(SIZES)}; repeatable (default: about 3M parameters).")
@click.option("--chat-template", default="chatml", show_default=True, metavar="chatml|tools|FILE",
              help="chatml; tools: ChatML with compact tool calling (one line per tool, <tool_call> JSON calls) for "
              "`train sft/grpo --env` and `eval --env`; or a Jinja chat template FILE (as `eval --chat-template`).")
@click.option("--copy-heads", is_flag=True,
              help="The demo's model: every literal of the demo's training SQL one token, and two copy heads at "
              "initialisation (README: what that buys).")
def build_tiny_command(path: Path, seed: int, vocab_size: int, corpus: Path | None, sizes: tuple[str, ...],
                       chat_template: str, copy_heads: bool) -> None:
    """Build a tiny Qwen2 causal LM (about 3M parameters, random weights) at PATH, entirely offline.

    The byte-level BPE tokenizer is trained on the demo suite's prompts and answers (or --corpus); the result
    loads with AutoModelForCausalLM/AutoTokenizer.from_pretrained(PATH) and `--model PATH`.
    """
    texts = None
    if corpus is not None:
        try:
            texts = [line for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip()]
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"{corpus}: cannot read the tokenizer corpus ({exc})") from exc
    out = build_tiny_model(path, texts, TinySpec(vocab_size=vocab_size, seed=seed, copy_heads=copy_heads,
                                                    **parse_sizes(sizes)),
                           chat_template=template_of(chat_template))
    click.echo(f"tiny model written to {out}")


def template_of(value: str) -> str:
    """``--chat-template``: a template's name (``chatml``, ``tools``) as it is, or the text of the Jinja FILE named."""
    if value in CHAT_TEMPLATES:
        return value
    path = Path(value).expanduser()
    if not path.is_file():
        raise UsageError(f"--chat-template {value!r}: neither {' nor '.join(CHAT_TEMPLATES)} nor a template file")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"--chat-template {path}: cannot read it as UTF-8 text ({exc})") from None
    if not text.strip():
        raise UsageError(f"--chat-template {path}: the file is empty")
    return text


def parse_sizes(pairs: tuple[str, ...]) -> dict[str, int]:
    """``--size KEY=N`` pairs as TinySpec fields; a bad one is a one-line usage error naming it."""
    sizes = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in SIZES or not value.isdigit() or int(value) < 1:
            raise UsageError(f"--size {pair!r}: expected KEY=N with N >= 1 and KEY one of {', '.join(SIZES)}")
        sizes[key] = int(value)
    return sizes


@click.command("demo", context_settings=CONTEXT)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("runs/demo"),
              show_default=True, help="Where the model, checkpoints, runs, board and plots go (must be new or empty).")
@click.option("--steps", type=click.IntRange(min=1), default=None,
              help="SFT optimiser steps (batch 16); default: the demo's budget (see README).")
@click.option("--grpo-steps", type=click.IntRange(min=0), default=None,
              help="GRPO optimiser steps (4 prompts x 8 completions each); 0 skips GRPO.")
@click.option("--limit", type=click.IntRange(min=0), default=100, show_default=True,
              help="Evaluate on the first N held-out questions of each benchmark (0: all 500; the committed board "
              "uses the default).")
@click.option("--seed", type=int, default=0, show_default=True)
def demo_command(out_dir: Path, steps: int | None, grpo_steps: int | None, limit: int | None, seed: int) -> None:
    """Build the tiny model, train it by SFT then GRPO on the whole demo suite, evaluate each stage, render a board.

    Trains on all four demo benchmarks at once (each example rewarded by its own benchmark's metric),
    evaluates on the first 100 questions of their held-out splits (--limit), and writes OUT/leaderboard.md and
    OUT/plots/. The
    numbers are the same on every machine (fixed CPU kernels, two threads per stage; the stages run in turn). Nothing
    is downloaded.
    """
    from tabbench_demo.demo import run_demo

    run_demo(out_dir, steps=steps, grpo_steps=grpo_steps, limit=limit or None, seed=seed)
