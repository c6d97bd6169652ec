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

import json
from dataclasses import dataclass, field
from typing import Any

from zpagent.config import Settings, get_settings
from zpagent.contract import (
    ContextBudget,
    GraphCandidate,
    GraphEntity,
    GraphScope,
    RagResponse,
)
from zpagent.embed.base import Embedder
from zpagent.errors import InvalidQuery
from zpagent.graph.answers.expand import expand_from_chunks
from zpagent.graph.answers.scope import graph_scope
from zpagent.graph.answers.walk import MAX_PAGES, Scope
from zpagent.graph.lexicon import load_lexicon
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.graph.store.serving import graph_store, served_index_version
from zpagent.index.reader import Generation
from zpagent.ingest.tokens import TokenCounter
from zpagent.query import Query
from zpagent.query.describe import describe
from zpagent.rag.build import (
    DEFAULT_LIMIT,
    assemble,
    evidence_groups,
    rag,
    retrieval_diagnostics,
)
from zpagent.rag.prompts import ANSWER_FORMAT, INSTRUCTIONS
from zpagent.search.hybrid import (
    MAX_LIMIT,
    MAX_PER_DOCUMENT,
    Hit,
    SearchOutcome,
    fetch_hits,
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


@dataclass
class _Selection:
    hits: list[Hit] = field(default_factory=list)
    roles: dict[int, str] = field(default_factory=dict)  # rowid -> graph_lead
    reasons: list[str] = field(default_factory=list)
    quota: int = 0
    outcome: SearchOutcome | None = None


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


# --- text within the set ---------------------------------------------------------------


def _within_set(
    gen: Generation,
    store: GraphStore,
    embedder: Embedder,
    question: str,
    scope: Scope,
    limit: int,
    max_per_document: int | None,
    include_unpublished: bool,
) -> _Selection:
    """Rank the set's text, then take it round robin with a per-page quota."""
    thesis_ids = [t for target in scope.targets for t in target.theses]
    about: dict[str, list[tuple[int, str]]] = {}  # thesis -> (ordinal, chunk)
    for tid, cid, ordinal in store.query(q.THESIS_CHUNKS, ids=thesis_ids) if thesis_ids else []:
        about.setdefault(tid, []).append((ordinal, cid))
    pages = [t.document_path for t in scope.targets]
    page_chunks = _page_chunks(gen, [*pages, *scope.anchors], include_unpublished)
    allowed: dict[str, list[tuple[int, str]]] = {}  # page -> its allowed chunks
    for target in scope.targets:
        if target.document_path not in page_chunks:
            continue  # hidden (unpublished) or gone: never evidence
        own = sorted({c for t in target.theses for c in about.get(t, [])})
        # A thesis known only from a category code has no section: the whole page.
        allowed[target.document_path] = own or page_chunks.get(target.document_path, [])
    listed = [p for p in dict.fromkeys(pages) if allowed.get(p)]
    anchors = [a for a in dict.fromkeys(scope.anchors) if a not in allowed and a in page_chunks]
    chunk_ids = {c for p in listed for _, c in allowed[p]}
    chunk_ids |= {c for a in anchors for _, c in page_chunks[a]}
    outcome = search(
        gen,
        embedder,
        question,
        limit=MAX_LIMIT,
        max_per_document=MAX_PER_DOCUMENT,
        include_unpublished=include_unpublished,
        gate=False,
        only_chunks=chunk_ids,
        # The set bounds the candidates: no pool for the whole wiki.
        candidate_limit=max(1, len(chunk_ids)),
    )
    by_page: dict[str, list[Hit]] = {}
    for h in outcome.hits:
        by_page.setdefault(h.document_path, []).append(h)
    sel = _Selection(outcome=outcome)
    sel.quota = max_per_document or min(MAX_PER_DOCUMENT, max(1, limit // max(1, len(listed))))
    # Pages in order of their best text, then those no hit reached (graph order).
    order = sorted(listed, key=lambda p: (0 if p in by_page else 1, _first_rank(outcome, p)))
    leads = _lead_hits(gen, {p: allowed[p][0][1] for p in order if p not in by_page})
    for round_ in range(sel.quota):
        for page in order:
            if len(sel.hits) >= limit:
                break
            hits = by_page.get(page, [])
            if round_ < len(hits):
                sel.hits.append(hits[round_])
            elif round_ == 0 and page in leads:
                sel.hits.append(leads[page])
                sel.roles[leads[page].rowid] = "graph_lead"
    for page in anchors:  # what defines the set, when there is room left
        if len(sel.hits) < limit and page in by_page:
            sel.hits.append(by_page[page][0])
    if scope.truncated:
        sel.reasons.append("entity_limit")
    if len({h.document_path for h in sel.hits} & set(listed)) < len(listed):
        sel.reasons.append("result_limit")
    return sel


def _beside_hits(
    gen: Generation, entry: SearchOutcome, scope: Scope, include_unpublished: bool
) -> _Selection:
    """Vector entry with no relation to follow: the hits, then the connected pages' leads."""
    sel = _Selection(hits=list(entry.hits), outcome=entry, reasons=list(entry.truncation_reasons))
    seen = {h.document_path for h in entry.hits}
    pages = [t.document_path for t in scope.targets if t.document_path not in seen]
    page_chunks = _page_chunks(gen, pages, include_unpublished)
    leads = _lead_hits(gen, {p: page_chunks[p][0][1] for p in pages if page_chunks.get(p)})
    for page in pages:
        if page in leads:
            sel.hits.append(leads[page])
            sel.roles[leads[page].rowid] = "graph_lead"
    return sel


def _add_hits(sel: _Selection, hits: list[Hit], limit: int) -> None:
    """Plain hybrid hits after the set's, while ``limit`` allows."""
    taken = {h.rowid for h in sel.hits}
    for hit in hits:
        if len(sel.hits) >= limit:
            break
        if hit.rowid not in taken:
            sel.hits.append(hit)
            taken.add(hit.rowid)


def _first_rank(outcome: SearchOutcome, page: str) -> int:
    return next((i for i, h in enumerate(outcome.hits) if h.document_path == page), 0)


def _page_chunks(
    gen: Generation, pages: list[str], include_unpublished: bool
) -> dict[str, list[tuple[int, str]]]:
    """(ordinal, chunk id) of each page's chunks; hidden pages have none."""
    if not pages:
        return {}
    published = "" if include_unpublished else "AND d.published = 1"
    rows = gen.db().execute(
        f"""SELECT d.path, c.ordinal, c.chunk_id FROM chunks c
        JOIN documents d ON d.id = c.document_id
        WHERE d.path IN (SELECT value FROM json_each(?)) {published}
        ORDER BY d.path, c.ordinal""",
        (json.dumps(sorted(set(pages))),),
    )
    out: dict[str, list[tuple[int, str]]] = {}
    for path, ordinal, chunk_id in rows:
        out.setdefault(path, []).append((ordinal, chunk_id))
    return out


def _lead_hits(gen: Generation, lead_chunks: dict[str, str]) -> dict[str, Hit]:
    """The hit of each page's lead chunk (page -> chunk id)."""
    if not lead_chunks:
        return {}
    rows = gen.db().execute(
        "SELECT id, chunk_id FROM chunks WHERE chunk_id IN (SELECT value FROM json_each(?))",
        (json.dumps(sorted(lead_chunks.values())),),
    )
    rowid = {chunk_id: r for r, chunk_id in rows}
    hits = fetch_hits(gen, list(rowid.values()))
    return {p: hits[rowid[c]] for p, c in lead_chunks.items() if c in rowid}


# --- the envelope ---------------------------------------------------------------------


def _graph_model(scope: Scope, resp: RagResponse | None) -> GraphScope:
    sids = {s.document_path: s.source_id for s in resp.sources} if resp else {}
    with_evidence = {e.document_path for e in resp.evidence} if resp else set()
    listed = [t.document_path for t in scope.targets]
    represented = len(set(listed) & with_evidence)
    return GraphScope(
        route=scope.route,  # type: ignore[arg-type]
        intents=scope.intents,
        entities=[
            GraphEntity(
                label=e.label,
                id=e.id,
                name=e.name,
                role=e.role,
                source_id=sids.get(e.document_path or ""),
            )
            for e in scope.entities
        ],
        pages=scope.pages,
        theses=scope.theses,
        listed=len(listed),
        represented=represented,
        complete=bool(listed)
        and not (scope.connected or scope.partial)
        and represented == len(set(listed)) == (scope.pages or 0),
        candidates=[
            GraphCandidate(
                id=c.id,
                name=c.name,
                status=c.status,
                document_path=c.document_path,
                source_id=c.source_id,
                summary=c.summary,
            )
            for c in scope.candidates
        ],
    )


def _graph_diagnostics(scope: Scope, sel: _Selection | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "route": scope.route,
        "intents": scope.intents,
        "interpreted_as": describe(scope.question) if scope.question else None,
        "steps": [s.to_dict() for s in scope.steps],
    }
    if sel is not None:
        out["quota_per_page"] = sel.quota
        out["selected"] = [
            {
                "document_path": h.document_path,
                "chunk_id": h.chunk_id,
                "role": sel.roles.get(h.rowid, "primary"),
            }
            for h in sel.hits
        ]
    return out


def _refusal(
    gen: Generation, scope: Scope, budget_tokens: int, encoding: str, include_diagnostics: bool
) -> RagResponse:
    """``ambiguous`` (the candidates to ask about) or ``no_answer`` (the reason,
    the near misses): no evidence, as graph search would answer."""
    builder = scope.builder
    reason = scope.reason or "no_matching_facts"
    resp = RagResponse(
        status=scope.status if scope.status in ("ambiguous", "no_answer") else "no_answer",  # type: ignore[arg-type]
        reason=reason,
        sources=builder.registry.sources() if builder else [],
        index_version=gen.index_version,
        complete=None if scope.status == "ambiguous" else not scope.truncated,
        truncated=False,
        query=scope.question.text if scope.question else "",
        context="",
        instructions=INSTRUCTIONS,
        answer_format=ANSWER_FORMAT,
        context_budget=ContextBudget(encoding=encoding, limit=budget_tokens, used=0),
        diagnostics={"graph": _graph_diagnostics(scope, None)} if include_diagnostics else None,
    )
    resp.graph = _graph_model(scope, None)
    resp.context_budget.used = TokenCounter(encoding).count(resp.model_dump_json())
    return resp
