"""``tabbench synthesize traces``: the teacher prompt, acceptance by execution, the output file and its use by SFT."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tabbench
from tabbench import DataError, ModelBackend
from tabbench.contract.backend import GenerationParams
from tabbench.evaluation.traces import read_traces, synthesize, teacher_messages


def _trace(sql: str) -> str:
    return f"<think>First the tables: orders joined to products. Then the name filter.</think>\n```sql\n{sql}\n```"


class ScriptedTeacher(ModelBackend):
    """Answers each example with the completions scripted for its id (cycled to ``n``)."""

    name = "scripted-teacher"

    def __init__(self, script: dict[str, list[str]]) -> None:
        super().__init__("scripted")
        self.script = script
        self.seen: list[list[dict]] = []

    def generate(self, requests, params):
        self.seen += [r.messages for r in requests]
        return [[self.script[r.example.id][k % len(self.script[r.example.id])] for k in range(params.n)]
                for r in requests]

    def fingerprint(self):
        return {"backend": self.name}


@pytest.fixture(scope="module")
def bench():
    return tabbench.get_benchmark("demo-bird")


@pytest.fixture(scope="module")
def examples(bench):
    return list(bench.examples("train"))[:3]


def test_teacher_sees_the_student_prompt_and_the_gold(bench, examples):
    messages = teacher_messages(bench, examples[0])
    assert len(messages) == 1 and messages[0]["role"] == "user"
    content = messages[0]["content"]
    assert examples[0].gold in content and "clause by clause" in content and "<think>" in content
    assert examples[0].fields["question"] in content  # the benchmark's own prompt is inside


def test_only_traces_that_execute_to_the_gold_are_kept(bench, examples):
    first, second, third = examples
    teacher = ScriptedTeacher({
        first.id: [_trace(first.gold)],
        second.id: [_trace("SELECT 1"), _trace(second.gold)],  # the second candidate is right
        third.id: ["I cannot tell."],
    })
    outcomes = list(synthesize(bench, examples, teacher, GenerationParams(n=2, temperature=0.8)))
    assert [o.trace for o in outcomes] == [_trace(first.gold), _trace(second.gold), None]
    assert outcomes[1].statuses[0] in ("mismatch", "exec_error") and outcomes[1].statuses[1] == "match"
    assert len(outcomes[2].statuses) == 2 and "match" not in outcomes[2].statuses
    assert len(teacher.seen) == 3 and second.gold in teacher.seen[1][0]["content"]


def test_a_right_query_without_reasoning_first_is_not_a_trace(bench, examples):
    first, second, _ = examples
    copied = f"```sql\n{first.gold}\n```\n\nThis query returns the answer."  # what SmolLM2-135M wrote
    late = f"```sql\n{second.gold}\n```\n<think>tables, then filters</think>"  # reasoning after the answer
    teacher = ScriptedTeacher({first.id: [copied, _trace(first.gold)], second.id: [late, "<think> </think>" + late]})
    outcomes = list(synthesize(bench, [first, second], teacher, GenerationParams(n=2, temperature=0.8)))
    assert outcomes[0].trace == _trace(first.gold) and outcomes[0].statuses == ("no_reasoning", "match")
    assert outcomes[1].trace is None and outcomes[1].statuses == ("no_reasoning", "no_reasoning")


def test_cli_writes_traces_and_reports_the_acceptance_rate(bench, examples, tmp_path: Path, cli_runner):
    script = tmp_path / "teacher.jsonl"
    script.write_text("".join(json.dumps({"id": e.id, "completion": _trace(e.gold if i != 1 else "SELECT 1")}) + "\n"
                              for i, e in enumerate(examples)))
    out = tmp_path / "traces.jsonl"
    result = cli_runner(["synthesize", "traces", "demo-bird", "--teacher", f"predictions:{script}", "--limit", "3",
                         "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["trace"] is not None for r in rows] == [True, False, True]
    assert "2 of 3 examples" in result.output and "66.7%" in result.output
    assert read_traces(out) == {("demo-bird", examples[0].id): _trace(examples[0].gold),
                                ("demo-bird", examples[2].id): _trace(examples[2].gold)}


def test_sft_uses_the_synthesized_traces(bench, examples, tmp_path: Path):
    from tabbench_trainers.sft import sft_rows

    traces = {("demo-bird", examples[0].id): _trace(examples[0].gold)}
    rows, counts = sft_rows([(bench, e) for e in examples[:2]], "trace", "trace", traces)
    assert counts["trace"] == 1 and counts["no_target"] == 1
    assert rows[0]["completion"][0]["content"] == _trace(examples[0].gold)


def test_bad_traces_file_names_the_line(tmp_path: Path):
    path = tmp_path / "t.jsonl"
    path.write_text('{"benchmark": "b", "id": "1", "trace": "x"}\n{"id": 2}\n')
    with pytest.raises(DataError, match=r"t\.jsonl:2: expected"):
        read_traces(path)


@pytest.mark.slow  # builds a tiny model and trains one step
def test_train_sft_reads_the_traces_file(examples, tmp_path: Path, cli_runner):
    from tabbench.testing import build_tiny_model

    model = build_tiny_model(tmp_path / "tiny")
    traces = tmp_path / "traces.jsonl"
    traces.write_text("".join(json.dumps({"benchmark": "demo-bird", "id": e.id, "trace": _trace(e.gold)}) + "\n"
                              for e in examples[:2]))
    out = tmp_path / "sft"
    result = cli_runner(["train", "sft", "--model", str(model), "--benchmark", "demo-bird", "--limit", "3",
                         "--traces", str(traces), "--target", "auto", "--max-steps", "1", "--batch-size", "2",
                         "--out", str(out)])
    assert result.exit_code == 0, result.output
    info = json.loads((out / "tabbench_train.json").read_text())
    assert info["targets"]["trace"] == 2 and info["targets"]["gold"] == 1
