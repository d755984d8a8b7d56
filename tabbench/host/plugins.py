"""Plugin loading and the registries built from the registration hooks.

Plugins come from the ``tabbench`` entry-point group; each is loaded on its own, so one that fails to
import is recorded (``tabbench plugins`` shows its error) and the rest keep working.
``TABBENCH_STRICT_PLUGINS=1`` makes such a failure fatal. ``TABBENCH_LOAD_PLUGINS`` (comma-separated
entry-point or distribution names; empty loads none) is an allow-list, ``TABBENCH_DISABLE_PLUGINS`` a
block-list. ``TABBENCH_TRACE_PLUGINS=1`` prints every hook call to stderr.

One-file plugins need no package: every ``*.py`` with hook implementations in ``TABBENCH_PLUGINS_DIR`` (or
``tabbench --plugins-dir DIR``) is registered beside the entry points, under its file name without ``.py``,
so a reward can be tried without building and installing anything.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pluggy

from tabbench.contract import hookspecs
from tabbench.contract.errors import (
    ConfigError,
    DuplicateNameError,
    PluginLoadError,
    TabbenchError,
    UnknownNameError,
)
from tabbench.host.entrypoints import entry_points

ENTRY_POINT_GROUP = "tabbench"
#: What a plugin may raise while it is imported or its hooks run, contained as that plugin's failure: any
#: exception, and also ``sys.exit()`` and ``KeyboardInterrupt`` (a plugin must not end or silence every command).
CONTAINED = (Exception, SystemExit, KeyboardInterrupt)
#: The distribution whose plugins are first-party: a name they register is never taken by another plugin.
FIRST_PARTY = "tabbench"
KINDS = ("benchmark", "reward", "model", "trainer", "suite", "environment")


@dataclass
class PluginInfo:
    """What ``tabbench plugins`` reports about one plugin."""

    name: str
    distribution: str | None = None
    version: str | None = None
    module: str | None = None
    hooks: list[str] = field(default_factory=list)
    status: str = "ok"
    error: str | None = None
    location: str | None = None  # ``file:line`` of the failure, when it failed

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)

    def failure(self) -> str:
        """One line naming the plugin, where it failed and why (for listings and unknown-name errors)."""
        where = f"{self.location}: " if self.location else ""
        return f"plugin {self.name!r} failed to load ({where}{self.error})"


@dataclass
class Entry:
    """A registered name: ``target`` is imported only when ``load`` is called."""

    kind: str
    name: str
    target: Any
    plugin: str
    description: str = ""
    benchmarks: list[str] = field(default_factory=list)  # suites only

    def load(self) -> Any:
        if not isinstance(self.target, str):
            return self.target
        module_name, _, attr = self.target.partition(":")
        try:
            obj: Any = importlib.import_module(module_name)
            for part in attr.split(".") if attr else []:
                obj = getattr(obj, part)
        except CONTAINED as exc:
            where = error_location(exc)
            raise PluginLoadError(
                f"{self.kind} {self.name!r} (plugin {self.plugin}): cannot load {self.target}: "
                f"{f'{where}: ' if where else ''}{type(exc).__name__}: {exc}"
            ) from exc
        return obj


class Registry:
    """Names of one kind. A duplicate name is an error naming both plugins; an unknown one suggests."""

    def __init__(self, kind: str, failed: list[str] | None = None) -> None:
        self.kind = kind
        self.entries: dict[str, Entry] = {}
        self.failed = failed or []  # ``PluginInfo.failure()`` of each plugin that could have provided a name

    def add(self, entry: Entry) -> None:
        if entry.name in self.entries:
            first = self.entries[entry.name]
            raise DuplicateNameError(
                f"{self.kind} {entry.name!r} is registered twice: by plugin {first.plugin!r} and by plugin "
                f"{entry.plugin!r}"
            )
        self.entries[entry.name] = entry

    def get(self, name: str) -> Entry:
        try:
            return self.entries[name]
        except KeyError:
            import difflib  # only on a miss: keeps start-up fast

            close = difflib.get_close_matches(name, list(self.entries), n=3, cutoff=0.5)
            hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
            known = ", ".join(sorted(self.entries)) or "none"
            broken = "".join(f" Perhaps it is in {failure}." for failure in self.failed)
            raise UnknownNameError(f"unknown {self.kind} {name!r}.{hint} Known: {known}.{broken}") from None

    def names(self) -> list[str]:
        return sorted(self.entries)

    def __contains__(self, name: object) -> bool:
        return name in self.entries


class Host:
    """The plugin manager plus its registries; ``tabbench.host.plugins.host()`` returns the process-wide one."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager(ENTRY_POINT_GROUP)
        self.pm.add_hookspecs(hookspecs)
        self.plugins: dict[str, PluginInfo] = {}
        self._registries: dict[str, Registry] = {}
        self._filling: dict[str, str] = {}  # kind -> the plugin whose registration hook is running
        if os.environ.get("TABBENCH_TRACE_PLUGINS") == "1":
            self.pm.trace.root.setwriter(lambda message: print(message, end="", file=sys.stderr))
            self.pm.enable_tracing()

    # --- loading ---------------------------------------------------------------------------------------

    def load_entry_points(self, only: set[str] | None = None) -> None:
        """Register every allowed entry point of the ``tabbench`` group, each in isolation; ``only`` (entry
        point or distribution names) narrows the allow-list further (``tabbench.testing.isolated``)."""
        allow = _env_list("TABBENCH_LOAD_PLUGINS") if only is None else only
        block = _env_list("TABBENCH_DISABLE_PLUGINS") or set()
        for ep in sorted(entry_points(ENTRY_POINT_GROUP), key=lambda e: e.name):
            dist = ep.dist.name if ep.dist else None
            names = {ep.name, dist, dist and dist.replace("_", "-")}
            if (allow is not None and not names & allow) or names & block or ep.name in self.plugins:
                continue
            info = PluginInfo(
                name=ep.name, distribution=dist, version=ep.dist.version if ep.dist else None, module=ep.value
            )
            try:
                self.register(ep.load(), info)
            except CONTAINED as exc:
                self._record_failure(info, exc)

    def load_directory(self, directory: str | os.PathLike[str]) -> list[str]:
        """Register every ``*.py`` in ``directory`` that has hook implementations (a one-file plugin), each in
        isolation and under its file's stem; returns the names registered now (a file loaded before is
        skipped). A file that fails is recorded with its path, like a broken entry point."""
        folder = Path(directory)
        if not folder.is_dir():
            raise ConfigError(f"plugins dir {folder}: not a folder")
        allow = _env_list("TABBENCH_LOAD_PLUGINS")
        block = _env_list("TABBENCH_DISABLE_PLUGINS") or set()
        added = []
        for path in sorted(folder.glob("*.py")):
            name = path.stem
            if (allow is not None and name not in allow) or name in block:
                continue
            info = PluginInfo(name=name, module=str(path))
            if name in self.plugins:
                if self.plugins[name].module != info.module:  # recorded under its path: the name is the other's
                    taken = DuplicateNameError(f"plugin name {name!r} is taken by {self.plugins[name].module}; "
                                               "rename the file")
                    self._record_failure(PluginInfo(name=str(path), module=str(path)), taken)
                continue
            try:
                module = _import_file(path)
                if not [attr for attr in vars(module).values() if _is_hookimpl(attr)]:
                    continue  # a helper file, not a plugin
                self.register(module, info)
            except CONTAINED as exc:
                self._record_failure(info, exc)
                continue
            added.append(name)
        return added

    def register(self, plugin: object, info: PluginInfo | str) -> None:
        """Register a plugin object (module or instance) under ``info.name`` (or the name given)."""
        info = PluginInfo(info) if isinstance(info, str) else info
        self.pm.register(plugin, name=info.name)
        self.pm.check_pending()
        info.hooks = sorted(impl.name for impl in self._hookcallers(plugin))
        self.plugins[info.name] = info
        self._registries.clear()

    def unregister(self, name: str) -> None:
        self.pm.unregister(name=name)
        self.plugins.pop(name, None)
        self._registries.clear()

    def _hookcallers(self, plugin: object) -> list[Any]:
        return list(self.pm.get_hookcallers(plugin) or [])

    def _record_failure(self, info: PluginInfo, exc: BaseException) -> None:
        if self.pm.get_plugin(info.name) is not None:
            self.pm.unregister(name=info.name)
        info.status = "error"
        info.error = f"{type(exc).__name__}: {exc}"
        info.location = error_location(exc) or (info.module if info.module and info.module.endswith(".py") else None)
        self.plugins[info.name] = info
        self._registries.clear()
        if os.environ.get("TABBENCH_STRICT_PLUGINS") == "1":
            raise PluginLoadError(info.failure()) from exc
        if os.environ.get("TABBENCH_RAISE_ERRORS") == "1":
            import traceback

            traceback.print_exception(exc)

    # --- registries ------------------------------------------------------------------------------------

    def registry(self, kind: str) -> Registry:
        """The registry of ``kind`` (one of ``KINDS``), built from the hooks on first use. Asked for while it is
        being built (a registration hook that looks a name up, directly or through another kind's hooks), it
        refuses, naming the plugin: the hook would build it again, every plugin's hook, without end."""
        if kind in self._filling:
            raise PluginLoadError(f"plugin {self._filling[kind]!r}: register_{kind}s looked up a {kind} while the "
                                  f"{kind}s were being registered; look names up when they are used, not while "
                                  "registering (register a \"module:Class\" target to defer the import)")
        if kind not in self._registries:
            self._registries[kind] = self._build(kind)
        return self._registries[kind]

    def _build(self, kind: str) -> Registry:
        registry = Registry(kind)
        hook = getattr(self.pm.hook, f"register_{kind}s")
        for impl in hook.get_hookimpls():  # registration order (pluggy calls them in reverse)
            plugin_name = self.pm.get_name(impl.plugin) or repr(impl.plugin)

            def register(name: str, target: Any, *, description: str = "", _plugin: str = plugin_name) -> None:
                self._claim(registry, Entry(kind, name, target, _plugin, description))

            def register_suite(name: str, benchmarks: list[str], *, description: str = "",
                               _plugin: str = plugin_name) -> None:
                if name in registry:  # several plugins may add members to one suite (text2sql: bird, spider)
                    entry = registry.entries[name]
                    entry.benchmarks.extend(b for b in benchmarks if b not in entry.benchmarks)
                    entry.description = entry.description or description
                    entry.plugin = entry.plugin if _plugin in entry.plugin.split(", ") else f"{entry.plugin}, {_plugin}"
                    return
                self._claim(registry, Entry(kind, name, None, _plugin, description, list(benchmarks)))

            self._filling[kind] = plugin_name
            try:
                impl.function(register=register_suite if kind == "suite" else register)
            except DuplicateNameError:
                raise
            except CONTAINED as exc:
                info = self.plugins.setdefault(plugin_name, PluginInfo(name=plugin_name))
                info.status, info.error = "error", f"register_{kind}s failed: {type(exc).__name__}: {exc}"
                info.location = error_location(exc)
                if os.environ.get("TABBENCH_STRICT_PLUGINS") == "1":
                    raise PluginLoadError(info.failure()) from exc
            finally:
                del self._filling[kind]
        registry.failed = [info.failure() for info in self.plugins.values() if info.status == "error"]
        return registry

    def _claim(self, registry: Registry, entry: Entry) -> None:
        """Add ``entry``; a name another plugin registered first stays theirs (a first-party one always wins) and
        the other plugin is refused that name, with the refusal recorded as its failure. Only two first-party
        plugins registering one name is a ``DuplicateNameError`` (a packaging bug of tabbench itself)."""
        first = registry.entries.get(entry.name)
        if first is None:
            registry.add(entry)
            return
        if self._first_party(entry.plugin) and self._first_party(first.plugin):
            registry.add(entry)  # raises, naming both
        keep, refused = (entry, first) if self._first_party(entry.plugin) else (first, entry)
        registry.entries[entry.name] = keep
        self._refuse(refused.plugin, f"{entry.kind} {entry.name!r} is already registered by plugin "
                                     f"{keep.plugin!r}: refused for plugin {refused.plugin!r} (rename it)")

    def first_party_names(self) -> set[str]:
        """Every name tabbench's own plugins take: their entry points (``demo``, ``trainers``, ...: the modules
        ``tabbench_<name>``) and each name they register, of every kind (``demo-bird``, ``sft``, ``hf``, ...)."""
        names = {ep.name for ep in entry_points(ENTRY_POINT_GROUP) if ep.dist and ep.dist.name == FIRST_PARTY}
        for kind in KINDS:
            names |= {name for name, entry in self.registry(kind).entries.items() if self._first_party(entry.plugin)}
        return names

    def _first_party(self, plugin: str) -> bool:
        info = self.plugins.get(plugin)
        return info is not None and info.distribution == FIRST_PARTY

    def _refuse(self, plugin: str, reason: str) -> None:
        """Record that ``plugin`` was refused something (a name, a command); it stays loaded for the rest."""
        info = self.plugins.setdefault(plugin, PluginInfo(name=plugin))
        info.error = reason if info.status != "error" or not info.error else f"{info.error}; {reason}"
        info.status = "error"
        if os.environ.get("TABBENCH_STRICT_PLUGINS") == "1":
            raise PluginLoadError(info.failure())

    def add_commands(self, cli: Any, plugins: list[str] | None = None) -> None:
        """Call every plugin's ``register_commands`` (only those of ``plugins``, when given: the ones loaded
        after the command line was built); one that raises is recorded as that plugin's failure (with file and
        line) instead of taking the whole command line down."""
        for impl in self.pm.hook.register_commands.get_hookimpls():
            if plugins is not None and self.pm.get_name(impl.plugin) not in plugins:
                continue
            name = self.pm.get_name(impl.plugin) or repr(impl.plugin)
            before = _commands(cli)
            try:
                impl.function(*[{"cli": cli}[arg] for arg in impl.argnames])
                replaced = _restore_commands(cli, before)
                if replaced:
                    self._refuse(name, f"register_commands may add commands, not replace {', '.join(replaced)}: "
                                       "refused")
            except PluginLoadError:
                raise
            except CONTAINED as exc:
                _restore_commands(cli, before)
                info = self.plugins.setdefault(name, PluginInfo(name=name))
                info.status, info.error = "error", f"register_commands failed: {type(exc).__name__}: {exc}"
                info.location = error_location(exc)
                if os.environ.get("TABBENCH_STRICT_PLUGINS") == "1":
                    raise PluginLoadError(info.failure()) from exc

    def failures(self) -> list[PluginInfo]:
        """The plugins that failed to import or to register, after every registry was built."""
        for kind in KINDS:
            self.registry(kind)
        return [info for info in self.plugins.values() if info.status == "error"]

    # --- lifecycle -------------------------------------------------------------------------------------

    def call(self, hook: str, **kwargs: Any) -> None:
        """Call lifecycle hook ``hook``; an implementation that raises becomes one ``PluginHookError`` line
        naming the plugin, the hook, the file and line, and the error (the traceback stays as its cause)."""
        caller = getattr(self.pm.hook, hook)
        try:
            caller(**kwargs)
        except CONTAINED as exc:  # a hook's sys.exit() is that plugin's failure too, not the run's end
            import traceback

            impls = {impl.function.__code__: impl.plugin for impl in caller.get_hookimpls()
                     if hasattr(impl.function, "__code__")}
            culprit = next((impls[frame.f_code] for frame, _ in traceback.walk_tb(exc.__traceback__)
                            if frame.f_code in impls), None)
            if culprit is None:
                raise
            where = error_location(exc)
            error = PluginHookError(
                f"plugin {self.pm.get_name(culprit)!r}: hook {hook} raised {f'at {where}: ' if where else ''}"
                f"{type(exc).__name__}: {exc}"
            )
            error.exit_code = getattr(exc, "exit_code", 1)  # a hook's DataError is still a user error
            raise error from exc


class PluginHookError(TabbenchError):
    """A plugin's lifecycle hook raised; the message names the plugin and the hook."""


def error_location(exc: BaseException) -> str | None:
    """``file:line`` of a failure: a ``SyntaxError``'s own position, else the innermost frame of the
    traceback outside the import machinery and the host itself."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{exc.filename}:{exc.lineno}"
    import traceback

    here = os.path.dirname(__file__)
    frames = [frame for frame, _ in traceback.walk_tb(exc.__traceback__)]
    lines = [line for _, line in traceback.walk_tb(exc.__traceback__)]
    for frame, line in reversed(list(zip(frames, lines, strict=True))):
        path = frame.f_code.co_filename
        if not path.startswith("<") and os.path.dirname(path) != here and "importlib" not in path:
            return f"{path}:{line}"
    return None


def _import_file(path: Path) -> Any:
    """Import one plugin file as module ``tabbench_plugins_dir_<stem>`` (kept in ``sys.modules``, so that its
    rewards pickle by reference like an installed plugin's)."""
    import importlib.util

    module_name = f"tabbench_plugins_dir_{path.stem}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


def _commands(cli: Any) -> dict[str, dict[str, Any]]:
    """What a command group holds now: its loaded commands, its lazy ones and those pending under subgroups."""
    nested = getattr(cli, "nested", {})
    return {"commands": dict(getattr(cli, "commands", {})), "lazy": dict(getattr(cli, "lazy", {})),
            **{f"nested:{parent}": dict(pending) for parent, pending in nested.items()}}


def _restore_commands(cli: Any, before: dict[str, dict[str, Any]]) -> list[str]:
    """Put back every command a ``register_commands`` replaced or removed (new names stay); returns their names."""
    now = _commands(cli)
    replaced = []
    for table, entries in before.items():
        current = now.get(table, {})
        changed = [name for name, value in entries.items() if current.get(name) is not value]
        if not changed:
            continue
        if table.startswith("nested:"):
            target = cli.nested.setdefault(table.partition(":")[2], {})
        else:
            target = getattr(cli, table)
        for name in changed:
            target[name] = entries[name]
        replaced += [f"{table.removeprefix('nested:')} {name}" if table.startswith("nested:") else repr(name)
                     for name in changed]
    shadowing = [name for name, (target, _) in before.get("lazy", {}).items()
                 if name in now["commands"] and name not in before["commands"] and not _is_target(
                     now["commands"][name], target)]
    for name in shadowing:  # a loaded command under a lazy one's name would be found first
        del cli.commands[name]
    return sorted({*replaced, *map(repr, shadowing)})


def _is_target(obj: object, target: str) -> bool:
    """Whether ``obj`` is what ``"module:attr"`` names (a lazy command loaded, not replaced)."""
    module_name, _, attr = target.partition(":")
    try:
        return getattr(importlib.import_module(module_name), attr) is obj
    except CONTAINED:
        return False


def _is_hookimpl(obj: object) -> bool:
    return callable(obj) and hasattr(obj, f"{ENTRY_POINT_GROUP}_impl")


def _env_list(name: str) -> set[str] | None:
    value = os.environ.get(name)
    if value is None:
        return None
    return {item.strip() for item in value.split(",") if item.strip()}


_HOST: Host | None = None


def host() -> Host:
    """The process-wide host, with entry points loaded on first use."""
    global _HOST
    if _HOST is None:
        _HOST = Host()
        from tabbench import __version__
        from tabbench.host import builtin  # the built-in suites, registered like any plugin

        _HOST.register(builtin, PluginInfo("tabbench.host.builtin", "tabbench", __version__, "tabbench.host.builtin"))
        _HOST.load_entry_points()
        if os.environ.get("TABBENCH_PLUGINS_DIR"):
            _HOST.load_directory(os.environ["TABBENCH_PLUGINS_DIR"])
    return _HOST


def reset_host(new: Host | None = None) -> Host | None:
    """Replace the process-wide host (tests use this to isolate plugins); returns the previous one."""
    global _HOST
    previous, _HOST = _HOST, new
    return previous
