"""Which processes run sync jobs, and whether they are still alive.

A process that runs jobs (the API's sync worker, ``zpagent sync``) takes a
runner id and holds an exclusive ``flock`` on ``locks/runners/<id>.lock``
for its whole life; each job it claims records that id. The kernel drops
the lock when the process dies, however it dies (segfault, OOM kill,
``kill -9``), so "the runner of this job is gone" is one non-blocking
``flock``, without pids that can be reused and without guessing from
timestamps. With several API workers, one worker's start never mistakes
another's running job for a crashed one.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import uuid
from pathlib import Path


def _lock_path(locks: Path, runner_id: str) -> Path:
    return locks / "runners" / f"{runner_id}.lock"


class Runner:
    """This process as a job runner (hold it as long as jobs may run)."""

    def __init__(self, locks: Path) -> None:
        self.id = uuid.uuid4().hex
        self._path = _lock_path(locks, self.id)
        self._path.parent.mkdir(parents=True, exist_ok=True)
        self._fd: int | None = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(self._fd, fcntl.LOCK_EX)

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(FileNotFoundError):
                self._path.unlink()
            os.close(self._fd)  # releases the lock
            self._fd = None


def runner_alive(locks: Path, runner_id: str | None) -> bool:
    """Whether the process that took ``runner_id`` still runs (False for unknown ids)."""
    if not runner_id or not runner_id.isalnum():
        return False
    path = _lock_path(locks, runner_id)
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()  # a dead runner's file: nobody will take that id again
    return False


__all__ = ["Runner", "runner_alive"]
