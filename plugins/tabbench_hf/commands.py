"""``tabbench models import-gguf``: light imports only (click); the conversion loads torch when it runs."""

from __future__ import annotations

from pathlib import Path

import click

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 110}


@click.command("import-gguf", context_settings=CONTEXT)
@click.argument("gguf_file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
def import_gguf_command(gguf_file: Path, out: Path) -> None:
    """Convert GGUF_FILE (e.g. SmolLM2-135M-Instruct.Q4_1.gguf) into a transformers checkpoint at OUT.

    Quantised weights are dequantised to float32; OUT gets model.safetensors, the tokenizer and the chat
    template, and loads with `--model OUT`. Any architecture and quantisation type transformers reads from GGUF.
    """
    from tabbench_hf.gguf_import import import_gguf

    click.echo(f"checkpoint written to {import_gguf(gguf_file, out)}")
