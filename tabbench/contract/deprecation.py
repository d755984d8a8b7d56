"""How a public name that was removed or renamed keeps working for one minor release (0.1.0's until 0.3.0, a
later one's until the release its entry names), with a ``DeprecationWarning`` naming its replacement (the
stability policy, ``docs/api.md``).

Each module that lost names keeps their table beside its code, ``{old name: Deprecated(...)}``, and serves it with
``__getattr__ = module_getattr(__name__, table)``, so a name costs nothing until it is used. An old name gives
the new object under its new name (a plain rename or move: ``moved``) or a small function that keeps the old
behaviour on top of the new API, written beside the module (marked with PEP 702's ``deprecated`` so that type
checkers flag it too). A table loads its targets through ordinary imports, which the layering test sees
(``tests/test_layering.py``). ``TABLES`` holds every table of the modules imported so far;
``tests/test_api_stability.py`` imports every public name of 0.1.0 (a frozen list) and checks it works or warns.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

if sys.version_info >= (3, 13):
    from warnings import deprecated
else:
    from typing_extensions import deprecated

__all__ = ["MESSAGE_PATTERN", "REMOVED_IN", "TABLES", "TYPEVAR_REPLACEMENT", "Deprecated", "deprecated", "kept",
           "kept_in", "module_getattr", "moved"]

#: The release in which 0.1.0's names stop working (a later name's entry says its own).
REMOVED_IN = "0.3.0"
#: What every tabbench deprecation message says (old names here, old contracts in ``Reward``/``Benchmark``): the
#: CLI shows the warnings that match it, which Python hides outside ``__main__`` (``tabbench.cli.main``).
MESSAGE_PATTERN = r".* is deprecated since \d+\.\d+\.\d+ and (will be removed|stops working) in \d+\.\d+\.\d+; "


@dataclass(frozen=True)
class Deprecated:
    """An old public name: ``load()`` returns what it gives (called when the name is used), ``replacement`` is
    what to use instead (``None``: the text of the ``deprecated("use ...")`` mark of what ``load`` returns, an old
    behaviour kept); deprecated ``since`` a release and removed in ``removed_in`` (0.1.0's names: since 0.2.0,
    until 0.3.0)."""

    load: Callable[[], Any]
    replacement: str | None = None
    since: str = "0.2.0"
    removed_in: str = REMOVED_IN

    def use(self, value: Any) -> str:
        """What to use instead of the old name, which gave ``value``."""
        if self.replacement is not None:
            return self.replacement
        message = getattr(value, "__deprecated__", None)
        if not isinstance(message, str) or not message.startswith("use "):
            raise TypeError(f"{value!r}: mark an old behaviour kept with @deprecated('use ...', category=None)")
        return message.removeprefix("use ")


def moved(module: ModuleType | Callable[[], ModuleType], names: Sequence[str], new_module: str | None = None,
          ) -> dict[str, Deprecated]:
    """Names that moved, unchanged, to ``module`` (a module, or a function that imports it when an old name is
    used: ``new_module`` then names it)."""
    where = new_module or getattr(module, "__name__", "")
    return {name: Deprecated(_attribute(module, name), f"{where}.{name}") for name in names}


def kept(old: Any, since: str = "0.2.0", removed_in: str = REMOVED_IN) -> Deprecated:
    """An old behaviour kept under its old name: ``old`` is marked ``@deprecated("use <replacement>",
    category=None)`` (PEP 702: type checkers flag it too), whose text the warning names."""
    entry = Deprecated(lambda: old, None, since, removed_in)
    entry.use(old)  # marked: checked when the module's table is made
    return entry


def kept_in(module: Callable[[], ModuleType], names: Sequence[str]) -> dict[str, Deprecated]:
    """Old behaviours kept in the module that ``module()`` imports when an old name is used, each marked as
    ``kept`` requires."""
    return {name: Deprecated(_attribute(module, name)) for name in names}


def _attribute(module: ModuleType | Callable[[], ModuleType], name: str) -> Callable[[], Any]:
    return lambda: getattr(module if isinstance(module, ModuleType) else module(), name)


#: The replacement of the type variable ``F`` that 0.1.0's command-option modules exported.
TYPEVAR_REPLACEMENT = "typing.TypeVar (a command decorator's own type variable)"

#: Module -> its table of old names, for each module imported so far that has one.
TABLES: dict[str, Mapping[str, Deprecated]] = {}

_PACKAGE = str(Path(__file__).resolve().parents[1])

#: The release that deprecated 0.2's divergent command-line spellings (one spelling per option across commands),
#: and the one that removes them.
SPELLING_SINCE, SPELLING_REMOVED_IN = "0.3.0", "0.4.0"


class CommandLineDeprecation(DeprecationWarning):
    """An old command-line spelling (an option, or a form of an option's value) that still works: the ``tabbench``
    command shows it once on stderr, without a source line (the user typed it, no file of theirs holds it)."""


def deprecated_spelling(old: str, new: str) -> None:
    """Warn that the command-line spelling ``old`` is deprecated in favour of ``new`` (docs/api.md's policy: it
    keeps working for one minor release)."""
    warnings.warn(f"{old} is deprecated since {SPELLING_SINCE} and will be removed in {SPELLING_REMOVED_IN}; use {new}",
                  CommandLineDeprecation, stacklevel=2)


def _outside_tabbench() -> int:
    """The stack level of the first caller outside tabbench: the warning names the line that used the old name."""
    frame, level = sys._getframe(2), 2
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    return level


def module_getattr(module: str, names: Mapping[str, Deprecated]) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving ``module``'s old ``names``, each with its warning."""
    TABLES[module] = names

    def __getattr__(name: str) -> Any:
        entry = names.get(name)
        if entry is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = entry.load()
        warnings.warn(f"{module}.{name} is deprecated since {entry.since} and will be removed in {entry.removed_in}; "
                      f"use {entry.use(value)}", DeprecationWarning, stacklevel=_outside_tabbench())
        return value

    return __getattr__
