"""The ``tabbench`` command line: noun then verb, built by ``build_cli`` (no work at import time).

Subcommands are imported only when invoked (``LazyGroup``), so ``tabbench --help`` stays fast and never
imports torch, transformers, trl or vllm. ``TabbenchError`` becomes a one-line message here and nowhere
else; ``TABBENCH_RAISE_ERRORS=1`` lets the exception through for debugging.
"""

from __future__ import annotations

import errno
import importlib
import os
import signal
import sys
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

import click

from tabbench import __version__
from tabbench.contract.errors import TabbenchError
from tabbench.contract.modeltext import printable

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 110}

# name -> ("module:attribute" of a click command, its one-line help); imported on use, so that
# ``tabbench --help`` lists commands without importing them (a test keeps the help equal to the command's).
COMMANDS: dict[str, tuple[str, str]] = {
    "plugins": (
        "tabbench.cli.listing:plugins_command", "List installed plugins with their versions, hooks and load status."
    ),
    "benchmarks": ("tabbench.cli.listing:benchmarks_group", "Benchmarks: the data sets and how they are scored."),
    "rewards": (
        "tabbench.cli.listing:rewards_group", "Rewards: the metrics of evaluation and the rewards of training."
    ),
    "models": ("tabbench.cli.listing:models_group", "Model backends: where completions come from."),
    "trainers": ("tabbench.cli.listing:trainers_group", "Trainers: `tabbench train NAME`."),
    "suites": ("tabbench.cli.listing:suites_group", "Suites: named lists of benchmarks."),
    "environments": (
        "tabbench.cli.listing:environments_group", "Environments: the tools of multi-turn rollouts (`eval --env`)."
    ),
    "datasets": (
        "tabbench.cli.datasets:datasets_group",
        "Datasets: your own questions and databases as a benchmark (`--dataset FOLDER`; docs/datasets.md).",
    ),
    "eval": (
        "tabbench.cli.eval:eval_command",
        "Evaluate a model on benchmarks or suites: generate, score with the benchmarks' reward plugins, write run "
        "records.",
    ),
    "score": (
        "tabbench.cli.score:score_command",
        "Score an existing predictions file with the metrics of BENCHMARK (or --benchmark/--suite) and write run "
        "records to --out.",
    ),
    "merge": (
        "tabbench.cli.merge:merge_command",
        "Merge the shard run folders of one run (`--shard K/N`) into OUT, as if it had run unsharded.",
    ),
    "leaderboard": (
        "tabbench.cli.leaderboard:leaderboard_group",
        "Leaderboards: markdown tables rendered from runs' results.json, checked for staleness in CI.",
    ),
    "serve-env": (
        "tabbench.cli.serve_env:serve_env_command",
        "Serve BENCHMARK as an OpenEnv environment (needs `pip install 'tabbench[openenv]'`).",
    ),
    "view": (
        "tabbench.cli.view:view_command",
        "Look at RUN_DIRs in a browser: results, samples, SQL diffs and result tables, flips between runs.",
    ),
    "compare": (
        "tabbench.cli.view:compare_command",
        "Pair RUN_A's and RUN_B's samples per benchmark: flips (fail -> pass, pass -> fail), the exact McNemar p and "
        "B - A in points with its 95% confidence interval, clustered by database where the records name one.",
    ),
    "validate": (
        "tabbench.cli.validate:validate_command",
        "Run each item's gold answer through every metric reward of its benchmark, with no model, and list the "
        "items whose gold does not reach the top score, with why.",
    ),
    "rescore": (
        "tabbench.cli.rescore:rescore_command",
        "Add metrics to the finished run in RUN_DIR without generating: each record's scored completion is scored "
        "by the rewards (executing SQL or programs where they need it), and results.json records the edit.",
    ),
    "export": (
        "tabbench.cli.export:export_command",
        "Write RUN_DIR in another harness's format: Every Eval Ever (aggregate JSON and per-instance JSONL) or "
        "lm-evaluation-harness (results JSON and samples JSONL).",
    ),
    "synthesize": ("tabbench.cli.synthesize:synthesize_group", "Synthesize training data with a teacher model."),
    "train": (
        "tabbench.cli.train:train_group",
        "Train a model with a trainer plugin; its rewards are tabbench reward plugins.",
    ),
}


class CommandFailed(click.ClickException):
    """A ``TabbenchError`` on its way to the terminal, keeping its exit code. A control character in the message
    (from a run folder: a benchmark version, a metric name) is shown as its escape, never sent to the terminal."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(printable(message))
        self.exit_code = exit_code


class LazyGroup(click.Group):
    """A group whose subcommands are ``module:attr`` strings, imported only when used."""

    def __init__(self, *args: Any, lazy: dict[str, tuple[str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})
        self.nested: dict[str, dict[str, tuple[str, str]]] = {}  # parent group -> its pending lazy commands

    def add_lazy_command(self, name: str, target: str, short_help: str, *, parent: str | None = None) -> None:
        """Add command ``name`` from ``"module:attr"``, imported only when it runs or its own help is shown.

        Plugins call this from ``register_commands`` so that their commands cost nothing at start-up.
        ``parent`` puts it under one of this group's subgroups instead (``parent="models"`` gives
        ``tabbench models NAME``) without importing that subgroup now.
        """
        if parent is None:
            self.lazy[name] = (target, short_help)
        elif parent in self.commands:
            _add_to(self.commands[parent], name, target, short_help)
        else:
            self.nested.setdefault(parent, {})[name] = (target, short_help)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            self.add_command(_load(self.lazy[cmd_name][0]), cmd_name)
        command = super().get_command(ctx, cmd_name)
        for name, (target, short_help) in self.nested.pop(cmd_name, {}).items():
            if command is not None:
                _add_to(command, name, target, short_help)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:  # a bad option value: one line too, pointing at the help
            where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            raise CommandFailed(exc.format_message() + where, exc.exit_code) from exc
        except TabbenchError as exc:
            if os.environ.get("TABBENCH_RAISE_ERRORS") == "1":
                raise
            raise CommandFailed(" ".join(str(exc).split()), exc.exit_code) from exc
        except OSError as exc:  # a full disk, a name too long, a read-only place: one line naming the file
            if os.environ.get("TABBENCH_RAISE_ERRORS") == "1" or exc.errno in (None, errno.EPIPE):
                raise
            raise CommandFailed(os_error_line(exc), 1) from exc

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List commands with their one-line help (as click does), without importing the lazy ones."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max((len(name) for name in names), default=0)
        rows = []
        for name in names:
            if name in self.commands:
                if not self.commands[name].hidden:
                    rows.append((name, self.commands[name].get_short_help_str(limit)))
            else:
                rows.append((name, click.Command(name, help=self.lazy[name][1]).get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def os_error_line(exc: OSError) -> str:
    """An operating-system error as one line: what failed, and on which file (both, for a rename)."""
    names = [str(n) for n in (exc.filename, exc.filename2) if n is not None]
    where = f"{' -> '.join(names)}: " if names else ""
    return " ".join(f"{where}{exc.strerror or exc} (errno {errno.errorcode.get(exc.errno or 0, exc.errno)})".split())


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C's ``KeyboardInterrupt`` would be: every command's clean-up for an
    interruption (staging folders removed, a run folder's lock let go, a half-staged change dropped) runs for
    them too. The process then ends by the same signal, as it would have without the handler."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


@contextmanager
def interruptible() -> Iterator[list[int]]:
    """Turn SIGTERM and SIGHUP into ``Terminated`` in this process for the block (a forked child that inherits the
    handler gets the signal's default action instead); yields the signals received."""
    received: list[int] = []
    owner = os.getpid()
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield received
        return

    def handler(signum: int, frame: Any) -> None:
        signal.signal(signum, signal.SIG_DFL)  # a second one while cleaning up ends the process at once
        if os.getpid() != owner:
            os.kill(os.getpid(), signum)
            return
        received.append(signum)
        raise Terminated(signum)

    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield received
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def _load(target: str) -> Any:
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def _add_to(group: click.Command, name: str, target: str, short_help: str) -> None:
    """Add a lazy command to ``group``: still lazy in a ``LazyGroup``, imported now in a plain click group. A
    name the group already has keeps its command (a plugin adds commands; it cannot replace one)."""
    if isinstance(group, LazyGroup):
        if name not in group.lazy and name not in group.commands:
            group.add_lazy_command(name, target, short_help)
    elif isinstance(group, click.Group) and name not in group.commands:
        group.add_command(_load(target), name)


#: Commands that read run folders alone (docs/run-folder.md): ``tabbench view``/``compare`` load no plugin, so a
#: run opens on a machine without the plugins that made it and no plugin's code runs beside a hostile folder.
FOLDER_READERS = ("view", "compare")


def build_cli(plugin_commands: bool = True) -> click.Group:
    """Build the root group, with the commands plugins add through ``register_commands`` (unless not
    ``plugin_commands``: the built-in commands only, and no plugin loaded)."""

    @click.group(cls=LazyGroup, lazy=COMMANDS, context_settings=CONTEXT)
    @click.version_option(__version__, "-V", "--version", prog_name="tabbench")
    @click.option("--plugins-dir", metavar="DIR", expose_value=False, callback=_load_plugins_dir,
                  type=click.Path(exists=True, file_okay=False),
                  help="Also load every *.py in DIR with hook implementations as a plugin (one-file plugins; "
                       "env TABBENCH_PLUGINS_DIR).")
    def cli() -> None:
        """Evaluate and train Text-to-SQL and table-reasoning models with one body of scoring code.

        Every metric and every reward comes from a reward plugin; benchmarks, rewards, model backends and
        trainers are plugins (see `tabbench plugins`).
        """

    if plugin_commands:
        from tabbench.host.plugins import host

        host().add_commands(cli)  # a plugin whose hook raises is reported by `tabbench plugins`, not fatal
    return cli


def _load_plugins_dir(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--plugins-dir``: register the folder's plugins before the subcommand is looked up, with their commands."""
    if value is None:
        return
    from tabbench.host.plugins import host

    try:
        added = host().load_directory(value)
        host().add_commands(ctx.command, added)
    except TabbenchError as exc:  # a broken file under TABBENCH_STRICT_PLUGINS=1
        if os.environ.get("TABBENCH_RAISE_ERRORS") == "1":
            raise
        raise CommandFailed(" ".join(str(exc).split()), exc.exit_code) from exc


def show_deprecations() -> None:
    """Show tabbench's deprecation warnings on stderr, one line each, once per place that uses the old name.

    Python hides ``DeprecationWarning`` outside ``__main__``, so a plugin author running ``tabbench`` would never
    learn that a name their plugin uses goes away in the next release. Only tabbench's own warnings
    (``MESSAGE_PATTERN``) are shown, not those of the libraries underneath; ``-W`` or ``PYTHONWARNINGS``, when
    given, decide instead.
    """
    if sys.warnoptions:
        return
    from tabbench.contract.deprecation import MESSAGE_PATTERN, CommandLineDeprecation

    warnings.filterwarnings("default", message=MESSAGE_PATTERN, category=DeprecationWarning)
    shown = warnings.showwarning

    def one_line(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                 file: TextIO | None = None, line: str | None = None) -> None:
        if issubclass(category, CommandLineDeprecation):  # the user typed it: no source line to name
            click.echo(f"tabbench: DeprecationWarning: {message}", err=True)
        elif issubclass(category, DeprecationWarning):
            click.echo(f"{filename}:{lineno}: {category.__name__}: {message}", err=True)
        else:
            shown(message, category, filename, lineno, file, line)

    warnings.showwarning = one_line


def main(argv: list[str] | None = None) -> None:
    """Console-script entry point."""
    show_deprecations()
    arguments = sys.argv[1:] if argv is None else argv
    try:
        cli = build_cli(plugin_commands=not (arguments and arguments[0] in FOLDER_READERS))
    except TabbenchError as exc:  # a strict plugin failure, before any command ran
        if os.environ.get("TABBENCH_RAISE_ERRORS") == "1":
            raise
        click.echo(f"Error: {exc}", err=True)
        sys.exit(exc.exit_code)
    with interruptible() as received:
        try:
            cli.main(args=argv, prog_name="tabbench")
        finally:
            if received:  # cleaned up: now end as the signal would have ended us
                signal.signal(received[0], signal.SIG_DFL)
                os.kill(os.getpid(), received[0])
