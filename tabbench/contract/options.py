"""Declared options with types and ranges: the one check every benchmark and reward option goes through.

A plugin declares its options in ``option_defaults`` (benchmarks and rewards alike). A value there is either a
plain default, whose type the host infers (``30.0``: a number; ``False``: a boolean; ``"DP"``: a string;
``None``: anything), or an ``Option`` giving type, range and choices explicitly. Declared instead as keyword
parameters of ``__init__``, a parameter annotated ``Literal["a", "b"]`` has those choices. Options with a well-known
name get the well-known range unless declared otherwise:

- ``timeout`` and any name ending in ``timeout`` or ``timeout_s``: seconds, a number with
  ``0 < value <= 86400``. ``timeout=0`` is an error everywhere: model-written SQL and code always run
  under a time limit, and there is no "no limit" value.
- ``max_steps``: a step budget, a whole number from 1 to 10**10 (``None``: no budget).

``check_options`` validates what a user gave (``-o``, ``--reward-option``, ``--timeout``, reward options in
an adapter) against the declaration and fails with one line naming the plugin, the key and what is expected.
"""

from __future__ import annotations

import inspect
import math
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabbench.contract.errors import ConfigError

_TRUE, _FALSE = ("true", "yes", "1", "on"), ("false", "no", "0", "off")


@dataclass(frozen=True)
class Option:
    """One declared option: ``default``, ``type`` (``float``, ``int``, ``bool``, ``str``; ``None`` = any JSON
    value), an inclusive range ``min``/``max`` (``min_exclusive`` makes ``min`` strict), ``choices``, and
    whether ``None`` is accepted (by default when the default is ``None``)."""

    default: Any = None
    type: type | None = None
    min: float | None = None
    max: float | None = None
    min_exclusive: bool = False
    choices: tuple[Any, ...] | None = None
    nullable: bool | None = None
    help: str = ""

    @property
    def accepts_none(self) -> bool:
        return self.default is None if self.nullable is None else self.nullable

    def describe(self) -> str:
        """What a valid value is, in words: ``a number > 0 and <= 86400``."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        names = {float: "a number", Number: "a number", int: "a whole number", bool: "true or false", str: "a string"}
        kind = names.get(self.type, "a value")  # type: ignore[arg-type]
        bounds = []
        if self.min is not None:
            bounds.append(f"{'>' if self.min_exclusive else '>='} {_num(self.min)}")
        if self.max is not None:
            bounds.append(f"<= {_num(self.max)}")
        text = kind + (" " + " and ".join(bounds) if bounds else "")
        return text + (" (or null)" if self.accepts_none else "")

    def check(self, owner: str, key: str, value: Any) -> Any:
        """The value, converted to the declared type (``5`` -> ``5.0`` for a number); ``ConfigError`` if invalid."""
        if value is None:
            if self.accepts_none:
                return None
            raise _bad(owner, key, value, self)
        if self.choices is not None:
            if value not in self.choices:
                raise _bad(owner, key, value, self)
            return value
        converted = _convert(self.type, value)
        if converted is _INVALID:
            raise _bad(owner, key, value, self)
        if isinstance(converted, int | float) and not isinstance(converted, bool):
            low_ok = self.min is None or (converted > self.min if self.min_exclusive else converted >= self.min)
            if not low_ok or (self.max is not None and converted > self.max):
                raise _bad(owner, key, value, self)
        return converted


_INVALID = object()


class Number:
    """The type of an option inferred from a whole-number default: an int or a float, kept as given."""


def _convert(kind: type | None, value: Any) -> Any:
    if kind is None:
        return value
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
            return value.strip().lower() in _TRUE
        return _INVALID
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            return _INVALID
        return float(value)
    if kind is Number:
        ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        return value if ok else _INVALID
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _INVALID
        if isinstance(value, float) and not (math.isfinite(value) and value.is_integer()):
            return _INVALID
        return int(value)
    if kind is str:
        return value if isinstance(value, str) else _INVALID
    return value if isinstance(value, kind) else _INVALID


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e15 else repr(value)


def _bad(owner: str, key: str, value: Any, option: Option) -> ConfigError:
    shown = repr(value) if not isinstance(value, str) else f"the string {value!r}"
    return ConfigError(f"{owner}: option {key}={shown}: expected {option.describe()}")


#: Largest timeout accepted, in seconds (one day): larger values overflow OS timers and mean "never".
MAX_TIMEOUT = 86400.0
#: Largest step budget accepted.
MAX_STEPS = 10**10


def well_known(key: str, default: Any) -> Option | None:
    """The standard declaration of an option named like a timeout or a step budget, else ``None``."""
    if key == "timeout" or key.endswith("timeout") or key.endswith("timeout_s"):
        return Option(default, float, min=0.0, min_exclusive=True, max=MAX_TIMEOUT,
                      help="seconds; must be > 0 (there is no 'no limit')")
    if key == "max_steps":
        return Option(default, int, min=1, max=MAX_STEPS, nullable=True, help="step budget")
    return None


def infer(key: str, default: Any) -> Option:
    """The declaration of an option given only its default."""
    if isinstance(default, Option):
        return default
    known = well_known(key, default)
    if known is not None:
        return known
    if isinstance(default, bool):
        return Option(default, bool)
    if isinstance(default, int):
        return Option(default, Number)
    if isinstance(default, float):
        return Option(default, float)
    if isinstance(default, str):
        return Option(default, str)
    return Option(default)


def declared(option_defaults: Mapping[str, Any]) -> dict[str, Option]:
    """Every declared option as an ``Option``."""
    return {key: infer(key, value) for key, value in option_defaults.items()}


def defaults(option_defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The default values (an ``Option`` is replaced by its ``default``)."""
    return {k: (v.default if isinstance(v, Option) else v) for k, v in option_defaults.items()}


def check_options(owner: str, declaration: Mapping[str, Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``given`` against ``declaration``; an unknown key or a bad value is one ``ConfigError`` line."""
    unknown = sorted(set(given) - set(declaration))
    if unknown:
        known = ", ".join(sorted(declaration)) or "none"
        raise ConfigError(f"{owner}: unknown option {unknown[0]!r} (known: {known})")
    return {key: declaration[key].check(owner, key, value) for key, value in given.items()}


def _literal_choices(init: Any) -> dict[str, tuple[Any, ...]]:
    """Parameters annotated ``Literal["a", "b"]``: their choices (an annotation that cannot be resolved gives
    none)."""
    try:
        hints = typing.get_type_hints(init)
    except Exception:  # a forward reference the module cannot resolve: no choices, the plain inference
        return {}
    return {name: typing.get_args(hint) for name, hint in hints.items() if typing.get_origin(hint) is typing.Literal}


def plugin_options(cls: type, base: type, positional: tuple[str, ...] = ()) -> dict[str, Option] | None:
    """The options a plugin class of any kind (benchmark, reward, model backend, environment) accepts: its
    ``option_defaults`` when it declares them, else the keyword parameters of its ``__init__``
    (``signature_options``; ``positional`` names the constructor's own arguments, such as a backend's
    ``model``); ``None`` when it declares neither (it takes any option). Every kind is checked against this
    with ``check_options``, so a wrong option reads the same whichever plugin it was given to."""
    if getattr(cls, "option_defaults", None):
        return declared(cls.option_defaults)  # type: ignore[attr-defined]
    return signature_options(cls, base, positional)


def signature_options(cls: type, stop: type, positional: tuple[str, ...] = ()) -> dict[str, Option] | None:
    """Options a class declares as keyword parameters of ``__init__`` along its bases up to ``stop`` (whose
    ``**options`` only stores them), ``positional`` left out; ``None`` when they cannot be known (a
    ``**options`` that goes nowhere else, or no parameters at all)."""
    found: dict[str, Option] = {}
    for klass in cls.__mro__:
        if klass is stop or klass is object:
            break
        init = klass.__dict__.get("__init__")
        if init is None:
            continue
        params = inspect.signature(init).parameters.values()
        choices = _literal_choices(init)
        for p in params:
            if p.name in positional:
                continue
            if p.kind is p.KEYWORD_ONLY or (p.kind is p.POSITIONAL_OR_KEYWORD and p.name != "self"):
                default = None if p.default is p.empty else p.default
                found.setdefault(p.name, Option(default, choices=choices[p.name]) if p.name in choices
                                 else infer(p.name, default))
        if not any(p.kind is p.VAR_KEYWORD for p in params):
            return found
    return found or None
