"""The embedding cache: a separate SQLite file, keyed by input and model.

The key is the hash of the model fingerprint and the exact embedding input,
so a changed chunk, header or model never reuses a stale vector. Each vector
carries a checksum; a corrupt row is recomputed, not served. Deleting the
file only costs time.

The same file keeps the model's token counts of the inputs (same key):
segmenting every chunk for the model's window and recording its size need
them, and on a fully cached rebuild counting was most of the time.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import numpy as np

_SCHEMA = """
CREATE TABLE IF NOT EXISTS embeddings (
    key TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    dim INTEGER NOT NULL,
    vector BLOB NOT NULL,
    checksum TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS token_counts (
    key TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    tokens INTEGER NOT NULL
);
"""


def cache_key(fingerprint: str, text: str) -> str:
    return hashlib.sha256(f"{fingerprint}\0{text}".encode()).hexdigest()


def _checksum(blob: bytes) -> str:
    return hashlib.sha256(blob).hexdigest()[:16]


class EmbeddingCache:
    """Read-write cache in the data dir, backed by read-only seed files.

    Seeds are caches shipped with the package (``zpagent.embed.seed``): the
    sample wiki's vectors, so that the demo and the test session build in
    seconds. They are keyed the same way, so a changed model or chunk simply
    misses and is computed.
    """

    def __init__(self, path: Path | str, seeds: list[Path] | None = None) -> None:
        self.path = Path(path)
        self._seeds = [
            sqlite3.connect(f"file:{seed}?mode=ro&immutable=1", uri=True)
            for seed in (seeds or [])
            if Path(seed).is_file()
        ]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        self._db.close()
        for seed in self._seeds:
            seed.close()

    def get_many(self, fingerprint: str, keys: list[str], dim: int) -> dict[str, np.ndarray]:
        found = _lookup(self._db, fingerprint, keys, dim)
        for seed in self._seeds:
            missing = [k for k in keys if k not in found]
            if not missing:
                break
            found.update(_lookup(seed, fingerprint, missing, dim))
        return found

    def put_many(self, fingerprint: str, items: list[tuple[str, np.ndarray]]) -> None:
        rows = []
        for key, vec in items:
            blob = np.ascontiguousarray(vec, dtype=np.float32).tobytes()
            rows.append((key, fingerprint, int(vec.shape[0]), blob, _checksum(blob)))
        self._write("INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?, ?, ?)", rows)

    def get_counts(self, fingerprint: str, keys: list[str]) -> dict[str, int]:
        found = _lookup_counts(self._db, fingerprint, keys)
        for seed in self._seeds:
            missing = [k for k in keys if k not in found]
            if not missing:
                break
            found.update(_lookup_counts(seed, fingerprint, missing))
        return found

    def put_counts(self, fingerprint: str, items: list[tuple[str, int]]) -> None:
        rows = [(key, fingerprint, int(n)) for key, n in items]
        self._write("INSERT OR REPLACE INTO token_counts VALUES (?, ?, ?)", rows)

    def _write(self, sql: str, rows: list[tuple]) -> None:
        if not rows:
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.executemany(sql, rows)
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise


def _lookup(
    db: sqlite3.Connection, fingerprint: str, keys: list[str], dim: int
) -> dict[str, np.ndarray]:
    """Vectors of ``keys`` in one cache file; rows failing their checksum are skipped."""
    found: dict[str, np.ndarray] = {}
    for i in range(0, len(keys), 500):
        batch = keys[i : i + 500]
        marks = ",".join("?" * len(batch))
        rows = db.execute(
            f"SELECT key, dim, vector, checksum FROM embeddings "
            f"WHERE fingerprint = ? AND key IN ({marks})",
            [fingerprint, *batch],
        )
        for key, row_dim, blob, checksum in rows:
            if row_dim == dim and len(blob) == 4 * dim and _checksum(blob) == checksum:
                found[key] = np.frombuffer(blob, dtype=np.float32)
    return found


def _lookup_counts(db: sqlite3.Connection, fingerprint: str, keys: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for i in range(0, len(keys), 500):
        batch = keys[i : i + 500]
        marks = ",".join("?" * len(batch))
        try:
            rows = db.execute(
                f"SELECT key, tokens FROM token_counts WHERE fingerprint = ? AND key IN ({marks})",
                [fingerprint, *batch],
            ).fetchall()
        except sqlite3.OperationalError:
            return found  # a seed written before token counts were cached
        found.update((key, int(n)) for key, n in rows if n > 0)
    return found
