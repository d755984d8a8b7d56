"""Every hf backend a test opens is closed after it, so a model a test loaded is freed when the test ends rather
than kept by a backend the test did not close."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tabbench_hf.backend import HFBackend


@pytest.fixture(autouse=True)
def _close_backends(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    opened: list[HFBackend] = []
    init = HFBackend.__init__

    def tracked(self: HFBackend, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)
        opened.append(self)  # a backend whose options were refused holds nothing

    monkeypatch.setattr(HFBackend, "__init__", tracked)
    yield
    for backend in opened:
        backend.close()
