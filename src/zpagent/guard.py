"""The guard of a running sync job: its deadline, its cancellation, its current page.

A build calls ``checkpoint(page)`` before each page it parses or chunks
(and the pipeline at every phase and progress step). Under a guard that

- writes the page's path to the job's trail file (``locks/jobs/<id>.page``)
  with one ``pwrite``: when a page kills the process, the file survives it
  and the job that is recovered after the restart names the page;
- raises ``BuildTimedOut`` past ``SYNC_BUILD_TIMEOUT``;
- raises ``SyncCancelled`` once the job was asked to stop
  (``POST /sync/jobs/{id}/cancel``, ``zpagent sync --cancel``), read from the
  job store at most twice a second per page, and always at a phase
  boundary (``checkpoint(force=True)``): the last boundary before
  publication must see a cancel that arrived a moment earlier.

Outside a guard (``zpagent index``, tests) ``checkpoint`` does nothing.
Checks are cooperative: a single call into native code that never returns
is not interrupted (per-page size limits keep each call bounded).
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from zpagent.errors import ZPAgentError
from zpagent.faults import fault_point

CHECK_EVERY_S = 0.5
_PAGE_BYTES = 4096  # the trail file is rewritten in place, one fixed-size record


class SyncCancelled(ZPAgentError):
    reason = "cancelled"
    http_status = 409
    public_message = "The sync was cancelled."


class BuildTimedOut(ZPAgentError):
    reason = "build_timeout"
    public_message = "The build took longer than SYNC_BUILD_TIMEOUT and was stopped."


def trail_path(locks: Path, job_id: str) -> Path:
    return locks / "jobs" / f"{job_id}.page"


def read_trail(locks: Path, job_id: str) -> str | None:
    """The page a job was working on when its process ended, if it wrote one."""
    try:
        raw = trail_path(locks, job_id).read_bytes()[:_PAGE_BYTES]
    except OSError:
        return None
    page = raw.rstrip(b"\0 \n").decode("utf-8", errors="replace")
    return page or None


class JobGuard:
    def __init__(
        self,
        locks: Path,
        job_id: str,
        timeout_s: float,
        cancelled: Callable[[], bool],
    ) -> None:
        self.job_id = job_id
        self.deadline = time.monotonic() + timeout_s
        self._cancelled = cancelled
        self._checked = 0.0
        self._path = trail_path(locks, job_id)
        self._path.parent.mkdir(parents=True, exist_ok=True)
        self._fd: int | None = os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)

    def page(self, page: str) -> None:
        if self._fd is not None:
            data = page.encode("utf-8", errors="replace")[: _PAGE_BYTES - 1]
            os.pwrite(self._fd, data.ljust(_PAGE_BYTES, b"\0"), 0)

    def check(self, force: bool = False) -> None:
        now = time.monotonic()
        if now > self.deadline:
            raise BuildTimedOut(f"sync job {self.job_id} passed its build timeout")
        if force or now - self._checked >= CHECK_EVERY_S:
            self._checked = now
            if self._cancelled():
                raise SyncCancelled(f"sync job {self.job_id} was cancelled")

    def close(self) -> None:
        """The job ended in this process (whatever its outcome): no trail to keep."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
            with contextlib.suppress(FileNotFoundError):
                self._path.unlink()


_GUARD: contextvars.ContextVar[JobGuard | None] = contextvars.ContextVar(
    "zpagent_job_guard", default=None
)


def checkpoint(page: str | None = None, force: bool = False) -> None:
    """Record the page about to be processed and stop if the job must stop.

    ``force`` reads the cancel flag now instead of at most twice a second.
    """
    guard = _GUARD.get()
    if guard is None:
        return
    if page is not None:
        guard.page(page)
        fault_point(f"page={page}")
    guard.check(force)


class CheckedProgress:
    """A build's progress reporter that is also a checkpoint at every step.

    A new phase clears the trail: its work (embedding batches, the graph)
    is not one page, and a crash there must not blame the last page parsed.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def start(self, phase: str, total: int | None) -> None:
        guard = _GUARD.get()
        if guard is not None:
            guard.page("")
        checkpoint()
        self.inner.start(phase, total)

    def advance(self, n: int = 1) -> None:
        checkpoint()
        self.inner.advance(n)


@contextlib.contextmanager
def guarded(guard: JobGuard) -> Iterator[JobGuard]:
    """Run the block (one job, in this thread) under ``guard``; the trail is removed after."""
    token = _GUARD.set(guard)
    try:
        yield guard
    finally:
        _GUARD.reset(token)
        guard.close()


__all__ = [
    "BuildTimedOut",
    "CheckedProgress",
    "JobGuard",
    "SyncCancelled",
    "checkpoint",
    "guarded",
    "read_trail",
    "trail_path",
]
