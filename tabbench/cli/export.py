"""``tabbench export RUN --format eee|lm-eval --out DIR``: a run folder in another harness's format."""

from __future__ import annotations

from pathlib import Path

import click

from tabbench.cli import CONTEXT


@click.command("export", context_settings=CONTEXT)
@click.argument("run_dir", metavar="RUN_DIR")
@click.option("--format", "fmt", type=click.Choice(["eee", "lm-eval"]), required=True,
              help="eee: Every Eval Ever 0.3.0 (aggregate JSON + per-instance JSONL, datastore layout); lm-eval: "
              "lm-evaluation-harness's results_<date>.json + samples_<task>_<date>.jsonl.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), required=True,
              help="A new (or empty) folder for the files; written whole or not at all.")
@click.option("--organization", default="unknown", show_default=True,
              help="eee: source_metadata.source_organization_name (who ran the evaluation).")
@click.option("--relationship", type=click.Choice(["first_party", "third_party", "collaborative", "other"]),
              default="other", show_default=True,
              help="eee: source_metadata.evaluator_relationship (the evaluator's relation to the model's makers).")
@click.option("--developer", default=None,
              help="eee: the model's developer (model_info.developer, and the id's and folder's first part); "
              "default: the publisher the run recorded (a checkpoint's config.json _name_or_path, a served "
              "model's org/name), else 'unknown'.")
@click.option("--keep-paths", is_flag=True,
              help="Write the local paths the run recorded (run folder, model, data, cache) as recorded; default: "
              "relative to the run, or only their last part (a folder's or file's name).")
def export_command(run_dir: str, fmt: str, out_dir: Path, organization: str, relationship: str,
                   developer: str | None, keep_paths: bool) -> None:
    """Write RUN_DIR in another harness's format: Every Eval Ever (aggregate JSON and per-instance JSONL) or
    lm-evaluation-harness (results JSON and samples JSONL).

    \b
    Examples:
      tabbench export runs/a --format eee --out export/eee --organization my-lab --relationship third_party
      tabbench export runs/a --format eee --out export/eee --developer HuggingFaceTB
      tabbench export runs/a --format lm-eval --out export/lm-eval --keep-paths
    """
    from tabbench.evaluation.runfolder import read_run
    from tabbench.reporting.export import export

    files = export(read_run(Path(run_dir)), fmt, out_dir, organization=organization, relationship=relationship,
                   developer=developer, keep_paths=keep_paths)
    for path in files:
        click.echo(str(path))
