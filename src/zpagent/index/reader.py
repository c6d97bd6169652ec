"""Open a published generation for reading.

A generation is immutable, so SQLite is opened read-only with
``immutable=1`` (no locking, no journal checks) and one connection per
thread. Vectors are loaded once into one numpy matrix. While open, the
reader holds a shared ``flock`` on the generation so that cleanup never
deletes it under a reader.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np

from zpagent.errors import RetrievalUnavailable
from zpagent.index import datadir as dd
from zpagent.index.build import INDEX_FILE


class Generation:
    def __init__(self, path: Path) -> None:
        self.path = path
        db_path = path / INDEX_FILE
        if not db_path.is_file():
            raise RetrievalUnavailable(f"generation has no index file: {path}")
        self._lock_fd = os.open(path / dd.READER_LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(self._lock_fd, fcntl.LOCK_SH)
        self._uri = f"file:{quote(str(db_path))}?mode=ro&immutable=1"
        self._local = threading.local()
        self._all_conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        db = self.db()
        row = db.execute("SELECT version, index_version FROM index_state WHERE id = 1").fetchone()
        if row is None:
            raise RetrievalUnavailable(f"generation has no index_state: {path}")
        self.version: str = row[0]
        self.index_version: dict[str, Any] = json.loads(row[1])
        self.dim = int(db.execute("SELECT value FROM meta WHERE key='embedding_dim'").fetchone()[0])
        gate = db.execute("SELECT value FROM meta WHERE key='gate'").fetchone()
        # The relevance gate fitted on this wiki at index time (search.calibration);
        # None for a generation built before calibration existed.
        self.gate: dict[str, Any] | None = json.loads(gate[0]) if gate else None
        self._load_arrays(db)
        self.extras: dict[str, Any] = {}  # per-generation objects of other parts (graph store)

    def _load_arrays(self, db: sqlite3.Connection) -> None:
        n_chunks = db.execute("SELECT COALESCE(MAX(id), 0) FROM chunks").fetchone()[0]
        n_docs = db.execute("SELECT COALESCE(MAX(id), 0) FROM documents").fetchone()[0]
        self.chunk_doc = np.zeros(n_chunks + 1, dtype=np.int32)
        for rowid, doc_id in db.execute("SELECT id, document_id FROM chunks"):
            self.chunk_doc[rowid] = doc_id
        self.doc_published = np.zeros(n_docs + 1, dtype=bool)
        for doc_id, published in db.execute("SELECT id, published FROM documents"):
            self.doc_published[doc_id] = bool(published)
        n_seg = db.execute("SELECT COUNT(*) FROM segments").fetchone()[0]
        self.vectors = np.zeros((n_seg, self.dim), dtype=np.float32)
        self.segment_chunk = np.zeros(n_seg, dtype=np.int32)
        for i, (owner, blob) in enumerate(
            db.execute("SELECT chunk_rowid, vector FROM segments ORDER BY id")
        ):
            self.segment_chunk[i] = owner
            self.vectors[i] = np.frombuffer(blob, dtype=np.float32)
        self.segment_published = self.doc_published[self.chunk_doc[self.segment_chunk]]
        self.n_chunks = n_chunks
        self.n_documents = n_docs

    def db(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self._uri, uri=True, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            self._local.conn = conn
            with self._conns_lock:
                self._all_conns.append(conn)
        return conn

    def close(self) -> None:
        with self._conns_lock:
            for conn in self._all_conns:
                conn.close()
            self._all_conns.clear()
        for extra in self.extras.values():
            close = getattr(extra, "close", None)
            if close:
                close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # releases the shared flock
            self._lock_fd = None

    def __enter__(self) -> Generation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_current(data: dd.DataDir) -> Generation:
    """The generation the pointer names; 503 when nothing is published."""
    pointer = dd.read_pointer(data)
    if pointer is None:
        raise RetrievalUnavailable("no generation is published yet: run `zpagent index` first")
    gen = Generation(dd.generation_path(data, pointer))
    if gen.version != pointer["version"]:
        gen.close()
        raise RetrievalUnavailable("the published pointer and the generation disagree")
    return gen
