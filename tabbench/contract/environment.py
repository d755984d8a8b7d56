"""The base class every environment plugin subclasses: the tools of one multi-turn rollout.

An environment is created once and ``reset`` per rollout with one example (TRL's ``environment_factory``
contract: construct once, reset often). ``reset`` returns the first observation, which is appended to the
example's last user message. Every public method marked ``@tool`` is a tool the model may call: typed
arguments and a Google-style docstring (TRL and transformers build the JSON schema from them), returning
the observation string the model reads next. The model ends the rollout by answering without a tool call;
that final answer is scored by the benchmark's reward plugins exactly as a single-turn completion is.

Every tool call is hostile input. ``@tool`` enforces the rollout's ``Budget`` around the method body (turns,
tool seconds, observation bytes), turns any exception into an ``error: ...`` observation, and records the
call, so one rollout's bad behaviour costs only that rollout. Tools themselves must bound their own work
(``self.call_timeout()`` seconds at most) through the host's services: ``tabbench.sql`` for queries,
``tabbench.sandbox`` for code.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, TypeVar

from tabbench.contract.modeltext import MAX_DEPTH, depth, loads, valid_json, valid_text
from tabbench.contract.types import Example

_JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array", dict: "object"}

#: Observations that start with this prefix report a failed tool call (counted as tool errors).
ERROR_PREFIX = "error:"

F = TypeVar("F", bound=Callable[..., str])


@dataclass(frozen=True)
class Budget:
    """Per-rollout limits. ``max_turns``: tool calls allowed (the model's turns are one more: the answer).
    ``tool_seconds``: wall-clock seconds all tool calls of the rollout may spend together; ``call_seconds``:
    one call at most. ``observation_bytes``: one observation is cut to this many UTF-8 bytes;
    ``total_observation_bytes``: all observations of the rollout together."""

    max_turns: int = 6
    tool_seconds: float = 30.0
    call_seconds: float = 10.0
    observation_bytes: int = 2000
    total_observation_bytes: int = 16000

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class ToolCall:
    """One call as it happened: what the model asked, what it saw, whether it failed, how long it took."""

    name: str
    arguments: dict[str, Any]
    observation: str
    error: bool
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class RolloutStats:
    """What a rollout did with its tools, for records and shaping rewards."""

    calls: list[ToolCall] = field(default_factory=list)
    tool_seconds: float = 0.0
    observation_bytes: int = 0

    @property
    def errors(self) -> int:
        return sum(call.error for call in self.calls)


def is_error_observation(text: Any) -> bool:
    """True for an observation that reports a failure: ours (``error: ...``) or TRL's (``{'error': ...}``)."""
    text = str(text).lstrip()
    return text.startswith(ERROR_PREFIX) or text.startswith(("{'error'", '{"error"'))


def tool_error(message: str) -> str:
    """The observation of a failed tool call: ``error: message`` (counted in the tool-error rate)."""
    return f"{ERROR_PREFIX} {message}"


def cut_utf8(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` UTF-8 bytes, saying how much was cut (never a partial character)."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= limit:
        return text
    note = f"\n... [{len(data) - limit} more bytes cut]"
    keep = max(0, limit - len(note.encode()))
    return data[:keep].decode("utf-8", "ignore") + note


def tool(method: F) -> F:
    """Mark an environment method as a tool and enforce the rollout's budget around it.

    The wrapper keeps the method's name, signature and docstring (the tool schema); it refuses the call when
    the turn or time budget is spent, turns an exception into an ``error:`` observation, caps the observation
    at the byte budget and records the call in ``self.stats``. It never raises, whatever the arguments (TRL
    calls tools directly, so a raise would be a call no budget counts).
    """

    @functools.wraps(method)
    def wrapper(self: Environment, *args: Any, **kwargs: Any) -> str:
        start = time.monotonic()
        observation = self._spent()
        if observation is None:
            try:
                observation = str(method(self, *args, **kwargs))
            except Exception as exc:  # a tool body must never take the rollout (or the batch) down
                observation = f"{ERROR_PREFIX} {_describe(exc)}"
        arguments = {**{f"arg{i}": a for i, a in enumerate(args)}, **kwargs}
        return self._record(method.__name__, arguments, observation, start)

    wrapper.__tabbench_tool__ = True  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def _describe(exc: BaseException) -> str:
    """``Type: message`` on one line, cut to 300 characters, even when the exception's ``__str__`` raises."""
    try:
        message = " ".join(str(exc).split())[:300]
    except Exception:
        message = "(unprintable message)"
    return f"{type(exc).__name__}: {message}"


class Environment(ABC):
    """Subclass, set ``name``/``description``/``answer``, implement ``setup`` and add ``@tool`` methods.

    ``answer`` says what the final answer is (``sql`` or ``text``), so docs and prompts can tell the model.
    ``runs_code``: its tools run model-written code in the sandbox (a run then checks, before it generates, that
    this machine has the sandbox). ``tag_protocol`` maps plain-text tags to tools for models without a
    tool-calling chat template (the SkyRL-SQL style ``<sql>...</sql>`` -> ``<observation>``):
    ``{"sql": ("query", "sql")}`` makes ``<sql>X</sql>`` a call ``query(sql=X)``; the answer is then given in
    ``<solution>...</solution>``.
    Options arrive as keyword arguments (``-e KEY=VALUE``); ``budget`` bounds each rollout.

    Only ``reset``, ``get_reward`` and names starting with ``_`` are not tools to TRL, so every other public
    method must be a ``@tool``; helpers are private.
    """

    name: ClassVar[str]
    description: ClassVar[str] = ""
    answer: ClassVar[str] = "text"
    runs_code: ClassVar[bool] = False
    tag_protocol: ClassVar[dict[str, tuple[str, str]]] = {}
    option_defaults: ClassVar[dict[str, Any]] = {}

    def __init__(self, *, budget: Budget | None = None, **options: Any) -> None:
        from tabbench.contract.options import check_options, declared, defaults

        options = check_options(f"environment {self.name!r}", declared(self.option_defaults), options)
        self.options: dict[str, Any] = {**defaults(self.option_defaults), **options}
        self.budget = budget or Budget()
        self.stats = RolloutStats()
        self.example: Example | None = None

    def reset(self, example: Any = None, **row: Any) -> str | None:
        """Start a rollout on ``example`` (an ``Example``, its JSON, or a TRL row with an ``example`` column);
        returns the first observation, appended to the last user message."""
        self.example = _as_example(example, row)
        self.stats = RolloutStats()
        return self._setup(self.example)

    @abstractmethod
    def _setup(self, example: Example) -> str | None:
        """Prepare the rollout's state (open the database, load the table); return the first observation."""

    @classmethod
    def _accepts(cls, example: Example) -> bool:
        """Whether this environment can serve ``example`` (a benchmark it cannot serve is skipped)."""
        return True

    def _reference_calls(self, example: Example) -> list[tuple[str, dict[str, Any]]]:
        """The tool calls of a reference trajectory (the ``gold`` backend): ``[(tool, arguments), ...]``."""
        return []

    def _call_timeout(self) -> float:
        """Seconds the next call may run: the per-call limit, within what the rollout has left."""
        left = self.budget.tool_seconds - self.stats.tool_seconds
        return max(0.05, min(self.budget.call_seconds, left))

    @classmethod
    def tool_names(cls) -> list[str]:
        """The names of the tools, in definition order."""
        return [n for n, v in vars(cls).items() if getattr(v, "__tabbench_tool__", False)] + [
            n for base in cls.__mro__[1:] for n, v in vars(base).items()
            if getattr(v, "__tabbench_tool__", False) and n not in vars(cls)
        ]

    def _tools(self) -> dict[str, Callable[..., str]]:
        """Name -> bound tool method."""
        return {name: getattr(self, name) for name in self.tool_names()}

    def _spent(self) -> str | None:
        """The refusal of the next call when a budget is spent, else ``None``."""
        budget, stats = self.budget, self.stats
        if len(stats.calls) >= budget.max_turns:
            return f"{ERROR_PREFIX} turn budget spent ({budget.max_turns} tool calls); answer now"
        if stats.tool_seconds >= budget.tool_seconds:
            return f"{ERROR_PREFIX} tool time budget spent ({budget.tool_seconds:g} s); answer now"
        if stats.observation_bytes >= budget.total_observation_bytes:
            return f"{ERROR_PREFIX} observation budget spent ({budget.total_observation_bytes} bytes)"
        return None

    def _record(self, name: Any, arguments: Any, observation: str, start: float) -> str:
        """Charge one call (made, refused or failed) to the budget and record it; returns the observation the
        model reads: valid Unicode (lone surrogates replaced), cut to the bytes left. Never raises."""
        budget, stats = self.budget, self.stats
        room = min(budget.observation_bytes, max(0, budget.total_observation_bytes - stats.observation_bytes))
        observation = cut_utf8(valid_text(observation), max(room, len(ERROR_PREFIX) + 80))
        seconds = time.monotonic() - start
        stats.tool_seconds += seconds
        stats.observation_bytes += len(observation.encode("utf-8"))
        recorded = valid_json(arguments, text=str)
        stats.calls.append(ToolCall(valid_text(str(name))[:200], recorded if isinstance(recorded, dict)
                                    else {"raw": recorded}, observation, is_error_observation(observation),
                                    round(seconds, 4)))
        return observation

    def _call(self, name: Any, arguments: Any) -> str:
        """Call tool ``name`` with model-written ``arguments`` (a dict or a JSON text); never raises.

        An unknown tool or malformed arguments (not a JSON object, nested deeper than ``modeltext.MAX_DEPTH``,
        not fitting the signature) is an ``error:`` observation charged and recorded like any failed call.
        """
        start = time.monotonic()
        tools = self._tools()
        arguments, why = _checked(name, arguments, tools)
        if why is None:
            return tools[name](**arguments)
        return self._refused(name, arguments, why, start)

    def _refused(self, name: Any, arguments: Any, why: str, start: float | None = None) -> str:
        """Charge and record a call refused before any tool ran (``why`` says why): by ``_call``, or by a
        trainer's own dispatch (TRL refuses unknown tools and arguments that are not an object itself)."""
        return self._record(name, arguments, self._spent() or f"{ERROR_PREFIX} {why}",
                            time.monotonic() if start is None else start)


def _checked(name: Any, arguments: Any, tools: dict[str, Callable[..., str]]) -> tuple[Any, str | None]:
    """The call's arguments as a dict, and why the call is refused (``None``: it may run)."""
    if isinstance(arguments, str | bytes):
        try:
            arguments = loads(arguments) if arguments.strip() else {}
        except ValueError as exc:
            return {"raw": arguments[:1000]}, f"arguments are not JSON ({_describe(exc)})"
    if not isinstance(arguments, dict):
        return {"raw": arguments}, "arguments must be a JSON object"
    if depth(arguments) > MAX_DEPTH:
        return arguments, f"arguments nested deeper than {MAX_DEPTH} levels"
    if not isinstance(name, str) or name not in tools:
        return arguments, f"unknown tool {valid_text(str(name))[:80]!r}; tools: {', '.join(tools)}"
    try:
        inspect.signature(tools[name]).bind(**arguments)
    except TypeError as exc:
        return arguments, f"bad arguments for {name}: {_describe(exc)}"
    return arguments, None


def _as_example(example: Any, row: dict[str, Any]) -> Example:
    value = example if example is not None else row.get("example")
    if isinstance(value, Example):
        return value
    if isinstance(value, str):
        value = json.loads(value)
    if isinstance(value, dict):
        return Example.from_json(value)
    from tabbench.contract.errors import DataError

    raise DataError("environment reset: no example (pass example=Example, or a row with an 'example' column)")


# --- tool schemas and reference trajectories ------------------------------------------------------------


def tool_schema(method: Callable[..., Any]) -> dict[str, Any]:
    """The JSON schema of a tool from its signature and Google-style docstring (TRL's and OpenAI's format)."""
    doc = inspect.getdoc(method) or ""
    summary = doc.split("\n\n")[0].replace("\n", " ").strip()
    described = dict(re.findall(r"^\s+(\w+)(?: \([^)]*\))?: (.+)$", doc.split("Args:")[-1].split("Returns:")[0], re.M)
                     ) if "Args:" in doc else {}
    properties: dict[str, Any] = {}
    required = []
    hints = inspect.get_annotations(method, eval_str=True)
    for name, parameter in inspect.signature(method).parameters.items():
        if name == "self":
            continue
        properties[name] = {"type": _JSON_TYPES.get(hints.get(name, str), "string"),
                            "description": described.get(name, "")}
        if parameter.default is inspect.Parameter.empty:
            required.append(name)
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    return {"type": "function", "function": {"name": method.__name__, "description": summary,
                                             "parameters": parameters}}


def tool_schemas(env: Environment) -> list[dict[str, Any]]:
    return [tool_schema(getattr(type(env), name)) for name in env.tool_names()]


def reference_turns(env: Environment, example: Example, gold_completion: str) -> tuple[dict[str, Any], ...]:
    """The gold trajectory's assistant turns: the environment's reference calls, one per turn, then the gold
    answer (what the ``gold`` backend replays)."""
    from tabbench.contract.toolcalls import call_message

    calls = env._reference_calls(example)
    return (*(call_message(name, args) for name, args in calls), {"role": "assistant", "content": gold_completion})


def reference_trajectory(env: Environment, example: Example, gold_completion: str) -> tuple[str | None, list[dict]]:
    """The first observation and the whole gold rollout (calls, the observations they really produce, the
    answer): the rows of an SFT cold start for multi-turn training."""
    turns = reference_turns(env, example, gold_completion)
    first = env.reset(example=example)
    messages: list[dict[str, Any]] = []
    for turn in turns:
        messages.append(dict(turn))
        for call in turn.get("tool_calls", []):
            function = call["function"]
            messages.append({"role": "tool", "name": function["name"],
                             "content": env._call(function["name"], function["arguments"])})
    return first, messages
