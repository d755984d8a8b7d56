"""``tabbench plugins`` and the ``list`` verbs of benchmarks, rewards, models, trainers and suites."""

from __future__ import annotations

from typing import Any

import click

from tabbench.cli import CONTEXT, LazyGroup
from tabbench.cli.output import JSON_OPTION, emit
from tabbench.contract.errors import TabbenchError
from tabbench.host.plugins import host

# Verbs of the noun groups: name -> ("module:attr", one-line help), imported only when used.
BENCHMARK_VERBS: dict[str, tuple[str, str]] = {}
REWARD_VERBS: dict[str, tuple[str, str]] = {
    "audit": ("tabbench.cli.audit:audit", "Score degenerate completions and flag those a reward pays too much."),
}
PLUGIN_VERBS: dict[str, tuple[str, str]] = {
    "new": ("tabbench.cli.plugin_new:new_command",
            "Write a plugin package skeleton (a benchmark, reward, backend or environment) with tests that pass."),
}
MODEL_VERBS: dict[str, tuple[str, str]] = {}  # plugins add theirs: cli.add_lazy_command(..., parent="models")


@click.group("plugins", cls=LazyGroup, lazy=PLUGIN_VERBS, invoke_without_command=True, context_settings=CONTEXT)
@JSON_OPTION
@click.option("--all", "show_all", is_flag=True, help="Include tabbench's own built-in plugins.")
@click.pass_context
def plugins_command(ctx: click.Context, as_json: bool, show_all: bool) -> None:
    """List installed plugins with their versions, hooks and load status.

    `tabbench plugins new NAME` writes a new plugin package.
    """
    if ctx.invoked_subcommand is not None:
        return
    h = host()
    for kind in ("benchmark", "reward", "model", "trainer", "suite", "environment"):
        h.registry(kind)  # registering surfaces plugins whose hooks fail
    rows = [
        info.to_json() for info in h.plugins.values() if show_all or not info.name.startswith("tabbench.")
    ]
    if not as_json:  # the table shows where a failure happened beside what it was
        rows = [{**row, "hooks": ", ".join(row["hooks"]),
                 "error": f"{row['location']}: {row['error']}" if row["location"] else row["error"]} for row in rows]
    emit(rows, ["name", "version", "distribution", "module", "status", "hooks", "error"],
         as_json=as_json, title="tabbench plugins")


def _entry_rows(kind: str, describe: Any = None) -> list[dict[str, Any]]:
    rows = []
    for name in host().registry(kind).names():
        entry = host().registry(kind).get(name)
        row: dict[str, Any] = {"name": name, "plugin": entry.plugin, "description": entry.description,
                               "target": entry.target if isinstance(entry.target, str) else repr(entry.target)}
        if describe is not None:
            try:
                row.update(describe(entry))
            except TabbenchError as exc:
                row["status"], row["error"] = "error", str(exc)
        rows.append(row)
    return rows


def _failure_rows() -> list[dict[str, Any]]:
    """One row per plugin that failed to load: it may have provided names of any kind."""
    return [{"name": "-", "plugin": info.name, "description": info.failure(), "target": info.module,
             "status": "error", "error": info.failure()} for info in host().failures()]


def _benchmark_info(entry: Any) -> dict[str, Any]:
    from tabbench.host.config import data_path

    cls = entry.load()
    path, source = data_path(entry.name)
    if path is None and cls.bundled_data() is not None:
        path, source = cls.bundled_data(), "bundled"
    return {
        "version": cls.version, "primary_metric": cls.primary_metric, "splits": list(cls.splits),
        "metrics": [f"{m.name}={m.reward}" for m in cls.metrics] if isinstance(cls.metrics, tuple) else "by options",
        "breakdown": list(cls.breakdown_keys),
        "data": str(path) if path else None, "data_source": source, "status": "ok" if path or not cls.needs_data
        else "no data", "data_hint": cls.data_hint,
    }


def _reward_info(entry: Any) -> dict[str, Any]:
    cls = entry.load()
    return {"version": cls.version, "higher_is_better": cls.higher_is_better, "status": "ok"}


def _list_command(kind: str, title: str, columns: list[str], describe: Any = None) -> click.Command:
    @click.command("list", context_settings=CONTEXT, help=f"List registered {title}.")
    @JSON_OPTION
    def list_command(as_json: bool) -> None:
        if kind == "benchmark":  # data paths come from the config file: a broken one is one error, not one per row
            from tabbench.host.config import load_config

            load_config()
        emit(_entry_rows(kind, describe) + _failure_rows(), columns, as_json=as_json, title=title)

    return list_command


def _noun_group(
    name: str, help_text: str, verbs: dict[str, tuple[str, str]], list_cmd: click.Command
) -> click.Group:
    group = LazyGroup(name, lazy=verbs, help=help_text, context_settings=CONTEXT)
    group.add_command(list_cmd)
    return group


benchmarks_group = _noun_group(
    "benchmarks", "Benchmarks: the data sets and how they are scored.", BENCHMARK_VERBS,
    _list_command("benchmark", "benchmarks",
                  ["name", "version", "plugin", "primary_metric", "status", "data", "description"], _benchmark_info),
)
rewards_group = _noun_group(
    "rewards", "Rewards: the metrics of evaluation and the rewards of training.", REWARD_VERBS,
    _list_command("reward", "rewards", ["name", "version", "plugin", "description"], _reward_info),
)
models_group = _noun_group(
    "models", "Model backends: where completions come from.", MODEL_VERBS,
    _list_command("model", "model backends", ["name", "plugin", "description"]),
)


def _environment_info(entry: Any) -> dict[str, Any]:
    cls = entry.load()
    return {"answer": cls.answer, "tools": ", ".join(cls.tool_names()),
            "tags": ", ".join(f"<{t}>" for t in cls.tag_protocol), "status": "ok"}


environments_group = _noun_group(
    "environments", "Environments: the tools of multi-turn rollouts (`eval --env`).", {},
    _list_command("environment", "environments", ["name", "plugin", "answer", "tools", "tags", "description"],
                  _environment_info),
)
trainers_group = _noun_group(
    "trainers", "Trainers: `tabbench train NAME`.", {},
    _list_command("trainer", "trainers", ["name", "plugin", "description"]),
)


def _suite_rows() -> list[dict[str, Any]]:
    rows = _entry_rows("suite")
    benchmarks = host().registry("benchmark").names()
    for row in rows:
        members = host().registry("suite").get(row["name"]).benchmarks or benchmarks
        row["benchmarks"] = list(members)
    return rows


@click.command("list", context_settings=CONTEXT, help="List suites (named lists of benchmarks).")
@JSON_OPTION
def _suites_list(as_json: bool) -> None:
    rows = _suite_rows()
    if not as_json:
        rows = [{**row, "benchmarks": ", ".join(row["benchmarks"])} for row in rows]
    emit(rows, ["name", "plugin", "benchmarks", "description"], as_json=as_json, title="suites")


suites_group = _noun_group("suites", "Suites: named lists of benchmarks.", {}, _suites_list)
