"""Write one generation's SQLite file in a staging directory.

Documents, chunks with their FTS5 rows, the segment vectors that exist, the
parts other packages add (the graph) and ``index_state``. A progressive
build writes several generations from the same parsed pages: one before any
new vector exists, then with more of them (``index.build``).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from zpagent.index.schema import DDL, SCHEMA_VERSION
from zpagent.ingest.chunker import Chunk
from zpagent.ingest.document import Document
from zpagent.ingest.limits import left_out
from zpagent.lexical import lemma_text

INDEX_FILE = "index.sqlite"


class StepProgress(Protocol):
    def start(self, phase: str, total: int | None) -> None: ...


class ExtraStep(Protocol):
    """A build step added by another part (the graph).

    It gets the open staging database, the staging directory, the parsed
    inputs and the generation's ``index_version``, and returns counts for
    the build report.
    """

    def __call__(
        self,
        db: sqlite3.Connection,
        staged: Path,
        docs: list[Document],
        chunks: list[Chunk],
        index_version: dict[str, Any],
    ) -> dict[str, Any]: ...


# One stored segment: (chunk row id, ordinal in its chunk, model tokens, vector).
Segment = tuple[int, int, int, np.ndarray]


def _write_documents(db: sqlite3.Connection, docs: list[Document]) -> dict[str, int]:
    ids = {}
    for i, d in enumerate(docs, start=1):
        db.execute(
            "INSERT INTO documents VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                i,
                d.path,
                d.title,
                d.title_source,
                int(d.published),
                json.dumps(d.authors, ensure_ascii=False),
                json.dumps(d.tags, ensure_ascii=False),
                json.dumps(d.categories, ensure_ascii=False),
                json.dumps(d.metadata, ensure_ascii=False, sort_keys=True),
                d.source_url,
                d.content_hash,
                d.size_bytes,
                d.body,
                json.dumps(d.warnings),
            ),
        )
        ids[d.path] = i
        for kind in d.warnings:
            db.execute("INSERT INTO warnings VALUES (?, ?)", (d.path, kind))
    return ids


def _write_chunks(
    db: sqlite3.Connection, doc_ids: dict[str, int], docs: list[Document], chunks: list[Chunk]
) -> None:
    titles = {d.path: d.title for d in docs}
    for rowid, c in enumerate(chunks, start=1):
        db.execute(
            "INSERT INTO chunks VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                rowid,
                c.chunk_id,
                doc_ids[c.document_path],
                c.ordinal,
                json.dumps(c.heading_path, ensure_ascii=False),
                json.dumps(c.headings, ensure_ascii=False),
                c.text,
                len(c.prefix),
                c.char_start,
                c.char_end,
                c.token_count,
                c.content_hash,
                int(c.section_start),
                c.section_lead,
            ),
        )
        title = titles[c.document_path]
        headings = " \n".join(dict.fromkeys([*c.heading_path, *c.headings]))
        db.execute(
            "INSERT INTO chunks_fts (rowid, title, headings, text, lemmas) VALUES (?,?,?,?,?)",
            (rowid, title, headings, c.text, lemma_text(f"{title}\n{headings}\n{c.text}")),
        )


def write_index(
    staged: Path,
    *,
    docs: list[Document],
    chunks: list[Chunk],
    segments: Iterable[Segment],
    dim: int,
    index_version: dict[str, Any],
    extra_steps: list[tuple[str, ExtraStep]],
    progress: StepProgress,
) -> tuple[dict[str, Any], dict[str, float]]:
    """Write ``<staged>/index.sqlite``; returns the extra steps' reports and phase seconds."""
    phases: dict[str, float] = {}
    extra: dict[str, Any] = {}
    t = time.perf_counter()
    progress.start("writing index", None)
    db = sqlite3.connect(staged / INDEX_FILE, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=OFF")
        db.execute("PRAGMA synchronous=OFF")
        db.executescript(DDL)
        db.execute("BEGIN")
        db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        db.execute("INSERT INTO meta VALUES ('embedding_dim', ?)", (str(dim),))
        # What the page limits left out, for ``zpagent graph stats --problems``.
        db.execute(
            "INSERT INTO meta VALUES ('left_out', ?)",
            (json.dumps(left_out(docs), ensure_ascii=False),),
        )
        doc_ids = _write_documents(db, docs)
        _write_chunks(db, doc_ids, docs, chunks)
        db.executemany(
            "INSERT INTO segments VALUES (?,?,?,?,?)",
            (
                (i, owner, ordinal, tokens, vector.tobytes())
                for i, (owner, ordinal, tokens, vector) in enumerate(segments, start=1)
            ),
        )
        db.execute("COMMIT")
        phases["write"] = time.perf_counter() - t
        for name, step in extra_steps:
            t = time.perf_counter()
            progress.start(name, None)
            db.execute("BEGIN")
            extra[name] = step(db, staged, docs, chunks, index_version=index_version)
            db.execute("COMMIT")
            phases[name] = time.perf_counter() - t
        db.execute(
            "INSERT INTO index_state VALUES (1, ?, ?)",
            (
                index_version["version"],
                json.dumps(index_version, ensure_ascii=False, sort_keys=True),
            ),
        )
        db.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('optimize')")
        db.execute("ANALYZE")
    finally:
        db.close()
    return extra, phases


__all__ = ["INDEX_FILE", "ExtraStep", "Segment", "write_index"]
