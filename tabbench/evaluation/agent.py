"""The multi-turn loop of ``tabbench eval --env``: think, call a tool, observe, ... answer.

Per example: an environment is ``reset`` with it (its first observation is appended to the last user
message, as TRL does), then the model takes up to ``max_turns`` tool-calling turns and a final answering
turn. The final answer (the last assistant message without a tool call) is what the benchmark's reward
plugins score, exactly as a single-turn completion. The record keeps the whole transcript.

Two protocols:

- ``tools``: the backend renders the tool schemas with the model's chat template and returns assistant
  messages with ``tool_calls`` (``generate_turns``; hf, vllm, openai, gold, predictions implement it);
- ``tags``: for models without a tool-calling template, the SkyRL-SQL plain-text protocol through the
  ordinary ``generations``: ``<sql>...</sql>`` (the environment's ``tag_protocol``) is a call, the result comes
  back as ``<observation>...</observation>``, the answer is given in ``<solution>...</solution>``.

``auto`` picks ``tools`` when the backend has ``generate_turns`` and ``supports_tools()`` says its template
renders tool calls. Budgets (turns, tool seconds, observation bytes) are the environment's: ``--max-turns`` and
the budget options of ``tabbench.cli.options`` give every rollout's ``Budget``.

A turn the backend refuses because the conversation no longer fits the model's context (``generate_turns`` returns
that ``Generation``, ``tabbench.prompt_too_long``'s, in place of the message) ends that rollout alone: its record
has status ``prompt_too_long`` (scored as wrong, as a single-turn prompt too long), the transcript so far and why it
stopped; the other rollouts go on. What each turn spent (a reply's ``usage``, a ``tabbench.Usage``) is summed into
the record's ``usage``: every turn's prompt is read again, as a server bills it.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from tabbench.contract.backend import Generation, GenerationParams, GenerationRequest, ModelBackend
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.environment import Budget, Environment, reference_turns, tool_schemas
from tabbench.contract.errors import UsageError
from tabbench.contract.modeltext import MAX_DEPTH, valid_json
from tabbench.contract.settings import run_in_context
from tabbench.contract.toolcalls import TurnRequest, call_message
from tabbench.contract.types import Message, SampleRecord
from tabbench.contract.usage import Usage, total_usage

PROTOCOLS = ("auto", "tools", "tags")


@dataclass
class Rollout:
    """One example's multi-turn run: the final answer and the transcript the record keeps; what each turn spent
    (``turns``: ``None`` for a turn whose backend did not count it); ``refused``, a turn the backend refused (the
    conversation outgrew the model's context), which ends the rollout there."""

    answer: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    stop: str = "answer"
    turns: list[Usage | None] = field(default_factory=list)
    refused: Generation | None = None

    def generation(self) -> Generation:
        """What the record is made from: the final answer as the one completion, or the refusal (scored as wrong,
        its details kept), with every turn's tokens summed (``tabbench.total_usage``)."""
        usage = total_usage(self.turns)
        if self.refused is not None:
            return Generation([], self.refused.status, dict(self.refused.details), usage)
        return Generation([self.answer], None, {}, usage)

    def transcript(self, env: Environment, protocol: str) -> dict[str, Any]:
        calls = env.stats.calls
        return {
            "protocol": protocol, "environment": env.name, "messages": self.messages,
            "turns": sum(1 for m in self.messages if m.get("role") == "assistant"),
            "tool_calls": len(calls), "tool_errors": sum(c.error for c in calls),
            "tool_seconds": round(env.stats.tool_seconds, 4), "stop": self.stop,
        }


# --- tool schemas, reference trajectories, tag protocol ---------------------------------------------------


def tag_instructions(env: Environment) -> str:
    tags = ", ".join(f"<{tag}>{arg}</{tag}> runs {tool}" for tag, (tool, arg) in env.tag_protocol.items())
    return (f"\n\nTools: {tags}; its result comes back as <observation>...</observation>. "
            "Give your final answer as <solution>...</solution>.")


def parse_tags(env: Environment, text: str) -> dict[str, Any]:
    """An assistant message from tag-protocol text: the first tool tag is a call; ``<solution>`` the answer."""
    first: tuple[int, str, str, str] | None = None
    for tag, (tool, arg) in env.tag_protocol.items():
        match = re.search(rf"<{tag}>(.*?)(?:</{tag}>|$)", text, re.S)
        if match and (first is None or match.start() < first[0]):
            first = (match.start(), tool, arg, match.group(1).strip())
    solution = re.search(r"<solution>(.*?)(?:</solution>|$)", text, re.S)
    if first is not None and (solution is None or first[0] < solution.start()):
        return call_message(first[1], {first[2]: first[3]}, text)
    return {"role": "assistant", "content": text, "answer": solution.group(1).strip() if solution else text}


# --- the loop ---------------------------------------------------------------------------------------------


def choose_protocol(backend: ModelBackend, protocol: str) -> str:
    has_turns = callable(getattr(backend, "generate_turns", None))
    if protocol == "tools" and not has_turns:
        raise UsageError(f"--protocol tools: model backend {backend.name!r} cannot return tool calls; use tags")
    if protocol != "auto":
        return protocol
    supports = getattr(backend, "supports_tools", None)
    return "tools" if has_turns and (supports is None or supports()) else "tags"


def _first_messages(messages: Sequence[Message], observation: str | None, extra: str) -> list[dict[str, Any]]:
    out = copy.deepcopy(list(messages))
    text = (observation or "") + extra
    if text and out:
        out[-1] = {**out[-1], "content": str(out[-1].get("content", "")) + text}
    return out


def run_rollouts(
    backend: ModelBackend, benchmark: Benchmark, envs: Sequence[Environment], requests: Sequence[GenerationRequest],
    params: GenerationParams, max_turns: int, protocol: str,
) -> list[Rollout]:
    """Run one rollout per request (its environment in ``envs``), all turns batched across examples."""
    conversations, references, rollouts = [], [], []
    active = []
    for i, (env, request) in enumerate(zip(envs, requests, strict=True)):
        rollouts.append(Rollout(answer=""))
        try:
            references.append(reference_turns(env, request.example, request.gold_completion)
                              if request.gold_completion else ())
            observation = env.reset(example=request.example)
            active.append(i)
        except Exception as exc:  # this example's environment cannot start: it costs this rollout only
            observation, rollouts[i].stop = None, f"env_error: {type(exc).__name__}: {exc}"[:300]
            references.append(())
        extra = tag_instructions(env) if protocol == "tags" else ""
        conversations.append(_first_messages(request.messages, observation, extra))
    prompt_lengths = [len(c) for c in conversations]
    tag_stops = {f"</{tag}>" for env in envs for tag in env.tag_protocol} | {"</solution>", *params.stop}
    tag_params = replace(params, n=1, stop=tuple(sorted(tag_stops)))
    for turn in range(max_turns + 1):
        if not active:
            break
        if protocol == "tools":
            turn_requests = [TurnRequest(model_view(conversations[i]), tool_schemas(envs[i]), requests[i].example,
                                         benchmark.name, turn, references[i]) for i in active]
            replies = backend.generate_turns(turn_requests, replace(params, n=1))  # type: ignore[attr-defined]
        else:
            made = backend.generations([replace(requests[i], messages=model_view(conversations[i])) for i in active],
                                       tag_params)
            replies = [g if g.status is not None else {**parse_tags(envs[i], g.completions[0] if g.completions else ""),
                                                      "usage": g.usage} for i, g in zip(active, made, strict=True)]
        still = []
        for i, reply in zip(active, replies, strict=True):
            if isinstance(reply, Generation):  # refused: the conversation no longer fits the model's context
                rollouts[i].refused, rollouts[i].stop = reply, str(reply.status)
                continue
            usage = reply.pop("usage", None) if isinstance(reply, dict) else None
            rollouts[i].turns.append(usage if isinstance(usage, Usage) else None)
            reply = _bounded(reply)
            answer = reply.pop("answer", None)
            conversations[i].append(reply)
            if not reply.get("tool_calls"):
                rollouts[i].answer = answer if answer is not None else str(reply.get("content") or "")
            elif turn == max_turns:
                rollouts[i].stop = "turn_limit"
            else:
                still.append(i)
        # The calls of different rollouts run concurrently (each rollout's own calls in order) in threads that
        # wait on sandbox processes or SQL workers; an environment serialises what its service cannot share.
        with ThreadPoolExecutor(max_workers=tool_threads(len(still))) as pool:
            calls = run_in_context(lambda i: _run_calls(envs[i], conversations[i][-1]["tool_calls"]))
            observed = list(pool.map(calls, still))  # in the run's context: its settings and result store
        for i, results in zip(still, observed, strict=True):
            for name, observation in results:
                if protocol == "tools":
                    conversations[i].append({"role": "tool", "name": name, "content": observation})
                else:
                    conversations[i].append({"role": "user", "content": f"<observation>{observation}</observation>"})
        active = still
    for i, rollout in enumerate(rollouts):
        rollout.messages = conversations[i][prompt_lengths[i]:]
    return rollouts


def model_view(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Messages as a tokenizer or a server is given them: lone surrogates (which the model's own JSON escapes
    can put in its tool calls) replaced by U+FFFD, since tokenizers and servers refuse them, nesting capped
    (``eval --env`` backends; TRL's tokenization of tool results). The transcript keeps what was written
    (records escape it). Values that are not JSON (an image a tool returned) are passed on as they are."""
    return valid_json(messages, other=lambda value: value)


def _bounded(reply: Any) -> dict[str, Any]:
    """A backend's reply as a JSON-safe assistant message whose text is kept as written, nesting capped so
    arguments deeper than ``MAX_DEPTH`` stay deeper (the environment refuses them) but no deeper than any JSON
    encoder or the record writer can take."""
    message = valid_json(reply, text=str, limit=MAX_DEPTH + 8)
    return message if isinstance(message, dict) else {"role": "assistant", "content": str(message)}


def transcript_json(messages: Any) -> str:
    """A rollout's messages as the JSON text that transcript (shaping) rewards read; never raises (``tabbench
    train grpo --env``, where TRL hands over tool calls with whatever arguments the policy wrote)."""
    if not isinstance(messages, list):
        messages = [{"role": "assistant", "content": str(messages)}]
    return json.dumps(valid_json(messages, text=str, limit=MAX_DEPTH + 8))


def tool_threads(rollouts: int) -> int:
    """Threads for one turn's tool calls of ``rollouts`` rollouts (``tabbench eval --env`` and ``train grpo --env``):
    one per rollout, at most one per SQL worker (``configured_workers()``; no cap when SQL runs in this process). More
    would only queue inside the pool, each wait taken from its call's own time budget; a rollout beyond the cap
    waits for a thread instead, before its call's clock starts."""
    from tabbench.sql import configured_workers

    workers = configured_workers()
    return max(1, min(rollouts, workers) if workers else rollouts)


def _run_calls(env: Environment, calls: Sequence[Any]) -> list[tuple[str, str]]:
    """One rollout's tool calls of a turn, in order: (tool name, observation) each; never raises."""
    results = []
    for call in calls if isinstance(calls, list) else [calls]:
        function = call.get("function", {}) if isinstance(call, dict) else {}
        name = str(function.get("name", "")) if isinstance(function, dict) else ""
        arguments = function.get("arguments", {}) if isinstance(function, dict) else function
        results.append((name, env._call(name, arguments)))
    return results


class AgentCompleter:
    """The runner's ``Completer`` for ``--env``: one rollout per request; the final answer is the completion.

    ``transcripts`` maps example id to the transcript of its rollout, for the record.
    """

    def __init__(self, backend: ModelBackend, env_factory: Callable[[], Environment], params: GenerationParams,
                 max_turns: int, protocol: str) -> None:
        self.backend, self.env_factory, self.params = backend, env_factory, params
        self.max_turns = max_turns
        self.protocol = choose_protocol(backend, protocol)
        self.transcripts: dict[str, dict[str, Any]] = {}
        self.generated = 0
        self.from_cache = 0
        self.generation_seconds = 0.0

    def __call__(self, benchmark: Benchmark, requests: Sequence[GenerationRequest]) -> list[Generation]:
        import time

        start = time.perf_counter()
        envs = [self.env_factory() for _ in requests]
        rollouts = run_rollouts(self.backend, benchmark, envs, requests, self.params, self.max_turns, self.protocol)
        self.generation_seconds += time.perf_counter() - start
        self.generated += len(requests)
        for request, env, rollout in zip(requests, envs, rollouts, strict=True):
            self.transcripts[request.example.id] = rollout.transcript(env, self.protocol)
        return [rollout.generation() for rollout in rollouts]


def serves(factory: Callable[[], Environment], benchmark: Benchmark, split: str | None) -> bool:
    """Whether the environment can serve the benchmark (judged on its first example)."""
    first = next(iter(benchmark.examples(benchmark.check_split(split))), None)
    return first is not None and type(factory())._accepts(first)


def environment_factory(name: str, budget: Budget, options: dict[str, Any]) -> Callable[[], Environment]:
    """A factory of environment ``name`` whose rollouts each get ``budget`` (options checked now)."""
    from tabbench.host.lookup import environment_class

    cls = environment_class(name)
    cls(budget=budget, **options)  # unknown options fail before any generation

    def make() -> Environment:
        return cls(budget=budget, **options)

    return make


def agent_summary(records: Sequence[SampleRecord]) -> dict[str, Any]:
    """Mean turns, tool-error rate (failed calls / calls) and turn-limit rate over records with transcripts."""
    transcripts = [r.transcript for r in records if getattr(r, "transcript", None)]
    if not transcripts:
        return {"n": 0}
    calls = sum(t["tool_calls"] for t in transcripts)
    errors = sum(t["tool_errors"] for t in transcripts)
    return {
        "n": len(transcripts),
        "mean_turns": sum(t["turns"] for t in transcripts) / len(transcripts),
        "mean_tool_calls": calls / len(transcripts),
        "tool_error_rate": errors / calls if calls else 0.0,
        "turn_limit_rate": sum(t["stop"] == "turn_limit" for t in transcripts) / len(transcripts),
    }

