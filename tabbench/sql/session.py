"""What the server drivers (``tabbench.sql.postgres``, ``tabbench.sql.mysql``) share with ``tabbench.sql.server``,
which opens them: the session interface, the connect timeout and the watchdog that cancels a query at its
deadline. Kept apart so that the drivers import it and not the module that imports them (no import cycle).
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from tabbench.sql.execute import Limits, QueryResult

#: Seconds after the deadline at which the watchdog cancels from a second connection (the server's own
#: timer normally fires first).
WATCHDOG_GRACE = 0.3

#: Seconds to wait for a connection.
CONNECT_TIMEOUT = 10


class ServerUnavailable(Exception):
    """The server cannot be reached or refused the login (message has no password)."""


class Watchdog:
    """One thread that calls ``cancel`` callbacks at their deadlines unless disarmed first.

    ``disarm`` returns only once no cancel for that token is running or can start, so a cancel meant for a
    query that has just finished cannot reach the next one on the same connection.
    """

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Callable[[], None]]] = []
        self._live: set[int] = set()
        self._firing: int | None = None
        self._ids = itertools.count()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def arm(self, deadline: float, cancel: Callable[[], None]) -> int:
        with self._cond:
            token = next(self._ids)
            heapq.heappush(self._heap, (deadline, token, cancel))
            self._live.add(token)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="tabbench-sql-watchdog", daemon=True)
                self._thread.start()
            self._cond.notify_all()
            return token

    def disarm(self, token: int) -> None:
        with self._cond:
            self._live.discard(token)
            while self._firing == token:
                self._cond.wait()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while self._heap and self._heap[0][1] not in self._live:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._cond.wait(5.0)
                    if not self._heap:
                        self._thread = None
                        return
                    continue
                deadline, token, cancel = self._heap[0]
                delay = deadline - time.monotonic()
                if delay > 0:
                    self._cond.wait(delay)
                    continue
                heapq.heappop(self._heap)
                self._live.discard(token)
                self._firing = token
            try:
                cancel()
            except Exception:  # the query ended meanwhile, or the server is gone: nothing to cancel
                pass
            finally:
                with self._cond:
                    self._firing = None
                    self._cond.notify_all()


WATCHDOG = Watchdog()


class ServerSession(ABC):
    """One open connection to one target, reused for every query this thread runs there."""

    def __init__(self, target: str) -> None:
        self.target = target

    @abstractmethod
    def run(self, sql: str, limits: Limits) -> QueryResult:
        """Run one query (already screened) in a read-only transaction that is rolled back."""

    @abstractmethod
    def fingerprint(self) -> str:
        """A digest of the server, database, schema and table contents (row counts and checksums)."""

    @abstractmethod
    def write_privileges(self) -> list[str]:
        """What the connected role could do beyond reading (empty for a SELECT-only role)."""

    @abstractmethod
    def describe(self) -> dict[str, Any]:
        """The server's version and the settings that can change a query's result (time zone, collation,
        SQL mode, ...): what a run records so its numbers can be reproduced on the same server."""

    @abstractmethod
    def close(self) -> None: ...
