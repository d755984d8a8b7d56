"""Concurrent tool calls for ``tabbench train grpo --env``: one turn's calls of all rollouts run at once.

TRL 1.16's ``GRPOTrainer._tool_call_loop`` runs a turn's tool calls rollout after rollout on its own thread, so
8 rollouts each waiting 0.5 s on a query cost 4 s a turn. ``ConcurrentToolsGRPOTrainer`` keeps TRL's loop and
only swaps the per-rollout sync tool dicts it reads (``self._sync_tool_dicts``) for ``TurnPrefetch`` wrappers
while the loop runs. The first wrapper called in a turn finds every rollout whose last message is an assistant
message with tool calls it has not seen yet (TRL appends each rollout's new turn to ``completions`` in place)
and starts, per rollout, one worker task that runs that rollout's calls of known sync tools in order (so an
environment's state, e.g. the python environment's cells, sees the calls as TRL would make them); all
rollouts' tasks run at once in a thread pool. TRL then makes its calls in its own order, and each wrapper
returns (or raises) the outcome of its own call, matched by tool name and argument values. Unknown tools, async
tools and malformed calls are never prefetched, so TRL handles them exactly as before, and a call that
matches nothing (none in practice) runs directly once its rollout's task is done. A call TRL refuses itself
(unknown tool, arguments that are not an object) is still charged, in its place in the turn, to the rollout's
environment budget (``Environment._refused``), as ``tabbench eval --env`` charges it: the turn budget counts
every call the policy makes. Whatever the policy writes, the trainer does not crash on it: completions TRL's
parser cannot read (JSON nested too deep included) are plain text, and tool results reach the tokenizer as
valid Unicode.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from trl import GRPOTrainer
from trl.trainer import grpo_trainer

from tabbench import Environment, run_in_context
from tabbench.evaluation.agent import model_view, tool_threads

ToolDict = dict[str, Callable[..., Any]]


@dataclass
class _Pending:
    """One prefetched call: its tool and arguments, its rollout task and its place in that task's outcomes."""

    name: str
    arguments: dict[str, Any]
    task: Future
    position: int


def _run_in_order(calls: list[tuple[Callable[..., Any], dict[str, Any]]]) -> list[tuple[bool, Any]]:
    """One rollout's calls of a turn, in order: ``(True, result)`` or ``(False, exception)`` each. A
    ``BaseException`` (not counted by TRL as a failed call) stops the task there, as it stops TRL's loop."""
    outcomes: list[tuple[bool, Any]] = []
    for function, arguments in calls:
        try:
            outcomes.append((True, function(**arguments)))
        except BaseException as exc:
            outcomes.append((False, exc))
            if not isinstance(exc, Exception):
                break
    return outcomes


class TurnPrefetch:
    """Wrappers for ``tool_dicts`` (one dict per rollout) that run each turn's calls of all rollouts at once.

    ``completions`` is the list TRL's loop extends in place; ``wrapped`` holds the dicts to hand TRL. Wrappers
    are called from TRL's loop thread only; tools run on ``pool``'s threads, never two of one rollout at once.
    """

    def __init__(self, tool_dicts: list[ToolDict], completions: list[list[dict[str, Any]]],
                 pool: ThreadPoolExecutor) -> None:
        self._tool_dicts = tool_dicts
        self._completions = completions
        self._pool = pool
        self._seen: list[Any] = [None] * len(tool_dicts)  # per rollout: the assistant message last prefetched
        self._pending: list[list[_Pending]] = [[] for _ in tool_dicts]
        self._tasks: list[Future] = []
        self.wrapped: list[ToolDict] = [{name: self._wrapper(i, name) for name in tools}
                                        for i, tools in enumerate(tool_dicts)]

    def _wrapper(self, rollout: int, name: str) -> Callable[..., Any]:
        def call(**arguments: Any) -> Any:
            return self._call(rollout, name, arguments)

        return functools.wraps(self._tool_dicts[rollout][name])(call)  # TRL's TypeError messages name the tool

    def _call(self, rollout: int, name: str, arguments: dict[str, Any]) -> Any:
        self._prefetch()
        pending = self._pending[rollout]
        match = next((p for p in pending if p.name == name and _same_arguments(p.arguments, arguments)), None)
        if match is None:  # not a call seen in the transcript: run it directly, after its rollout's task
            wait([p.task for p in pending])
            return self._tool_dicts[rollout][name](**arguments)
        pending.remove(match)
        ok, value = match.task.result()[match.position]
        if not ok:
            raise value
        return value

    def _prefetch(self) -> None:
        """Start a task for every rollout with a new assistant turn that calls known sync tools."""
        for rollout, messages in enumerate(self._completions):
            last = messages[-1] if messages else None
            if (not isinstance(last, dict) or last is self._seen[rollout]
                    or last.get("role", "assistant") != "assistant" or not last.get("tool_calls")):
                continue
            self._seen[rollout] = last
            tools = self._tool_dicts[rollout]
            environment = _environment(tools)
            work: list[tuple[Callable[..., Any], dict[str, Any]]] = []
            known: list[tuple[str, dict[str, Any], int]] = []
            for call in last["tool_calls"] if isinstance(last["tool_calls"], list) else []:
                found = _known_call(call, tools)
                if found is not None:
                    known.append((*found, len(work)))
                    work.append((tools[found[0]], found[1]))
                elif environment is not None:  # TRL refuses it without a tool running: charge its budget
                    work.append((functools.partial(environment._refused, *_refusal(call)), {}))
            if not work:
                continue
            task = self._pool.submit(run_in_context(_run_in_order), work)  # the training run's settings and store
            self._tasks.append(task)
            self._pending[rollout] += [_Pending(name, arguments, task, k) for name, arguments, k in known]

    def drain(self) -> None:
        """Wait for every task started (none outlives TRL's loop, even when the loop raised)."""
        wait(self._tasks)


def _same_arguments(seen: dict[str, Any], given: dict[str, Any]) -> bool:
    """Whether ``given`` unpacks ``seen``: TRL passes the transcript's values themselves (``**arguments``), so
    they are compared by identity (a NaN argument still matches, an equal-looking one elsewhere does not)."""
    return seen.keys() == given.keys() and all(seen[key] is given[key] for key in seen)


def tolerant_parse(parse: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """TRL's ``parse_response`` with TRL's own fallback (the text as plain content) for a ``RecursionError`` too."""

    @functools.wraps(parse)
    def tolerant(tokenizer: Any, ids: list[int], *args: Any, **kwargs: Any) -> dict[str, Any]:
        try:
            return parse(tokenizer, ids, *args, **kwargs)
        except RecursionError:
            return {"role": "assistant", "content": tokenizer.decode(ids, skip_special_tokens=True)}

    return tolerant


def _environment(tools: ToolDict) -> Environment | None:
    """The environment whose bound methods ``tools`` holds (TRL's ``environment_factory``), if any."""
    owners = (getattr(function, "__self__", None) for function in tools.values())
    return next((owner for owner in owners if isinstance(owner, Environment)), None)


def _refusal(call: Any) -> tuple[Any, Any, str]:
    """``(name, arguments, why)`` of a call TRL refuses itself (unknown tool, arguments not an object, ...)."""
    function = call.get("function") if isinstance(call, dict) else None
    if not isinstance(function, dict):
        return "", call, "not a function call"
    name, arguments = function.get("name"), function.get("arguments")
    if not isinstance(arguments, dict) or not all(isinstance(key, str) for key in arguments):
        return name, arguments, "arguments must be a JSON object"
    return name, arguments, f"unknown tool {str(name)[:80]!r}"


def _known_call(call: Any, tools: ToolDict) -> tuple[str, dict[str, Any]] | None:
    """``(name, arguments)`` of a call TRL will make through ``tools`` (a function call of a sync tool with a
    dict of keyword arguments), else ``None``: TRL handles it alone."""
    if not isinstance(call, dict) or call.get("type") != "function" or not isinstance(call.get("function"), dict):
        return None
    name, arguments = call["function"].get("name"), call["function"].get("arguments")
    if not isinstance(name, str) or name not in tools or not isinstance(arguments, dict):
        return None
    if not all(isinstance(key, str) for key in arguments):
        return None
    return name, arguments


class ConcurrentToolsGRPOTrainer(GRPOTrainer):
    """TRL's ``GRPOTrainer`` whose tool-calling turns run all rollouts' sync tool calls concurrently
    (``TurnPrefetch``); results, exceptions and TRL's failure counts are the sequential loop's. Tool results are
    tokenized as valid Unicode (``model_view``)."""

    def _generate(self, prompts):  # type: ignore[override]
        """TRL's generation, its reading of the policy's text made total: transformers' response parser catches
        only ``ValueError`` from ``json.loads``, so tool-call JSON nested thousands deep raised ``RecursionError``
        through TRL's fallback (which catches ``ValueError`` and ``TypeError``) and ended training."""
        parse = grpo_trainer.parse_response
        grpo_trainer.parse_response = tolerant_parse(parse)
        try:
            return super()._generate(prompts)
        finally:
            grpo_trainer.parse_response = parse

    def _get_tool_suffix_ids(self, tool_messages):  # type: ignore[override]
        """TRL's tokenization of a turn's tool results, given valid Unicode: the tool message of a call TRL refuses
        carries the policy's tool name, which TRL renders into the text it tokenizes and which may hold a lone
        surrogate the tokenizer cannot take."""
        return super()._get_tool_suffix_ids(model_view(tool_messages))

    def _tool_call_loop(self, prompts, prompt_ids, completion_ids, completions, logprobs, images,  # type: ignore[override]
                        multimodal_fields):
        originals = self._sync_tool_dicts
        # a thread pool per step (all its turns), shut down with it: no thread outlives training
        with ThreadPoolExecutor(max_workers=tool_threads(len(originals)), thread_name_prefix="tabbench-tools") as pool:
            prefetch = TurnPrefetch(originals, completions, pool)
            self._sync_tool_dicts = prefetch.wrapped
            try:
                return super()._tool_call_loop(prompts, prompt_ids, completion_ids, completions, logprobs, images,
                                               multimodal_fields)
            finally:
                self._sync_tool_dicts = originals
                prefetch.drain()
