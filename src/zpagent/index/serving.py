"""Serve the published generation to concurrent requests and swap it safely.

Each request holds the generation it started with until it ends (a
reference count), so a swap never changes the index under a request. The
pointer file is checked with one ``stat`` per request; a new generation is
loaded beside the old one and swapped in under a short lock; the old one is
closed (and its reader lock released) when its last request ends.

A publication never refuses a request: requests that arrive while a new
generation is being loaded are served by the one that is active (one
thread loads, the others do not wait for it). Requests are refused only
when recovery could not prove which generation is valid (the publication
marker's ``unverified`` phase, see ``zpagent.sync.publication``), and when
the loaded generation fails re-verification against other stores (the
remote graph) by an optional ``verifier``, so a mismatch is refused even
if someone deletes the marker.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from zpagent.errors import RetrievalUnavailable
from zpagent.index import datadir as dd
from zpagent.index.marker import marker_path, publication_state
from zpagent.index.reader import Generation, open_current

log = logging.getLogger(__name__)

Verifier = Callable[[Generation], None]
REVERIFY_SECONDS = 5.0
UNVERIFIED = "a publication did not finish and its state could not be verified"


class _Slot:
    def __init__(self, gen: Generation) -> None:
        self.gen = gen
        self.users = 0
        self.retired = False


class GenerationManager:
    def __init__(self, data: dd.DataDir, verifier: Verifier | None = None) -> None:
        self.data = data
        self.verifier = verifier
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()
        self._slot: _Slot | None = None
        self._stat: tuple[int, int, int] | None = None
        self._error: str | None = None
        self._verified_at = 0.0
        self._verify_error: str | None = None

    def _pointer_stat(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.data.pointer)
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def refresh(self, force: bool = False) -> None:
        """Load the generation the pointer names if it changed since last time.

        While one thread loads a new generation, the others keep serving the
        current one instead of waiting (only a manager with nothing loaded waits).
        """
        stat = self._pointer_stat()
        if not force and stat == self._stat and (self._slot is not None or stat is None):
            self._maybe_reverify()
            return
        wait = force or self._slot is None
        if not self._load_lock.acquire(blocking=wait):
            return
        try:
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
            self._maybe_reverify(force=True)
        finally:
            self._load_lock.release()

    def _maybe_reverify(self, force: bool = False) -> None:
        if self.verifier is None:
            return
        now = time.monotonic()
        if not force and now - self._verified_at < REVERIFY_SECONDS:
            return
        if publication_state(self.data) == "in_progress":
            # The remote graph runs ahead of the pointer for a moment; the
            # graph's own per-request check covers it. Check again after.
            return
        self._verified_at = now
        gen = self.current()
        if gen is None:
            return
        try:
            self.verifier(gen)
            self._verify_error = None
        except Exception as exc:  # noqa: BLE001 - any failure means we cannot vouch for it
            log.error("generation %s failed verification: %s", gen.version, exc)
            self._verify_error = "the index and the graph store disagree or cannot be checked"

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
        if marker_path(self.data).exists() and publication_state(self.data) == "unverified":
            raise RetrievalUnavailable(UNVERIFIED)
        self.refresh()
        with self._lock:
            slot = self._slot
            if slot is None:
                raise RetrievalUnavailable(self._error or "no generation is published")
            if self._verify_error:
                raise RetrievalUnavailable(self._verify_error)
            slot.users += 1
        try:
            yield slot.gen
        finally:
            with self._lock:
                slot.users -= 1
                if slot.retired and slot.users == 0:
                    slot.gen.close()

    def status(self) -> dict[str, Any]:
        with contextlib.suppress(Exception):
            self.refresh()
        unverified = publication_state(self.data) == "unverified"
        with self._lock:
            slot = self._slot
            error = self._error if slot is None else self._verify_error
            if unverified:
                error = UNVERIFIED
            return {
                "ready": slot is not None and error is None,
                "index_version": slot.gen.index_version if slot else None,
                "gate": slot.gen.gate if slot else None,
                "error": error,
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


def remote_verifier(remote: Any) -> Verifier | None:
    """Refuse a generation whose version the remote graph (Neo4j) does not carry."""
    if remote is None:
        return None

    def verify(gen: Generation) -> None:
        actual = remote.read_version()
        if actual != gen.version:
            raise RuntimeError("the remote graph carries another index version")

    return verify
