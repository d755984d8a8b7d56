"""Where benchmark data lives: option, environment variable, config file, data root, bundled default.

Precedence, first found wins:

1. an explicit path (``--data NAME=PATH``);
2. ``TABBENCH_DATA_<NAME>`` (name upper-cased, ``-`` as ``_``), e.g. ``TABBENCH_DATA_BIRD=/data/bird/dev``;
3. the ``[data]`` table of the config file: ``$TABBENCH_CONFIG``, else ``./tabbench.toml``, else
   ``~/.config/tabbench/config.toml``;
4. ``$TABBENCH_DATA_DIR/<name>`` when that folder exists;
5. the benchmark's bundled data (``Benchmark.bundled_data()``), if it ships any.

The config file also holds benchmark options (``[options.NAME]``: what ``-o NAME:KEY=VALUE`` gives, which wins
over it), run defaults (``[run]``: ``skip_missing``) and the price of a model's tokens (``[prices]``:
``tabbench.evaluation.prices``), so a machine's copy of a release is described once::

    [data]
    spider = "~/data/spider"

    [options.spider]
    timeout = 60

    [run]
    skip_missing = true     # as --skip-missing on every command: the public Spider dev lacks wta_1.sqlite
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from tabbench.contract.errors import ConfigError


def config_file() -> Path | None:
    """The config file in effect, or ``None``."""
    explicit = os.environ.get("TABBENCH_CONFIG")
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise ConfigError(f"TABBENCH_CONFIG={explicit}: no such file")
        return path
    for path in (Path("tabbench.toml"), Path.home() / ".config" / "tabbench" / "config.toml"):
        if path.is_file():
            return path
    return None


def load_config() -> dict[str, Any]:
    path = config_file()
    if path is None:
        return {}
    try:
        config = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: invalid config file ({exc})") from exc
    if not isinstance(config.get("data", {}), dict):
        raise ConfigError(f"{path}: [data] must be a table of benchmark = path")
    options = config.get("options", {})
    if not isinstance(options, dict):
        raise ConfigError(f"{path}: options: must be tables [options.NAME] of benchmark options")
    for name, table in options.items():
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: options.{name}: must be a table of KEY = value (as -o {name}:KEY=VALUE)")
    run = config.get("run", {})
    if not isinstance(run, dict):
        raise ConfigError(f"{path}: run: must be a table ([run])")
    unknown = sorted(set(run) - set(RUN_KEYS))
    if unknown:
        raise ConfigError(f"{path}: run.{unknown[0]}: unknown key (known: {', '.join(RUN_KEYS)})")
    for key, kind in RUN_KEYS.items():
        if key in run and not isinstance(run[key], kind):
            raise ConfigError(f"{path}: run.{key}: expected {kind.__name__}, got {run[key]!r}")
    return config


#: The keys of the config file's ``[run]`` table, with their types: defaults of the run options of that name.
RUN_KEYS: dict[str, type] = {"skip_missing": bool}


def benchmark_options(name: str) -> tuple[dict[str, Any], str]:
    """The options the config file gives benchmark ``name`` (``[options.NAME]``), and where they come from (to
    name the file and table in an error); ``({}, "")`` when it gives none."""
    table = load_config().get("options", {}).get(name)
    return (dict(table), f"{config_file()} [options.{name}]") if table else ({}, "")


def run_default(key: str) -> Any:
    """The config file's ``[run]`` value of ``key`` (``RUN_KEYS``), or ``None`` when it sets none."""
    return load_config().get("run", {}).get(key)


def data_path(name: str, explicit: str | Path | None = None) -> tuple[Path | None, str]:
    """Resolve benchmark ``name``'s data path; returns ``(path or None, where it came from)``."""
    if explicit is not None:
        return Path(explicit).expanduser(), "option"
    env = f"TABBENCH_DATA_{name.upper().replace('-', '_')}"
    if os.environ.get(env):
        return Path(os.environ[env]).expanduser(), env
    table = load_config().get("data", {})
    if name in table:
        return Path(str(table[name])).expanduser(), f"{config_file()} [data].{name}"
    root = os.environ.get("TABBENCH_DATA_DIR")
    if root and (Path(root) / name).exists():
        return Path(root) / name, "TABBENCH_DATA_DIR"
    return None, "none"
