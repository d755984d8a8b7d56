"""Where benchmark data lives: option, environment variable, config file, data root, bundled default.

Precedence, first found wins:

1. an explicit path (``--data NAME=PATH``);
2. ``TABBENCH_DATA_<NAME>`` (name upper-cased, ``-`` as ``_``), e.g. ``TABBENCH_DATA_BIRD=/data/bird/dev``;
3. the ``[data]`` table of the config file: ``$TABBENCH_CONFIG``, else ``./tabbench.toml``, else
   ``~/.config/tabbench/config.toml``;
4. ``$TABBENCH_DATA_DIR/<name>`` when that folder exists;
5. the benchmark's bundled data (``Benchmark.bundled_data()``), if it ships any.
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
    return config


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
