"""A tabbench benchmark as an OpenEnv environment: ``tabbench serve-env BENCHMARK [--env sql|python] --port P``.

One episode is one question. ``reset`` gives the next question of the split (one order for the whole server, so
concurrent sessions get different questions), or the one ``seed`` (its index, modulo the split's size) or
``example_id`` names. Its observation carries the benchmark's chat prompt (``messages``, with the ``--env``
environment's first observation appended to the last user message, as ``tabbench eval --env`` does) and, with
``--env``, the tool schemas (``tools``).

``step`` takes a ``TabbenchAction``: ``{"tool": NAME, "arguments": {...}}`` calls a tool of the ``--env``
environment through the environment itself (its budget, its read-only SQL or sandbox; a refused or failing call is
an ``error:`` observation, never an exception); ``{"answer": TEXT}`` ends the episode and is judged by the
benchmark's reward plugins (``grading.Grader``, through the environment's ``TabbenchRubric``): ``reward`` is the
weighted sum of the ``--reward`` rewards (default: the primary metric's reward), ``status`` the primary metric's
status (what ``tabbench eval`` records) and ``verdict`` every metric's and reward's ``Score``.

Sessions live on OpenEnv's WebSocket (``EnvClient``, ``GenericEnvClient``); its HTTP ``/reset`` and ``/step`` build
a fresh environment per request, so an episode needs the WebSocket. Sessions share only the read-only catalogue of
examples and the grader (``SUPPORTS_CONCURRENT_SESSIONS``); ``max_sessions`` bounds them (OpenEnv refuses more
with ``CAPACITY_REACHED``). Every call runs under the server's ``Settings`` (SQL workers, sandbox).
"""

from __future__ import annotations

import functools
import itertools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openenv.core.env_server import Action, Environment, Observation, State
from openenv.core.env_server import create_app as create_openenv_app
from openenv.core.env_server.types import EnvironmentMetadata
from openenv.core.rubrics import Rubric
from pydantic import Field

from tabbench import __version__
from tabbench.contract.benchmark import Benchmark
from tabbench.contract.environment import Environment as ToolEnvironment
from tabbench.contract.environment import tool_error, tool_schemas
from tabbench.contract.errors import ConfigError, DataError
from tabbench.contract.settings import Settings, use_settings
from tabbench.contract.types import Example
from tabbench.evaluation.prompts import Prompter, PromptOptions
from tabbench.training.grading import Grader, Verdict


class TabbenchAction(Action):
    """The model's move: its final ``answer`` (ends the episode), or a ``tool`` call with its ``arguments``."""

    answer: str | None = Field(default=None, description="The final answer, scored by the benchmark's rewards")
    tool: str | None = Field(default=None, description="A tool of the --env environment to call")
    arguments: dict[str, Any] | str = Field(default_factory=dict, description="The tool's arguments (or JSON text)")


class TabbenchObservation(Observation):
    """What the model sees: the question (at reset), a tool's result, or the verdict on its answer."""

    benchmark: str = ""
    example_id: str | None = None
    messages: list[dict[str, Any]] = Field(default_factory=list, description="At reset: the chat prompt")
    tools: list[dict[str, Any]] = Field(default_factory=list, description="At reset: the tools' JSON schemas")
    text: str = Field(default="", description="A tool's result, or why the action was refused")
    status: str | None = Field(default=None, description="After the answer: the primary metric's status")
    verdict: dict[str, Any] = Field(default_factory=dict, description="After the answer: every metric and reward")


class TabbenchState(State):
    """The session's episode: its question, how many tool calls it made, whether it has answered."""

    benchmark: str = ""
    example_id: str | None = None
    tool_calls: int = 0
    answered: bool = False


@dataclass
class Catalogue:
    """What every session of one server shares: the examples (read once), the grader, the tools' factory and the
    settings; and the server-wide order in which ``reset`` hands out questions."""

    benchmark: Benchmark
    examples: Sequence[Example]
    grader: Grader
    tools: Callable[[], ToolEnvironment] | None = None
    settings: Settings = field(default_factory=Settings)
    prompter: Prompter | None = None
    """How each question's messages are built (``--system-prompt``, ``--few-shot``): as ``tabbench eval`` builds
    them with the same options; ``None``: the benchmark's own."""

    def __post_init__(self) -> None:
        if not self.examples:
            raise DataError(f"serve-env {self.benchmark.name}: the split has no examples")
        self.by_id = {example.id: example for example in self.examples}
        self.tools_name = self.tools().name if self.tools is not None else None
        if self.prompter is None:
            self.prompter = Prompter(self.benchmark, PromptOptions())
        self._order = itertools.count()
        self._lock = threading.Lock()

    def messages(self, example: Example) -> list[dict[str, Any]]:
        """The chat messages of ``example``, as ``tabbench eval`` sends them with the server's prompt options."""
        assert self.prompter is not None
        return self.prompter.messages(example)

    def pick(self, seed: int | None, example_id: str | None) -> Example:
        """The question ``example_id`` names, else the one at index ``seed`` (modulo the size), else the next."""
        if example_id is not None:
            if str(example_id) not in self.by_id:
                raise DataError(f"no example {str(example_id)[:80]!r} in {self.benchmark.name}")
            return self.by_id[str(example_id)]
        if seed is None:
            with self._lock:
                seed = next(self._order)
        return self.examples[seed % len(self.examples)]


class TabbenchRubric(Rubric):
    """The episode's judge: the answer of an ``answer`` action against the episode's example, through the
    ``Grader`` (reward plugins only). ``last_verdict`` keeps every metric's and reward's score."""

    def __init__(self, grader: Grader) -> None:
        super().__init__()
        self.grader = grader
        self.example: Example | None = None
        self.transcript: str | None = None
        self.last_verdict: Verdict | None = None

    def forward(self, action: Any, observation: Any) -> float | None:
        assert self.example is not None, "the environment sets the episode's example at reset"
        self.last_verdict = self.grader.grade([self.example], [action.answer or ""],
                                              None if self.transcript is None else [self.transcript])[0]
        return self.last_verdict.reward

    def reset(self) -> None:
        self.example, self.transcript, self.last_verdict = None, None, None


class TabbenchEnvironment(Environment[TabbenchAction, TabbenchObservation, TabbenchState]):
    """One session: its own episode state and tool environment; the catalogue is shared and read-only."""

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, catalogue: Catalogue) -> None:
        super().__init__(rubric=TabbenchRubric(catalogue.grader))
        self.catalogue = catalogue
        self.tools: ToolEnvironment | None = None
        self._state = TabbenchState(benchmark=catalogue.benchmark.name)

    @property
    def state(self) -> TabbenchState:
        return self._state

    def get_metadata(self) -> EnvironmentMetadata:
        bench = self.catalogue.benchmark
        tools = f", tools of the {self.catalogue.tools_name!r} environment" if self.catalogue.tools_name else ""
        return EnvironmentMetadata(
            name=f"tabbench/{bench.name}", version=__version__,
            description=f"{bench.name} ({len(self.catalogue.examples)} questions{tools}): answers judged by its "
            f"reward plugins ({', '.join(self.catalogue.grader.rewards)})")

    def _observation(self, **fields: Any) -> TabbenchObservation:
        return TabbenchObservation(benchmark=self.catalogue.benchmark.name, example_id=self._state.example_id,
                                   **fields)

    def reset(self, seed: int | None = None, episode_id: str | None = None, example_id: str | None = None,
              **kwargs: Any) -> TabbenchObservation:
        """Start an episode on the next question (or ``example_id``'s, or ``seed``'s)."""
        if kwargs:
            raise ConfigError(f"reset: unknown argument(s) {', '.join(sorted(map(str, kwargs)))[:200]}; "
                              "give seed, episode_id or example_id")
        with use_settings(self.catalogue.settings):
            example = self.catalogue.pick(seed, example_id)
            rubric: TabbenchRubric = self.rubric  # type: ignore[assignment]
            rubric.reset()
            rubric.example = example
            messages = [dict(m) for m in self.catalogue.messages(example)]
            tools: list[dict[str, Any]] = []
            if self.catalogue.tools is not None:
                self.tools = self.catalogue.tools()
                first = self.tools.reset(example=example)
                if first and messages:
                    messages[-1]["content"] = str(messages[-1].get("content", "")) + first
                tools = tool_schemas(self.tools)
        self._state = TabbenchState(episode_id=episode_id, benchmark=self.catalogue.benchmark.name,
                                    example_id=example.id)
        return self._observation(messages=messages, tools=tools)

    def step(self, action: TabbenchAction, timeout_s: float | None = None, **kwargs: Any) -> TabbenchObservation:
        """A tool call (its result) or the answer (its verdict; the episode ends). A move that cannot be made is an
        ``error:`` observation, never an exception: the session goes on."""
        state = self._state
        if state.example_id is None or state.answered:
            why = "the episode is over" if state.answered else "no question yet"
            return self._observation(text=tool_error(f"{why}: reset for the next question"), done=True)
        state.step_count += 1
        with use_settings(self.catalogue.settings):
            if action.answer is not None and action.tool is not None:
                return self._observation(text=tool_error("give an answer or a tool call, not both"))
            if action.answer is None:
                return self._call(action)
            rubric: TabbenchRubric = self.rubric  # type: ignore[assignment]
            rubric.transcript = self._transcript(action.answer) if self.tools is not None else None
            observation = self._observation(done=True)
            observation.reward = self._apply_rubric(action, observation)
        state.answered = True
        verdict = rubric.last_verdict
        assert verdict is not None
        observation.status, observation.verdict = verdict.status, verdict.to_json()
        return observation

    def _call(self, action: TabbenchAction) -> TabbenchObservation:
        if action.tool is None:
            return self._observation(text=tool_error("give an answer or a tool call"))
        if self.tools is None:
            return self._observation(text=tool_error("this server has no tools (serve it with --env sql|python)"))
        self._state.tool_calls += 1
        return self._observation(text=self.tools._call(action.tool, action.arguments))

    def _transcript(self, answer: str) -> str:
        """The episode as the JSON messages a transcript reward (``tool-errors``) reads: each call, its observation,
        then the answer."""
        from tabbench.evaluation.agent import transcript_json

        messages: list[dict[str, Any]] = []
        for call in self.tools.stats.calls if self.tools is not None else []:
            messages.append({"role": "assistant", "content": "",
                             "tool_calls": [{"type": "function",
                                             "function": {"name": call.name, "arguments": call.arguments}}]})
            messages.append({"role": "tool", "name": call.name, "content": call.observation})
        messages.append({"role": "assistant", "content": answer})
        return transcript_json(messages)


def create_app(catalogue: Catalogue, max_sessions: int) -> Any:
    """OpenEnv's FastAPI app (HTTP, WebSocket, ``/schema``, ``/metadata``, ``/health``) over ``catalogue``, at most
    ``max_sessions`` WebSocket sessions at once."""
    return create_openenv_app(functools.partial(TabbenchEnvironment, catalogue), TabbenchAction, TabbenchObservation,
                              env_name="tabbench", max_concurrent_envs=max_sessions)


def build_catalogue(benchmark: Benchmark, split: str | None = None, limit: int | None = None,
                    rewards: Sequence[Any] = (), env_name: str | None = None, budget: Any = None,
                    env_options: dict[str, Any] | None = None, settings: Settings | None = None,
                    prompt: PromptOptions | None = None) -> Catalogue:
    """What ``tabbench serve-env`` serves: the split's examples (the first ``limit``), their prompts with ``prompt``'s
    options (as ``tabbench eval`` and ``train`` build them), the grader with ``rewards`` (``grading.reward_specs``;
    default the primary metric), the tools of environment ``env_name`` (each episode within ``budget``). An
    environment that cannot serve the benchmark, too few few-shot examples, or code to run without the sandbox,
    stops here with one line, before any port opens."""
    from tabbench.evaluation.agent import environment_factory
    from tabbench.evaluation.plan import prompter, read_examples, shot_pool
    from tabbench.training.rewards import require_sandbox

    every = read_examples(benchmark, split)  # as every run reads them: no duplicate id, none empty
    examples = every[:limit]
    options = prompt or PromptOptions()
    made = prompter(benchmark, split, shot_pool(benchmark, split, every, options), options, examples)
    grader = Grader(benchmark, rewards)
    tools = None
    if env_name is not None:
        tools = environment_factory(env_name, budget, dict(env_options or {}))
        if examples and not type(tools())._accepts(examples[0]):
            raise ConfigError(f"--env {env_name}: the environment cannot serve {benchmark.name}'s examples")
    settings = settings or Settings()
    with use_settings(settings):
        require_sandbox(grader.specs, [(benchmark, e) for e in examples], tools() if tools else None, recorded=True)
    return Catalogue(benchmark, examples, grader, tools, settings, made)
