"""Build the RAG payload: evidence, grounding rules, sources, a token budget.

1. Hybrid retrieval (the relevance gate decides ``no_answer``).
2. Section-lead expansion: a primary chunk that does not start its section
   brings that section's first chunk along (the heading "Diplomová práca
   2021" and the title line usually live there), and a primary in a
   subsection also brings its top-level section's first chunk; leads are
   linked to the primary and not counted against ``max_per_document``.
   A section starts in the chunk that holds its heading, even when a short
   section shares a chunk with the page's lead.
3. Page facts: a hit on a person's page brings the chunks that state that
   person's theses (title, supervisor, year; ``page_facts.py``), whatever
   chunk matched: a question about a supervisor often matches a meeting log.
4. Evidence blocks tagged with their source id, each chunk once, the page's
   author labelled as such so that it is not mistaken for the subject;
   consecutive blocks of one page share its header lines.
5. The whole JSON payload must fit ``RAG_LLM_MAX_TOKENS``: the lowest-ranked
   evidence is dropped first (added chunks before their primary); if
   anything is dropped the response says ``complete=false,
   truncated=true`` with reason ``llm_context_budget``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from zpagent.contract import ContextBudget, EvidenceItem, GraphScope, RagResponse, SourceRegistry
from zpagent.embed.base import Embedder
from zpagent.index.reader import Generation
from zpagent.ingest.text import fold
from zpagent.ingest.tokens import TokenCounter
from zpagent.rag.page_facts import MAX_FACT_CHUNKS, fact_chunks
from zpagent.rag.prompts import ANSWER_FORMAT, INSTRUCTIONS
from zpagent.search.hits import Hit
from zpagent.search.hybrid import SearchOutcome, fetch_hits, search

DEFAULT_LIMIT = 8


@dataclass
class _Piece:
    hit: Hit
    role: str
    expands: str | None
    rank: int


# Chunks added to a retrieved one: the start of its section, its page's facts.
ADDED = ("section_lead", "page_facts")


def _outer_prefix(hit: Hit) -> list[str] | None:
    """Heading path of the top-level section holding ``hit``, if it sits deeper.

    The page's own H1 (its title) is not a section: "Ján Holp > Diplomová
    práca 2021 > Stretnutie 3.11." lies in the section "Diplomová práca 2021".
    """
    path = hit.heading_path
    depth = 2 if path and fold(path[0]) == fold(hit.title) else 1
    return path[:depth] if len(path) > depth else None


def _section_leads(gen: Generation, hits: list[Hit]) -> dict[int, list[tuple[Hit, str]]]:
    """Added chunks of each primary (lead chunks, outermost first, then page facts).

    A primary that does not start its section brings that section's first
    chunk; one in a subsection (a meeting note under "Diplomová práca
    2022") also brings the chunk where its top-level section starts, where
    the thesis title, kind, year and supervisor are written. A primary on a
    person's page brings the chunks of that person's facts.
    """
    if not hits:
        return {}
    docs = sorted({h.document_id for h in hits})
    rows = gen.db().execute(
        f"SELECT id, document_id, ordinal, heading_path, headings, chunk_id FROM chunks "
        f"WHERE document_id IN ({','.join('?' * len(docs))}) ORDER BY document_id, ordinal",
        docs,
    )
    rowid_of: dict[tuple[int, int], int] = {}
    rowid_by_chunk: dict[str, int] = {}
    first: dict[tuple[int, tuple[str, ...]], int] = {}  # (page, heading prefix) -> ordinal
    for rowid, doc, ordinal, heading_json, headings_json, chunk_id in rows:
        rowid_of[(doc, ordinal)] = rowid
        rowid_by_chunk[chunk_id] = rowid
        path = json.loads(heading_json)
        for depth in (1, 2):
            first.setdefault((doc, tuple(path[:depth])), ordinal)
            # A section whose heading sits inside this chunk (a short section
            # merged with the previous one) starts here, not in the next chunk.
            if len(path) >= depth - 1:
                for heading in json.loads(headings_json):
                    first.setdefault((doc, (*path[: depth - 1], heading)), ordinal)
    facts = fact_chunks(gen)
    wanted: dict[int, list[tuple[int, str]]] = {}
    for h in hits:
        ordinals = []
        prefix = _outer_prefix(h)
        outer = first.get((h.document_id, tuple(prefix))) if prefix else None
        if outer is not None and outer < h.ordinal:
            ordinals.append(outer)
        if not h.section_start and h.section_lead not in (h.ordinal, *ordinals):
            ordinals.append(h.section_lead)
        added = [
            (rowid_of[(h.document_id, o)], "section_lead")
            for o in ordinals
            if (h.document_id, o) in rowid_of
        ]
        for chunk_id in facts.get(h.document_path, [])[:MAX_FACT_CHUNKS]:
            rowid = rowid_by_chunk.get(chunk_id)
            if rowid is not None and rowid != h.rowid and rowid not in {r for r, _ in added}:
                added.append((rowid, "page_facts"))
        if added:
            wanted[h.rowid] = added
    fetched = fetch_hits(gen, [r for added in wanted.values() for r, _ in added])
    return {primary: [(fetched[r], role) for r, role in added] for primary, added in wanted.items()}


def _authors(gen: Generation, doc_ids: set[int]) -> dict[int, list[str]]:
    if not doc_ids:
        return {}
    marks = ",".join("?" * len(doc_ids))
    rows = gen.db().execute(f"SELECT id, authors FROM documents WHERE id IN ({marks})", [*doc_ids])
    return {r[0]: json.loads(r[1]) for r in rows}


def evidence_text(heading_path: list[str], text: str) -> str:
    """A chunk's text as evidence: under a "Sekcia:" line naming where it sits
    (``answer.quotes`` reads that line back as the units' context)."""
    heading = " > ".join(heading_path)
    return f"Sekcia: {heading}\n{text}" if heading else text


def _block(source_id: str, hit: Hit, authors: list[str], header: bool = True) -> str:
    """One evidence block; ``header=False`` continues the previous block's page
    (a section lead and its primary) without repeating the page's lines."""
    lines = []
    if header:
        lines.append(f"[{source_id}] {hit.source_title or '(stránka bez názvu)'}")
        lines.append(f"Stránka: {hit.document_path}")
        if authors:
            lines.append(f"Autor stránky (nie osoba, o ktorej stránka je): {', '.join(authors)}")
    if hit.heading_path:
        lines.append("Sekcia: " + " > ".join(hit.heading_path))
    lines.append("Text:")
    lines.append(hit.text)
    return "\n".join(lines)


def evidence_groups(
    gen: Generation, hits: list[Hit], roles: dict[int, str] | None = None
) -> list[list[_Piece]]:
    """Each hit (role ``primary`` unless ``roles`` says otherwise, by rowid) after
    its section leads; every chunk once, in the order of ``hits``."""
    leads = _section_leads(gen, hits)
    groups: list[list[_Piece]] = []
    used_rowids: set[int] = set()
    for rank, h in enumerate(hits, start=1):
        group = []
        for lead, role in leads.get(h.rowid, []):
            if lead.rowid not in used_rowids:
                group.append(_Piece(lead, role, h.chunk_id, rank))
                used_rowids.add(lead.rowid)
        if h.rowid not in used_rowids:
            group.append(_Piece(h, (roles or {}).get(h.rowid, "primary"), None, rank))
            used_rowids.add(h.rowid)
        if group:
            groups.append(group)
    return groups


def retrieval_diagnostics(outcome: SearchOutcome) -> dict[str, Any]:
    return {
        "fts_candidates": outcome.fts_candidates,
        "vector_candidates": outcome.vector_candidates,
        "retrieval": [
            {
                "rank": i,
                "chunk_id": h.chunk_id,
                "document_path": h.document_path,
                "fts_score": h.fts_score,
                "fts_rank": h.fts_rank,
                "fts_strategy": h.fts_strategy,
                "vector_similarity": h.vector_similarity,
                "vector_rank": h.vector_rank,
                "fused": h.fused,
                "anchored": h.anchored,
                "coverage": h.fts_coverage,
                "relevance": h.relevance,
            }
            for i, h in enumerate(outcome.hits, start=1)
        ],
    }


def rag(
    gen: Generation,
    embedder: Embedder,
    query: str,
    *,
    limit: int = DEFAULT_LIMIT,
    max_per_document: int = 1,
    include_unpublished: bool = False,
    include_diagnostics: bool = False,
    budget_tokens: int = 12000,
    encoding: str = "cl100k_base",
    only_chunks: Collection[str] | None = None,
    gate: bool = True,
) -> RagResponse:
    """Classic RAG: hybrid search, the gate, evidence assembled within the budget;
    ``only_chunks`` ranks only those chunks (a question about the wiki's rules
    reads the guides, not the students' pages), where the caller may take the
    ranked evidence without the gate (``gate=False``): the gate is fitted on the
    whole wiki, and within the guides the best match is what the rules say."""
    outcome = search(
        gen,
        embedder,
        query,
        limit=limit,
        max_per_document=max_per_document,
        include_unpublished=include_unpublished,
        only_chunks=only_chunks,
        gate=gate,
        # Within the guides, the best match is the answer, whatever the corpus's.
        below_baseline=only_chunks is not None and not gate,
    )
    # RAG answers only from evidence the gate vouches for; the ranked
    # candidates of a low-confidence query are /search's to show.
    # (The limits their list hit do not apply to evidence that is not given.)
    # (A caller that took the gate off answers from the ranking, as it said.)
    trusted = outcome.confident or not gate
    hits = outcome.hits if trusted else []
    resp = assemble(
        gen,
        outcome.query,
        evidence_groups(gen, hits),
        truncation_reasons=outcome.truncation_reasons if trusted else [],
        diagnostics=retrieval_diagnostics(outcome) if include_diagnostics else None,
        budget_tokens=budget_tokens,
        encoding=encoding,
    )
    verdict = outcome.verdict
    if verdict is not None:
        resp.confidence = verdict.confidence()
        if verdict.level == "low" and not trusted:
            resp.reason = "low_confidence"
    return resp


def assemble(
    gen: Generation,
    query: str,
    groups: list[list[_Piece]],
    *,
    truncation_reasons: list[str],
    diagnostics: dict[str, Any] | None,
    budget_tokens: int,
    encoding: str,
    graph: Callable[[RagResponse], GraphScope] | None = None,
) -> RagResponse:
    """The RAG envelope of evidence groups (best first), cut to the token budget.

    ``diagnostics`` (None: not asked for) gets the expansions and what the
    budget dropped added; ``graph`` describes the graph's set given the
    evidence that fits (it counts against the budget too).
    """
    authors = _authors(gen, {p.hit.document_id for g in groups for p in g})
    counter = TokenCounter(encoding)

    def render(kept: list[list[_Piece]], budget_used: int, dropped: bool) -> RagResponse:
        registry = SourceRegistry()
        blocks, evidence = [], []
        per_source: dict[str, dict[str, list[str]]] = {}
        previous = None
        for group in kept:
            for p in group:
                sid = registry.add(p.hit.document_path, p.hit.source_url, p.hit.source_title)
                page_authors = authors.get(p.hit.document_id, [])
                blocks.append(_block(sid, p.hit, page_authors, header=sid != previous))
                previous = sid
                entry = per_source.setdefault(sid, {"authors": page_authors, "texts": []})
                entry["texts"].append(evidence_text(p.hit.heading_path, p.hit.text))
                evidence.append(
                    EvidenceItem(
                        source_id=sid,
                        chunk_id=p.hit.chunk_id,
                        document_path=p.hit.document_path,
                        heading_path=p.hit.heading_path,
                        role=p.role,  # type: ignore[arg-type]
                        expands=p.expands,
                        rank=p.rank,
                    )
                )
        reasons = list(truncation_reasons)
        if dropped:
            reasons.append("llm_context_budget")
        found = bool(kept)
        diag = None
        if diagnostics is not None:
            diag = {
                **diagnostics,
                "expansions": [
                    {"primary": p.expands, "chunk_id": p.hit.chunk_id, "text": p.hit.text}
                    for g in kept
                    for p in g
                    if p.role in ADDED
                ],
                "dropped_for_budget": len(groups) - len(kept),
            }
        # Sources that existed but did not fit the budget are not "nothing found".
        reason = None if found else "llm_context_budget" if groups else "no_matching_sources"
        resp = RagResponse(
            status="ok" if found else "no_answer",
            reason=reason,
            sources=registry.sources(),
            index_version=gen.index_version,
            complete=not reasons,
            truncated=bool(reasons),
            truncation_reasons=reasons,
            query=query,
            context="\n\n".join(blocks),
            instructions=INSTRUCTIONS,
            answer_format=ANSWER_FORMAT,
            context_budget=ContextBudget(encoding=encoding, limit=budget_tokens, used=budget_used),
            evidence=evidence,
            diagnostics=diag,
        )
        if graph is not None:
            resp.graph = graph(resp)
        resp._evidence = per_source
        return resp

    def size(resp: RagResponse) -> int:
        return counter.count(resp.model_dump_json())

    kept = list(groups)
    resp = render(kept, budget_tokens, dropped=False)
    while kept and size(resp) > budget_tokens:
        last = kept[-1]
        # Drop the chunks added to a primary before it, then the lowest-ranked group.
        if len(last) > 1:
            kept[-1] = [p for p in last if p.role not in ADDED] or last[:1]
        else:
            kept.pop()
        resp = render(kept, budget_tokens, dropped=True)
    dropped = len(kept) < len(groups) or sum(map(len, kept)) < sum(map(len, groups))
    resp = render(kept, budget_tokens, dropped)
    # Measured with the limit as placeholder: the real number has no more
    # digits, so the reported size is an upper bound of the final payload.
    resp.context_budget.used = size(resp)
    return resp
