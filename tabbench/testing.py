"""A test kit for plugin authors: fixtures and contract test classes.

Installed as a pytest plugin (entry point ``pytest11: tabbench``), so a plugin's own tests can use the
fixtures directly and subclass the contracts::

    from tabbench.testing import RewardContract

    class TestMyReward(RewardContract):
        def make_reward(self):
            return MyReward()

        def cases(self):
            return [(example, "SELECT 1", expected_status), ...]

Each contract checks what the host relies on: picklable objects, JSON-serialisable fields, statuses from
the shared taxonomy, and rewards that never raise, whatever the completion.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar

import pytest

from tabbench.build_tiny import build_tiny_model as build_tiny_model  # the kit's, without pytest
from tabbench.contract.backend import GenerationParams, GenerationRequest, ModelBackend
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.environment import Budget, Environment
from tabbench.contract.reward import Reward, predictions, samples_of, score_batch, score_one
from tabbench.contract.types import Example, Score, Status
from tabbench.host.plugins import Host, host, reset_host

HOSTILE_COMPLETIONS = [
    "",
    " ",
    "\x00\x01",
    "<think>" * 50,
    "```sql\n```",
    "<answer></answer>",
    "SELECT",
    "DROP TABLE x; --",
    "'; ATTACH DATABASE '/tmp/x' AS y; --",
    "x" * 20000,
    "```python\nimport os\nos.system('echo hi')\n```",
    "Final Answer: ",
    "é漢字🙂",
]


@contextmanager
def isolated(plugins: Iterable[str] = ()) -> Iterator[Host]:
    """Replace the process-wide host, for the ``with`` block, by a fresh one holding tabbench's built-ins and
    the installed plugins named in ``plugins`` (entry-point or distribution names, e.g. ``"sql-rewards"``).

    A named plugin that is not installed, or fails to load, is an error rather than a silently smaller host.
    """
    from tabbench.host import builtin

    fresh = Host()
    fresh.register(builtin, "tabbench.host.builtin")
    wanted = set(plugins)
    if wanted:
        fresh.load_entry_points(only=wanted)
        loaded = {name for info in fresh.plugins.values() for name in (info.name, info.distribution)}
        missing = sorted(wanted - loaded)
        broken = [info.failure() for info in fresh.plugins.values() if info.status == "error"]
        if missing or broken:
            raise RuntimeError(f"isolated(plugins={sorted(wanted)}): not installed: {missing}; {broken}")
    previous = reset_host(fresh)
    try:
        yield fresh
    finally:
        reset_host(previous)


@pytest.fixture
def isolated_host(request: pytest.FixtureRequest) -> Iterator[Host]:
    """A fresh host with tabbench's built-ins; register test plugins on it for one test.

    ``isolated_host.register(module_or_object, "name")`` adds a plugin. Mark the test
    ``@pytest.mark.tabbench_plugins("sql-rewards", ...)`` to start from those installed plugins as well (a
    plugin whose metric is ``bird-ex`` is tested beside the plugin that provides ``bird-ex``).
    """
    marker = request.node.get_closest_marker("tabbench_plugins")
    with isolated(marker.args if marker else ()) as fresh:
        yield fresh


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "tabbench_plugins(*names): installed plugins the isolated_host loads")


@pytest.fixture
def cli_runner() -> Any:
    """Invoke the ``tabbench`` CLI in-process: ``cli_runner(["plugins", "--json"])`` returns click's Result."""
    from click.testing import CliRunner

    from tabbench.cli import build_cli

    runner = CliRunner()

    def invoke(args: Sequence[str], **kwargs: Any) -> Any:
        return runner.invoke(build_cli(), list(args), catch_exceptions=False, **kwargs)

    return invoke


def assert_json_roundtrip(value: Any) -> None:
    assert json.loads(json.dumps(value)) == value, f"not JSON-serialisable without loss: {value!r}"


class BenchmarkContract:
    """Subclass and implement ``make_benchmark``; every test here then runs on your benchmark."""

    split: str | None = None
    max_examples: int = 50

    def make_benchmark(self) -> Benchmark:
        raise NotImplementedError

    @pytest.fixture
    def benchmark(self) -> Benchmark:
        return self.make_benchmark()

    @pytest.fixture
    def examples(self, benchmark: Benchmark) -> list[Example]:
        items = []
        for i, example in enumerate(benchmark.examples(self.split)):
            if i >= self.max_examples:
                break
            items.append(example)
        assert items, f"benchmark {benchmark.name!r} yielded no examples"
        return items

    def test_declares_metrics(self, benchmark: Benchmark) -> None:
        assert benchmark.version, "set a version: results and caches are keyed by it"
        names = [m.name for m in benchmark.metrics]
        assert len(names) == len(set(names)), f"duplicate metric names: {names}"
        assert benchmark.primary_metric in names
        registry = host().registry("reward")
        for metric in benchmark.metrics:
            assert metric.reward in registry, f"metric {metric.name!r} names unregistered reward {metric.reward!r}"

    def test_examples_are_unique_and_serialisable(self, examples: list[Example]) -> None:
        ids = [e.id for e in examples]
        assert len(ids) == len(set(ids)), "example ids must be unique"
        for example in examples:
            assert_json_roundtrip(example.to_json())
            assert all(isinstance(v, str) for v in example.meta.values()), "meta values must be strings"

    def test_prompts_are_chat_messages(self, benchmark: Benchmark, examples: list[Example]) -> None:
        for example in examples:
            messages = benchmark.prompt(example)
            assert messages and all(set(m) >= {"role", "content"} for m in messages)
            assert all(m["role"] in ("system", "user", "assistant") for m in messages)
            assert benchmark.prompt(example) == messages, "prompts must be deterministic"

    def test_extract_never_raises(self, benchmark: Benchmark, examples: list[Example]) -> None:
        for completion in HOSTILE_COMPLETIONS:
            answer = benchmark.extract(examples[0], completion)
            assert answer is None or isinstance(answer, str)

    def test_gold_completion_extracts(self, benchmark: Benchmark, examples: list[Example]) -> None:
        for example in examples:
            if example.gold is not None:
                assert benchmark.extract(example, benchmark.gold_completion(example)) is not None

    #: ids of examples whose gold is known not to reach 1.0 (a gold query that errors, say), with the reason
    gold_exceptions: ClassVar[dict[str, str]] = {}

    def test_gold_completion_scores_one(self, benchmark: Benchmark, examples: list[Example]) -> None:
        """The reference answer, as a completion, earns 1.0 on the primary metric: else the metric, the
        extraction or the data disagree, and every score of the benchmark is suspect."""
        from tabbench import get_reward, metric_specs

        spec = next(m for m in metric_specs(benchmark) if m.name == benchmark.primary_metric)
        reward = get_reward(spec.reward, **spec.options)
        labelled = [e for e in examples if e.gold is not None and e.id not in self.gold_exceptions]
        scores = score_batch(reward, [(e, benchmark.gold_completion(e)) for e in labelled])
        wrong = [(e.id, s) for e, s in zip(labelled, scores, strict=True)
                 if s.value != 1.0 and s.status is not Status.NOT_APPLICABLE]  # e.g. charts under ROUGE-L
        assert not wrong, f"gold completions below 1.0 on {spec.name!r} ({spec.reward}): {wrong[:3]}"


class RewardContract:
    """Subclass and implement ``make_reward`` and ``cases`` (example, completion, expected status or None)."""

    def make_reward(self) -> Reward:
        raise NotImplementedError

    def cases(self) -> list[tuple[Example, str, Status | None]]:
        raise NotImplementedError

    @pytest.fixture
    def reward(self) -> Reward:
        return self.make_reward()

    def test_cases_score_as_expected(self, reward: Reward) -> None:
        for example, completion, expected in self.cases():
            score = score_batch(reward, [(example, completion)])[0]
            assert isinstance(score, Score) and isinstance(score.status, Status)
            if expected is not None:
                assert score.status is expected, f"{completion!r}: {score}"
            assert (score.value is None) == score.status.not_applicable, score

    def test_never_raises_on_hostile_completions(self, reward: Reward) -> None:
        example = self.cases()[0][0]
        for score in own_score_batch(reward, [(example, c) for c in HOSTILE_COMPLETIONS]):
            assert isinstance(score, Score)
            assert score.value is None or isinstance(score.value, float | int)
            assert_json_roundtrip(score.to_json())

    def test_batch_equals_single(self, reward: Reward) -> None:
        items = [(example, completion) for example, completion, _ in self.cases()]
        singles = [score_one(reward, p) for p in predictions(reward, samples_of(items))]
        assert own_score_batch(reward, items) == singles

    def test_picklable(self, reward: Reward) -> None:
        clone = pickle.loads(pickle.dumps(reward))
        example, completion, _ = self.cases()[0]
        assert score_batch(clone, [(example, completion)]) == score_batch(reward, [(example, completion)])


def own_score_batch(reward: Reward, items: Sequence[tuple[Example, str]]) -> list[Score]:
    """``reward.score_batch`` itself (not the host's guard around it), fed as the host feeds it: predictions
    with its extractor's answers."""
    return list(reward.score_batch(predictions(reward, samples_of(items))))


class ModelBackendContract:
    """Subclass and implement ``make_backend`` and ``requests``."""

    def make_backend(self) -> ModelBackend:
        raise NotImplementedError

    def requests(self) -> list[GenerationRequest]:
        raise NotImplementedError

    @pytest.fixture
    def backend(self) -> Iterator[ModelBackend]:
        backend = self.make_backend()
        try:
            yield backend
        finally:
            backend.close()

    def test_returns_n_completions_per_request(self, backend: ModelBackend) -> None:
        requests = self.requests()
        outputs = backend.generate(requests, GenerationParams(max_new_tokens=8, n=2, temperature=1.0, seed=1))
        assert len(outputs) == len(requests)
        assert all(len(o) == 2 and all(isinstance(c, str) for c in o) for o in outputs)

    def test_fingerprint_is_stable_json(self, backend: ModelBackend) -> None:
        assert_json_roundtrip(backend.fingerprint())
        assert backend.fingerprint() == backend.fingerprint()


class EnvironmentContract:
    """Subclass and implement ``make_environment`` (budget given) and ``examples`` (examples it serves).

    Checks what TRL and ``tabbench eval --env`` rely on: ``reset`` gives text or nothing; every public method
    is a typed, documented ``@tool``; tools return strings within the observation budget and never raise,
    whatever the model sends (hostile strings, lone surrogates, unknown tools, malformed or deeply nested arguments).
    """

    def make_environment(self, budget: Budget) -> Environment:
        raise NotImplementedError

    def examples(self) -> list[Example]:
        raise NotImplementedError

    @pytest.fixture
    def environment(self) -> Environment:
        env = self.make_environment(Budget(max_turns=100, observation_bytes=400, total_observation_bytes=100_000,
                                           call_seconds=5.0, tool_seconds=60.0))
        env.reset(example=self.examples()[0])
        return env

    def test_reset_gives_text_or_nothing(self) -> None:
        env = self.make_environment(Budget())
        for example in self.examples():
            assert type(env)._accepts(example)
            first = env.reset(example=example)
            assert first is None or isinstance(first, str)

    def test_public_methods_are_typed_documented_tools(self, environment: Environment) -> None:
        import inspect

        cls = type(environment)
        public = [n for n, _ in inspect.getmembers(cls, predicate=inspect.isfunction)
                  if not n.startswith("_") and n not in ("reset", "get_reward")]
        assert public and sorted(public) == sorted(cls.tool_names()), "every public method must be a @tool"
        for name in public:
            method = getattr(cls, name)
            doc = inspect.getdoc(method) or ""
            assert "Returns:" in doc, f"{name}: the docstring needs a Returns: section (TRL builds the schema)"
            for parameter in list(inspect.signature(method).parameters)[1:]:
                assert parameter in method.__annotations__, f"{name}({parameter}): needs a type hint"
                assert f"{parameter}:" in doc.split("Args:")[-1], f"{name}({parameter}): not in Args:"

    def test_hostile_arguments_never_raise_and_stay_in_budget(self, environment: Environment) -> None:
        import inspect

        for name in environment.tool_names():
            parameters = list(inspect.signature(getattr(type(environment), name)).parameters)[1:]
            for text in [*HOSTILE_COMPLETIONS, chr(0xD800), "[" * 5000]:  # a lone surrogate; deep nesting
                observation = environment._call(name, {p: text for p in parameters})
                assert isinstance(observation, str) and len(observation.encode()) <= 400  # strict UTF-8
        first = environment.tool_names()[0]
        for name, arguments in (("no_such_tool", {}), (first, "{not json"), (first, {"unexpected": 1}), (first, [1]),
                                (first, "[" * 5000), (chr(0xD800), {})):
            assert environment._call(name, arguments).startswith("error:")
