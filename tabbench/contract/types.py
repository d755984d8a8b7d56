"""The core records that flow between benchmarks, backends, rewards and the run store.

Everything here is plain data: picklable (rewards run in worker processes and inside TRL), and convertible
to JSON (records are written as JSON lines). Plugins build and read these; only the host creates
``SampleRecord`` and ``RunResult``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """Why a score has its value: one taxonomy for every metric and every reward.

    Counts of each status are reported next to every metric, so a score of 0 caused by unparseable output
    is never confused with a wrong answer.
    """

    MATCH = "match"  # the prediction is judged correct
    MISMATCH = "mismatch"  # valid prediction, wrong answer
    PARTIAL = "partial"  # graded credit between wrong and right (ROUGE-L, F1, similarity)
    EMPTY_BOTH = "empty_both"  # prediction and gold both produce an empty result (counted as a match by BIRD)
    PARSE_FAIL = "parse_fail"  # no answer could be extracted from the completion
    FORMAT_ERROR = "format_error"  # the completion breaks the required output format (tags, blocks)
    NO_SQL = "no_sql"  # a SQL answer was expected and the completion holds none
    EXEC_ERROR = "exec_error"  # the predicted SQL or code failed to run
    TIMEOUT = "timeout"  # the prediction ran past its time or step budget
    FORBIDDEN = "forbidden"  # the prediction tried something the sandbox refuses (writes, ATTACH, ...)
    GOLD_ERROR = "gold_error"  # the reference itself failed: the sample is not applicable (value None)
    GOLD_TIMEOUT = "gold_timeout"  # the reference ran past its budget: not applicable (value None)
    NOT_APPLICABLE = "not_applicable"  # the metric does not apply to this example (a text metric on a chart task)
    JUDGE_ERROR = "judge_error"  # an LLM judge gave no usable verdict
    REWARD_ERROR = "reward_error"  # the reward plugin itself failed on this sample (a bug to report)
    PROMPT_TOO_LONG = "prompt_too_long"  # the prompt does not fit the model's context: nothing generated, wrong

    @property
    def not_applicable(self) -> bool:
        """True when the sample is excluded rather than scored (gold failed, or the metric does not apply)."""
        return self in (Status.GOLD_ERROR, Status.GOLD_TIMEOUT, Status.NOT_APPLICABLE)


@dataclass(frozen=True)
class Score:
    """One reward's verdict on one completion.

    ``value`` is ``None`` only when the sample is not applicable (the gold side failed); otherwise it is a
    float on the reward's documented scale. ``details`` is JSON-serialisable and explains the verdict
    (error message, component values). ``answer`` is the answer the reward scored, as text (the host fills it
    in from the reward's extractor when the reward leaves it ``None``).
    """

    value: float | None
    status: Status
    details: dict[str, Any] = field(default_factory=dict)
    answer: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "status": self.status.value, "details": self.details, "answer": self.answer}


@dataclass(frozen=True)
class Example:
    """One benchmark item.

    ``id`` is unique within the benchmark and split. ``gold`` is the reference answer (SQL or text) or
    ``None`` when the split has no labels. ``fields`` holds everything prompts and rewards need (database
    path, question, evidence, table, answer type); it must be JSON-serialisable because trainers pass it to
    rewards as dataset columns. ``meta`` holds the breakdown keys (difficulty, qtype) as strings.
    """

    id: str
    gold: str | None
    fields: dict[str, Any] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)
    split: str = "dev"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Example:
        return cls(**data)


Message = dict[str, str]  # {"role": "system" | "user" | "assistant", "content": str}


@dataclass(frozen=True)
class MetricSpec:
    """A metric a benchmark reports: a reward plugin by name, with its options.

    ``name`` is the key in results (e.g. ``ex``); ``reward`` the registered reward (e.g. ``bird-ex``).
    """

    name: str
    reward: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class SampleRecord:
    """One scored example, as written to ``samples/<benchmark>.jsonl``.

    ``completions`` holds every generated completion (one unless sampling several); ``answer`` is what the
    benchmark extracted from the scored completion; ``score`` is the primary metric's value and ``scores``
    every metric's full ``Score``. ``transcript`` holds a multi-turn rollout (``tabbench eval --env``): its
    messages (tool calls and observations as the model saw them), turns, tool calls and errors, and why it
    stopped; ``None`` for single-turn samples. ``sample_scores`` holds, when several completions were sampled,
    the primary metric's value of each, in order (pass@k); ``None`` otherwise.

    ``answers`` holds every completion's answer under each extractor's name (the benchmark's and every metric
    reward's: ``{"sql": ["SELECT ...", None, ...]}``, one per completion, in order), so a reader needs no plugin
    to show them; ``vote`` the self-consistency vote's outcome when several completions were voted on (winner,
    method, each candidate's support, the groups it counted). The prompt, question and gold are in the run's
    prompts file under ``prompt_hash`` (``tabbench.evaluation.store``). Records of results schema 3 have neither.

    ``generation`` holds what the backend said of the prompt (``tabbench.Generation.details``) when it has
    something to say: a prompt refused as too long for the model's context (``status`` ``prompt_too_long``) or
    cut from the left to fit (``truncated_tokens``), and a backend's ``finish_reasons`` (vllm, openai); absent
    otherwise. ``usage`` holds the tokens the sample spent (``tabbench.Usage.to_json``: ``prompt_tokens``,
    ``completion_tokens``, and ``reasoning_tokens`` where known; a multi-turn rollout's turns summed), as the
    backend counted them; absent where it counts none (``gold``, ``predictions``, a refused prompt).
    """

    id: str
    prompt_hash: str
    completions: list[str]
    answer: str | None
    status: str
    score: float | None
    scores: dict[str, dict[str, Any]]
    meta: dict[str, str] = field(default_factory=dict)
    transcript: dict[str, Any] | None = None
    sample_scores: list[float | None] | None = None
    answers: dict[str, list[str | None]] | None = None
    vote: dict[str, Any] | None = None
    generation: dict[str, Any] | None = None
    usage: dict[str, int] | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("generation", "usage"):
            if data[key] is None:  # records with nothing to say are as before
                del data[key]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SampleRecord:
        return cls(**data)
