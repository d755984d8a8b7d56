"""``ConcurrentToolsGRPOTrainer``: TRL's own ``_tool_call_loop`` runs on a stand-in trainer (scripted generation,
no model), so every test goes through the exact code path TRL uses to call the tools."""

from __future__ import annotations

import inspect
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest
import trl.trainer.grpo_trainer as grpo_module
from tabbench_trainers.concurrent_tools import ConcurrentToolsGRPOTrainer, TurnPrefetch
from trl import GRPOTrainer

import tabbench


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "arguments": arguments}}


def turn(*calls: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": "", "tool_calls": list(calls)}


ANSWER = {"role": "assistant", "content": "done"}


def run_loop(trainer_class: type, tool_dicts: list[dict], script: list[list[dict]], monkeypatch: pytest.MonkeyPatch,
             max_turns: int = 4) -> tuple[list[list[dict]], int, int, Any]:
    """TRL's loop on ``script`` (per rollout: its assistant turns, the first one already generated); returns the
    completions, TRL's call and failure counts, and the trainer."""
    trainer = object.__new__(trainer_class)
    turns_done = [1] * len(script)

    def generate(ids: list[list[int]], *args: Any, **kwargs: Any) -> tuple[list[list[int]], None]:
        out = []
        for sequence in ids:  # each prompt starts with its rollout's index
            rollout = sequence[0]
            out.append([rollout * 1000 + turns_done[rollout]])
            turns_done[rollout] += 1
        return out, None

    def parse(tokenizer: Any, ids: list[int], prefix: Any = None, tools: Any = None) -> dict:
        rollout, index = divmod(ids[0], 1000)
        return script[rollout][index] if index < len(script[rollout]) else dict(ANSWER)

    monkeypatch.setattr(grpo_module, "parse_response", parse)
    trainer.__dict__.update(
        max_tool_calling_iterations=max_turns, _sync_tool_dicts=tool_dicts, _async_tool_dicts=[{} for _ in script],
        _get_tool_suffix_ids=lambda messages: [0] * len(messages), use_vllm=False, _is_vlm=False,
        model=SimpleNamespace(config=SimpleNamespace(max_position_embeddings=10**6)), max_completion_length=10**6,
        tools=[object()], environment_factories=None, _tokenizer=None, _generate_single_turn=generate)
    completions = [[rollout[0]] for rollout in script]
    _, completions, _, _, calls, failures, _ = trainer._tool_call_loop(
        [[{"role": "user", "content": "?"}] for _ in script], [[i] for i in range(len(script))],
        [[1] for _ in script], completions, None, None, None)
    return completions, calls, failures, trainer


def observations(completions: list[list[dict]]) -> list[list[str]]:
    return [[str(m["content"]) for m in messages if m["role"] == "tool"] for messages in completions]


def test_the_trl_internals_it_wraps_are_still_there() -> None:
    """Fails when TRL changes what the subclass relies on: the loop's signature and its per-rollout sync dicts."""
    assert list(inspect.signature(GRPOTrainer._tool_call_loop).parameters) == [
        "self", "prompts", "prompt_ids", "completion_ids", "completions", "logprobs", "images", "multimodal_fields"
    ], "TRL changed GRPOTrainer._tool_call_loop's signature: update tabbench_trainers.concurrent_tools"
    source = inspect.getsource(GRPOTrainer._tool_call_loop)
    assert "self._sync_tool_dicts[" in source and "completions[idx_with_tool].append" in source, (
        "TRL's _tool_call_loop no longer reads self._sync_tool_dicts or extends completions in place: "
        "update tabbench_trainers.concurrent_tools")


def barrier_tools(rollouts: int, timeout: float) -> list[dict]:
    barrier = threading.Barrier(rollouts, timeout=timeout)

    def make(i: int) -> dict:
        def meet(x: int) -> str:
            barrier.wait()  # returns only once every rollout's call is waiting here at the same time
            return f"met {i} {x}"
        return {"meet": meet}

    return [make(i) for i in range(rollouts)]


@pytest.fixture
def sql_workers() -> Any:
    """Set the run's SQL workers (``tabbench.Settings``) for the rest of the test: tool threads are one per
    rollout, at most one per SQL worker."""
    from contextlib import ExitStack

    with ExitStack() as stack:
        yield lambda n: stack.enter_context(tabbench.use_settings(tabbench.Settings(workers=n)))


def test_one_turns_calls_of_eight_rollouts_run_at_once(monkeypatch: pytest.MonkeyPatch, sql_workers: Any) -> None:
    sql_workers(8)
    tools = barrier_tools(8, timeout=60)
    script = [[turn(call("meet", x=i))] for i in range(8)]
    completions, calls, failures, trainer = run_loop(ConcurrentToolsGRPOTrainer, tools, script, monkeypatch)
    assert (calls, failures) == (8, 0)
    assert observations(completions) == [[f"met {i} {i}"] for i in range(8)]
    assert trainer._sync_tool_dicts is tools  # TRL's dicts are back after the loop


def test_trls_own_loop_cannot_pass_the_barrier(monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: the same turn through TRL's sequential loop breaks the barrier (so the test above can fail)."""
    script = [[turn(call("meet", x=i))] for i in range(8)]
    completions, calls, failures, _ = run_loop(GRPOTrainer, barrier_tools(8, timeout=0.2), script, monkeypatch)
    assert (calls, failures) == (8, 8)
    assert all(obs[0].startswith("{'error'") for obs in observations(completions))


class Counter:
    """A stateful environment: ``add`` appends to the rollout's list and shows it (order matters)."""

    def __init__(self, rollout: int) -> None:
        self.rollout = rollout
        self.items: list[str] = []
        self.active = 0
        self.overlapped = False

    def add(self, item: Any) -> str:
        self.active += 1
        self.overlapped |= self.active > 1
        time.sleep(0.01 * (3 - self.rollout % 3))  # rollouts finish out of order
        self.items.append(str(item))
        self.active -= 1
        return ",".join(self.items)

    def boom(self, why: str) -> str:
        raise ValueError(f"rollout {self.rollout}: {why}")


def stateful_run(trainer_class: type, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[Counter]]:
    envs = [Counter(i) for i in range(6)]
    tools = [{"add": env.add, "boom": env.boom} for env in envs]
    script = [
        [turn(call("add", item=f"{i}a"), call("add", item=f"{i}b")), turn(call("add", item=f"{i}c"))]
        if i % 2 else
        [turn(call("boom", why="x"), call("missing", item="?"), {"type": "retrieval", "name": "r"},
              call("add", item=f"{i}a")),
         turn({"type": "function", "function": {"name": "add", "arguments": "not a dict"}}, call("add", item=f"{i}b"))]
        for i in range(6)
    ]
    return run_loop(trainer_class, tools, script, monkeypatch), envs


def test_results_exceptions_and_failure_counts_are_trls(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two calls in one turn on a stateful environment keep their order; a raising tool, an unknown tool, an
    unsupported call type and non-dict arguments are TRL's failures as before; transcripts are identical."""
    (concurrent, calls, failures, _), envs = stateful_run(ConcurrentToolsGRPOTrainer, monkeypatch)
    (sequential, *counts, _), _ = stateful_run(GRPOTrainer, monkeypatch)
    assert concurrent == sequential and [calls, failures] == counts == [27, 12]
    assert observations(concurrent)[1] == ["1a", "1a,1b", "1a,1b,1c"]
    first = observations(concurrent)[0]
    assert first[:4] == ["{'error': 'rollout 0: x'}", "{'error': 'Tool missing not found.'}",
                         "{'error': 'Unsupported tool call type: retrieval'}", "0a"]
    assert "Counter.add() argument after ** must be a mapping" in first[4] and first[5] == "0a,0b"
    assert [env.items for env in envs] == [[f"{i}a", f"{i}b"] + ([f"{i}c"] if i % 2 else []) for i in range(6)]
    assert not any(env.overlapped for env in envs)


def test_a_call_not_in_the_transcript_runs_directly() -> None:
    seen: list[str] = []
    with ThreadPoolExecutor(1) as pool:
        prefetch = TurnPrefetch([{"add": lambda item: seen.append(item) or item}], [[ANSWER]], pool)
        assert prefetch.wrapped[0]["add"](item="x") == "x" and seen == ["x"]


def test_a_call_runs_once_even_when_its_arguments_equal_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A NaN argument (JSON allows it) is not equal to itself: the call is still matched, not run twice."""
    env = Counter(0)
    script = [[turn(call("add", item=float("nan")))]]
    completions, calls, failures, _ = run_loop(ConcurrentToolsGRPOTrainer, [{"add": env.add}], script, monkeypatch)
    assert (calls, failures) == (1, 0) and len(env.items) == 1 and observations(completions) == [["nan"]]


def test_tool_threads_are_capped_at_the_sql_workers_and_end_with_the_loop(monkeypatch: pytest.MonkeyPatch,
                                                                          sql_workers: Any) -> None:
    """More threads than SQL workers would only queue for a worker, the wait eating each call's own time budget:
    6 rollouts on 2 workers run 2 calls at a time (and no thread outlives TRL's loop)."""
    sql_workers(2)
    lock = threading.Lock()
    active, most = [0], [0]
    pair = threading.Barrier(2)  # each call waits for a second one to run beside it: a cap of 1 breaks it

    def make(i: int) -> dict:
        def work(x: int) -> str:
            with lock:
                active[0] += 1
                most[0] = max(most[0], active[0])
            pair.wait(timeout=60)
            with lock:
                active[0] -= 1
            return f"done {i} {x}"
        return {"work": work}

    script = [[turn(call("work", x=i))] for i in range(6)]
    completions, calls, failures, _ = run_loop(ConcurrentToolsGRPOTrainer, [make(i) for i in range(6)], script,
                                               monkeypatch)
    assert (calls, failures) == (6, 0) and observations(completions) == [[f"done {i} {i}"] for i in range(6)]
    assert most[0] == 2
    assert not [t for t in threading.enumerate() if t.name.startswith("tabbench-tools")]
