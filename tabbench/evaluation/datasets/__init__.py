"""A user's own data as a benchmark: ``--dataset FOLDER`` on ``eval``, ``score``, ``train``, ``rescore`` and
``validate`` (docs/datasets.md).

A dataset is a folder holding a manifest (``dataset.toml``: ``manifest``), a questions file (JSONL, JSON or CSV:
``questions``) and its databases (SQLite/DuckDB files or CSV tables: ``databases``) or tables. The schema a
prompt shows is read from the database; nothing is written by hand. It runs as a benchmark under the manifest's
name, built by ``dataset_class`` on the benchmark the manifest names under ``scoring`` (BIRD's or Spider's
execution match, CRT-QA's answer match: any registered benchmark that declares the manifest's ``dataset_kind``),
so its prompts, answers and metrics are that benchmark's code. ``tabbench.evaluation.plan.plan`` builds it
beside the registered benchmarks; ``tabbench datasets init`` writes a commented manifest for a folder
(``init``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tabbench.contract.benchmark import Benchmark
from tabbench.contract.errors import ConfigError, UnknownNameError
from tabbench.evaluation.datasets.benchmark import dataset_class
from tabbench.evaluation.datasets.manifest import MANIFEST, Manifest, read_manifest

__all__ = ["MANIFEST", "Manifest", "dataset_class", "dataset_classes", "load_dataset", "read_manifest", "scorers"]


def scorers(kind: str) -> list[str]:
    """The registered benchmarks that can score a dataset of ``kind`` (they declare ``dataset_kind``
    themselves; their subclasses, such as the demo's, can too but are not listed)."""
    from tabbench.host.lookup import benchmark_class
    from tabbench.host.plugins import host

    found = []
    for name in host().registry("benchmark").names():
        try:
            cls = benchmark_class(name)
        except Exception:  # a broken plugin offers nothing here; `tabbench plugins` names it
            continue
        if cls.__dict__.get("dataset_kind") == kind:
            found.append(name)
    return found


def load_dataset(folder: str | Path) -> tuple[type[Benchmark], Path]:
    """The benchmark class of the dataset in ``folder`` and the folder it is built on (``cls(folder)``)."""
    from tabbench.host.lookup import benchmark_class
    from tabbench.host.plugins import host

    manifest = read_manifest(Path(folder))
    if manifest.name in host().registry("benchmark"):
        raise ConfigError(f"{manifest.where('name')}: {manifest.name!r} is a registered benchmark's name; give the "
                          "dataset its own")
    try:
        scoring = benchmark_class(manifest.scoring)
    except UnknownNameError as exc:
        raise ConfigError(f"{manifest.where('scoring')}: {exc} (those that score a {manifest.kind} dataset: "
                          f"{', '.join(scorers(manifest.kind)) or 'none installed'})") from None
    if scoring.dataset_kind != manifest.kind:
        raise ConfigError(f"{manifest.where('scoring')}: benchmark {manifest.scoring!r} cannot score a "
                          f"{manifest.kind} dataset (those that can: {', '.join(scorers(manifest.kind)) or 'none'})")
    return dataset_class(manifest, scoring), manifest.folder


def dataset_classes(folders: Sequence[Path]) -> dict[str, tuple[type[Benchmark], Path]]:
    """Each ``--dataset`` folder's benchmark class and folder, by the dataset's name; two datasets of one name
    are a usage error naming both manifests."""
    found: dict[str, tuple[type[Benchmark], Path]] = {}
    for folder in folders:
        cls, root = load_dataset(folder)
        if cls.name in found:
            raise ConfigError(f"--dataset {folder}: the name {cls.name!r} is taken by --dataset {found[cls.name][1]}")
        found[cls.name] = (cls, root)
    return found
