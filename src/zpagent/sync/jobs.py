"""The durable sync job queue in ``data/sync_jobs.sqlite``.

States: ``queued`` -> ``running`` -> ``succeeded`` | ``failed`` |
``cancelled`` (a transient failure puts the job back to ``queued`` until it
has had three attempts). Coalescing: while a job waits, further requests
join it (keeping a requested git pull), so a push that arrives during a
running sync yields exactly one follow-up job.

Every attempt counts, including one that a crash ended: a job records the
runner that claimed it (``zpagent.sync.runners``); a job still ``running``
whose runner is gone was interrupted, and is queued again only while it has
attempts left, else it fails with reason ``crashed`` naming the page the
build was at (``zpagent.guard``). A page that kills the process thus
fails its job after three tries instead of restarting the server forever.

Cancellation: a queued job is cancelled at once; a running one is flagged
and stops at its next checkpoint. Webhook deliveries are recorded so that a
redelivery never queues twice, and a webhook job records the commit it was
queued for (``target``): another push of that commit while the job waits or
runs joins it instead of queueing a follow-up.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from zpagent.sync.job_table import _ADDED_COLUMNS, _SCHEMA, Job, _job, _now

MAX_ATTEMPTS = 3
FINISHED = ("succeeded", "failed", "cancelled")


class JobStore:
    """All writes in ``BEGIN IMMEDIATE`` transactions: safe across processes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        # executescript commits on its own; the DDL is idempotent.
        self._db().executescript(_SCHEMA)
        self._migrate()

    def _migrate(self) -> None:
        with self._tx() as db:
            have = {row["name"] for row in db.execute("PRAGMA table_info(jobs)")}
            for name, decl in _ADDED_COLUMNS.items():
                if name not in have:
                    db.execute(f"ALTER TABLE jobs ADD COLUMN {name} {decl}")

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
        self,
        pull: bool,
        source: str,
        delivery_id: str | None = None,
        target: str | None = None,
    ) -> tuple[Job | None, bool]:
        """Queue a sync or join the waiting one; returns (job, created).

        A known ``delivery_id`` returns the job of the first delivery, unchanged,
        or ``None`` when that delivery queued nothing (it was ignored): a
        delivery id is acted on once, whatever the body says the second time.
        A ``target`` commit that a queued or running job already syncs joins that job.
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
            same = None
            if target:
                same = db.execute(
                    "SELECT * FROM jobs WHERE state IN ('queued', 'running') AND target = ? "
                    "ORDER BY created_at, rowid LIMIT 1",
                    (target,),
                ).fetchone()
            waiting = (
                same
                or db.execute(
                    "SELECT * FROM jobs WHERE state = 'queued' ORDER BY created_at, rowid LIMIT 1"
                ).fetchone()
            )
            if waiting is not None:
                # The waiting job now syncs the newest push it stands for.
                db.execute(
                    "UPDATE jobs SET pull = MAX(pull, ?), requests = requests + 1, "
                    "target = COALESCE(?, target) WHERE id = ?",
                    (int(pull), None if same else target, waiting["id"]),
                )
                job_id, created = waiting["id"], False
            else:
                job_id, created = uuid.uuid4().hex, True
                db.execute(
                    "INSERT INTO jobs (id, state, pull, source, created_at, target) "
                    "VALUES (?, 'queued', ?, ?, ?, ?)",
                    (job_id, int(pull), source, _now(), target),
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

    def claim(self, now: float, runner: str | None = None) -> Job | None:
        """Take the oldest runnable queued job and mark it running (an attempt)."""
        with self._tx() as db:
            row = db.execute(
                "SELECT * FROM jobs WHERE state = 'queued' AND not_before <= ? "
                "ORDER BY created_at, rowid LIMIT 1",
                (now,),
            ).fetchone()
            if row is None:
                return None
            db.execute(
                "UPDATE jobs SET state = 'running', phase = 'waiting_for_lock', "
                "attempts = attempts + 1, started_at = ?, runner = ? WHERE id = ?",
                (_now(), runner, row["id"]),
            )
            return _job(db.execute("SELECT * FROM jobs WHERE id = ?", (row["id"],)).fetchone())

    def start_inline(self, pull: bool, source: str, runner: str | None = None) -> Job:
        """A job run synchronously by this process (``zpagent sync``)."""
        job_id = uuid.uuid4().hex
        with self._tx() as db:
            db.execute(
                "INSERT INTO jobs (id, state, phase, pull, source, attempts, created_at, "
                "started_at, runner) VALUES (?, 'running', 'waiting_for_lock', ?, ?, 1, ?, ?, ?)",
                (job_id, int(pull), source, _now(), _now(), runner),
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

    def recover_interrupted(
        self,
        alive: Callable[[str | None], bool],
        last_page: Callable[[str], str | None],
        retry_at: float,
    ) -> list[Job]:
        """Jobs whose runner died: queued again, or failed after their last attempt.

        ``alive(runner)`` says whether a runner still runs; ``last_page(job_id)``
        is the page the interrupted build was at, when it wrote one.
        """
        recovered: list[str] = []
        with self._tx() as db:
            rows = db.execute("SELECT * FROM jobs WHERE state = 'running'").fetchall()
            for row in rows:
                if alive(row["runner"]):
                    continue
                recovered.append(row["id"])
                if row["cancel_requested"]:
                    db.execute(
                        "UPDATE jobs SET state = 'cancelled', phase = NULL, finished_at = ?, "
                        "error_reason = 'cancelled', error_message = ? WHERE id = ?",
                        (_now(), "the sync was cancelled", row["id"]),
                    )
                    continue
                page = last_page(row["id"])
                at = f" while processing {page}" if page else ""
                message = f"the sync process ended unexpectedly{at}"
                if row["attempts"] >= MAX_ATTEMPTS:
                    message = f"{message} ({row['attempts']} attempts; not retried)"
                    db.execute(
                        "UPDATE jobs SET state = 'failed', phase = NULL, finished_at = ?, "
                        "error_reason = 'crashed', error_message = ? WHERE id = ?",
                        (_now(), message, row["id"]),
                    )
                else:
                    db.execute(
                        "UPDATE jobs SET state = 'queued', phase = NULL, not_before = ?, "
                        "error_reason = 'crashed', error_message = ? WHERE id = ?",
                        (retry_at, message, row["id"]),
                    )
        return [j for j in map(self.get, recovered) if j is not None]

    # -- cancelling ------------------------------------------------------------

    def request_cancel(self, job_id: str) -> Job | None:
        """Cancel a queued job now, flag a running one; a finished job is left as it is."""
        with self._tx() as db:
            row = db.execute("SELECT state FROM jobs WHERE id = ?", (job_id,)).fetchone()
            if row is None:
                return None
            if row["state"] == "queued":
                db.execute(
                    "UPDATE jobs SET state = 'cancelled', phase = NULL, finished_at = ?, "
                    "cancel_requested = 1, error_reason = 'cancelled', error_message = ? "
                    "WHERE id = ?",
                    (_now(), "the sync was cancelled before it started", job_id),
                )
            elif row["state"] == "running":
                db.execute("UPDATE jobs SET cancel_requested = 1 WHERE id = ?", (job_id,))
        return self.get(job_id)

    def cancel_requested(self, job_id: str) -> bool:
        row = (
            self._db()
            .execute("SELECT cancel_requested FROM jobs WHERE id = ?", (job_id,))
            .fetchone()
        )
        return bool(row and row[0])

    def cancelled(self, job_id: str) -> None:
        """A running job stopped at a checkpoint after it was asked to."""
        with self._tx() as db:
            db.execute(
                "UPDATE jobs SET state = 'cancelled', phase = NULL, finished_at = ?, "
                "error_reason = 'cancelled', error_message = ? WHERE id = ?",
                (_now(), "the sync was cancelled; the previous index kept serving", job_id),
            )

    # -- reading ---------------------------------------------------------------

    def get(self, job_id: str) -> Job | None:
        return _job(self._db().execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone())

    def active(self) -> list[Job]:
        rows = self._db().execute(
            "SELECT * FROM jobs WHERE state IN ('queued', 'running') ORDER BY created_at, rowid"
        )
        return [j for j in map(_job, rows) if j is not None]

    def last(self, state: str) -> Job | None:
        return _job(
            self._db()
            .execute(
                "SELECT * FROM jobs WHERE state = ? ORDER BY finished_at DESC, rowid DESC LIMIT 1",
                (state,),
            )
            .fetchone()
        )

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None
