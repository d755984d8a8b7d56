"""Headless Chromium for the viewer's tests and ``benchmarks/view_speed.py``: Debian's ``chromium`` and
``chromium-driver`` driven by selenium, with nothing downloaded (``.ci/run`` installs both packages).

``chromium()`` returns a driver or raises ``Unavailable`` naming what is missing.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")


class Unavailable(Exception):
    """No browser here: the reason, for a skip message."""


def _first(paths: tuple[str, ...], name: str) -> str:
    for path in (*paths, shutil.which(name) or ""):
        if path and os.access(path, os.X_OK):
            return path
    raise Unavailable(f"{name} is not installed (apt-get install chromium chromium-driver)")


def chromium(width: int = 1280, height: int = 900) -> Any:
    """A headless Chromium session; the caller quits it."""
    browser, driver = _first(CHROMIUM, "chromium"), _first(CHROMEDRIVER, "chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as exc:
        raise Unavailable("selenium is not installed (pip install -e '.[dev]')") from exc
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--allow-file-access-from-files", f"--window-size={width},{height}", "--no-first-run"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def page_url(path: Path) -> str:
    return Path(path).resolve().as_uri()
