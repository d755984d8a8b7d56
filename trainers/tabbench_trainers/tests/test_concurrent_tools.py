"""``ConcurrentToolsGRPOTrainer``: TRL's own ``_tool_call_loop`` runs on a stand-in trainer (scripted generation,
no model), so every test goes through the exact code path TRL uses to call the tools."""

from __future__ import annotations

import inspect
import json
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
from tabbench import Budget
from tabbench.adapters import trl_reward


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
    assert "parse_response(" in inspect.getsource(GRPOTrainer._generate) and callable(grpo_module.parse_response), (
        "TRL's _generate no longer reads completions with grpo_trainer.parse_response: update "
        "ConcurrentToolsGRPOTrainer._generate")


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


# --- hostile calls under TRL's dispatch (issue 21) ------------------------------------------------------------


def demo_example(benchmark: str) -> tabbench.Example:
    return next(iter(tabbench.get_benchmark(benchmark).examples(None)))


@pytest.mark.parametrize("trainer_class", [GRPOTrainer, ConcurrentToolsGRPOTrainer])
def test_a_raising_cell_is_charged_under_trls_dispatch(trainer_class: type, monkeypatch: pytest.MonkeyPatch) -> None:
    """Case 2: ``raise ValueError(chr(0xd800))`` through TRL ran 8 times with a budget of 6 calls: the tool raised
    after its body (measuring the observation), TRL turned it into ``{"error": ...}`` and no call was charged. Now
    every call is an error observation the model reads, charged to the budget; calls past it are refused."""
    env = tabbench.get_environment("python", budget=Budget(max_turns=6, call_seconds=20, tool_seconds=120))
    env.reset(example=demo_example("demo-tablebench"))
    cell = {"code": "raise ValueError(chr(0xd800))"}
    script = [[turn(*[call("run_python", **cell)] * 4), turn(*[call("run_python", **cell)] * 4)]]
    completions, calls, failures, _ = run_loop(trainer_class, [{"run_python": env.run_python}], script, monkeypatch)
    seen = observations(completions)[0]
    assert (calls, failures) == (8, 0) and len(env.stats.calls) == 8  # TRL saw no raise; our budget saw 8 calls
    assert seen[:6] == ["error: exec_error: ValueError: \ufffd"] * 6
    assert seen[6:] == ["error: turn budget spent (6 tool calls); answer now"] * 2
    assert all(o.encode("utf-8") for o in seen)  # TRL tokenizes them next


def test_calls_trl_refuses_itself_count_against_the_turn_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unknown tool, arguments that are not an object and an unsupported call type never reach the environment
    (TRL refuses them); the concurrent dispatch charges them in their place, so they cannot buy free turns."""
    env = tabbench.get_environment("sql", budget=Budget(max_turns=4))
    env.reset(example=demo_example("demo-bird"))
    hostile = [call("drop_everything"), {"type": "function", "function": {"name": "query", "arguments": "[" * 5000}},
               {"type": "retrieval", "name": "r"}]
    script = [[turn(*hostile, call("list_tables")), turn(call("list_tables"))]]
    completions, calls, failures, _ = run_loop(ConcurrentToolsGRPOTrainer, [env._tools()], script, monkeypatch)
    seen = observations(completions)[0]
    assert (calls, failures) == (5, 3) and len(env.stats.calls) == 5
    assert [c.name for c in env.stats.calls] == ["drop_everything", "query", "", "list_tables", "list_tables"]
    assert not seen[3].startswith("error:") and seen[4].startswith("error: turn budget spent")


def test_transcript_rewards_read_any_rollout() -> None:
    """A shaping reward is handed the transcript as JSON: arguments nested past any JSON encoder's recursion limit
    and lone surrogates are still a transcript it reads (``tabbench train grpo --env``'s reward functions)."""
    from tabbench_trainers.environments import RolloutReward, transcript_text

    deep: Any = "x"
    for _ in range(5000):
        deep = [deep]
    rollout = [turn(call("query", sql=deep)), {"role": "tool", "name": "query", "content": "error: empty query"},
               turn(call("query", sql=f"SELECT '{chr(0xD800)}'")), {"role": "tool", "content": "error: x"},
               {"role": "assistant", "content": "SELECT 1"}]
    assert json.loads(transcript_text(rollout))[2]["tool_calls"][0]["function"]["arguments"]["sql"].endswith("'")
    reward = RolloutReward(trl_reward("tool-errors"))
    example = demo_example("demo-bird")
    assert reward([None], [rollout], example=[json.dumps(example.to_json())]) == [-0.2]


def test_tool_results_reach_trls_tokenizer_as_valid_unicode(monkeypatch: pytest.MonkeyPatch) -> None:
    """TRL names the tool message of a call it refuses after the policy's tool name, which TRL renders with the
    chat template before tokenizing: a lone surrogate there is replaced; other values (an image) pass as they
    are."""
    seen: list[Any] = []
    monkeypatch.setattr(GRPOTrainer, "_get_tool_suffix_ids", lambda self, messages: seen.append(messages) or [7])
    image = object()
    messages = [{"role": "tool", "name": chr(0xD800), "content": f"error: {chr(0xDFFF)}"},
                {"role": "tool", "name": "see", "content": [{"type": "image", "image": image}]}]
    trainer = object.__new__(ConcurrentToolsGRPOTrainer)
    assert trainer._get_tool_suffix_ids(messages) == [7]
    (given,) = seen
    assert given[0] == {"role": "tool", "name": "\ufffd", "content": "error: \ufffd"}
    assert given[1]["content"][0]["image"] is image


def test_trls_reading_of_deeply_nested_tool_calls_falls_back_to_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """transformers' response parser lets ``json.loads``'s RecursionError through TRL's fallback: during
    generation the trainer reads such a completion as plain text, as TRL does any text it cannot parse."""
    from tabbench_trainers.concurrent_tools import tolerant_parse

    def deep_parse(tokenizer: Any, ids: list[int], prefix: Any = None, tools: Any = None) -> dict:
        return json.loads("[" * 5000) if ids == [666] else {"role": "assistant", "content": "parsed"}

    tokenizer = SimpleNamespace(decode=lambda ids, skip_special_tokens: f"text of {ids}")
    parse = tolerant_parse(deep_parse)
    assert parse(tokenizer, [666], prefix=[1]) == {"role": "assistant", "content": "text of [666]"}
    assert parse(tokenizer, [1]) == {"role": "assistant", "content": "parsed"}
    seen = []
    monkeypatch.setattr(grpo_module, "parse_response", deep_parse)
    monkeypatch.setattr(GRPOTrainer, "_generate", lambda self, prompts: seen.append(
        grpo_module.parse_response(tokenizer, [666])) or "generated")
    assert object.__new__(ConcurrentToolsGRPOTrainer)._generate([]) == "generated"
    assert seen == [{"role": "assistant", "content": "text of [666]"}] and grpo_module.parse_response is deep_parse
