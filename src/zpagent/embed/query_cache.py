"""Query vectors that outlive the process: a small SQLite file beside the embedding cache.

Repeated questions are common (the same question from several users, a
client retrying, the pipe asking again after a clarification); a vector
found here costs a lookup instead of an embedding. The key is the hash of
the model fingerprint and the exact embedded text (``cache_key``), so a
changed model never reuses a vector, and the question itself is not
stored. Each vector carries a checksum; a corrupt row is recomputed. The
file is bounded: past ``max_rows`` the oldest rows (and a tenth more) are
dropped. Deleting it only costs time.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import numpy as np

from zpagent.embed.cache import _checksum  # one checksum for both caches

MAX_ROWS = 200_000
_PRUNE_EVERY = 1000  # inserts between size checks

_SCHEMA = """
CREATE TABLE IF NOT EXISTS query_vectors (
    key TEXT PRIMARY KEY,
    dim INTEGER NOT NULL,
    vector BLOB NOT NULL,
    checksum TEXT NOT NULL,
    used_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS query_vectors_used ON query_vectors (used_at);
"""


class QueryVectorStore:
    """One connection shared by the request and worker threads, under a lock."""

    def __init__(self, path: Path, max_rows: int = MAX_ROWS) -> None:
        self.path = Path(path)
        self.max_rows = max_rows
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            self.path, timeout=5, isolation_level=None, check_same_thread=False
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._inserts = 0

    def get(self, key: str, dim: int) -> np.ndarray | None:
        with self._lock:
            try:
                row = self._db.execute(
                    "SELECT dim, vector, checksum FROM query_vectors WHERE key = ?", (key,)
                ).fetchone()
            except sqlite3.Error:
                return None  # a busy or damaged cache is a miss, never a failed request
        if row is None:
            return None
        row_dim, blob, checksum = row
        if row_dim != dim or len(blob) != 4 * dim or _checksum(blob) != checksum:
            return None
        return np.frombuffer(blob, dtype=np.float32)

    def put(self, key: str, vector: np.ndarray) -> None:
        blob = np.ascontiguousarray(vector, dtype=np.float32).tobytes()
        with self._lock:
            try:
                self._db.execute(
                    "INSERT OR REPLACE INTO query_vectors VALUES (?, ?, ?, ?, ?)",
                    (key, int(vector.shape[0]), blob, _checksum(blob), time.time()),
                )
                self._inserts += 1
                if self._inserts % _PRUNE_EVERY == 0:
                    self._prune()
            except sqlite3.Error:
                return  # the vector is still returned; only the cache misses it

    def _prune(self) -> None:
        (rows,) = self._db.execute("SELECT COUNT(*) FROM query_vectors").fetchone()
        if rows > self.max_rows:
            self._db.execute(
                "DELETE FROM query_vectors WHERE key IN "
                "(SELECT key FROM query_vectors ORDER BY used_at LIMIT ?)",
                (rows - self.max_rows + self.max_rows // 10,),
            )

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM query_vectors").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()


__all__ = ["QueryVectorStore"]
