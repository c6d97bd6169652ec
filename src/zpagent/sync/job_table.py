"""The sync job queue's tables: their schema, the ``Job`` record, a row read into one.

The ``jobs`` and ``deliveries`` tables of ``data/sync_jobs.sqlite`` (with the
columns added after the first release, for older stores), the ``Job`` a row
holds and its JSON form, and the timestamps the queue writes. ``jobs.JobStore``
reads and writes them.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from dataclasses import dataclass
from typing import Any

# Columns added after the first release, for job stores created before them.
_ADDED_COLUMNS = {
    "runner": "TEXT",
    "cancel_requested": "INTEGER NOT NULL DEFAULT 0",
    "target": "TEXT",
}

_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    phase TEXT,
    pull INTEGER NOT NULL,
    source TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    requests INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    started_at TEXT,
    finished_at TEXT,
    not_before REAL NOT NULL DEFAULT 0,
    error_reason TEXT,
    error_message TEXT,
    result TEXT,
    runner TEXT,
    cancel_requested INTEGER NOT NULL DEFAULT 0,
    target TEXT
);
CREATE INDEX IF NOT EXISTS jobs_state ON jobs (state, created_at);
CREATE TABLE IF NOT EXISTS deliveries (
    delivery_id TEXT PRIMARY KEY,
    job_id TEXT,
    received_at TEXT NOT NULL
);
"""


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class Job:
    id: str
    state: str
    phase: str | None
    pull: bool
    source: str
    attempts: int
    requests: int
    created_at: str
    started_at: str | None
    finished_at: str | None
    error_reason: str | None
    error_message: str | None
    result: dict[str, Any] | None
    runner: str | None = None
    cancel_requested: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "job_id": self.id,
            "state": self.state,
            "phase": self.phase,
            "pull": self.pull,
            "source": self.source,
            "attempts": self.attempts,
            "requests": self.requests,
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "error": (
                {"reason": self.error_reason, "message": self.error_message}
                if self.error_reason
                else None
            ),
            "result": self.result,
            "cancel_requested": self.cancel_requested,
        }


def _job(row: sqlite3.Row | None) -> Job | None:
    if row is None:
        return None
    return Job(
        id=row["id"],
        state=row["state"],
        phase=row["phase"],
        pull=bool(row["pull"]),
        source=row["source"],
        attempts=row["attempts"],
        requests=row["requests"],
        created_at=row["created_at"],
        started_at=row["started_at"],
        finished_at=row["finished_at"],
        error_reason=row["error_reason"],
        error_message=row["error_message"],
        result=json.loads(row["result"]) if row["result"] else None,
        runner=row["runner"],
        cancel_requested=bool(row["cancel_requested"]),
    )
