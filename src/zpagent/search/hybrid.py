"""Hybrid search: FTS5/BM25 and vectors fused by their confidence.

Both retrievers run (the query embedding beside the lexical search), their
candidates are merged, scored and gated by ``fusion.py`` (confidence-aware
fusion for the ranking, relevance for the gate), then at most
``max_per_document`` chunks per page and ``limit`` results are kept.
Truncation is detected by fetching one candidate more than each limit.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from zpagent.embed.base import Embedder
from zpagent.embed.queries import query_embedder
from zpagent.errors import InvalidQuery
from zpagent.index.reader import Generation
from zpagent.search.fts import fts_search
from zpagent.search.fusion import SEMANTIC_WEIGHT, anchor, fuse
from zpagent.search.gate import KEEP_MIN, Evidence, Gate, Verdict, judge
from zpagent.search.hits import Hit
from zpagent.search.query import analyze
from zpagent.search.vector import vector_search

Mode = Literal["hybrid", "fts", "vector"]
MODES = ("hybrid", "fts", "vector")

VECTOR_CANDIDATE_MIN = 0.70
MAX_LIMIT = 50
MAX_PER_DOCUMENT = 10


@dataclass
class SearchOutcome:
    query: str
    mode: str
    hits: list[Hit]
    truncation_reasons: list[str] = field(default_factory=list)
    fts_candidates: int = 0
    vector_candidates: int = 0
    # What the gate saw and said; ``hits`` of a "low" verdict are the ranked
    # candidates, which callers must not answer from as if confident.
    evidence: Evidence | None = None
    verdict: Verdict | None = None

    @property
    def truncated(self) -> bool:
        return bool(self.truncation_reasons)

    @property
    def confident(self) -> bool:
        return self.verdict is not None and self.verdict.level == "high"


def prefetch_query_vector(embedder: Embedder, query: str) -> None:
    """Start embedding ``query`` (as ``search`` will) so that other work overlaps it."""
    query_embedder(embedder).prefetch(analyze(query).text)


def fetch_hits(gen: Generation, rowids: list[int]) -> dict[int, Hit]:
    if not rowids:
        return {}
    marks = ",".join("?" * len(rowids))
    rows = gen.db().execute(
        f"""
        SELECT c.id, c.document_id, c.chunk_id, c.ordinal, c.heading_path, c.text,
               c.section_start, c.section_lead, d.path, d.title, d.source_url, d.published,
               d.title_source
        FROM chunks c JOIN documents d ON d.id = c.document_id
        WHERE c.id IN ({marks})
        """,
        rowids,
    )
    out = {}
    for r in rows:
        out[r[0]] = Hit(
            rowid=r[0],
            document_id=r[1],
            chunk_id=r[2],
            ordinal=r[3],
            heading_path=json.loads(r[4]),
            text=r[5],
            section_start=bool(r[6]),
            section_lead=r[7],
            document_path=r[8],
            title=r[9],
            source_url=r[10],
            published=bool(r[11]),
            title_known=r[12] != "path",
        )
    return out


def search(
    gen: Generation,
    embedder: Embedder | None,
    query: str,
    *,
    mode: Mode = "hybrid",
    limit: int = 10,
    max_per_document: int = 1,
    include_unpublished: bool = False,
    candidate_limit: int | None = None,
    min_vector_similarity: float = VECTOR_CANDIDATE_MIN,
    gate: bool = True,
    only_chunks: Collection[str] | None = None,
    below_baseline: bool = False,
) -> SearchOutcome:
    """Hybrid (or single-mode) search; ``gate=False`` only for evaluating ranking.

    ``only_chunks``: rank only these chunks (by chunk id); graph-guided
    retrieval uses it for the text of the pages the graph chose.
    ``below_baseline``: the dense side also ranks candidates below what an
    unrelated passage of the whole corpus scores (within ``only_chunks``).
    """
    if mode not in MODES:
        raise InvalidQuery(f"unknown mode {mode!r}")
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidQuery(f"limit must be between 1 and {MAX_LIMIT}")
    if not 1 <= max_per_document <= MAX_PER_DOCUMENT:
        raise InvalidQuery(f"max_per_document must be between 1 and {MAX_PER_DOCUMENT}")
    if mode in ("hybrid", "vector") and embedder is not None:
        query_embedder(embedder).admit(query)  # a flood of long queries is refused first
    analyzed = analyze(query)
    candidate_limit = candidate_limit or max(50, limit * max_per_document * 3)
    reasons: list[str] = []
    allowed = _rowids(gen, only_chunks) if only_chunks is not None else None
    if allowed is not None and not allowed:
        return SearchOutcome(
            query=analyzed.text, mode=mode, hits=[], verdict=Verdict("none", 0.0, False)
        )

    # The query embedding (capped, cached, on a bounded pool: embed.queries)
    # runs while the lexical search works on this thread.
    qvec_future = None
    if mode in ("hybrid", "vector"):
        if embedder is None:
            raise InvalidQuery("vector search needs an embedder")
        qvec_future = query_embedder(embedder).submit(analyzed.text)
    fts_hits, fts_more = ([], False)
    if mode in ("hybrid", "fts"):
        fts_hits, fts_more = fts_search(
            gen,
            analyzed,
            candidate_limit,
            include_unpublished,
            KEEP_MIN["hybrid"],
            only_rowids=allowed,
        )
    vec_hits, vec_more = ([], False)
    if qvec_future is not None:
        qvec = qvec_future.result()
        vec_hits, vec_more = vector_search(
            gen,
            qvec,
            candidate_limit,
            include_unpublished,
            min_vector_similarity,
            relevant_margin=KEEP_MIN["hybrid"] / SEMANTIC_WEIGHT,
            only_rowids=None if allowed is None else np.asarray(allowed, dtype=np.int64),
            above_baseline=not (below_baseline and allowed is not None),
        )
    if fts_more or vec_more:
        reasons.append("candidate_limit")
    if qvec_future is not None and gen.index_version.get("vectors") == "partial":
        reasons.append("vectors_partial")

    ids = list(dict.fromkeys([h.rowid for h in fts_hits] + [h.rowid for h in vec_hits]))
    by_id = fetch_hits(gen, ids)
    for h in fts_hits:
        hit = by_id[h.rowid]
        hit.fts_score, hit.fts_rank, hit.fts_strategy = round(h.score, 4), h.rank, h.strategy
        hit.fts_coverage = h.coverage
    for v in vec_hits:
        hit = by_id[v.rowid]
        hit.vector_similarity, hit.vector_rank = round(v.similarity, 4), v.rank
        hit.vector_margin = round(v.margin, 4)
    if mode != "vector":
        headings = _headings(gen, [h.rowid for h in fts_hits if h.strategy == "all_terms"])
        for h in fts_hits:
            if h.strategy == "all_terms":
                hit = by_id[h.rowid]
                hit.anchor = anchor(analyzed, hit.title, headings.get(h.rowid, []))

    candidates = list(by_id.values())
    fuse(candidates, mode, len(analyzed.terms))
    verdict, evidence, kept = judge(candidates, Gate.of(gen.gate, mode))
    if not gate:
        kept = candidates
    # Equal fused scores (below the corpus's baseline the dense side adds nothing)
    # are ordered by similarity, not by where the chunk happens to be stored.
    ranked = sorted(kept, key=lambda h: (-h.fused, -(h.vector_similarity or 0.0), h.rowid))
    per_doc: dict[int, int] = {}
    results: list[Hit] = []
    for hit in ranked:
        n = per_doc.get(hit.document_id, 0)
        if n >= max_per_document:
            if "per_document_limit" not in reasons:
                reasons.append("per_document_limit")
            continue
        if len(results) >= limit:
            reasons.append("result_limit")
            break
        per_doc[hit.document_id] = n + 1
        hit.fused = round(hit.fused, 6)
        results.append(hit)
    return SearchOutcome(
        query=analyzed.text,
        mode=mode,
        hits=results,
        truncation_reasons=reasons,
        fts_candidates=len(fts_hits),
        vector_candidates=len(vec_hits),
        evidence=evidence,
        verdict=verdict,
    )


def _rowids(gen: Generation, chunk_ids: Collection[str]) -> list[int]:
    rows = gen.db().execute(
        "SELECT id FROM chunks WHERE chunk_id IN (SELECT value FROM json_each(?)) ORDER BY id",
        (json.dumps(sorted(chunk_ids)),),
    )
    return [r[0] for r in rows]


def _headings(gen: Generation, rowids: list[int]) -> dict[int, list[str]]:
    if not rowids:
        return {}
    marks = ",".join("?" * len(rowids))
    rows = gen.db().execute(
        f"SELECT id, heading_path, headings FROM chunks WHERE id IN ({marks})", rowids
    )
    return {r[0]: [*json.loads(r[1]), *json.loads(r[2])] for r in rows}
