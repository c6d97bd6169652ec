"""Graph-guided retrieval (``mode=graph_hybrid``): the graph says which pages,
hybrid search says what they say.

1. Graph first (``graph.answers.scope``): the persons, supervisors, titles,
   topics, keywords, kinds and years a question names -> the exact set of
   pages (and on each page the theses asked about), counted by the database.
   An ambiguous or unknown name ends here, as in graph search.
2. Text within the set: hybrid search over only the chunks about those
   theses (``ABOUT`` links) or pages, then a per-page quota taken round robin
   (every page once before any page twice), so that every page of the set is
   represented when ``limit`` allows; a page no text hit reached brings its
   lead chunk (role ``graph_lead``). The pages that define the set (a topic's
   own page) fill what is left.
3. Vector entry otherwise (``graph.answers.expand``): the best hits of plain
   hybrid search lead to the persons, theses and topics they are about; the
   intent picks the one relation to follow. With none to follow, the hits
   stay the evidence and the lead sections of the pages they connect to are
   added after them.

Returns the contract v1 ``RagResponse`` of ``rag()``, plus ``graph`` (the
set, its exact size, how it was found) and, on request, every step in
``diagnostics["graph"]``. ``complete`` is true only when every page of the
set has evidence in the response; ``entity_limit`` says the set had more
pages than were ranked, ``result_limit`` that ``limit`` left pages out,
``llm_context_budget`` that the token budget did.
"""

from __future__ import annotations

from zpagent.config import Settings, get_settings
from zpagent.contract import (
    RagResponse,
)
from zpagent.embed.base import Embedder
from zpagent.errors import InvalidQuery
from zpagent.graph.answers.expand import expand_from_chunks
from zpagent.graph.answers.page_set import MAX_PAGES, Scope
from zpagent.graph.answers.scope import graph_scope
from zpagent.graph.lexicon import load_lexicon
from zpagent.graph.store.serving import graph_store, served_index_version
from zpagent.index.reader import Generation
from zpagent.query import Query
from zpagent.rag.build import (
    DEFAULT_LIMIT,
    assemble,
    evidence_groups,
    rag,
    retrieval_diagnostics,
)
from zpagent.rag.graph_guided_envelope import _graph_diagnostics, _graph_model, _refusal
from zpagent.rag.graph_guided_text import _add_hits, _beside_hits, _within_set
from zpagent.search.hybrid import (
    MAX_LIMIT,
    MAX_PER_DOCUMENT,
    SearchOutcome,
    prefetch_query_vector,
    search,
)


def _only_by_implication(scope: Scope) -> bool:
    """A set the question does not ask for (``mode=auto`` leaves it to the text).

    "Aké práce napísal Ján Staš?" names a supervisor without asking what he
    led: the theses he led, or the pages he wrote as their author, are no
    answer to what he wrote, and evidence that invites the confusion.
    """
    query = scope.question
    if query is not None and query.ask in ("pages_by_author", "page_author"):
        return True
    led = any(e.role in ("supervisor", "consultant") for e in scope.entities)
    return led and "supervision" not in scope.intents


def graph_rag(
    gen: Generation,
    embedder: Embedder,
    query: Query,
    *,
    settings: Settings | None = None,
    limit: int = DEFAULT_LIMIT,
    max_per_document: int | None = None,
    include_unpublished: bool = False,
    include_diagnostics: bool = False,
    budget_tokens: int = 12000,
    encoding: str = "cl100k_base",
    classic_when_open: bool = False,
) -> RagResponse:
    """Graph-guided RAG evidence for ``question`` (see the module docstring).

    ``classic_when_open`` (``mode=auto``): only a question whose names the
    graph resolves to a set of pages is graph-guided; one that names nothing
    the graph knows, or names it ambiguously or not at all, gets classic
    hybrid RAG (the text may still find it) instead of the vector entry or a
    refusal.

    ``limit``: primary chunks (graph leads included, section leads not);
    ``max_per_document``: the per-page quota (default: ``limit`` shared by
    the pages of the set, at least one each). Raises ``InvalidQuery`` for a
    bad question or limit and ``RetrievalUnavailable`` when the graph cannot
    answer.
    """
    # The question without its small-talk clauses ("Ahoj, ..."), as the graph reads it.
    text = query.core
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidQuery(f"limit must be between 1 and {MAX_LIMIT}")
    if max_per_document is not None and not 1 <= max_per_document <= MAX_PER_DOCUMENT:
        raise InvalidQuery(f"max_per_document must be between 1 and {MAX_PER_DOCUMENT}")
    settings = settings or get_settings()
    # The query embedding (C code, no GIL) runs while the graph works.
    prefetch_query_vector(embedder, text)
    store = graph_store(gen, settings)
    served_index_version(store, gen, settings)
    scope = graph_scope(
        store, query, include_unpublished=include_unpublished, index_version=gen.index_version
    )
    if classic_when_open and (scope.status != "ok" or scope.partial or _only_by_implication(scope)):
        return rag(
            gen,
            embedder,
            text,  # as prefetched: one embedding
            limit=limit,
            max_per_document=max_per_document or 1,
            include_unpublished=include_unpublished,
            include_diagnostics=include_diagnostics,
            budget_tokens=budget_tokens,
            encoding=encoding,
        )
    entry: SearchOutcome | None = None
    if scope.status == "open" or (scope.status == "ok" and scope.partial):
        entry = search(
            gen,
            embedder,
            text,
            limit=limit,
            max_per_document=max_per_document or 1,
            include_unpublished=include_unpublished,
        )
        if entry.hits:
            found = expand_from_chunks(
                store,
                load_lexicon(store),
                scope,
                [h.chunk_id for h in entry.hits],
                include_unpublished=include_unpublished,
                max_pages=MAX_PAGES,
            )
            if scope.status == "open":
                scope = found
            elif found.status == "ok" and found.targets and not found.connected:
                scope.merge(found)  # a keyword's pages, then the set the hits lead to
    if scope.status in ("ambiguous", "no_answer") or (scope.status == "ok" and not scope.targets):
        return _refusal(gen, scope, budget_tokens, encoding, include_diagnostics)
    if scope.status == "open" or scope.connected:
        assert entry is not None
        sel = _beside_hits(gen, entry, scope, include_unpublished)
    else:
        sel = _within_set(
            gen, store, embedder, text, scope, limit, max_per_document, include_unpublished
        )
        if entry is not None:
            # Vector entry: the hit that led here; a partial set: text fills the rest.
            _add_hits(sel, entry.hits if scope.partial else entry.hits[:1], limit)
    diagnostics = None
    if include_diagnostics:
        diagnostics = retrieval_diagnostics(sel.outcome) if sel.outcome else {}
        diagnostics["graph"] = _graph_diagnostics(scope, sel)
    resp = assemble(
        gen,
        sel.outcome.query if sel.outcome else text,
        evidence_groups(gen, sel.hits, sel.roles),
        truncation_reasons=sel.reasons,
        diagnostics=diagnostics,
        budget_tokens=budget_tokens,
        encoding=encoding,
        graph=lambda r: _graph_model(scope, r),
    )
    return resp
