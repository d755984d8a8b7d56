"""Headless Chromium for the viewer's tests and ``benchmarks/view_speed.py``: Debian's ``chromium`` and
``chromium-driver`` driven by selenium, with nothing downloaded (``.ci/run`` installs both packages).

``chromium()`` returns a driver or raises ``Unavailable`` naming the missing package (only the browser and its
driver may be missing; selenium is a dev dependency).
"""

from __future__ import annotations

import os
import shutil
import time
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
    from selenium import webdriver  # a dev dependency: its absence is an error, not a skip
    from selenium.webdriver.chrome.service import Service

    browser, driver = _first(CHROMIUM, "chromium"), _first(CHROMEDRIVER, "chromedriver")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--allow-file-access-from-files", f"--window-size={width},{height}", "--no-first-run"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def page_url(path: Path) -> str:
    return Path(path).resolve().as_uri()


def wait(condition: Any, timeout: float = 20.0) -> Any:
    """``condition()``'s first truthy value, polled until ``timeout`` seconds pass (then its last value)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.05)

