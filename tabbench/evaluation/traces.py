"""Chain-of-thought traces written by a teacher model from the gold SQL, kept only when they end in a query that
executes to the gold result: the sparks seed's (Stoisser et al., 2025) clause-level supervision for
``tabbench train sft --target trace``.

The teacher sees what the student will see (the benchmark's own prompt: schema and question) plus the gold
query, and is asked to reason clause by clause (tables and joins, filters, grouping, the returned columns,
order and limit) as if discovering the query, inside ``<think>...</think>``, then to give the final query in a
```` ```sql ```` block. A trace is accepted when the benchmark's primary metric (its execution reward) scores
the trace 1.0, the same check evaluation applies, so a teacher that drifts from the gold is filtered out, and
when its reasoning comes first: a non-empty ``<think>`` block closed before the final query. Without that check
a small teacher passes by copying the gold query with a sentence after it (SmolLM2-135M did so for 201 of 300
Spider questions): an answer, not a trace. Such a candidate's status is ``no_reasoning``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench.contract.backend import GenerationParams, GenerationRequest, ModelBackend
from tabbench.contract.benchmark import Benchmark, read_jsonl
from tabbench.contract.errors import DataError
from tabbench.contract.reward import score_batch
from tabbench.contract.types import Example, Message
from tabbench.host.metrics import metric_rewards

TEACHER_INSTRUCTION = (
    "Below is a text-to-SQL task and the correct answer to it. Write the reasoning that leads to that answer, "
    "as a careful analyst would think it through without knowing the answer yet. Go clause by clause: which "
    "tables hold the needed facts and how they join (FROM/JOIN), which rows to keep (WHERE), whether to "
    "group and filter groups (GROUP BY/HAVING), what to return and any aggregates (SELECT), and the order and "
    "limit (ORDER BY/LIMIT); name the columns and values you use from the schema and the question. Do not "
    "say that you were given the answer. Put the reasoning inside <think> and </think>, then give the final "
    "query in a ```sql code block."
)


NO_REASONING = "no_reasoning"
_THINK = re.compile(r"<think>(.*?)</think>", re.DOTALL)


def reasons_first(text: str) -> bool:
    """A non-empty ``<think>...</think>`` block that closes before the last ```` ```sql ```` block (or, with no
    block, before the text ends)."""
    found = _THINK.search(text)
    if found is None or not found.group(1).strip():
        return False
    last_block = text.rfind("```sql")
    return last_block == -1 or found.end() <= last_block


@dataclass(frozen=True)
class TraceOutcome:
    """One example's synthesis: the accepted trace (``None`` when none passed) and what the candidates scored."""

    example_id: str
    trace: str | None
    candidates: int
    statuses: tuple[str, ...]

    def to_json(self, benchmark: str) -> dict[str, Any]:
        return {"benchmark": benchmark, "id": self.example_id, "trace": self.trace, "candidates": self.candidates,
                "statuses": list(self.statuses)}


def teacher_messages(benchmark: Benchmark, example: Example) -> list[Message]:
    """The student's prompt, folded into one user turn, with the gold query and the instruction appended."""
    student = "\n\n".join(f"[{m['role']}]\n{m['content']}" for m in benchmark.prompt(example))
    user = f"{TEACHER_INSTRUCTION}\n\n### Task\n{student}\n\n### Correct query\n```sql\n{example.gold}\n```"
    return [{"role": "user", "content": user}]


def synthesize(
    benchmark: Benchmark, examples: Sequence[Example], teacher: ModelBackend, params: GenerationParams,
    batch_size: int = 16,
) -> Iterator[TraceOutcome]:
    """Ask ``teacher`` for ``params.n`` traces per example with a gold query; keep the first that reasons first
    and that the benchmark's primary metric scores 1.0."""
    reward = metric_rewards(benchmark)[benchmark.primary_metric]
    usable = [e for e in examples if e.gold]
    for start in range(0, len(usable), batch_size):
        chunk = usable[start:start + batch_size]
        requests = [GenerationRequest(teacher_messages(benchmark, e), e, benchmark.name, benchmark.gold_completion(e))
                    for e in chunk]
        outputs = teacher.generate(requests, params)
        items = [(e, c) for e, outs in zip(chunk, outputs, strict=True) for c in outs]
        scores = iter(score_batch(reward, items))
        for example, outs in zip(chunk, outputs, strict=True):
            verdicts = [next(scores) for _ in outs]
            statuses = tuple(NO_REASONING if s.value == 1.0 and not reasons_first(c) else s.status.value
                             for c, s in zip(outs, verdicts, strict=True))
            accepted = next((c for c, s, st in zip(outs, verdicts, statuses, strict=True)
                             if s.value == 1.0 and st != NO_REASONING), None)
            yield TraceOutcome(example.id, accepted, len(outs), statuses)


def read_traces(path: Path) -> dict[tuple[str, str], str]:
    """Accepted traces of a ``tabbench synthesize traces`` file, keyed by (benchmark, example id)."""
    traces: dict[tuple[str, str], str] = {}
    for number, row in read_jsonl(path, "traces"):
        try:
            key, trace = (str(row["benchmark"]), str(row["id"])), row["trace"]
        except KeyError as exc:
            raise DataError(f"{path}:{number}: expected {{\"benchmark\", \"id\", \"trace\"}} JSON ({exc})") from None
        if trace is not None and not isinstance(trace, str):
            raise DataError(f"{path}:{number}: 'trace' must be a string or null")
        if trace:
            traces[key] = trace
    return traces
