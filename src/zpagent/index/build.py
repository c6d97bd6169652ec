"""Build one generation from one snapshot of the wiki into a staging directory.

scan -> chunk -> embedding inputs and segments -> embed (through the cache)
-> write documents, chunks, FTS5, vectors -> extra parts (graph) ->
index_state -> install and switch the pointer.

Everything is written in a staging directory; nothing the readers see is
touched until the final pointer switch.
"""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from zpagent.embed.base import Embedder
from zpagent.embed.cache import EmbeddingCache
from zpagent.embed.counts import CachedCounts
from zpagent.embed.pipeline import EmbedStats, default_workers, embed_all
from zpagent.embed.seed import seed_caches
from zpagent.embed.segment import embedding_header, segment_input
from zpagent.guard import checkpoint
from zpagent.index import datadir as dd
from zpagent.index.schema import DDL, SCHEMA_VERSION
from zpagent.index.version import hash_rows, make_index_version
from zpagent.ingest.chunker import Chunk, Chunker, ChunkSettings
from zpagent.ingest.document import Document, ScanWarning
from zpagent.ingest.limits import PageLimits, left_out
from zpagent.ingest.scan import ScanResult
from zpagent.lexical import lemma_text

log = logging.getLogger(__name__)

INDEX_FILE = "index.sqlite"


class Progress(Protocol):
    def start(self, phase: str, total: int | None) -> None: ...
    def advance(self, n: int = 1) -> None: ...


class NullProgress:
    def start(self, phase: str, total: int | None) -> None:
        log.debug("phase %s (%s)", phase, total)

    def advance(self, n: int = 1) -> None:
        pass


@dataclass
class BuildReport:
    version: str
    index_version: dict[str, Any]
    documents: int
    unpublished_documents: int
    problem_documents: int
    warnings: dict[str, int]
    chunks: int
    embedding_segments: int
    embedding_computed: int
    embedding_reused: int
    embedding_tokens_computed: int
    seconds: float
    phase_seconds: dict[str, float] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    notes: dict[str, int] = field(default_factory=dict)  # normal input, counted (info)
    embedding_workers: int = 1
    token_counts_computed: int = 0  # model token counts not found in the cache
    # Segments whose exact input another segment already has (a copied page):
    # they share its vector, neither looked up nor embedded again.
    embedding_duplicates: int = 0
    embedding_tokens_saved: int = 0
    # Pages indexed only in part (a page limit was reached), the bytes of them
    # that are not searchable, and the first of them by name (``limits.left_out``).
    pages_cut: int = 0
    bytes_left_out: int = 0
    cut_pages: list[dict[str, Any]] = field(default_factory=list)
    # The site generator whose rules said what is a page, the overrides, and
    # the paths left out with why (``ScanResult.site``).
    site: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


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


@dataclass
class BuildInputs:
    """What a build needs besides the snapshot; fixed for one data directory."""

    data: dd.DataDir
    embedder: Embedder
    chunk_settings: ChunkSettings
    batch_size: int = 16
    embedding_workers: int = field(default_factory=default_workers)
    page_limits: PageLimits = field(default_factory=PageLimits)
    extra_steps: list[tuple[str, ExtraStep]] = field(default_factory=list)
    # Read-only caches shipped with the package (the sample wiki's vectors).
    seed_caches: list[Path] = field(default_factory=seed_caches)


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


def chunk_documents(
    chunker: Chunker, scan: ScanResult, progress: Progress, max_chunks: int | None = None
) -> list[Chunk]:
    """Chunk every page; a page past ``max_chunks`` keeps its first chunks and is reported."""
    progress.start("chunking", len(scan.documents))
    chunks: list[Chunk] = []
    for d in scan.documents:
        checkpoint(d.path)  # a sync job names this page if chunking it ends the process
        page = chunker.chunk(d.path, d.title, d.body, max_chunks=max_chunks)
        if max_chunks is not None and len(page) > max_chunks:
            page = page[:max_chunks]
            left = len(d.body[page[-1].char_end :].encode())
            d.bytes_left_out += left
            d.warnings.append("too_many_chunks")
            scan.warnings.append(ScanWarning(d.path, "too_many_chunks"))
            log.warning(
                "%s: too_many_chunks (indexed the first %d, %d bytes left out)",
                d.path, max_chunks, left,
            )  # fmt: skip
        chunks.extend(page)
        progress.advance()
    return chunks


def build_generation(
    scan: ScanResult,
    inputs: BuildInputs,
    progress: Progress | None = None,
    wiki_revision: str | None = None,
) -> BuildReport:
    """Build a generation from a finished scan into a staging directory.

    The staged path is returned in ``report.extra["staged_path"]``; publishing
    it is the sync pipeline's job (``zpagent.sync.publication``).
    """
    progress = progress or NullProgress()
    t0 = time.perf_counter()
    phases: dict[str, float] = {}
    docs = scan.documents
    chunker = Chunker(inputs.chunk_settings)
    embedder = inputs.embedder

    t = time.perf_counter()
    chunks = chunk_documents(chunker, scan, progress, inputs.page_limits.max_chunks)
    phases["chunk"] = time.perf_counter() - t

    data = inputs.data.ensure()
    cache = EmbeddingCache(data.embedding_cache, seeds=inputs.seed_caches)
    try:
        t = time.perf_counter()
        by_path = {d.path: d for d in docs}
        inputs_of_chunks = []
        for c in chunks:
            d = by_path[c.document_path]
            header = embedding_header(d.title, d.authors, d.tags, d.categories, c.heading_path)
            inputs_of_chunks.append((header, c.text))
        counts = CachedCounts(embedder, cache)
        counts.preload(f"{header}\n{text}" for header, text in inputs_of_chunks)
        seg_texts: list[str] = []
        seg_owner: list[int] = []  # chunk row id of each segment
        progress.start("segmenting", len(chunks))
        for rowid, (header, text) in enumerate(inputs_of_chunks, start=1):
            for s in segment_input(counts, header, text):
                seg_texts.append(s)
                seg_owner.append(rowid)
            progress.advance()
        counts.save()
        phases["segment"] = time.perf_counter() - t

        t = time.perf_counter()
        progress.start("embedding", len(seg_texts))
        vectors, stats = embed_all(
            embedder,
            cache,
            seg_texts,
            inputs.batch_size,
            progress=progress.advance,
            workers=inputs.embedding_workers,
            count=counts.token_count,
        )
        seg_tokens = [counts.token_count(text) for text in seg_texts]
        counts.save()
    finally:
        cache.close()
    phases["embed"] = time.perf_counter() - t

    source_hash = hash_rows(scan.source_rows())
    documents_hash = hash_rows(
        [(d.path, d.title, d.published, d.authors, d.tags, d.categories) for d in docs]
    )
    chunks_hash = hash_rows([(c.chunk_id, c.content_hash) for c in chunks])
    index_version = make_index_version(
        wiki_revision=wiki_revision,
        source_hash=source_hash,
        documents_hash=documents_hash,
        chunks_hash=chunks_hash,
        embedding_model=embedder.model_id,
        embedding_fingerprint=embedder.fingerprint,
        chunker={
            "encoding": inputs.chunk_settings.encoding,
            "max_tokens": inputs.chunk_settings.max_tokens,
            "overlap_tokens": inputs.chunk_settings.overlap_tokens,
            "min_tokens": inputs.chunk_settings.min_tokens,
        },
    )
    version = index_version["version"]

    staged = data.new_staging_dir()
    extra: dict[str, Any] = {}
    try:
        t = time.perf_counter()
        progress.start("writing index", None)
        db = sqlite3.connect(staged / INDEX_FILE, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=OFF")
            db.execute("PRAGMA synchronous=OFF")
            db.executescript(DDL)
            db.execute("BEGIN")
            db.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            db.execute("INSERT INTO meta VALUES ('embedding_dim', ?)", (str(embedder.dim),))
            doc_ids = _write_documents(db, docs)
            _write_chunks(db, doc_ids, docs, chunks)
            seg_ordinal: dict[int, int] = {}
            for i, (owner, tokens) in enumerate(zip(seg_owner, seg_tokens, strict=True), start=1):
                n = seg_ordinal.get(owner, 0)
                seg_ordinal[owner] = n + 1
                db.execute(
                    "INSERT INTO segments VALUES (?,?,?,?,?)",
                    (i, owner, n, tokens, vectors[i - 1].tobytes()),
                )
            db.execute("COMMIT")
            phases["write"] = time.perf_counter() - t
            for name, step in inputs.extra_steps:
                t = time.perf_counter()
                progress.start(name, None)
                db.execute("BEGIN")
                extra[name] = step(db, staged, docs, chunks, index_version=index_version)
                db.execute("COMMIT")
                phases[name] = time.perf_counter() - t
            db.execute(
                "INSERT INTO index_state VALUES (1, ?, ?)",
                (version, json.dumps(index_version, ensure_ascii=False, sort_keys=True)),
            )
            db.execute("INSERT INTO chunks_fts(chunks_fts) VALUES ('optimize')")
            db.execute("ANALYZE")
        finally:
            db.close()
        report = BuildReport(
            version=version,
            index_version=index_version,
            documents=len(docs),
            unpublished_documents=sum(1 for d in docs if not d.published),
            problem_documents=scan.problem_documents(),
            warnings=scan.warning_counts(),
            chunks=len(chunks),
            embedding_segments=stats.segments,
            embedding_computed=stats.computed,
            embedding_reused=stats.reused,
            embedding_tokens_computed=stats.computed_tokens,
            embedding_workers=stats.workers,
            embedding_duplicates=stats.duplicates,
            embedding_tokens_saved=stats.tokens_saved,
            token_counts_computed=counts.computed,
            seconds=0.0,
            phase_seconds=phases,
            extra=extra,
            notes=scan.note_counts(),
            **left_out(docs),
            site=scan.site(),
        )
        report.extra["staged_path"] = str(staged)
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    report.seconds = round(time.perf_counter() - t0, 3)
    report.phase_seconds = {k: round(v, 3) for k, v in phases.items()}
    return report


__all__ = [
    "INDEX_FILE",
    "BuildInputs",
    "BuildReport",
    "EmbedStats",
    "NullProgress",
    "Progress",
    "build_generation",
]
