"""Graph-guided retrieval, step 2: the text within the graph's set of pages.

Hybrid search over only the chunks about the set's theses or pages, a per-page
quota taken round robin, the lead chunk of a page no text hit reached, and the
hits of plain search beside the set (``graph_guided``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from zpagent.embed.base import Embedder
from zpagent.graph.answers.page_set import Scope
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.index.reader import Generation
from zpagent.search.hybrid import (
    MAX_LIMIT,
    MAX_PER_DOCUMENT,
    Hit,
    SearchOutcome,
    fetch_hits,
    search,
)


@dataclass
class _Selection:
    hits: list[Hit] = field(default_factory=list)
    roles: dict[int, str] = field(default_factory=dict)  # rowid -> graph_lead
    reasons: list[str] = field(default_factory=list)
    quota: int = 0
    outcome: SearchOutcome | None = None


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
