"""Turn a search outcome into the contract v1 envelope."""

from __future__ import annotations

from typing import Any

from zpagent.contract import Scores, SearchResponse, SearchResultItem, SourceRegistry
from zpagent.search.hybrid import SearchOutcome


def search_response(outcome: SearchOutcome, index_version: dict[str, Any]) -> SearchResponse:
    registry = SourceRegistry()
    items = []
    for rank, h in enumerate(outcome.hits, start=1):
        sid = registry.add(h.document_path, h.source_url, h.source_title)
        items.append(
            SearchResultItem(
                rank=rank,
                source_id=sid,
                document_path=h.document_path,
                chunk_id=h.chunk_id,
                title=h.source_title,
                source_url=h.source_url,
                heading_path=h.heading_path,
                text=h.text,
                scores=Scores(
                    fts=h.fts_score,
                    fts_rank=h.fts_rank,
                    fts_strategy=h.fts_strategy,
                    vector=h.vector_similarity,
                    vector_rank=h.vector_rank,
                    fused=h.fused,
                    anchored=h.anchored,
                    coverage=h.fts_coverage,
                    relevance=h.relevance,
                ),
            )
        )
    # A low-confidence query keeps its ranked evidence, flagged: no_answer all the same.
    found = bool(items) and outcome.confident
    reason = None if found else "low_confidence" if items else "no_matching_sources"
    confidence = outcome.verdict.confidence() if outcome.verdict is not None else None
    return SearchResponse(
        status="ok" if found else "no_answer",
        reason=reason,
        confidence=confidence,
        sources=registry.sources(),
        index_version=index_version,
        complete=not outcome.truncated,
        truncated=outcome.truncated,
        truncation_reasons=outcome.truncation_reasons,
        query=outcome.query,
        mode=outcome.mode,
        results=items,
    )
