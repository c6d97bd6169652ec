"""Build one generation from one snapshot of the wiki into a staging directory.

scan -> chunk -> embedding inputs and segments -> embed (through the cache)
-> write documents, chunks, FTS5, vectors -> extra parts (graph) ->
index_state -> install and switch the pointer.

Everything is written in a staging directory; nothing the readers see is
touched until the final pointer switch. A progressive build (``sync.pipeline``)
stages a generation before the missing vectors are embedded, so that a new
wiki answers lexical, graph and checked-answer questions within seconds, then
stages the complete one (``GenerationBuilder``).
"""

from __future__ import annotations

import logging
import shutil
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from zpagent.embed.base import Embedder
from zpagent.embed.cache import EmbeddingCache
from zpagent.embed.counts import CachedCounts
from zpagent.embed.pipeline import EmbeddingPlan, EmbedStats, default_workers
from zpagent.embed.seed import seed_caches
from zpagent.embed.segment import embedding_header, segment_input
from zpagent.guard import checkpoint
from zpagent.index import datadir as dd
from zpagent.index.staging import INDEX_FILE, ExtraStep, write_index
from zpagent.index.version import hash_rows, make_index_version
from zpagent.ingest.chunker import Chunk, Chunker, ChunkSettings
from zpagent.ingest.document import ScanWarning
from zpagent.ingest.limits import PageLimits, left_out
from zpagent.ingest.scan import ScanResult

log = logging.getLogger(__name__)


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
    # ``partial``: a progressive build staged this generation before every
    # segment had its vector; those segments are not in dense retrieval yet.
    vectors: str = "complete"
    segments_without_vector: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


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


class GenerationBuilder:
    """One build in steps, so that a generation can be staged before every vector exists.

    ``prepare`` parses, chunks and segments the pages and takes what the
    embedding cache already has; ``embed`` computes the missing vectors
    (calling ``on_batch`` after each, on this thread); ``stage`` writes a
    generation from whatever vectors exist at that moment, ``partial`` when
    some are still missing. Used as a context manager (the cache is open in
    between).
    """

    def __init__(
        self,
        scan: ScanResult,
        inputs: BuildInputs,
        progress: Progress | None = None,
        wiki_revision: str | None = None,
    ) -> None:
        self.scan, self.inputs = scan, inputs
        self.progress = progress or NullProgress()
        self.wiki_revision = wiki_revision
        self.embedder: Embedder = inputs.embedder
        self.t0 = time.perf_counter()
        self.phases: dict[str, float] = {}
        self.chunks: list[Chunk] = []
        self._cache: EmbeddingCache | None = None
        self._counts: CachedCounts | None = None

    def __enter__(self) -> GenerationBuilder:
        data = self.inputs.data.ensure()
        self._cache = EmbeddingCache(data.embedding_cache, seeds=self.inputs.seed_caches)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._counts is not None:
            self._counts.save()
        if self._cache is not None:
            self._cache.close()
            self._cache = None

    # --- before embedding -------------------------------------------------------

    def prepare(self) -> None:
        t = time.perf_counter()
        chunker = Chunker(self.inputs.chunk_settings)
        limit = self.inputs.page_limits.max_chunks
        self.chunks = chunk_documents(chunker, self.scan, self.progress, limit)
        self.phases["chunk"] = time.perf_counter() - t
        # What the generation is built from: the same for every generation staged
        # from this build (a progressive one stages several).
        docs = self.scan.documents
        self.hashes = {
            "source_hash": hash_rows(self.scan.source_rows()),
            "documents_hash": hash_rows(
                [(d.path, d.title, d.published, d.authors, d.tags, d.categories) for d in docs]
            ),
            "chunks_hash": hash_rows([(c.chunk_id, c.content_hash) for c in self.chunks]),
        }

        t = time.perf_counter()
        by_path = {d.path: d for d in self.scan.documents}
        inputs_of_chunks = []
        for c in self.chunks:
            d = by_path[c.document_path]
            header = embedding_header(d.title, d.authors, d.tags, d.categories, c.heading_path)
            inputs_of_chunks.append((header, c.text))
        counts = self._counts = CachedCounts(self.embedder, self._cache)
        counts.preload(f"{header}\n{text}" for header, text in inputs_of_chunks)
        texts: list[str] = []
        self.seg_owner: list[int] = []  # chunk row id of each segment
        self.seg_ordinal: list[int] = []  # its place among its chunk's segments
        self.progress.start("segmenting", len(self.chunks))
        for rowid, (header, text) in enumerate(inputs_of_chunks, start=1):
            for n, seg in enumerate(segment_input(counts, header, text)):
                texts.append(seg)
                self.seg_owner.append(rowid)
                self.seg_ordinal.append(n)
            self.progress.advance()
        counts.save()
        self.seg_tokens = [counts.token_count(text) for text in texts]
        self.phases["segment"] = time.perf_counter() - t
        # Identical inputs share one vector; the cache gives what an earlier
        # build already embedded.
        self.plan = EmbeddingPlan(self.embedder, self._cache, texts, counts.token_count)

    @property
    def missing_tokens(self) -> int:
        """Model tokens still to embed."""
        return self.plan.missing_tokens

    # --- embedding --------------------------------------------------------------

    def embed(self, on_batch: Callable[[], None] | None = None) -> None:
        """Embed what the cache did not have, reporting progress in model tokens."""
        t = time.perf_counter()
        self.progress.start("embedding tokens", self.plan.missing_tokens)

        def advance(tokens: int) -> None:
            self.progress.advance(tokens)
            if on_batch is not None:
                on_batch()

        inputs = self.inputs
        self.plan.embed(inputs.batch_size, inputs.embedding_workers, on_batch=advance)
        self.phases["embed"] = self.phases.get("embed", 0.0) + time.perf_counter() - t

    # --- writing a generation ------------------------------------------------------

    def stage(self) -> BuildReport:
        """Write a generation from the vectors that exist now into a staging directory.

        Its path is in ``report.extra["staged_path"]``; publishing it is the
        sync pipeline's job (``zpagent.sync.publication``).
        """
        docs, chunks, inputs = self.scan.documents, self.chunks, self.inputs
        embedded, vectors = self.plan.embedded(), self.plan.matrix()
        vectors_state = "complete" if bool(embedded.all()) else "partial"
        index_version = make_index_version(
            wiki_revision=self.wiki_revision,
            **self.hashes,
            embedding_model=self.embedder.model_id,
            embedding_fingerprint=self.embedder.fingerprint,
            chunker={
                "encoding": inputs.chunk_settings.encoding,
                "max_tokens": inputs.chunk_settings.max_tokens,
                "overlap_tokens": inputs.chunk_settings.overlap_tokens,
                "min_tokens": inputs.chunk_settings.min_tokens,
            },
            vectors=vectors_state,
        )
        segments = (
            (owner, ordinal, tokens, vector)
            for owner, ordinal, tokens, vector, ok in zip(
                self.seg_owner, self.seg_ordinal, self.seg_tokens, vectors, embedded, strict=True
            )
            if ok
        )
        staged = inputs.data.new_staging_dir()
        try:
            extra, phases = write_index(
                staged, docs=docs, chunks=chunks, segments=segments, dim=self.embedder.dim,
                index_version=index_version, extra_steps=inputs.extra_steps,
                progress=self.progress,
            )  # fmt: skip
        except BaseException:
            shutil.rmtree(staged, ignore_errors=True)
            raise
        s = self.plan.stats
        phases = {**self.phases, **phases}
        report = BuildReport(
            version=index_version["version"],
            index_version=index_version,
            documents=len(docs),
            unpublished_documents=sum(1 for d in docs if not d.published),
            problem_documents=self.scan.problem_documents(),
            warnings=self.scan.warning_counts(),
            chunks=len(chunks),
            embedding_segments=s.segments,
            embedding_computed=s.computed,
            embedding_reused=s.reused,
            embedding_tokens_computed=s.computed_tokens,
            embedding_workers=s.workers,
            embedding_duplicates=s.duplicates,
            embedding_tokens_saved=s.tokens_saved,
            token_counts_computed=self._counts.computed if self._counts else 0,
            vectors=vectors_state,
            segments_without_vector=int((~embedded).sum()),
            seconds=round(time.perf_counter() - self.t0, 3),
            phase_seconds={k: round(v, 3) for k, v in phases.items()},
            extra=extra,
            notes=self.scan.note_counts(),
            **left_out(docs),
            site=self.scan.site(),
        )
        report.extra["staged_path"] = str(staged)
        return report


def build_generation(
    scan: ScanResult,
    inputs: BuildInputs,
    progress: Progress | None = None,
    wiki_revision: str | None = None,
) -> BuildReport:
    """Build a complete generation (every vector) into a staging directory."""
    with GenerationBuilder(scan, inputs, progress, wiki_revision) as builder:
        builder.prepare()
        builder.embed()
        return builder.stage()


__all__ = [
    "INDEX_FILE",
    "BuildInputs",
    "BuildReport",
    "EmbedStats",
    "ExtraStep",
    "GenerationBuilder",
    "NullProgress",
    "Progress",
    "build_generation",
]
