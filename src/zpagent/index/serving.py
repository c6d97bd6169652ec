"""Serve the published generation to concurrent requests and swap it safely.

Each request holds the generation it started with until it ends (a
reference count), so a swap never changes the index under a request. The
pointer file is checked with one ``stat`` per request; a new generation is
loaded beside the old one and swapped in under a short lock; the old one is
closed (and its reader lock released) when its last request ends.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Iterator
from typing import Any

from zpagent.errors import RetrievalUnavailable
from zpagent.index import datadir as dd
from zpagent.index.reader import Generation, open_current

log = logging.getLogger(__name__)


class _Slot:
    def __init__(self, gen: Generation) -> None:
        self.gen = gen
        self.users = 0
        self.retired = False


class GenerationManager:
    def __init__(self, data: dd.DataDir) -> None:
        self.data = data
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()
        self._slot: _Slot | None = None
        self._stat: tuple[int, int, int] | None = None
        self._error: str | None = None
        # While set, new requests are refused (the publication switch).
        self._paused = threading.Event()
        self._idle = threading.Condition(self._lock)
        self._in_flight = 0

    def _pointer_stat(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.data.pointer)
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def refresh(self, force: bool = False) -> None:
        """Load the generation the pointer names if it changed since last time."""
        stat = self._pointer_stat()
        if not force and stat == self._stat and (self._slot is not None or stat is None):
            return
        with self._load_lock:
            stat = self._pointer_stat()
            if not force and stat == self._stat and self._slot is not None:
                return
            try:
                gen = open_current(self.data) if stat is not None else None
            except RetrievalUnavailable as exc:
                log.error("cannot open the published generation: %s", exc)
                self._swap(None, stat, error="the published generation cannot be opened")
                return
            self._swap(gen, stat, error=None if gen else "no generation is published")

    def _swap(self, gen: Generation | None, stat: Any, error: str | None) -> None:
        with self._lock:
            old = self._slot
            if gen is not None and old is not None and old.gen.version == gen.version:
                gen.close()
                self._stat, self._error = stat, None
                return
            self._slot = _Slot(gen) if gen is not None else None
            self._stat = stat
            self._error = error
            if old is not None:
                old.retired = True
                if old.users == 0:
                    old.gen.close()
        if gen is not None:
            log.info("serving generation %s", gen.version)

    @contextlib.contextmanager
    def use(self) -> Iterator[Generation]:
        """The current generation for the duration of one request."""
        if self._paused.is_set():
            raise RetrievalUnavailable("a new generation is being published")
        self.refresh()
        with self._lock:
            slot = self._slot
            if slot is None:
                raise RetrievalUnavailable(self._error or "no generation is published")
            slot.users += 1
            self._in_flight += 1
        try:
            yield slot.gen
        finally:
            with self._lock:
                slot.users -= 1
                self._in_flight -= 1
                if slot.retired and slot.users == 0:
                    slot.gen.close()
                if self._in_flight == 0:
                    self._idle.notify_all()

    @contextlib.contextmanager
    def publication(self, timeout: float = 30.0) -> Iterator[None]:
        """Refuse new requests and wait for those in flight, for a pointer switch."""
        self._paused.set()
        try:
            with self._lock:
                self._idle.wait_for(lambda: self._in_flight == 0, timeout=timeout)
            yield
        finally:
            self._paused.clear()
        self.refresh(force=True)

    def status(self) -> dict[str, Any]:
        with self._lock:
            slot = self._slot
            return {
                "ready": slot is not None and not self._paused.is_set(),
                "index_version": slot.gen.index_version if slot else None,
                "error": self._error if slot is None else None,
            }

    def current(self) -> Generation | None:
        with self._lock:
            return self._slot.gen if self._slot else None

    def close(self) -> None:
        with self._lock:
            if self._slot is not None:
                self._slot.retired = True
                if self._slot.users == 0:
                    self._slot.gen.close()
                self._slot = None
