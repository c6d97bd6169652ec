"""The RAG retrieval modes behind one call, for every transport (HTTP, CLI, MCP).

auto          the default: graph-guided when the question names what the graph
              knows (persons, supervisors, titles, topics, kinds and years: its
              pages and facts whatever the wording around them), classic
              otherwise, and classic when the index has no graph
hybrid        classic RAG: hybrid search over the whole wiki (``rag.build``)
graph_hybrid  graph-guided: the graph picks the pages (``rag.graph_guided``)
"""

from __future__ import annotations

from typing import Any

from zpagent.config import Settings
from zpagent.contract import RagResponse
from zpagent.embed.base import Embedder
from zpagent.errors import InvalidQuery, RetrievalUnavailable
from zpagent.index.reader import Generation
from zpagent.query import Query
from zpagent.rag.build import rag
from zpagent.rag.graph_guided import graph_rag

MODES = ("auto", "hybrid", "graph_hybrid")
DEFAULT_MODE = "auto"


def rag_for_mode(
    mode: str,
    gen: Generation,
    embedder: Embedder,
    query: Query,
    *,
    settings: Settings,
    max_per_document: int | None = None,
    **options: Any,
) -> RagResponse:
    """``rag()`` or ``graph_rag()``; ``max_per_document`` None: each mode's default
    (1 per page for hybrid, the limit shared by the set's pages for graph_hybrid).
    ``options``: limit, include_unpublished, include_diagnostics, budget_tokens, encoding."""
    if mode in ("graph_hybrid", "auto"):
        try:
            return graph_rag(
                gen,
                embedder,
                query,
                settings=settings,
                max_per_document=max_per_document,
                classic_when_open=mode == "auto",
                **options,
            )
        except RetrievalUnavailable:
            if mode == "graph_hybrid":
                raise
            # An index without a graph (or chunk links): the text alone still answers.
    if mode in ("hybrid", "auto"):
        return rag(gen, embedder, query.core, max_per_document=max_per_document or 1, **options)
    raise InvalidQuery(f"unknown mode {mode!r}: use auto, hybrid or graph_hybrid")
