"""Plugin loading and the registries built from the registration hooks.

Plugins come from the ``tabbench`` entry-point group; each is loaded on its own, so one that fails to
import is recorded (``tabbench plugins`` shows its error) and the rest keep working.
``TABBENCH_STRICT_PLUGINS=1`` makes such a failure fatal. ``TABBENCH_LOAD_PLUGINS`` (comma-separated
entry-point or distribution names; empty loads none) is an allow-list, ``TABBENCH_DISABLE_PLUGINS`` a
block-list. ``TABBENCH_TRACE_PLUGINS=1`` prints every hook call to stderr.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass, field
from typing import Any

import pluggy

from tabbench.contract import hookspecs
from tabbench.contract.errors import DuplicateNameError, PluginLoadError, UnknownNameError
from tabbench.host.entrypoints import entry_points

ENTRY_POINT_GROUP = "tabbench"
KINDS = ("benchmark", "reward", "model", "trainer", "suite")


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

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


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
        except Exception as exc:
            raise PluginLoadError(
                f"{self.kind} {self.name!r} (plugin {self.plugin}): cannot load {self.target}: "
                f"{type(exc).__name__}: {exc}"
            ) from exc
        return obj


class Registry:
    """Names of one kind. A duplicate name is an error naming both plugins; an unknown one suggests."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.entries: dict[str, Entry] = {}

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
            raise UnknownNameError(f"unknown {self.kind} {name!r}.{hint} Known: {known}") from None

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
        if os.environ.get("TABBENCH_TRACE_PLUGINS") == "1":
            self.pm.trace.root.setwriter(lambda message: print(message, end="", file=sys.stderr))
            self.pm.enable_tracing()

    # --- loading ---------------------------------------------------------------------------------------

    def load_entry_points(self) -> None:
        """Register every allowed entry point of the ``tabbench`` group, each in isolation."""
        allow = _env_list("TABBENCH_LOAD_PLUGINS")
        block = _env_list("TABBENCH_DISABLE_PLUGINS") or set()
        for ep in sorted(entry_points(ENTRY_POINT_GROUP), key=lambda e: e.name):
            dist = ep.dist.name if ep.dist else None
            names = {ep.name, dist}
            if (allow is not None and not names & allow) or names & block or ep.name in self.plugins:
                continue
            info = PluginInfo(
                name=ep.name, distribution=dist, version=ep.dist.version if ep.dist else None, module=ep.value
            )
            try:
                self.register(ep.load(), info)
            except Exception as exc:
                self._record_failure(info, exc)

    def register(self, plugin: object, info: PluginInfo) -> None:
        """Register a plugin object (module or instance) under ``info.name``."""
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
        self.plugins[info.name] = info
        self._registries.clear()
        if os.environ.get("TABBENCH_STRICT_PLUGINS") == "1":
            raise PluginLoadError(f"plugin {info.name!r} failed to load: {info.error}") from exc
        if os.environ.get("TABBENCH_RAISE_ERRORS") == "1":
            import traceback

            traceback.print_exception(exc)

    # --- registries ------------------------------------------------------------------------------------

    def registry(self, kind: str) -> Registry:
        """The registry of ``kind`` (one of ``KINDS``), built from the hooks on first use."""
        if kind not in self._registries:
            self._registries[kind] = self._build(kind)
        return self._registries[kind]

    def _build(self, kind: str) -> Registry:
        registry = Registry(kind)
        hook = getattr(self.pm.hook, f"register_{kind}s")
        for impl in hook.get_hookimpls():  # registration order (pluggy calls them in reverse)
            plugin_name = self.pm.get_name(impl.plugin) or repr(impl.plugin)

            def register(name: str, target: Any, *, description: str = "", _plugin: str = plugin_name) -> None:
                registry.add(Entry(kind, name, target, _plugin, description))

            def register_suite(name: str, benchmarks: list[str], *, description: str = "",
                               _plugin: str = plugin_name) -> None:
                registry.add(Entry(kind, name, None, _plugin, description, list(benchmarks)))

            try:
                impl.function(register=register_suite if kind == "suite" else register)
            except DuplicateNameError:
                raise
            except Exception as exc:
                info = self.plugins.setdefault(plugin_name, PluginInfo(name=plugin_name))
                info.status, info.error = "error", f"register_{kind}s failed: {type(exc).__name__}: {exc}"
                if os.environ.get("TABBENCH_STRICT_PLUGINS") == "1":
                    raise PluginLoadError(f"plugin {plugin_name!r}: {info.error}") from exc
        return registry


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
    return _HOST


def reset_host(new: Host | None = None) -> Host | None:
    """Replace the process-wide host (tests use this to isolate plugins); returns the previous one."""
    global _HOST
    previous, _HOST = _HOST, new
    return previous
