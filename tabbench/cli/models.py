"""``tabbench models build-tiny PATH``: write a tiny, randomly initialised model for tests, demos and CPU training."""

from __future__ import annotations

from pathlib import Path

import click

from tabbench.cli import CONTEXT
from tabbench.contract.errors import DataError


@click.command("build-tiny", context_settings=CONTEXT)
@click.argument("path", type=click.Path(file_okay=False, path_type=Path))
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random weights.")
@click.option("--vocab-size", type=click.IntRange(min=300), default=512, show_default=True,
              help="BPE vocabulary size (256 bytes, 3 special tokens, the rest merges).")
@click.option("--corpus", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Train the tokenizer on this text file (one text per line) instead of the bundled demo data.")
def build_tiny_command(path: Path, seed: int, vocab_size: int, corpus: Path | None) -> None:
    """Build a tiny Qwen2 causal LM (about 3M parameters, random weights) at PATH, entirely offline.

    The byte-level BPE tokenizer is trained on the bundled demo benchmark's prompts and SQL (or --corpus);
    the result loads with AutoModelForCausalLM/AutoTokenizer.from_pretrained(PATH) and `--model PATH`.
    """
    from tabbench.tinymodel import TinySpec, build_tiny_model

    texts = None
    if corpus is not None:
        try:
            texts = [line for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip()]
        except (OSError, UnicodeDecodeError) as exc:
            raise DataError(f"{corpus}: cannot read the tokenizer corpus ({exc})") from exc
    out = build_tiny_model(path, texts, TinySpec(vocab_size=vocab_size, seed=seed))
    click.echo(f"tiny model written to {out}")
