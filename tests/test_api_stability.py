"""The stability policy (docs/api.md), enforced: every public name of 0.1.0 works or warns, a 0.1.0 plugin loads
and scores, and the library imports no click outside ``tabbench.cli``."""

from __future__ import annotations

import contextvars
import importlib
import inspect
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import tabbench
from tabbench.contract.deprecation import REMOVED_IN, TABLES, Deprecated
from tests.toy_plugin import write_package

ROOT = Path(__file__).resolve().parents[1]


def _deprecation_tables() -> dict[str, dict[str, Deprecated]]:
    """Every module's table of old names (``TABLES``), once each module that serves one is imported: the tables
    live with their modules, so every module that calls ``module_getattr`` is imported first."""
    for path in sorted((ROOT / "tabbench").rglob("*.py")):
        if "module_getattr(" in path.read_text(encoding="utf-8") and path.name != "deprecation.py":
            parts = path.relative_to(ROOT).with_suffix("").parts
            importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return {module: dict(table) for module, table in TABLES.items()}


DEPRECATED = _deprecation_tables()
_LINES = [line.split(maxsplit=2) for line in (ROOT / "tests" / "public_api_0_1_0.txt").read_text().splitlines()
          if line.strip() and not line.startswith("#")]
FROZEN = [(module, name) for module, name, *_ in _LINES]
#: (module, name) -> the parameters of the callable in its last 0.1.0 version, as "(a, b=, *, c=, **kw)"
SIGNATURES = {(module, name): rest[0] for module, name, *rest in _LINES if rest}


#: Names of 0.1.0 that 0.2.0 does not keep, each said in CHANGELOG.md: the tokenizer internals of the tiny test
#: model, which moved into the demo plugin during 0.1.0 (the host imports no plugin; its builder is kept).
GONE = {("tabbench.tinymodel", name) for name in (
    "CHAT_TEMPLATE", "IM_END", "IM_START", "PAD", "QWEN2_PRETOKENIZE_REGEX", "RELOAD_PROBES", "SPECIAL_TOKENS",
    "TOKENIZER_CLASS", "check_reload", "demo_corpus", "train_tokenizer", "value_free")}


def _by_module() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for module, name in FROZEN:
        if (module, name) not in GONE:
            out.setdefault(module, []).append(name)
    return out


@pytest.mark.parametrize(("module", "names"), sorted(_by_module().items()))
def test_every_public_name_of_0_1_0_works_or_warns(module: str, names: list[str]) -> None:
    imported = importlib.import_module(module)
    for name in names:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = getattr(imported, name)
        deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
        if name in DEPRECATED.get(module, {}):
            assert len(deprecations) == 1, f"{module}.{name}: expected one DeprecationWarning, got {caught}"
            message = str(deprecations[0].message)
            assert f"{module}.{name} is deprecated" in message and f"removed in {REMOVED_IN}; use " in message
            assert Path(deprecations[0].filename) == Path(__file__), "the warning must name the caller's line"
        else:
            assert not deprecations, f"{module}.{name} warns but is not listed as deprecated: {caught}"
        assert value is not None or name in {"__version__"}, f"{module}.{name}"
        if (module, name) in SIGNATURES:
            problems = call_incompatibilities(SIGNATURES[module, name], inspect.signature(value))
            assert not problems, f"{module}.{name}: a 0.1.0 call no longer fits: {problems}"


def _parameters(text: str) -> list[tuple[str, inspect._ParameterKind, bool]]:
    """``(name, kind, has_default)`` of a signature written as in the frozen list: ``(a, /, b=, *, c=, **kw)``."""
    kind, out = inspect.Parameter.POSITIONAL_OR_KEYWORD, []
    items = [item for item in text.strip("()").split(", ") if item]
    if "/" in items:
        out = [(item.rstrip("="), inspect.Parameter.POSITIONAL_ONLY, item.endswith("="))
               for item in items[:items.index("/")]]
        items = items[items.index("/") + 1:]
    for item in items:
        if item == "*":
            kind = inspect.Parameter.KEYWORD_ONLY
        elif item.startswith("**"):
            out.append((item[2:], inspect.Parameter.VAR_KEYWORD, False))
        elif item.startswith("*"):
            out.append((item[1:], inspect.Parameter.VAR_POSITIONAL, False))
            kind = inspect.Parameter.KEYWORD_ONLY
        else:
            out.append((item.rstrip("="), kind, item.endswith("=")))
    return out


def call_incompatibilities(old: str, new: inspect.Signature) -> list[str]:
    """What a call written against the ``old`` parameters could pass that ``new`` refuses: a parameter gone or
    moved, a default dropped, a new parameter without a default."""
    P = inspect.Parameter
    positional = (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)
    params = list(new.parameters.values())
    kinds = {p.kind for p in params}
    problems = []
    for index, (name, kind, has_default) in enumerate(before := _parameters(old)):
        if kind in (P.VAR_POSITIONAL, P.VAR_KEYWORD):
            problems += [f"{'*' if kind == P.VAR_POSITIONAL else '**'}{name} gone"] if kind not in kinds else []
            continue
        now = new.parameters.get(name)
        if now is None:
            if not (P.VAR_KEYWORD in kinds and kind != P.POSITIONAL_ONLY):
                problems.append(f"{name} gone")
            continue
        if kind in positional and (now.kind not in positional or params.index(now) != index):
            problems.append(f"{name} no longer at position {index}")
        if kind != P.POSITIONAL_ONLY and now.kind == P.POSITIONAL_ONLY:
            problems.append(f"{name} positional only")
        if has_default and now.default is P.empty:
            problems.append(f"{name} lost its default")
    known = {name for name, _, _ in before}
    problems += [f"{p.name} is new and required" for p in params if p.name not in known and p.default is P.empty
                 and p.kind not in (P.VAR_POSITIONAL, P.VAR_KEYWORD)]
    return problems


def test_the_call_check_sees_incompatible_changes() -> None:
    def new(a, b=1, *, c=2, **kw): ...

    assert call_incompatibilities("(a, b=, *, c=)", inspect.signature(new)) == []
    assert call_incompatibilities("(a, b=, *, d=)", inspect.signature(new)) == []  # **kw takes d
    assert call_incompatibilities("(level)", inspect.signature(lambda order: 0)) == ["level gone",
                                                                                      "order is new and required"]
    assert call_incompatibilities("(b, a)", inspect.signature(new)) == ["b no longer at position 0",
                                                                        "a no longer at position 1"]
    assert call_incompatibilities("(a, b=, *args)", inspect.signature(new)) == ["*args gone"]
    assert call_incompatibilities("(a, /, b=)", inspect.signature(lambda a, b: 0)) == ["b lost its default"]


def test_the_frozen_list_holds_the_names_of_the_issue() -> None:
    """A check that the list cannot be emptied by accident: the names a 0.1 plugin is known to use are in it."""
    assert {("tabbench.sql", "completion_sql"), ("tabbench.sql", "ExecJob"), ("tabbench.sql", "Limits"),
            ("tabbench.sql", "execute_many"), ("tabbench.sql.compare", "bird_ex"),
            ("tabbench", "Reward")} <= set(FROZEN)
    assert len(FROZEN) > 300


def test_only_names_of_0_1_0_are_deprecated() -> None:
    """Every name deprecated since 0.2.0 is one that 0.1.0 exported: an alias is a promise kept, not a new name (a
    name deprecated later is a later release's, kept for one minor release after its own)."""
    frozen = set(FROZEN)
    assert {(m, n) for m, names in DEPRECATED.items() for n, entry in names.items() if entry.since == "0.2.0"
            } <= frozen
    later = {(m, n): e for m, names in DEPRECATED.items() for n, e in names.items() if e.since != "0.2.0"}
    assert not set(later) & frozen
    def release(text: str) -> tuple[int, ...]:
        return tuple(int(part) for part in text.split("."))

    assert all(release("0.2.0") < release(e.since) < release(e.removed_in) for e in later.values())


def test_the_changelog_names_every_deprecated_name() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {tabbench.__version__}" in changelog and "## 0.1.0" in changelog
    missing = [f"{m}.{n}" for m, names in DEPRECATED.items() for n in names if f"`{m}.{n}`" not in changelog]
    assert not missing, f"CHANGELOG.md does not name: {missing}"


def test_the_names_not_kept_are_few_and_said() -> None:
    """A 0.1.0 name that neither works nor warns is in GONE, and CHANGELOG.md's Removed section names it."""
    assert GONE <= set(FROZEN) and not GONE & {(m, n) for m, names in DEPRECATED.items() for n in names}
    removed = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").split("### Removed", 1)[1].split("\n## ", 1)[0]
    assert not [f"{m}.{n}" for m, n in GONE if f"`{n}`" not in removed]
    for module, name in GONE:
        with pytest.raises(AttributeError):
            getattr(importlib.import_module(module), name)


def test_the_version_is_0_2_1_everywhere() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert tabbench.__version__ == "0.2.1" and 'version = "0.2.1"' in pyproject


# --- what the deprecated names do -------------------------------------------------------------------------------

def test_completion_sql_keeps_its_0_1_0_behaviour() -> None:
    with pytest.warns(DeprecationWarning, match=r"tabbench\.sql\.completion_sql .* use tabbench\.sql\.extract_sql"):
        from tabbench.sql import completion_sql
    assert completion_sql("```sql\nSELECT 1;\n```") == "SELECT 1"
    assert completion_sql("  no query here ") == "no query here"  # 0.1.0 executed the whole text
    assert completion_sql("") is None and completion_sql(None) is None  # type: ignore[arg-type]


def test_renamed_functions_are_the_new_ones() -> None:
    from tabbench.cli.options import budget_options
    from tabbench.sql import configured_workers
    from tabbench.tableqa.extractors import extract_answer

    with pytest.warns(DeprecationWarning):
        from tabbench.sql import env_workers
    with pytest.warns(DeprecationWarning):
        from tabbench.evaluation.budget import budget_options as old_budget_options
    with pytest.warns(DeprecationWarning):
        from tabbench.tableqa.answers import extract_answer as old_extract_answer
    assert env_workers is configured_workers and old_budget_options is budget_options
    assert old_extract_answer is extract_answer


def test_the_modules_0_1_0_listed_as_public_serve_their_new_modules_names() -> None:
    """docs/plugins.md (0.1.0) listed tabbench.voting, tabbench.leaderboard and tabbench.tinymodel as public; docs/
    voting.md taught ``from tabbench.voting import chooser, vote, vote_outcome, vote_agreement``."""
    from tabbench.evaluation import voting
    from tabbench.reporting import leaderboard

    with pytest.warns(DeprecationWarning) as caught:
        from tabbench.voting import chooser, vote, vote_agreement, vote_outcome
    assert "tabbench.voting.vote_outcome is deprecated" in str(caught[3].message)
    assert str(caught[3].message).endswith("use tabbench.evaluation.voting.vote_outcome") and len(caught) == 4
    assert (chooser, vote, vote_outcome) == (voting.chooser, voting.vote, voting.vote_outcome)
    assert vote_agreement is TABLES["tabbench.evaluation.voting"]["vote_agreement"].load()  # 0.1.0's, kept
    with pytest.warns(DeprecationWarning, match=r"use tabbench\.reporting\.leaderboard\.plot_reward_curves"):
        from tabbench.leaderboard import plot_reward_curves
    assert plot_reward_curves is leaderboard.plot_reward_curves
    with pytest.warns(DeprecationWarning, match=r"level_sort_key\(order\)"):
        from tabbench.leaderboard import level_sort_key  # 0.1.0: a level's key, not a key function of an order
    assert sorted(["hard", "zz", "easy", "medium"], key=level_sort_key) == ["easy", "medium", "hard", "zz"]


def test_the_0_1_0_tiny_model_builder_builds_through_the_demo_plugin(tmp_path: Path) -> None:
    with pytest.warns(DeprecationWarning) as caught:
        from tabbench.tinymodel import TinySpec, build_tiny_model
    assert [str(w.message).split(";")[1].split("(")[0] for w in caught] == [
        " use the keyword arguments of tabbench.testing.build_tiny_model", " use tabbench.testing.build_tiny_model"]
    spec = TinySpec(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=1,
                    intermediate_size=64, max_position_embeddings=256, seed=3)
    path = build_tiny_model(tmp_path / "tiny", ["SELECT a FROM t", "How many rows?"], spec)  # corpus, spec: 0.1.0's
    config = json.loads((path / "config.json").read_text())
    assert [config[k] for k in ("hidden_size", "num_hidden_layers", "intermediate_size")] == [32, 1, 64]


@pytest.mark.parametrize("module", ["tabbench.voting", "tabbench.leaderboard", "tabbench.tinymodel"])
def test_a_0_1_star_import_gives_the_0_1_names_each_with_a_warning(module: str) -> None:
    """0.1's ``from tabbench.voting import *`` got every name; a module that serves its names through
    ``__getattr__`` gives none to ``import *`` unless it lists them (``__all__``)."""
    names: dict[str, object] = {}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(f"from {module} import *", names)  # the statement under test
    served = {name for name in names if not name.startswith("__")}
    assert served == set(DEPRECATED[module]), served ^ set(DEPRECATED[module])
    said = sorted(str(w.message).split(" is deprecated")[0] for w in caught if w.category is DeprecationWarning)
    assert said == sorted(f"{module}.{name}" for name in DEPRECATED[module])


@pytest.mark.slow  # builds a tiny model
def test_the_0_1_0_tiny_model_builder_needs_no_pytest(tmp_path: Path) -> None:
    """0.1's ``tabbench.tinymodel.build_tiny_model`` built a model in any program; it must not need the test kit's
    pytest (here: importing pytest fails)."""
    code = ("import sys, warnings\nsys.modules['pytest'] = None\nwarnings.simplefilter('ignore', DeprecationWarning)\n"
            "from tabbench.tinymodel import TinySpec, build_tiny_model\n"
            "spec = TinySpec(vocab_size=300, hidden_size=16, num_hidden_layers=1, num_attention_heads=2, "
            "num_key_value_heads=1, intermediate_size=32, max_position_embeddings=64)\n"
            f"print(build_tiny_model({str(tmp_path / 'tiny')!r}, ['SELECT a FROM t', 'How many?'], spec))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads((tmp_path / "tiny" / "config.json").read_text())["hidden_size"] == 16


def test_benchmark_variant_builds_a_variant_on_other_data(tmp_path: Path) -> None:
    with pytest.warns(DeprecationWarning, match="benchmark_class"):
        variant = tabbench.benchmark_variant("demo-bird", "demo-bird-mine", tmp_path)
    assert issubclass(variant, tabbench.benchmark_class("demo-bird")) and variant.bundled_data() == tmp_path


def test_answer_of_reads_a_completion_s_answer() -> None:
    with pytest.warns(DeprecationWarning):
        completion_type, answer_of = tabbench.Completion, tabbench.answer_of
    assert answer_of(completion_type("text", "A"), str.upper) == "A" and answer_of("b", str.upper) == "B"


def test_old_settings_options_set_the_command_s_settings() -> None:
    """0.1.0's ``--workers``/``--unsafe-sandbox`` options and ``apply_runtime`` still reach the run's settings."""
    from tabbench.contract.settings import current_settings

    with pytest.warns(DeprecationWarning):
        from tabbench.evaluation.options import apply_runtime, sandbox_record, unsafe_sandbox_option, workers_option
    seen = []

    @click.command()
    @workers_option
    @unsafe_sandbox_option
    def command(workers: int | None) -> None:
        apply_runtime(workers)
        seen.append((current_settings().workers, current_settings().unsafe_sandbox, sandbox_record()))

    # in a copy of the context: apply_runtime sets the settings for the rest of the command (0.1.0 set the
    # process's environment), which here would be the rest of the test session
    result = contextvars.copy_context().run(
        CliRunner().invoke, command, ["--workers", "3", "--unsafe-sandbox"], catch_exceptions=False)
    assert result.exit_code == 0 and seen == [(3, True, {"unsafe_sandbox": True})]
    assert current_settings().workers is None and not current_settings().unsafe_sandbox


def test_first_api_rewards_warn_and_still_score() -> None:
    with pytest.warns(DeprecationWarning, match=r"score\(self, example, completion\) is deprecated"):
        class Legacy(tabbench.Reward):
            name = "legacy-length"

            def score(self, example, completion):  # the 0.1.0 signature
                return tabbench.Score(float(len(completion)), tabbench.Status.PARTIAL)

    example = tabbench.Example("1", "x")
    assert [s.value for s in tabbench.score_batch(Legacy(), [(example, "abc")])] == [3.0]


def test_a_first_api_reward_is_adapted_once_when_its_class_is_defined() -> None:
    """The class itself is rewritten at definition: ``score`` takes (and drops) the answer, ``score_batch`` takes
    predictions and hands the old one pairs; a subclass is adapted too. The host then calls every reward alike."""
    from tabbench.contract.reward import predictions, samples_of

    seen: list[object] = []
    with pytest.warns(DeprecationWarning):
        class Old(tabbench.Reward):
            name = "old-batched"

            def score(self, example, completion):
                return self.score_batch([(example, completion)])[0]

            def score_batch(self, items):
                seen.extend(items)
                return [tabbench.Score(float(len(c)), tabbench.Status.PARTIAL) for _, c in items]

    example = tabbench.Example("1", "x")
    assert Old().score(example, "ab", "an answer").value == 2.0 and Old().score(example, "abc").value == 3.0
    preds = predictions(Old(), samples_of([(example, "abcd")]))
    assert [s.value for s in Old().score_batch(preds)] == [4.0] and seen[-1] == (example, "abcd")

    class Child(Old):  # no warning of its own: it writes no 0.1.0 score; its batch is still 0.1.0's
        def score_batch(self, items):
            return [tabbench.Score(-1.0, tabbench.Status.PARTIAL) for _example, _completion in items]

    assert [s.value for s in tabbench.score_batch(Child(), [(example, "a"), (example, "b")])] == [-1.0, -1.0]

    bird_ex = type(tabbench.get_reward("bird-ex"))
    with pytest.warns(DeprecationWarning):
        class OverBird(bird_ex):  # a 0.1.0 score over today's reward: its own score scores, as in 0.1.0
            def score(self, example, completion):
                return tabbench.Score(0.5, tabbench.Status.PARTIAL)

    assert [s.value for s in tabbench.score_batch(OverBird(), [(example, "SELECT 1")])] == [0.5]


def test_the_scoring_core_knows_no_old_api() -> None:
    """Only the edges name 0.1.0's reward API: class definition (``__init_subclass__``, through
    ``tabbench.contract.first_api``) and the public ``safe_score``'s 0.1.0 call form, which type checkers flag
    (PEP 702). ``score_batch``, ``score_one``, ``predictions`` and ``Reward.score_batch`` have no branch for it."""
    import typing

    from tabbench.contract import reward

    core = [reward.score_batch, reward.score_one, reward.predictions, reward.samples_of, reward.Reward.score_batch]
    for function in core:
        source = inspect.getsource(function)
        assert not [word for word in ("first_api", "takes_answer", "0.1", "first API") if word in source], function
    old_form = typing.get_overloads(reward.safe_score)[1]
    assert "0.1.0's form" in old_form.__deprecated__ and list(inspect.signature(old_form).parameters) == [
        "reward", "prediction", "completion"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the form still works, silently at run time (0.1.0's API warns at class)
        score = tabbench.safe_score(tabbench.get_reward("bird-ex"), tabbench.Example("1", None), "x")
    assert isinstance(score, tabbench.Score)


def test_every_old_behaviour_kept_is_marked_for_type_checkers() -> None:
    """An old name that keeps an old behaviour gives an object marked with PEP 702's ``deprecated`` (whose text
    the warning quotes), and its module declares it under that name for type checkers (``if TYPE_CHECKING:``),
    so a type checker flags the old name as the warning does at run time (a moved module's names are declared
    where they were retired: ``tabbench.voting``'s ``agreement`` by ``tabbench.evaluation.voting``)."""
    import ast
    import importlib.util

    for module, table in DEPRECATED.items():
        served_from = {name for name, entry in table.items() for other, names in DEPRECATED.items()
                       if other != module and names.get(name) is entry}
        kept = {name for name, entry in table.items() if entry.replacement is None} - served_from
        for name in kept:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                value = getattr(importlib.import_module(module), name)
            assert str(getattr(value, "__deprecated__", "")).startswith("use "), f"{module}.{name}"
        tree = ast.parse(Path(importlib.util.find_spec(module).origin).read_text(encoding="utf-8"))
        declared = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.If)
                    and "TYPE_CHECKING" in ast.unparse(node.test) for sub in node.body
                    if isinstance(sub, ast.ImportFrom) for alias in sub.names}
        calls = {name for name in kept if callable(table[name].load()) and not name.endswith("_option")}
        assert calls <= declared, (module, calls - declared)  # click options are values: no checker flags them
    marks = [node for path in (ROOT / "tabbench").rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "deprecated"]
    assert len(marks) > 20 and all(isinstance(mark.args[0], ast.Constant) for mark in marks), \
        "a checker reads the text of deprecated('...') only when it is a literal"


def test_the_error_for_an_unknown_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        tabbench.sql.no_such_name  # noqa: B018
    with pytest.raises(ImportError):
        from tabbench import no_such_name  # noqa: F401


# --- a plugin written for 0.1.0 -----------------------------------------------------------------------------

PLUGIN_0_1 = '''
"""A third-party plugin written from the 0.1 docs: SQL through tabbench.sql, BIRD's comparison, 0.1's reward API."""
import json
import sqlite3
from pathlib import Path

import tabbench
import tabbench.sql.compare
from tabbench import Benchmark, Example, MetricSpec, Reward, Score, Status
from tabbench.sql import ExecJob, Limits, completion_sql, execute_many


class LegacyEx(Reward):
    name = "legacy-ex"

    def score(self, example, completion):
        return self.score_batch([(example, completion)])[0]

    def score_batch(self, items):
        jobs = []
        for example, completion in items:
            jobs += [ExecJob(example.fields["db"], completion_sql(completion) or ""),
                     ExecJob(example.fields["db"], example.gold, gold=True)]
        results = execute_many(jobs, Limits(timeout=10))
        scores = []
        for pred, gold in zip(results[0::2], results[1::2]):
            if not pred.ok:
                scores.append(Score(0.0, Status.EXEC_ERROR))
            else:
                ok = tabbench.sql.compare.bird_ex(pred.rows, gold.rows)
                scores.append(Score(1.0 if ok else 0.0, Status.MATCH if ok else Status.MISMATCH))
        return scores


class LegacySql(Benchmark):
    name = "legacy-sql"
    version = "1"
    metrics = (MetricSpec("ex", "legacy-ex"),)
    primary_metric = "ex"
    data_hint = "a folder with questions.jsonl and shop.sqlite"

    def examples(self, split=None):
        db = str(self.data_path / "shop.sqlite")
        for line in (self.data_path / "questions.jsonl").read_text().splitlines():
            row = json.loads(line)
            yield Example(row["id"], row["sql"], {"question": row["question"], "db": db})

    def prompt(self, example):
        return [{"role": "user", "content": example.fields["question"]}]

    def extract(self, example, completion):
        return completion_sql(completion)


@tabbench.hookimpl
def register_rewards(register):
    register("legacy-ex", LegacyEx, description="BIRD execution match, written against tabbench 0.1")


@tabbench.hookimpl
def register_benchmarks(register):
    register("legacy-sql", LegacySql, description="two questions on a shop database")
'''


def _write_plugin_and_data(tmp_path: Path) -> tuple[Path, Path]:
    plugins, data = tmp_path / "plugins", tmp_path / "data"
    plugins.mkdir()
    data.mkdir()
    (plugins / "legacy_sql.py").write_text(PLUGIN_0_1)
    import sqlite3

    with sqlite3.connect(data / "shop.sqlite") as db:
        db.executescript("CREATE TABLE item(name TEXT, price INT); INSERT INTO item VALUES ('a', 3), ('b', 5);")
    questions = [{"id": "q1", "question": "How many items?", "sql": "SELECT count(*) FROM item"},
                 {"id": "q2", "question": "Dearest item?", "sql": "SELECT name FROM item ORDER BY price DESC LIMIT 1"}]
    (data / "questions.jsonl").write_text("".join(json.dumps(q) + "\n" for q in questions))
    return plugins, data


def _tabbench(args: list[str], cwd: Path, warnings_option: str | None = "always::DeprecationWarning"
              ) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_") and k != "PYTHONWARNINGS"}
    env["TABBENCH_STRICT_PLUGINS"] = "1"
    if warnings_option is not None:
        env["PYTHONWARNINGS"] = warnings_option
    return subprocess.run([sys.executable, "-m", "tabbench", *args], env=env, cwd=cwd, capture_output=True,
                          text=True, timeout=600)


def test_a_0_1_plugin_loads_and_scores_with_only_deprecation_warnings(tmp_path: Path) -> None:
    plugins, data = _write_plugin_and_data(tmp_path)
    (tmp_path / "preds.jsonl").write_text(json.dumps({"id": "q1", "completion": "```sql\nSELECT 7\n```"}) + "\n"
                                          + json.dumps({"id": "q2", "completion": "SELECT 'b'"}) + "\n")
    runs = {
        "gold": ["eval", "--model", "gold", "--benchmark", "legacy-sql", "--data", f"legacy-sql={data}"],
        "scored": ["score", "legacy-sql", "--data", f"legacy-sql={data}",
                   "--predictions", str(tmp_path / "preds.jsonl")],
    }
    values = {}
    for name, args in runs.items():
        out = tmp_path / name
        result = _tabbench(["--plugins-dir", str(plugins), *args, "--out", str(out), "--no-progress", "--workers",
                            "0"], cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        warned = [line for line in result.stderr.splitlines() if "Warning" in line]
        assert warned and all("DeprecationWarning" in line for line in warned), result.stderr
        assert any("tabbench.sql.completion_sql is deprecated" in line for line in warned), result.stderr
        assert "error" not in result.stderr.lower(), result.stderr
        metrics = json.loads((out / "results.json").read_text())["benchmarks"]["legacy-sql"]["metrics"]
        values[name] = metrics["ex"]["value"]
    assert values == {"gold": 1.0, "scored": 0.5}  # q1 answers 7 items where there are 2; q2 is right


def test_a_0_1_plugin_installed_as_a_package_scores_with_only_deprecation_warnings(tmp_path: Path) -> None:
    """The same plugin as a distribution with an entry point, registering ``"module:attr"`` targets (lazily, as
    0.1's guide taught), installed with pip --target."""
    _, data = _write_plugin_and_data(tmp_path)
    source = (PLUGIN_0_1.replace('register("legacy-ex", LegacyEx,', 'register("legacy-ex", "legacy_sql_pkg:LegacyEx",')
              .replace('register("legacy-sql", LegacySql,', 'register("legacy-sql", "legacy_sql_pkg:LegacySql",'))
    assert source.count('"legacy_sql_pkg:') == 2
    package = write_package(tmp_path / "src", "tabbench-legacy-sql", "legacy_sql_pkg", source, "legacy-sql")
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--no-index", "--target", str(site), str(package)], check=True, capture_output=True, text=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_") and k != "PYTHONWARNINGS"}
    env.update(TABBENCH_STRICT_PLUGINS="1", PYTHONPATH=os.pathsep.join([str(site), env.get("PYTHONPATH", "")]))
    result = subprocess.run([sys.executable, "-m", "tabbench", "eval", "--model", "gold", "--benchmark",
                             "legacy-sql", "--data", f"legacy-sql={data}", "--out", str(tmp_path / "run"),
                             "--no-progress"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if "Warning" in line]
    assert len(warned) == 3 and all(": DeprecationWarning: " in line for line in warned), result.stderr
    results = json.loads((tmp_path / "run" / "results.json").read_text())
    assert results["benchmarks"]["legacy-sql"]["metrics"]["ex"]["value"] == 1.0


def test_the_cli_shows_each_deprecation_once_on_one_line(tmp_path: Path) -> None:
    """Python hides DeprecationWarning outside __main__: the CLI shows tabbench's own on stderr, one line each,
    once per place in the plugin that uses an old name, naming what to use instead."""
    plugins, _ = _write_plugin_and_data(tmp_path)
    plugin = plugins / "legacy_sql.py"
    result = _tabbench(["--plugins-dir", str(plugins), "rewards", "list", "--json"], cwd=tmp_path,
                       warnings_option=None)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    source = PLUGIN_0_1.splitlines()
    where = {f"{plugin}:{source.index(text) + 1}: DeprecationWarning: " for text in (
        "from tabbench.sql import ExecJob, Limits, completion_sql, execute_many", "class LegacyEx(Reward):",
        "class LegacySql(Benchmark):")}
    assert len(lines) == 3 and {line[:line.index("DeprecationWarning: ") + 20] for line in lines} == where, lines
    assert "use tabbench.sql.extract_sql" in lines[0] and "use score(self, example, completion, answer)" in lines[1]
    assert "declare the answer's extractor instead" in lines[2]
    quiet = _tabbench(["--plugins-dir", str(plugins), "rewards", "list", "--json"], cwd=tmp_path,
                      warnings_option="ignore::DeprecationWarning")  # -W / PYTHONWARNINGS decide when given
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr


# --- the library imports no click ----------------------------------------------------------------------------------

LIBRARY = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts[:-1] if p.name == "__init__.py"
             else p.relative_to(ROOT).with_suffix("").parts)
    for p in (ROOT / "tabbench").rglob("*.py")
    if "cli" not in p.relative_to(ROOT / "tabbench").parts[:1] and p.name != "__main__.py"
)
#: The adapters to other stacks (``tabbench.integrations``) import their format's package, and Inspect and OpenEnv
#: bring click themselves: left out of the import check, their own source is checked to import no click.
ADAPTERS = [m for m in LIBRARY if m.startswith("tabbench.integrations.")]
LIBRARY = [m for m in LIBRARY if m not in ADAPTERS]


def _click_modules(code: str, tmp_path: Path) -> list[str]:
    script = code + "\nimport sys, json\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('click'))))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                            cwd=tmp_path, env={k: v for k, v in os.environ.items() if not k.startswith("TABBENCH_")})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def test_the_library_outside_tabbench_cli_imports_no_click(tmp_path: Path) -> None:
    assert "tabbench.evaluation.launch" in LIBRARY and not [m for m in LIBRARY if m.startswith("tabbench.cli")]
    code = "\n".join(f"import {module}" for module in LIBRARY)
    assert _click_modules(code, tmp_path) == []


def test_the_adapters_own_code_imports_no_click() -> None:
    import ast

    assert ADAPTERS
    for module in ADAPTERS:
        tree = ast.parse((ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8"))
        names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        names += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [n for n in names if n.split(".")[0] == "click"], module


def test_tabbench_evaluate_imports_no_click(tmp_path: Path) -> None:
    code = ("import tabbench\nfrom tabbench import Settings\n"
            f"tabbench.evaluate('gold', benchmarks='demo-bird', limit=2, out={str(tmp_path / 'run')!r}, "
            "settings=Settings(workers=0))")
    assert _click_modules(code, tmp_path) == []
    assert json.loads((tmp_path / "run" / "results.json").read_text())["benchmarks"]["demo-bird"]


def test_first_party_code_uses_no_deprecated_name() -> None:
    """tabbench's own modules, plugins, trainers and benchmarks import no name the stability policy retired: the
    CLI shows every such use as a warning line, so one would print on every command a user runs."""
    import ast

    root = Path(__file__).resolve().parents[1]
    files = [p for folder in ("tabbench", "plugins", "trainers", "benchmarks") for p in (root / folder).rglob("*.py")
             if "tests" not in p.relative_to(root).parts[:-1] and p.name != "deprecated.py"]
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in DEPRECATED:
                found += [f"{path.relative_to(root)}:{node.lineno}: {node.module}.{alias.name}"
                          for alias in node.names if alias.name in DEPRECATED[node.module]]
    assert files and not found, found
