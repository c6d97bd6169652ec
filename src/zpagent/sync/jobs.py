"""The durable sync job queue in ``data/sync_jobs.sqlite``.

States: ``queued`` -> ``running`` -> ``succeeded`` | ``failed`` (a transient
failure puts the job back to ``queued`` until it has had three attempts).
Coalescing: while a job waits, further requests join it (keeping a requested
git pull), so a push that arrives during a running sync yields exactly one
follow-up job. A job left ``running`` by a crash is queued again at start.
Webhook deliveries are recorded so that a redelivery never queues twice.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_ATTEMPTS = 3

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
    result TEXT
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
    )


class JobStore:
    """All writes in ``BEGIN IMMEDIATE`` transactions: safe across processes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        # executescript commits on its own; the DDL is idempotent.
        self._db().executescript(_SCHEMA)

    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            db.row_factory = sqlite3.Row
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            self._local.db = db
        return db

    @contextmanager
    def _tx(self):
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    # -- queueing --------------------------------------------------------------

    def enqueue(
        self, pull: bool, source: str, delivery_id: str | None = None
    ) -> tuple[Job | None, bool]:
        """Queue a sync or join the waiting one; returns (job, created).

        A known ``delivery_id`` returns the job of the first delivery, unchanged,
        or ``None`` when that delivery queued nothing (it was ignored): a
        delivery id is acted on once, whatever the body says the second time.
        """
        with self._tx() as db:
            if delivery_id:
                seen = db.execute(
                    "SELECT job_id FROM deliveries WHERE delivery_id = ?", (delivery_id,)
                ).fetchone()
                if seen:
                    job = None
                    if seen[0] is not None:
                        row = db.execute("SELECT * FROM jobs WHERE id = ?", (seen[0],)).fetchone()
                        job = _job(row)
                    return job, False
            waiting = db.execute(
                "SELECT * FROM jobs WHERE state = 'queued' ORDER BY created_at LIMIT 1"
            ).fetchone()
            if waiting is not None:
                db.execute(
                    "UPDATE jobs SET pull = MAX(pull, ?), requests = requests + 1 WHERE id = ?",
                    (int(pull), waiting["id"]),
                )
                job_id, created = waiting["id"], False
            else:
                job_id, created = uuid.uuid4().hex, True
                db.execute(
                    "INSERT INTO jobs (id, state, pull, source, created_at) "
                    "VALUES (?, 'queued', ?, ?, ?)",
                    (job_id, int(pull), source, _now()),
                )
            if delivery_id:
                db.execute("INSERT INTO deliveries VALUES (?, ?, ?)", (delivery_id, job_id, _now()))
            job = _job(db.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone())
        assert job is not None
        return job, created

    def record_delivery(self, delivery_id: str) -> bool:
        """Remember an ignored delivery; False if it was seen before."""
        with self._tx() as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO deliveries VALUES (?, NULL, ?)", (delivery_id, _now())
            )
            return cur.rowcount == 1

    def claim(self, now: float) -> Job | None:
        """Take the oldest runnable queued job and mark it running."""
        with self._tx() as db:
            row = db.execute(
                "SELECT * FROM jobs WHERE state = 'queued' AND not_before <= ? "
                "ORDER BY created_at LIMIT 1",
                (now,),
            ).fetchone()
            if row is None:
                return None
            db.execute(
                "UPDATE jobs SET state = 'running', phase = 'waiting_for_lock', "
                "attempts = attempts + 1, started_at = ? WHERE id = ?",
                (_now(), row["id"]),
            )
            return _job(db.execute("SELECT * FROM jobs WHERE id = ?", (row["id"],)).fetchone())

    def start_inline(self, pull: bool, source: str) -> Job:
        """A job run synchronously by this process (``zpagent sync``)."""
        job_id = uuid.uuid4().hex
        with self._tx() as db:
            db.execute(
                "INSERT INTO jobs (id, state, phase, pull, source, attempts, created_at, "
                "started_at) VALUES (?, 'running', 'waiting_for_lock', ?, ?, 1, ?, ?)",
                (job_id, int(pull), source, _now(), _now()),
            )
        job = self.get(job_id)
        assert job is not None
        return job

    def set_phase(self, job_id: str, phase: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE jobs SET phase = ? WHERE id = ?", (phase, job_id))

    def succeed(self, job_id: str, result: dict[str, Any]) -> None:
        with self._tx() as db:
            db.execute(
                "UPDATE jobs SET state = 'succeeded', phase = NULL, finished_at = ?, "
                "result = ?, error_reason = NULL, error_message = NULL WHERE id = ?",
                (_now(), json.dumps(result, ensure_ascii=False), job_id),
            )

    def fail(self, job_id: str, reason: str, message: str, transient: bool, retry_at: float) -> str:
        """Record a failure; transient ones are queued again until MAX_ATTEMPTS."""
        with self._tx() as db:
            row = db.execute("SELECT attempts FROM jobs WHERE id = ?", (job_id,)).fetchone()
            retry = transient and row is not None and row["attempts"] < MAX_ATTEMPTS
            state = "queued" if retry else "failed"
            db.execute(
                "UPDATE jobs SET state = ?, phase = NULL, error_reason = ?, error_message = ?, "
                "finished_at = ?, not_before = ? WHERE id = ?",
                (state, reason, message, None if retry else _now(), retry_at, job_id),
            )
            return state

    def requeue_interrupted(self) -> int:
        """Jobs left running by a crashed process run again."""
        with self._tx() as db:
            cur = db.execute(
                "UPDATE jobs SET state = 'queued', phase = NULL WHERE state = 'running'"
            )
            return cur.rowcount

    # -- reading ---------------------------------------------------------------

    def get(self, job_id: str) -> Job | None:
        return _job(self._db().execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone())

    def active(self) -> list[Job]:
        rows = self._db().execute(
            "SELECT * FROM jobs WHERE state IN ('queued', 'running') ORDER BY created_at"
        )
        return [j for j in map(_job, rows) if j is not None]

    def last(self, state: str) -> Job | None:
        return _job(
            self._db()
            .execute(
                "SELECT * FROM jobs WHERE state = ? ORDER BY finished_at DESC LIMIT 1", (state,)
            )
            .fetchone()
        )

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None
