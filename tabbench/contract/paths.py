"""Where tabbench keeps caches: one rule for the host and every plugin.

``$TABBENCH_CACHE_DIR`` when set, else ``~/.cache/tabbench``; each user of it takes a subfolder (``gold``,
``responses``, a plugin's own name).
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir(*parts: str) -> Path:
    """The cache root joined with ``parts`` (not created: the caller makes the folder it writes to)."""
    root = os.environ.get("TABBENCH_CACHE_DIR")
    base = Path(root).expanduser() if root else Path.home() / ".cache" / "tabbench"
    return base.joinpath(*parts)
