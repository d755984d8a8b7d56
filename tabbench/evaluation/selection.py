"""Which benchmarks and examples a run covers, as asked: ``Selection``, shared by ``RunConfig`` and
``tabbench.training.TrainConfig``. What it resolves to (the benchmarks built, their examples) is
``tabbench.evaluation.plan.plan``'s ``Plan``, the same for both.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabbench.contract.errors import UsageError
from tabbench.contract.options import MAX_TIMEOUT
from tabbench.evaluation.prompts import PromptOptions
from tabbench.evaluation.where import Where, parse_wheres


@dataclass(frozen=True)
class Selection:
    """What a run (evaluation or training) is asked to cover: ``--benchmark`` and ``--suite`` names, ``--data``
    paths by benchmark, ``-o [NAME:]KEY=VALUE`` benchmark options, the split (``None``: each benchmark's own),
    ``--limit`` per benchmark, the ``--where`` filters (applied before the limit), ``--timeout`` (each query's
    or program's time limit, for the benchmarks that execute predictions: the same limit whether a run scores or
    trains), ``--dataset`` folders (a user's own data, each a benchmark under its manifest's name:
    ``tabbench.evaluation.datasets``), ``--skip-missing`` (score the examples whose data is there and record the
    others; without it, a selected example whose data is missing stops the run) and ``prompt``, how the
    benchmarks' prompts are changed (``--system-prompt``, ``--few-shot``, ``--chat-template``:
    ``tabbench.evaluation.prompts.PromptOptions``; the same prompt whether a run scores or trains). Given values are
    normalised (a name as a tuple, paths as ``Path``, filters parsed) and checked here, once for every command.
    """

    benchmarks: tuple[str, ...] = ()
    suites: tuple[str, ...] = ()
    data: Mapping[str, Path] = field(default_factory=dict)
    benchmark_options: Mapping[str, Any] = field(default_factory=dict)
    split: str | None = None
    limit: int | None = None
    where: tuple[Where, ...] = ()
    timeout: float | None = None
    datasets: tuple[Path, ...] = ()
    skip_missing: bool = False
    prompt: PromptOptions = field(default_factory=PromptOptions)

    def __post_init__(self) -> None:
        for name in ("benchmarks", "suites"):  # a str, a list: as given
            value = getattr(self, name)
            object.__setattr__(self, name, (value,) if isinstance(value, str) else tuple(value))
        datasets = [self.datasets] if isinstance(self.datasets, str | Path) else self.datasets
        object.__setattr__(self, "datasets", tuple(dict.fromkeys(Path(p).expanduser() for p in datasets)))
        if not isinstance(self.skip_missing, bool):
            raise UsageError(f"--skip-missing {self.skip_missing!r}: expected true or false")
        object.__setattr__(self, "where", parse_wheres([self.where] if isinstance(self.where, str) else self.where))
        object.__setattr__(self, "data", {name: Path(path) for name, path in self.data.items()})
        object.__setattr__(self, "benchmark_options", dict(self.benchmark_options))
        if self.prompt is None:
            object.__setattr__(self, "prompt", PromptOptions())
        if not isinstance(self.prompt, PromptOptions):
            raise UsageError(f"prompt: expected tabbench.PromptOptions, got {type(self.prompt).__name__}")
        if self.limit is not None and (isinstance(self.limit, bool) or not isinstance(self.limit, int)
                                       or self.limit < 1):
            raise UsageError(f"--limit {self.limit!r}: expected a whole number >= 1")
        if self.timeout is not None and not (
                isinstance(self.timeout, int | float) and not isinstance(self.timeout, bool)
                and 0 < self.timeout <= MAX_TIMEOUT):  # NaN fails both comparisons
            raise UsageError(f"--timeout {self.timeout!r}: expected seconds > 0 and <= {MAX_TIMEOUT:g} "
                             "(0 is not 'no limit')")

    @property
    def spec(self) -> str:
        """The benchmarks and suites asked for, as one ``--suite`` value (``all`` when none were named, unless
        ``--dataset`` folders were: then ``""``, none)."""
        return ",".join((*self.benchmarks, *self.suites)) or ("" if self.datasets else "all")

    def to_json(self) -> dict[str, Any]:
        """The selection as plain JSON values, under the field names."""
        return {"benchmarks": list(self.benchmarks), "suites": list(self.suites),
                "data": {k: str(v) for k, v in self.data.items()}, "benchmark_options": dict(self.benchmark_options),
                "split": self.split, "limit": self.limit, "where": [w.to_json() for w in self.where],
                "timeout": self.timeout, "datasets": [str(p) for p in self.datasets],
                "skip_missing": self.skip_missing, "prompt": self.prompt.to_json()}


def parse_data(pairs: Sequence[str], single: str | None = None) -> dict[str, Path]:
    """``--data NAME=PATH`` pairs as a mapping (``~`` expanded); a malformed pair is a usage error. ``single``: the
    one benchmark of a command that names one (``score BENCHMARK``, ``rewards audit``, ``serve-env``, ``synthesize
    traces``), where 0.2's ``--data PATH`` still means its data, with a deprecation warning, until 0.4.0."""
    from tabbench.contract.deprecation import deprecated_spelling

    out: dict[str, Path] = {}
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not re.fullmatch(r"[\w][\w.-]*", name):  # no NAME= before it: a path (0.2's form)
            if single is None or not pair:
                raise UsageError(f"--data {pair!r}: expected NAME=PATH")
            deprecated_spelling("--data PATH", "--data NAME=PATH")
            name, path = single, pair
        if not path:
            raise UsageError(f"--data {pair!r}: expected NAME=PATH")
        if name in out:
            raise UsageError(f"--data {name}=...: given twice")
        out[name] = Path(path).expanduser()
    return out


def data_of(pairs: Sequence[str], benchmark: str) -> Path | None:
    """The ``--data`` path of a command's one ``benchmark`` (``None``: none given): ``parse_data`` with its
    ``single``; a pair naming another benchmark is a usage error."""
    data = parse_data(pairs, single=benchmark)
    other = next((name for name in data if name != benchmark), None)
    if other is not None:
        raise UsageError(f"--data {other}=...: {other!r} is not this command's benchmark ({benchmark})")
    return data.get(benchmark)
