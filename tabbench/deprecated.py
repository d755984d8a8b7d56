"""The old behaviours that deprecated names keep (0.1.0's until 0.3.0, 0.2's until 0.4.0) and that no current name
has (the table of old names is ``tabbench.contract.deprecation``; ``docs/api.md`` the policy). Nothing here is public
under these names."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any


def completion_sql(completion: str) -> str | None:
    """The SQL a completion answers with (``extract_sql``); when none is recognised, the whole text, as the
    official scripts execute a predictions-file value."""
    from tabbench.sql import extract_sql

    if not isinstance(completion, str):
        return None
    sql = extract_sql(completion)
    if sql is None:
        sql = completion.strip()
    return sql or None


def benchmark_variant(base: str, name: str, data: Path, *, description: str = "", data_hint: str = "") -> type:
    """A subclass of registered benchmark ``base`` that differs only in name and bundled data."""
    from tabbench.host.lookup import benchmark_class

    parent = benchmark_class(base)
    attrs = {"name": name, "description": description or parent.description,
             "data_hint": data_hint or f"bundled with the plugin that registers {name!r}",
             "bundled_data": classmethod(lambda cls: data), "__doc__": f"{base}'s benchmark on {data}."}
    return type(f"{parent.__name__}Variant", (parent,), attrs)


class TabbenchDeprecationWarning(FutureWarning):
    """0.1.0's warning class for deprecated tabbench usage; tabbench now warns with ``DeprecationWarning``."""


class Completion(str):
    """0.1.0: a completion's text carrying the answer its benchmark extracted (``answer``)."""

    answer: str | None

    def __new__(cls, text: str, answer: str | None) -> Completion:
        self = super().__new__(cls, text if isinstance(text, str) else "")
        self.answer = answer
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Completion, (str(self), self.answer))


def answer_of(completion: str, extract: Callable[[str], Any]) -> Any:
    """0.1.0: the answer a ``Completion`` carries, else ``extract(completion)``."""
    if isinstance(completion, Completion):
        return completion.answer
    return extract(completion)


def status_counts_callback(*functions: Any) -> Any:
    """0.1.0: a TRL callback adding status counts on log (console only; ``log_status_counts`` reaches loggers)."""
    from transformers import TrainerCallback

    from tabbench.adapters import _add_status_counts

    class StatusCountsCallback(TrainerCallback):
        def on_log(self, args: Any, state: Any, control: Any, logs: dict | None = None, **kwargs: Any) -> None:
            if logs is not None:
                _add_status_counts(logs, functions)

    return StatusCountsCallback()


def flag(field: str) -> str:
    """The command-line option of a budget field: ``tool_seconds`` -> ``--tool-seconds``."""
    return "--" + field.replace("_", "-")


def config_record(config: dict[str, Any], model: dict[str, Any]) -> dict[str, Any]:
    """0.1.0: the run config without what the model record holds."""
    return {k: v for k, v in config.items() if k not in model}


def agreement(keys: Sequence[Hashable | None]) -> list[float]:
    """1.0 for each candidate whose key equals the majority winner's, else 0.0."""
    from tabbench.evaluation.voting import majority

    winner = majority(keys)
    if winner is None:
        return [0.0] * len(keys)
    return [1.0 if key is not None and key == keys[winner] else 0.0 for key in keys]


def vote_agreement(benchmark: Any, example: Any, completions: Sequence[str], method: str = "execution", *,
                   semantics: str = "set", db_field: str = "db_path", timeout: float | None = None,
                   max_rows: int | None = None, workers: int | None = None) -> list[float]:
    """0.1.0: each completion's agreement with the vote's winner, in [0, 1]."""
    from tabbench.evaluation import voting

    voting._check_method(method)
    cands, executed = voting.candidates(
        benchmark, example, completions, db_field=db_field, timeout=timeout or voting.VOTE_TIMEOUT,
        max_rows=max_rows or voting.VOTE_MAX_ROWS, workers=workers)
    if method == "execution":
        return agreement(voting._keys(cands, executed, semantics))
    denotations = voting._denotations(cands, executed)
    winner = voting.most_similar(denotations)
    if winner is None:
        return [0.0] * len(cands)
    return [voting.denotation_similarity(d, denotations[winner]) for d in denotations]


#: 0.1.0's breakdown levels in their natural order (BIRD, Spider); benchmarks now declare theirs.
LEVEL_ORDER = ("simple", "easy", "moderate", "medium", "hard", "challenging", "extra")
#: 0.1.0's breakdown keys drawn as per-difficulty bars.
PLOT_BREAKDOWNS = ("difficulty", "hardness")


def level_sort_key(level: str) -> tuple[int, str]:
    """0.1.0's ``tabbench.leaderboard.level_sort_key``: ``level``'s place in ``LEVEL_ORDER``, then its name."""
    from tabbench.reporting.leaderboard import level_sort_key as key_in

    return key_in(LEVEL_ORDER)(level)


@dataclass(frozen=True)
class TinySpec:
    """0.1.0's ``tabbench.tinymodel.TinySpec``: the sizes of the tiny test model (the demo plugin builds it now)."""

    vocab_size: int = 512
    hidden_size: int = 256
    num_hidden_layers: int = 4
    num_attention_heads: int = 4
    num_key_value_heads: int = 2
    intermediate_size: int = 768
    max_position_embeddings: int = 1024
    seed: int = 0


def build_tiny_model(path: str | Path, corpus: Sequence[str] | None = None, spec: TinySpec = TinySpec()) -> Path:
    """0.1.0's ``tabbench.tinymodel.build_tiny_model``: ``tabbench.testing.build_tiny_model`` with ``spec``'s sizes
    (built through ``tabbench.build_tiny``, which needs no pytest, as 0.1's did not)."""
    from tabbench.build_tiny import build_tiny_model as build

    return build(path, corpus, **asdict(spec))


# --- 0.2's training selection (tabbench.training.load_benchmarks, selected_examples, training_examples), on top of
# tabbench.training.plan: the same refusals as evaluation's (duplicate ids, -o/--data for a benchmark not selected)

def benchmarks_of_selection(selection: Any) -> list[Any]:
    """0.2's ``load_benchmarks(selection)``: the benchmarks a trainer trains on (split ``train`` by default)."""
    from tabbench.training.data import training_plan

    return training_plan(selection).benchmarks


def examples_of_benchmark(benchmark: Any, split: str, limit: int | None, where: Sequence[Any] = ()) -> list[Any]:
    """0.2's ``training_examples``: the examples of ``split`` that pass ``where``, cut to ``limit``; none is an
    error."""
    from tabbench.contract.errors import ConfigError
    from tabbench.evaluation.plan import read_examples
    from tabbench.evaluation.where import passing

    examples = passing(where, read_examples(benchmark, split))[:limit]
    if not examples:
        raise ConfigError(f"benchmark {benchmark.name!r} split {split!r} has no examples to train on")
    return examples


def examples_of_selection(benchmarks: Sequence[Any], selection: Any) -> list[tuple[Any, Any]]:
    """0.2's ``selected_examples``: every benchmark's selected examples, each with its benchmark, in order."""
    return [(benchmark, example) for benchmark in benchmarks for example in
            examples_of_benchmark(benchmark, selection.split or "train", selection.limit, selection.where)]
