"""The single background worker that runs queued sync jobs (in the API process)."""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from zpagent.errors import ZPAgentError
from zpagent.guard import JobGuard, SyncCancelled, checkpoint, guarded, read_trail
from zpagent.sync.jobs import JobStore
from zpagent.sync.runners import Runner, runner_alive

log = logging.getLogger(__name__)

RETRY_BACKOFF_SECONDS = (2.0, 10.0, 30.0)
RECOVER_EVERY_S = 30.0


def failure_of(exc: BaseException) -> tuple[str, str, bool]:
    """(reason, operator message, transient) of a failed sync.

    The message is our own text (never a third-party exception's), so it is
    safe to show in job status: no paths, secrets or stack traces.
    """
    if isinstance(exc, ZPAgentError):
        transient = bool(getattr(exc, "transient", False))
        return exc.reason, exc.public_message if exc.http_status >= 500 else str(exc), transient
    if isinstance(exc, OSError):
        return "io_error", "an I/O error interrupted the sync", True
    return "internal_error", "the sync failed unexpectedly", False


def execute(
    store: JobStore,
    job_id: str,
    pull: bool,
    run: Callable[..., dict[str, Any]],
    locks: Path | None = None,
    timeout_s: float | None = None,
) -> bool:
    """Run one claimed job and record its outcome; True on success.

    With ``locks`` the job runs under a guard (``zpagent.guard``): its
    current page is kept for crash reports, and it stops at its next
    checkpoint when cancelled or past ``timeout_s``.
    """
    guard = contextlib.nullcontext()
    if locks is not None:
        guard = guarded(
            JobGuard(locks, job_id, timeout_s or 1e9, lambda: store.cancel_requested(job_id))
        )

    def on_phase(phase: str) -> None:
        checkpoint(force=True)  # a phase boundary: stop here if cancelled or late
        store.set_phase(job_id, phase)

    try:
        with guard:
            result = run(pull=pull, on_phase=on_phase)
    except SyncCancelled:
        store.cancelled(job_id)
        log.warning("sync job %s cancelled; the previous index keeps serving", job_id)
        return False
    except Exception as exc:
        reason, message, transient = failure_of(exc)
        job = store.get(job_id)
        attempt = job.attempts if job else 1
        delay = RETRY_BACKOFF_SECONDS[min(attempt, len(RETRY_BACKOFF_SECONDS)) - 1]
        state = store.fail(job_id, reason, message, transient, time.time() + delay)
        log.warning("sync job %s failed (%s), now %s", job_id, reason, state, exc_info=exc)
        return False
    store.succeed(job_id, result)
    log.info("sync job %s succeeded: %s", job_id, result.get("version"))
    return True


def recover_interrupted(store: JobStore, locks: Path) -> list[Any]:
    """Jobs whose process died: each counted as an attempt, retried or failed."""
    jobs = store.recover_interrupted(
        lambda runner: runner_alive(locks, runner),
        lambda job_id: read_trail(locks, job_id),
        time.time() + RETRY_BACKOFF_SECONDS[0],
    )
    for job in jobs:
        log.warning(
            "sync job %s was interrupted by a crash (attempt %d): now %s; %s",
            job.id,
            job.attempts,
            job.state,
            job.error_message,
        )
    return jobs


class SyncWorker:
    """One worker thread; wakes on ``notify()`` or every ``poll`` seconds."""

    def __init__(self, ws: Any, store: JobStore, poll: float = 1.0) -> None:
        self.ws = ws
        self.store = store
        self.poll = poll
        self.locks = ws.data.locks
        self.runner: Runner | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="zpagent-sync", daemon=True)
        self.on_success: Callable[[], None] | None = None

    def start(self) -> None:
        self.runner = Runner(self.locks)
        recover_interrupted(self.store, self.locks)
        self._thread.start()

    def notify(self) -> None:
        self._wake.set()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)
        if self.runner is not None and not self._thread.is_alive():
            self.runner.close()

    def _run(self, **kwargs: Any) -> dict[str, Any]:
        return self.ws.sync(**kwargs)

    def _loop(self) -> None:
        assert self.runner is not None
        timeout = float(self.ws.settings.sync_build_timeout)
        recovered_at = time.monotonic()
        while not self._stop.is_set():
            if time.monotonic() - recovered_at > RECOVER_EVERY_S:
                # Another process's job (a sibling worker, ``zpagent sync``) may have died.
                recover_interrupted(self.store, self.locks)
                recovered_at = time.monotonic()
            job = self.store.claim(time.time(), self.runner.id)
            if job is None:
                self._wake.wait(self.poll)
                self._wake.clear()
                continue
            ok = execute(self.store, job.id, job.pull, self._run, self.locks, timeout)
            if ok and self.on_success:
                self.on_success()
