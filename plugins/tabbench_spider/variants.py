"""Spider's robustness sets: ``spider-syn``, ``spider-realistic`` and ``spider-dk``.

Each reads its official release as published and is otherwise ``spider``: the same prompt, extraction,
metrics (``spider-ex``, ``spider-em``), hardness and options. What differs is where the files are:

* Spider-Syn (Gan et al., ACL 2021; ygan/Spider-Syn): ``dev.json`` (``train_spider.json`` for train) with
  ``SpiderSynQuestion`` (the question asked), ``SpiderQuestion`` and its own gold ``query``, which follows an
  older Spider dev annotation on a few dozen items. No databases and no ``tables.json``.
* Spider-Realistic (Deng et al., NAACL 2021; Zenodo 10.5281/zenodo.5205322): ``spider-realistic.json`` in
  Spider's format. No databases and no ``tables.json``.
* Spider-DK (Gan et al., EMNLP 2021; ygan/Spider-DK): ``Spider-DK.json`` (with ``type``: the kinds of domain
  knowledge, 0 for none), its own ``tables.json`` and ``database/`` with three modified databases, looked up
  before Spider's (upstream says to merge the two folders).

``-o databases=PATH`` names Spider's ``database/`` folder; the ``tables.json`` beside it is used when the
variant ships none.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tabbench import DataError, MetricSpec
from tabbench_spider.benchmark import SpiderBenchmark

_SPIDER_DB_HINT = (
    "pass Spider's database folder as -o databases=PATH (the Spider release's database/, "
    "with its tables.json beside it; https://yale-lily.github.io/spider)"
)


class SpiderVariant(SpiderBenchmark):
    """A Spider-format robustness set: its question file(s) in ``data_path``, databases looked up first in
    ``data_path/database`` and then in the ``databases`` option's folder."""

    question_file: ClassVar[dict[str, str]]  # split -> file name in data_path
    option_defaults: ClassVar[dict[str, Any]] = {**SpiderBenchmark.option_defaults, "databases": None}
    metrics: ClassVar[tuple[MetricSpec, ...]] = SpiderBenchmark.metrics

    def _spider_databases(self) -> Path | None:
        folder = self.options.get("databases")
        if folder is None:
            return None
        path = Path(folder)
        if not path.is_dir():
            raise DataError(f"benchmark {self.name!r}: databases folder {path} does not exist")
        return path

    def question_files(self, split: str) -> list[Path]:
        assert self.data_path is not None
        path = self.data_path / self.question_file[split]
        if not path.is_file():
            raise DataError(f"{path}: missing questions for split {split!r}. {self.data_hint}")
        return [path]

    def tables_file(self, split: str) -> Path:
        assert self.data_path is not None
        candidates = [self.data_path / "tables.json"]
        spider = self._spider_databases()
        if spider is not None:
            candidates.append(spider.parent / "tables.json")
        for path in candidates:
            if path.is_file():
                return path
        raise DataError(f"{candidates[-1]}: missing tables.json for {self.name!r}: {_SPIDER_DB_HINT}")

    def database_roots(self, split: str) -> list[Path]:
        assert self.data_path is not None
        roots = [self.data_path / "database"] if (self.data_path / "database").is_dir() else []
        spider = self._spider_databases()
        roots += [spider] if spider is not None else []
        if not roots and self.test_suite is not None:
            roots = [self.test_suite]
        if not roots:
            raise DataError(f"{self.data_path}: no database folder for {self.name!r}: {_SPIDER_DB_HINT}")
        return roots


class SpiderSynBenchmark(SpiderVariant):
    """Spider-Syn: Spider dev with schema words replaced by synonyms (``SpiderSynQuestion``)."""

    name = "spider-syn"
    version = "1"
    description = "Spider-Syn: Spider questions with synonym substitution (Spider's metrics)"
    splits = ("dev", "train")
    question_file: ClassVar[dict[str, str]] = {"dev": "dev.json", "train": "train_spider.json"}
    question_key = "SpiderSynQuestion"
    data_hint = ("download Spider-Syn (https://github.com/ygan/Spider-Syn, folder Spider-Syn/ with dev.json), "
                 "pass that folder as the data path and " + _SPIDER_DB_HINT)


class SpiderRealisticBenchmark(SpiderVariant):
    """Spider-Realistic: Spider dev questions rewritten so they no longer name the columns."""

    name = "spider-realistic"
    version = "1"
    description = "Spider-Realistic: Spider dev without explicit column mentions (Spider's metrics)"
    question_file: ClassVar[dict[str, str]] = {"dev": "spider-realistic.json"}
    data_hint = ("download Spider-Realistic (https://doi.org/10.5281/zenodo.5205322; spider-realistic.json), "
                 "pass its folder as the data path and " + _SPIDER_DB_HINT)


class SpiderDKBenchmark(SpiderVariant):
    """Spider-DK: Spider questions that need domain knowledge, three databases modified to hold it."""

    name = "spider-dk"
    version = "1"
    description = "Spider-DK: Spider questions needing domain knowledge (Spider's metrics, by knowledge type)"
    question_file: ClassVar[dict[str, str]] = {"dev": "Spider-DK.json"}
    breakdown_keys = ("hardness", "dk_type")
    breakdown_order: ClassVar[dict[str, tuple[str, ...]]] = {
        **SpiderBenchmark.breakdown_order, "dk_type": ("0", "1", "2", "3", "4", "5", "23", "34")}
    data_hint = ("download Spider-DK (https://github.com/ygan/Spider-DK: Spider-DK.json, tables.json, database/), "
                 "pass its folder as the data path and " + _SPIDER_DB_HINT)

    def extra_meta(self, item: dict[str, Any]) -> dict[str, Any]:
        return {"dk_type": str(item.get("type", "unknown"))}
