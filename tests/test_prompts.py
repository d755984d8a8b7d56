"""``tabbench.evaluation.prompts``: ``--system-prompt``, ``--few-shot``, ``--chat-template``, one body of code for
evaluation and training.

The defaults leave the benchmarks' messages (and their hashes) as they were; a system prompt replaces or wraps the
benchmark's; shots come from the train split, depend on the seed and the question's id only, are never the question
nor on its database; eval's recorded prompts equal the trainers' rows and ``dataset_rows`` for the same options;
the options are recorded and ``--resume`` refuses another prompt.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tabbench
from tabbench import PromptOptions
from tabbench.contract.errors import DataError, UsageError
from tabbench.evaluation.plan import plan
from tabbench.evaluation.prompts import ChatTemplate, Prompter, database_of, read_text_argument
from tabbench.evaluation.runner import prompt_hash
from tabbench.evaluation.selection import Selection
from tabbench.host.plugins import PluginInfo, host

pytestmark = pytest.mark.usefixtures("private_gold_cache")


def _planned(prompt: PromptOptions, split: str | None = None, limit: int | None = 6, name: str = "demo-bird"):
    return plan(Selection(benchmarks=(name,), split=split, limit=limit, prompt=prompt))[name]


def test_the_defaults_send_the_benchmarks_own_messages(demo) -> None:
    planned = _planned(PromptOptions())
    for example in planned.examples:
        assert planned.messages(example) == demo.prompt(example)  # so prompt hashes and caches stay valid


def test_a_system_prompt_replaces_wraps_or_removes_the_benchmarks(demo) -> None:
    example = _planned(PromptOptions()).examples[0]
    own = demo.prompt(example)
    system = own[0]["content"]
    replaced = _planned(PromptOptions("Answer in SQL.")).messages(example)
    assert replaced == [{"role": "system", "content": "Answer in SQL."}, *own[1:]]
    wrapped = _planned(PromptOptions("Be brief. {system}")).messages(example)
    assert wrapped[0]["content"] == f"Be brief. {system}" and wrapped[1:] == own[1:]
    assert _planned(PromptOptions("")).messages(example) == own[1:]
    assert prompt_hash(replaced) != prompt_hash(own)


def test_shots_are_train_examples_as_earlier_turns_never_on_the_questions_database(demo) -> None:
    planned = _planned(PromptOptions(few_shot=3))
    train = {e.id: e for e in demo.examples("train")}
    for example in planned.examples:
        messages = planned.messages(example)
        shots = planned.prompter.shots(example)
        assert len(shots) == 3 and all(shot.id in train for shot in shots)
        assert {database_of(shot) for shot in shots}.isdisjoint({database_of(example)})
        assert [m["role"] for m in messages] == ["system", *["user", "assistant"] * 3, "user"]
        assert messages[0] == demo.prompt(example)[0] and messages[-1] == demo.prompt(example)[-1]
        for i, shot in enumerate(shots):
            assert messages[1 + 2 * i] == demo.prompt(shot)[1]
            assert messages[2 + 2 * i] == {"role": "assistant", "content": demo.gold_completion(shot)}


def test_shots_depend_on_the_seed_and_the_question_only(demo) -> None:
    five = _planned(PromptOptions(few_shot=2), limit=5)
    example = five.examples[3]
    alone = plan(Selection(benchmarks=("demo-bird",), where=(f"id={example.id}",),
                           prompt=PromptOptions(few_shot=2)))["demo-bird"]
    assert alone.messages(example) == five.messages(example)  # whatever else the run holds (a shard, a filter)
    other_seed = _planned(PromptOptions(few_shot=2, few_shot_seed=1), limit=5)
    assert [other_seed.prompter.shots(e) for e in five.examples] != [five.prompter.shots(e) for e in five.examples]
    again = _planned(PromptOptions(few_shot=2), limit=5)
    assert [again.messages(e) for e in five.examples] == [five.messages(e) for e in five.examples]


def test_on_the_train_split_a_question_is_never_its_own_shot(demo) -> None:
    examples = list(demo.examples("train"))[:8]
    without_database = [e.__class__(e.id, e.gold, {**e.fields, "db_id": None}, {}, e.split) for e in examples]
    prompter = Prompter(demo, PromptOptions(few_shot=7), without_database, same_split=True)
    prompter.check(without_database)  # each has every other example to draw from, and not itself
    for example in without_database:
        shots = prompter.shots(example)
        assert {shot.id for shot in shots} == {e.id for e in examples} - {example.id}
    with pytest.raises(UsageError, match=r"--few-shot 8: .* has 7 'train' examples with a gold answer for"):
        Prompter(demo, PromptOptions(few_shot=8), without_database, same_split=True).check(without_database)


def test_too_few_shots_and_a_benchmark_without_a_train_split_are_usage_errors(demo) -> None:
    train = list(demo.examples("train"))
    question = train[0]
    pool = [e for e in train if database_of(e) == database_of(question)][:3] + [
        e for e in train if database_of(e) != database_of(question)][:2]
    with pytest.raises(UsageError, match=f"has 2 'train' examples with a gold answer outside its database "
                                         f"'{database_of(question)}' for example '{question.id}'"):
        Prompter(demo, PromptOptions(few_shot=3), pool).check([question])
    with pytest.raises(UsageError, match="--few-shot 65: expected a whole number from 0 to 64"):
        PromptOptions(few_shot=65)


class _NoTrainPlugin:
    """``notrain-bird`` (demo-bird without a train split) and the suite ``fewshot-mixed`` of it and demo-bird."""

    def __init__(self) -> None:
        parent = tabbench.benchmark_class("demo-bird")  # before the plugin registers: no lookup while registering
        self.no_train = type("NoTrain", (parent,), {"name": "notrain-bird", "splits": ("test",)})

        def two_train(benchmark: Any, split: str | None = None) -> Any:
            examples = parent.examples(benchmark, split)
            return list(examples)[:2] if split == "train" else examples

        self.few_train = type("FewTrain", (parent,), {"name": "fewtrain-bird", "examples": two_train})

    @tabbench.hookimpl
    def register_benchmarks(self, register: Any) -> None:
        register("notrain-bird", self.no_train)
        register("fewtrain-bird", self.few_train)

    @tabbench.hookimpl
    def register_suites(self, register: Any) -> None:
        register("fewshot-mixed", ["demo-bird", "notrain-bird"])
        register("fewshot-short", ["demo-bird", "fewtrain-bird"])


@pytest.fixture
def no_train(demo: Any) -> Any:
    host().register(_NoTrainPlugin(), PluginInfo("prompts-test"))
    yield
    host().unregister("prompts-test")


def test_a_benchmark_without_a_train_split_is_refused_by_name_and_left_out_of_a_suite(no_train: Any) -> None:
    with pytest.raises(UsageError, match="--few-shot 1: benchmark 'notrain-bird' has no 'train' split to draw "
                                         r"examples from \(splits: test\)"):
        plan(Selection(benchmarks=("notrain-bird",), limit=2, prompt=PromptOptions(few_shot=1)))
    planned = plan(Selection(suites=("fewshot-mixed",), limit=2, prompt=PromptOptions(few_shot=1)))
    assert planned.benchmarks[0].name == "demo-bird" and [n for n, _ in planned.skipped] == ["notrain-bird"]
    assert "has no 'train' split" in planned.not_run()[0]["reason"]


def test_a_suite_member_with_too_few_shots_is_left_out_and_one_named_is_refused(no_train: Any) -> None:
    with pytest.raises(UsageError, match="fewtrain-bird"):
        plan(Selection(benchmarks=("fewtrain-bird",), limit=2, prompt=PromptOptions(few_shot=3)))
    planned = plan(Selection(suites=("fewshot-short",), limit=2, prompt=PromptOptions(few_shot=3)))
    assert [b.name for b in planned.benchmarks] == ["demo-bird"] and [n for n, _ in planned.skipped] == [
        "fewtrain-bird"]


def test_text_arguments_and_chat_templates_are_read_from_files(tmp_path: Path) -> None:
    (tmp_path / "system.txt").write_text("From a file.\n", encoding="utf-8")
    assert read_text_argument(f"@{tmp_path / 'system.txt'}", "--system-prompt") == "From a file.\n"
    assert read_text_argument("plain", "--system-prompt") == "plain"
    with pytest.raises(UsageError, match=r"--system-prompt @.*missing\.txt: cannot read it"):
        read_text_argument(f"@{tmp_path / 'missing.txt'}", "--system-prompt")
    (tmp_path / "bad.txt").write_bytes(b"\xff\xfe")
    with pytest.raises(UsageError, match="not UTF-8"):
        read_text_argument(f"@{tmp_path / 'bad.txt'}", "--system-prompt")
    template = tmp_path / "t.jinja"
    template.write_text("{% for m in messages %}{{ m.content }}{% endfor %}", encoding="utf-8")
    read = ChatTemplate.read(template)
    recorded = read.to_json()
    assert set(recorded) == {"file", "sha256"} and ChatTemplate.from_json(recorded).text == template.read_text()
    template.write_text("{{ messages }}", encoding="utf-8")
    with pytest.raises(DataError, match="changed since the run was recorded"):
        ChatTemplate.from_json(recorded)
    assert ChatTemplate.from_json(recorded, read=False).text is None  # a reader that only shows the run


def test_eval_records_the_options_and_resume_refuses_another_prompt(demo_cli, tmp_path: Path) -> None:
    args = ["eval", "--model", "gold", "--benchmark", "demo-bird", "--limit", "3", "--out", "runs/p", "--no-progress"]
    system = tmp_path / "system.txt"
    system.write_text("Answer with one SQLite query.", encoding="utf-8")
    done = demo_cli([*args, "--system-prompt", f"@{system}", "--few-shot", "2"])
    assert done.exit_code == 0, done.output
    results = json.loads(Path("runs/p/results.json").read_text())
    assert results["config"]["prompt"] == {"system_prompt": "Answer with one SQLite query.", "few_shot": 2,
                                           "few_shot_seed": 0, "chat_template": None}
    entries = [json.loads(line) for line in Path("runs/p/prompts/demo-bird.jsonl").read_text().splitlines()]
    assert all(e["messages"][0]["content"] == "Answer with one SQLite query." and len(e["messages"]) == 6
               for e in entries)
    refused = demo_cli([*args, "--resume", "--system-prompt", "Something else.", "--few-shot", "2"])
    assert refused.exit_code != 0 and "prompt" in refused.output
    same = demo_cli([*args, "--resume", "--system-prompt", f"@{system}", "--few-shot", "2"])
    assert same.exit_code == 0, same.output
    plain = demo_cli([*args[:-3], "--out", "runs/plain", "--no-progress"])
    assert plain.exit_code == 0 and "prompt" not in json.loads(Path("runs/plain/run.json").read_text())["config"]


def test_eval_and_train_send_identical_messages_for_the_same_example_and_options(demo_cli) -> None:
    """The prompt trained on is the prompt evaluated: eval's recorded messages (on the train split) equal the SFT,
    GRPO and TAO rows and ``dataset_rows`` for the same options, example by example."""
    pytest.importorskip("tabbench_trainers")
    from tabbench_trainers.grpo import grpo_rows
    from tabbench_trainers.sft import sft_rows

    from tabbench.adapters import dataset_rows
    from tabbench.training.data import training_plan

    options = PromptOptions("Reply with SQL. {system}", few_shot=2, few_shot_seed=7)
    done = demo_cli(["eval", "--model", "gold", "--benchmark", "demo-bird", "--split", "train", "--limit", "5",
                     "--system-prompt", "Reply with SQL. {system}", "--few-shot", "2", "--few-shot-seed", "7",
                     "--out", "runs/t", "--no-progress"])
    assert done.exit_code == 0, done.output
    records = [json.loads(line) for line in Path("runs/t/samples/demo-bird.jsonl").read_text().splitlines()]
    prompts = {json.loads(line)["prompt_hash"]: json.loads(line)["messages"]
               for line in Path("runs/t/prompts/demo-bird.jsonl").read_text().splitlines()}
    evaluated = {r["id"]: prompts[r["prompt_hash"]] for r in records}
    trained = training_plan(Selection(benchmarks=("demo-bird",), limit=5, prompt=options))
    sft, _ = sft_rows(trained.items, "gold", "trace", messages=trained.messages)
    grpo = grpo_rows(trained.items, trained.messages)
    adapted = [row for row in dataset_rows("demo-bird", "train", prompt=options) if row["id"] in evaluated]
    ids = [e.id for _, e in trained.items]
    assert sorted(ids) == sorted(evaluated)
    assert [row["prompt"] for row in sft] == [evaluated[i] for i in ids]
    assert [row["prompt"] for row in grpo] == [evaluated[i] for i in ids]
    assert {row["id"]: row["prompt"] for row in adapted} == evaluated
    assert all(len(messages) == 6 and messages[0]["content"].startswith("Reply with SQL. ")
               for messages in evaluated.values())


#: A ChatML whose every turn is marked, so a rendered prompt shows which template made it.
MARKED = ("{%- for message in messages %}{{- '<|im_start|>' + message['role'] + ' [marked]\\n' + message['content'] + "
          "'<|im_end|>\\n' }}{%- endfor %}{%- if add_generation_prompt %}{{- '<|im_start|>assistant [marked]\\n' }}"
          "{%- endif %}")


def test_a_chat_template_needs_a_backend_that_renders_prompts(demo_cli, tmp_path: Path) -> None:
    template = tmp_path / "marked.jinja"
    template.write_text(MARKED, encoding="utf-8")
    done = demo_cli(["eval", "--model", "gold", "--benchmark", "demo-bird", "--limit", "1", "--chat-template",
                     str(template), "--out", "runs/g", "--no-progress"])
    assert done.exit_code == 2 and "--chat-template: model backend 'gold' does not render prompts" in done.output
    assert not Path("runs/g").exists()
    empty = tmp_path / "empty.jinja"
    empty.write_text(" \n", encoding="utf-8")
    done = demo_cli(["eval", "--model", "gold", "--benchmark", "demo-bird", "--chat-template", str(empty)])
    assert done.exit_code == 2 and f"--chat-template {empty}: the file is empty" in done.output


@pytest.mark.slow  # builds a tiny model, evaluates it and trains it one step
def test_a_chat_template_renders_eval_and_a_trained_checkpoint_keeps_it(demo_cli, tmp_path: Path) -> None:
    pytest.importorskip("trl")
    import hashlib

    from tabbench_hf.backend import HFBackend

    from tabbench import Example, GenerationRequest

    marked = tmp_path / "marked.jinja"
    marked.write_text(MARKED, encoding="utf-8")
    sha = hashlib.sha256(MARKED.encode("utf-8")).hexdigest()
    sizes = ["--vocab-size", "320", "--size", "hidden_size=32", "--size", "num_hidden_layers=1", "--size",
             "num_attention_heads=2", "--size", "num_key_value_heads=1", "--size", "intermediate_size=64"]
    built = demo_cli(["models", "build-tiny", "tiny", *sizes])  # the chatml template
    assert built.exit_code == 0, built.output
    request = GenerationRequest([{"role": "user", "content": "hi"}], Example("1", None), "t")
    assert HFBackend("tiny", chat_template=MARKED).render(request) == (
        "<|im_start|>user [marked]\nhi<|im_end|>\n<|im_start|>assistant [marked]\n")
    assert "[marked]" not in HFBackend("tiny").render(request)

    run = ["eval", "--benchmark", "demo-bird", "--limit", "2", "--max-new-tokens", "2", "--no-progress"]
    done = demo_cli([*run, "--model", "tiny", "--chat-template", str(marked), "--out", "runs/marked"])
    assert done.exit_code == 0, done.output
    results = json.loads(Path("runs/marked/results.json").read_text())
    assert results["config"]["prompt"]["chat_template"] == {"file": str(marked), "sha256": sha}
    assert results["model"]["chat_template_sha256"] == sha
    plain = demo_cli([*run, "--model", "tiny", "--out", "runs/plain"])
    assert plain.exit_code == 0, plain.output
    assert json.loads(Path("runs/plain/results.json").read_text())["model"]["fingerprint_sha"] != (
        results["model"]["fingerprint_sha"])  # another response cache

    trained = demo_cli(["train", "sft", "--model", "tiny", "--benchmark", "demo-bird", "--limit", "4", "--max-steps",
                        "1", "--batch-size", "2", "--chat-template", str(marked), "--out", "sft"])
    assert trained.exit_code == 0, trained.output
    assert json.loads(Path("sft/tabbench_train.json").read_text())["settings"]["prompt"]["chat_template"] == {
        "file": str(marked), "sha256": sha}
    again = demo_cli([*run, "--model", "sft", "--out", "runs/sft"])  # no --chat-template: the checkpoint's own
    assert again.exit_code == 0, again.output
    assert json.loads(Path("runs/sft/results.json").read_text())["model"]["chat_template_sha256"] == sha
    from_file = demo_cli(["models", "build-tiny", "tiny2", *sizes, "--chat-template", str(marked)])
    assert from_file.exit_code == 0, from_file.output
    assert "[marked]" in HFBackend("tiny2").render(request)  # build-tiny spells it the same, FILE included


def test_evaluate_takes_the_prompt_options(demo, tmp_path: Path) -> None:
    import tabbench

    results = tabbench.evaluate("gold", benchmarks="demo-bird", out=tmp_path / "run", limit=2,
                                prompt=PromptOptions("Only SQL.", few_shot=1),
                                settings=tabbench.Settings(workers=0))
    assert results["config"]["prompt"] == {"system_prompt": "Only SQL.", "few_shot": 1, "few_shot_seed": 0,
                                           "chat_template": None}
    entry = json.loads((tmp_path / "run/prompts/demo-bird.jsonl").read_text().splitlines()[0])
    assert [m["role"] for m in entry["messages"]] == ["system", "user", "assistant", "user"]


def test_shards_get_the_shots_an_unsharded_run_gets_and_merge(demo_cli) -> None:
    args = ["eval", "--model", "gold", "--benchmark", "demo-bird", "--limit", "6", "--few-shot", "2", "--no-progress"]
    for out, shard in (("runs/all", []), ("runs/s0", ["--shard", "0/2"]), ("runs/s1", ["--shard", "1/2"])):
        done = demo_cli([*args, *shard, "--out", out])
        assert done.exit_code == 0, done.output
    merged = demo_cli(["merge", "runs/merged", "runs/s0", "runs/s1"])
    assert merged.exit_code == 0, merged.output

    def prompts(run: str) -> dict[str, list]:
        entries = [json.loads(line) for line in Path(run, "prompts/demo-bird.jsonl").read_text().splitlines()]
        return {e["prompt_hash"]: e["messages"] for e in entries}

    assert prompts("runs/merged") == prompts("runs/all")
    other = demo_cli([*args, "--shard", "1/2", "--few-shot-seed", "5", "--out", "runs/s1b"])
    assert other.exit_code == 0, other.output
    refused = demo_cli(["merge", "runs/mixed", "runs/s0", "runs/s1b"])
    assert refused.exit_code != 0 and not Path("runs/mixed/results.json").exists()
