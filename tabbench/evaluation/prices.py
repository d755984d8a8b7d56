"""The price table: what a model's tokens cost, per million input (prompt) and output (completion) tokens.

It comes from a file (``tabbench eval --prices FILE``, TOML or JSON) or from the ``[prices]`` table of the config
file (``tabbench.toml``: ``tabbench.host.config``); the file wins. Both hold the same table::

    [prices."gpt-4o-mini"]      # a model as --model names it, a served model's name, or its hub id
    input = 0.15                # per million prompt tokens
    output = 0.60               # per million completion tokens (reasoning tokens are completion tokens)

Amounts are in whatever currency the table is written in (the docs use US dollars); ``--cost-budget`` is in the
same. A model is looked up by each of its names in turn (``model_names``); a table that is not one (a model
without ``input`` or ``output``, a negative or non-number price, another key) is a ``ConfigError`` naming the file
and the key.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabbench.contract.errors import ConfigError
from tabbench.contract.usage import Usage

PER = 1_000_000  # prices are per million tokens


@dataclass(frozen=True)
class Price:
    """One model's price per million input and output tokens, and where it was found (``source``)."""

    model: str
    input: float
    output: float
    source: str

    def cost(self, usage: Usage) -> float:
        """What ``usage`` costs: prompt tokens at the input price, completion tokens at the output price."""
        return (usage.prompt_tokens * self.input + usage.completion_tokens * self.output) / PER

    def to_json(self) -> dict[str, Any]:
        """``results.json``'s ``usage.price``."""
        return {"model": self.model, "input_per_million": self.input, "output_per_million": self.output,
                "source": self.source}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Price:
        return cls(str(data["model"]), float(data["input_per_million"]), float(data["output_per_million"]),
                   str(data.get("source", "")))


def read_table(path: Path) -> dict[str, Price]:
    """The ``prices`` table of a TOML or JSON file (``--prices``): model name -> ``Price``."""
    try:
        text = Path(path).expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"--prices {path}: cannot read it ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        document = json.loads(text) if Path(path).suffix.lower() == ".json" else tomllib.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ConfigError(f"--prices {path}: not {'JSON' if Path(path).suffix.lower() == '.json' else 'TOML'} "
                          f"({exc})") from None
    if not isinstance(document, dict) or "prices" not in document:
        raise ConfigError(f"--prices {path}: no 'prices' table (docs/eval.md: [prices.\"MODEL\"] input = ..., "
                          "output = ...)")
    return parse_table(document["prices"], str(path))


def parse_table(table: Any, source: str) -> dict[str, Price]:
    """Model name -> ``Price`` from a ``prices`` table read from ``source`` (named in errors)."""
    if not isinstance(table, dict):
        raise ConfigError(f"{source}: 'prices' must be a table of model = {{input, output}}")
    prices = {}
    for model, entry in table.items():
        where = f"{source}: prices.{json.dumps(model)}"
        if not isinstance(entry, dict):
            raise ConfigError(f"{where}: expected a table with input and output (per million tokens)")
        unknown = sorted(set(entry) - {"input", "output"})
        if unknown:
            raise ConfigError(f"{where}: unknown key {unknown[0]!r} (a price has input and output)")
        values = []
        for key in ("input", "output"):
            value = entry.get(key)
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise ConfigError(f"{where}.{key}: expected a price per million tokens >= 0, got {value!r}")
            values.append(float(value))
        prices[str(model)] = Price(str(model), values[0], values[1], source)
    return prices


def price_table(path: Path | None) -> dict[str, Price]:
    """The run's price table: ``path`` (``--prices``) when given, else the config file's ``[prices]`` table, else
    none."""
    if path is not None:
        return read_table(path)
    from tabbench.host.config import config_file, load_config

    table = load_config().get("prices")
    return {} if table is None else parse_table(table, f"{config_file()} [prices]")


def model_names(model: str, served: str | None, origin: str | None) -> list[str]:
    """The names a model's price is looked up by, in order: ``--model`` as given, the name a server serves it under,
    its hub id, the last part of its path (a local checkpoint's folder name)."""
    names = [model, served, origin, Path(model.rstrip("/")).name if model and "://" not in model else None]
    return list(dict.fromkeys(n for n in names if n))


def find_price(prices: Mapping[str, Price], names: Iterable[str]) -> Price | None:
    """The price of the first of ``names`` the table has."""
    return next((prices[name] for name in names if name in prices), None)
