"""Bounded access to one LadybugDB database: a connection pool with a queue and a deadline.

Why: the engine takes the memory of every running query (hash tables,
intermediate results) from the database's buffer pool. 64 concurrent
``/graph`` requests, one connection per request thread and every query
using every core, filled a 512 MB pool on a 648-node graph; worse, a
connection whose query failed with "the buffer pool is full" keeps its
pages pinned, so every later query on that thread failed too, until a new
generation was published (measured; ``tests/graph/test_graph_load.py``).

So, for a read-only database:

- one ``Database`` handle, queries single-threaded (``max_num_threads=1``):
  on a small host, parallel queries beat parallel operators and need a
  fraction of the memory;
- at most ``size`` connections, each running one query at a time; the
  buffer pool is sized for that many queries (``GraphLimits``);
- a query that finds no free connection waits in a queue of at most
  ``queue_limit`` for at most ``wait_seconds``; beyond either it is refused
  with ``GraphBusy`` (HTTP 503 with ``Retry-After``), never queued forever;
- a connection that saw an engine error is closed (which releases what it
  pinned) and replaced; the failed query is retried once on a fresh
  connection. When queries keep failing, the database itself is reopened
  as soon as no query uses it: the graph recovers without a republish.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import ladybug

from zpagent.errors import Overloaded

log = logging.getLogger(__name__)

# Consecutive failed queries (each already retried once on a fresh
# connection) after which the database handle is reopened.
REOPEN_AFTER_FAILURES = 3


class GraphBusy(Overloaded):
    public_message = "The graph is busy; retry after the number of seconds in Retry-After."


class EngineError(Exception):
    """A query failed inside the engine (wraps the engine's ``RuntimeError``)."""

    @property
    def interrupted(self) -> bool:
        """Stopped by the query timeout rather than failed."""
        return "interrupt" in str(self).lower()


@dataclass(frozen=True)
class GraphLimits:
    """How much of the host one served graph may take (see ``zpagent.config``)."""

    buffer_pool_mb: int = 512
    max_concurrent_queries: int = 4
    queue_limit: int = 64
    queue_timeout_s: float = 10.0
    query_timeout_s: float = 30.0

    @classmethod
    def from_settings(cls, settings: Any) -> GraphLimits:
        return cls(
            buffer_pool_mb=settings.graph_buffer_pool_mb,
            max_concurrent_queries=settings.graph_max_concurrent_queries,
            queue_limit=settings.graph_queue_limit,
            queue_timeout_s=settings.graph_queue_timeout,
            query_timeout_s=settings.graph_query_timeout,
        )


class ConnectionPool:
    """Connections of one database, handed out one query (or one session) at a time."""

    def __init__(self, open_db: Callable[[], ladybug.Database], limits: GraphLimits) -> None:
        self._open_db = open_db
        self.limits = limits
        self._db: ladybug.Database | None = open_db()
        self._cond = threading.Condition()
        self._idle: list[ladybug.Connection] = []
        self._created = 0  # connections alive (idle or lent)
        self._lent = 0
        self._waiting = 0
        self._failures = 0
        self._reopen = False
        self._closed = False
        self.reopened = 0  # how often the database was reopened (reported in tests/logs)

    # -- lending ------------------------------------------------------------------------

    def _new_connection(self) -> ladybug.Connection:
        assert self._db is not None
        conn = ladybug.Connection(self._db, num_threads=1)
        if self.limits.query_timeout_s > 0:
            conn.set_query_timeout(int(self.limits.query_timeout_s * 1000))
        return conn

    def _available(self) -> bool:
        room = self._created < self.limits.max_concurrent_queries
        return not self._reopen and (bool(self._idle) or room)

    def acquire(self) -> ladybug.Connection:
        """A connection for one query or session; ``GraphBusy`` when the queue is full or slow."""
        deadline = time.monotonic() + self.limits.queue_timeout_s
        with self._cond:
            if self._closed:
                raise GraphBusy("the graph store is closed")
            if not self._available():
                if self._waiting >= self.limits.queue_limit:
                    raise GraphBusy("too many graph queries are waiting")
                self._waiting += 1
                try:
                    while not self._available():
                        left = deadline - time.monotonic()
                        if left <= 0 or self._closed:
                            raise GraphBusy("no graph connection became free in time")
                        self._cond.wait(left)
                finally:
                    self._waiting -= 1
            if self._idle:
                conn = self._idle.pop()
            else:
                self._created += 1
                try:
                    conn = self._new_connection()
                except BaseException:
                    self._created -= 1
                    self._cond.notify()
                    raise
            self._lent += 1
            return conn

    def release(self, conn: ladybug.Connection, broken: bool = False) -> None:
        """Return a connection; a broken one is closed, which releases its pinned pages."""
        if broken:
            with contextlib.suppress(RuntimeError):
                conn.close()
        with self._cond:
            self._lent -= 1
            if broken or self._closed:
                self._created -= 1
                if not broken:
                    with contextlib.suppress(RuntimeError):
                        conn.close()
            else:
                self._idle.append(conn)
            if self._reopen and self._lent == 0:
                self._reopen_now()
            self._cond.notify_all()

    @contextlib.contextmanager
    def connection(self) -> Iterator[ladybug.Connection]:
        conn = self.acquire()
        broken = False
        try:
            yield conn
        except EngineError:
            broken = True
            raise
        finally:
            self.release(conn, broken)

    # -- running ------------------------------------------------------------------------

    def run(self, conn: ladybug.Connection, text: str, params: dict[str, Any]) -> list[list[Any]]:
        """Rows of one query on ``conn``; ``EngineError`` when the engine fails it.

        The engine's exception is not chained: its traceback holds the frame
        that holds the failed query's native result, and with it the buffer
        pages the failure was about. Dropped here, they are freed at once.
        """
        failure = None
        try:
            result = conn.execute(text, params)
            try:
                return result.get_all()  # type: ignore[union-attr]
            finally:
                result.close()  # type: ignore[union-attr]
        except RuntimeError as exc:
            failure = str(exc)
        raise EngineError(failure)

    def record(self, ok: bool) -> None:
        """Count consecutive failures; past the limit, reopen the database once it is idle."""
        with self._cond:
            if ok:
                self._failures = 0
                return
            self._failures += 1
            if self._failures >= REOPEN_AFTER_FAILURES and not self._reopen:
                log.warning("graph queries keep failing: reopening the graph database")
                self._reopen = True
                if self._lent == 0:
                    self._reopen_now()

    def _reopen_now(self) -> None:
        """Under the lock, with nothing lent: a fresh database handle, fresh connections."""
        for conn in self._idle:
            with contextlib.suppress(RuntimeError):
                conn.close()
        self._created -= len(self._idle)
        self._idle.clear()
        old, self._db = self._db, None
        if old is not None:
            with contextlib.suppress(RuntimeError):
                old.close()
        try:
            self._db = self._open_db()
        finally:
            self._reopen = False
            self._failures = 0
            self.reopened += 1
            self._cond.notify_all()

    def stats(self) -> dict[str, int]:
        with self._cond:
            return {
                "connections": self._created,
                "lent": self._lent,
                "waiting": self._waiting,
                "reopened": self.reopened,
            }

    def close(self) -> None:
        with self._cond:
            self._closed = True
            for conn in self._idle:
                with contextlib.suppress(RuntimeError):
                    conn.close()
            self._created -= len(self._idle)
            self._idle.clear()
            db, self._db = self._db, None
            self._cond.notify_all()
        if db is not None:
            # Lent connections belong to requests that still run; the database
            # handle is closed after them by the engine's own reference counting.
            with contextlib.suppress(RuntimeError):
                db.close()


__all__ = ["ConnectionPool", "EngineError", "GraphBusy", "GraphLimits"]
