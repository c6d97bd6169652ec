"""The single background worker that runs queued sync jobs (in the API process)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from zpagent.errors import ZPAgentError
from zpagent.sync.jobs import JobStore

log = logging.getLogger(__name__)

RETRY_BACKOFF_SECONDS = (2.0, 10.0, 30.0)


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


def execute(store: JobStore, job_id: str, pull: bool, run: Callable[..., dict[str, Any]]) -> bool:
    """Run one claimed job and record its outcome; True on success."""
    try:
        result = run(pull=pull, on_phase=lambda p: store.set_phase(job_id, p))
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


class SyncWorker:
    """One worker thread; wakes on ``notify()`` or every ``poll`` seconds."""

    def __init__(self, ws: Any, store: JobStore, poll: float = 1.0) -> None:
        self.ws = ws
        self.store = store
        self.poll = poll
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="zpagent-sync", daemon=True)
        self.on_success: Callable[[], None] | None = None

    def start(self) -> None:
        requeued = self.store.requeue_interrupted()
        if requeued:
            log.warning("re-queued %d sync job(s) interrupted by a crash", requeued)
        self._thread.start()

    def notify(self) -> None:
        self._wake.set()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)

    def _run(self, **kwargs: Any) -> dict[str, Any]:
        return self.ws.sync(**kwargs)

    def _loop(self) -> None:
        while not self._stop.is_set():
            job = self.store.claim(time.time())
            if job is None:
                self._wake.wait(self.poll)
                self._wake.clear()
                continue
            ok = execute(self.store, job.id, job.pull, self._run)
            if ok and self.on_success:
                self.on_success()
