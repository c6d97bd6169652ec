"""BM25 over FTS5 with three strategies of decreasing strictness.

all_terms (every term, as typed or as lemma), then prefix_terms (stems as
prefixes, for inflections the lemmatizer does not know and for words cut
short), then any_term (at least one term, weighted lower in fusion). Each
strategy only adds chunks the stricter ones did not find.
"""

from __future__ import annotations

from dataclasses import dataclass

from zpagent.index.reader import Generation
from zpagent.search.query import AnalyzedQuery

# bm25() weights per column: title, headings, text, lemmas. The title repeats
# on every chunk of a page, so it identifies the page; headings locate the
# section; the lemma column catches inflected forms.
COLUMN_WEIGHTS = (3.0, 2.0, 1.0, 1.0)
STRATEGIES = ("all_terms", "prefix_terms", "any_term")


@dataclass
class FtsHit:
    rowid: int
    score: float  # -bm25: higher is better
    strategy: str
    rank: int  # 1-based over all strategies


def fts_search(
    gen: Generation, query: AnalyzedQuery, candidate_limit: int, include_unpublished: bool
) -> tuple[list[FtsHit], bool]:
    """Return up to ``candidate_limit`` hits and whether more relevant ones existed.

    Only a cut inside all_terms / prefix_terms counts as a truncation: the
    any_term tail of a common word is endless and mostly irrelevant.
    """
    db = gen.db()
    hits: list[FtsHit] = []
    seen: set[int] = set()
    more = False
    w = ", ".join(str(x) for x in COLUMN_WEIGHTS)
    published_clause = "" if include_unpublished else "AND d.published = 1"
    for strategy in STRATEGIES:
        expr = getattr(query, strategy)()
        if not expr:
            continue
        want = candidate_limit + 1 - len(hits)
        if want <= 0:
            break
        rows = db.execute(
            f"""
            SELECT f.rowid AS rowid, bm25(chunks_fts, {w}) AS score
            FROM chunks_fts f
            JOIN chunks c ON c.id = f.rowid
            JOIN documents d ON d.id = c.document_id
            WHERE chunks_fts MATCH ? {published_clause}
            ORDER BY score
            LIMIT ?
            """,
            (expr, want + len(seen)),
        ).fetchall()
        for row in rows:
            if row["rowid"] in seen:
                continue
            if len(hits) >= candidate_limit:
                more = strategy != "any_term"
                break
            seen.add(row["rowid"])
            hits.append(FtsHit(row["rowid"], -row["score"], strategy, len(hits) + 1))
        if len(hits) >= candidate_limit:
            break
    return hits, more
