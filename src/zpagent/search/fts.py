"""Lexical retrieval over FTS5: BM25 candidates ranked by IDF-weighted coverage.

Every query term matches as typed, as its lemma (``prácu`` -> ``práca``) or,
as a prefix, by its stem (``Holpa`` -> ``holp*``); FTS5's
``remove_diacritics 2`` folds both sides. Candidates are the chunks that
match any term (BM25 order); each gets its *coverage*: the share of the
query's information (the BM25 IDF of each term) that it matches. A chunk
naming the student and the thesis kind outranks one that merely repeats a
common word, and coverage feeds the relevance gate in ``hybrid``.

Strategy labels tell how a chunk matched: ``all_terms`` (every term, as
typed or lemma), ``prefix_terms`` (every term, some only by stem prefix),
``any_term`` (some terms).
"""

from __future__ import annotations

import json
import math
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from zpagent.index.reader import Generation
from zpagent.search.query import MIN_PREFIX_CHARS, AnalyzedQuery, Term, quote

# bm25() weights per column: title, headings, text, lemmas. The title repeats
# on every chunk of a page, so it identifies the page; headings locate the
# section; the lemma column catches inflected forms.
COLUMN_WEIGHTS = (3.0, 2.0, 1.0, 1.0)
STRATEGIES = ("all_terms", "prefix_terms", "any_term")
# How many BM25 candidates are scored for coverage per candidate slot.
CANDIDATE_POOL_FACTOR = 4


@dataclass
class FtsHit:
    rowid: int
    score: float  # -bm25: higher is better
    strategy: str
    rank: int  # 1-based
    coverage: float  # IDF-weighted share of the query terms matched, 0..1


def exact_expr(t: Term) -> str:
    return " OR ".join(quote(a) for a in dict.fromkeys([t.folded, t.lemma]))


def prefix_expr(t: Term) -> str | None:
    return quote(t.stem) + "*" if len(t.stem) >= MIN_PREFIX_CHARS else None


def any_expr(t: Term) -> str:
    p = prefix_expr(t)
    return exact_expr(t) + (f" OR {p}" if p else "")


class TermIndex:
    """Per-generation cache: which chunks match an expression (sorted int32 array).

    Posting lists of up to ``max_postings`` chunks are kept (LRU), so the
    coverage of a term over the candidates is a numpy membership test rather
    than one SQL statement per term. Longer lists (very common words on huge
    wikis) are not cached: their membership is asked from SQLite instead.
    """

    def __init__(self, gen: Generation, size: int = 4096, max_postings: int = 50_000) -> None:
        self.gen = gen
        self.size = size
        self.max_postings = max_postings
        self._cache: OrderedDict[str, tuple[int, np.ndarray | None]] = OrderedDict()
        self._lock = threading.Lock()
        self.n_chunks = max(1, gen.n_chunks)

    def _lookup(self, expr: str) -> tuple[int, np.ndarray | None]:
        with self._lock:
            hit = self._cache.get(expr)
            if hit is not None:
                self._cache.move_to_end(expr)
                return hit
        db = self.gen.db()
        df = db.execute(
            "SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?", (expr,)
        ).fetchone()[0]
        postings = None
        if df <= self.max_postings:
            rows = db.execute("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?", (expr,))
            postings = np.fromiter((r[0] for r in rows), dtype=np.int32, count=df)
            postings.sort()
        with self._lock:
            self._cache[expr] = (df, postings)
            if len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return df, postings

    def idf(self, expr: str) -> float:
        n, df = self.n_chunks, self._lookup(expr)[0]
        return math.log((n - df + 0.5) / (df + 0.5) + 1.0)

    def matching(self, expr: str, rowids: list[int]) -> set[int]:
        _, postings = self._lookup(expr)
        if postings is None:
            return _matching_sql(self.gen, expr, rowids)
        cand = np.asarray(rowids, dtype=np.int32)
        return set(cand[np.isin(cand, postings, assume_unique=False)].tolist())

    def close(self) -> None:
        with self._lock:
            self._cache.clear()


def term_index(gen: Generation) -> TermIndex:
    index = gen.extras.get("fts_terms")
    if index is None:
        index = gen.extras.setdefault("fts_terms", TermIndex(gen))
    return index


def _matching_sql(gen: Generation, expr: str, rowids: list[int]) -> set[int]:
    marks = ",".join("?" * len(rowids))
    rows = gen.db().execute(
        f"SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? AND rowid IN ({marks})",
        (expr, *rowids),
    )
    return {r[0] for r in rows}


def fts_search(
    gen: Generation,
    query: AnalyzedQuery,
    candidate_limit: int,
    include_unpublished: bool,
    relevant_coverage: float = 1.0,
    only_rowids: list[int] | None = None,
) -> tuple[list[FtsHit], bool]:
    """Return up to ``candidate_limit`` hits and whether a relevant one was cut.

    A cut counts as truncation only when the first hit beyond the limit
    reaches ``relevant_coverage``: the tail of a common word is endless and
    mostly irrelevant. ``only_rowids``: search only these chunks.
    """
    if not query.terms:
        return [], False
    db = gen.db()
    w = ", ".join(str(x) for x in COLUMN_WEIGHTS)
    published_clause = "" if include_unpublished else "AND d.published = 1"
    params: tuple[object, ...] = ()
    if only_rowids is not None:
        # One JSON parameter, however many chunks (SQLite bounds parameters).
        published_clause += " AND c.id IN (SELECT value FROM json_each(?))"
        params = (json.dumps(only_rowids),)
    pool = (candidate_limit + 1) * CANDIDATE_POOL_FACTOR
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
        (" OR ".join(f"({any_expr(t)})" for t in query.terms), *params, pool),
    ).fetchall()
    if not rows:
        return [], False
    rowids = [r["rowid"] for r in rows]
    index = term_index(gen)
    weights, matches = [], []
    for t in query.terms:
        expr = any_expr(t)
        weights.append(index.idf(expr))
        matches.append(index.matching(expr, rowids))
    total = sum(weights) or 1.0
    # Exact forms only matter for chunks that match every term (all vs prefix).
    complete = [rid for rid in rowids if all(rid in m for m in matches)]
    inexact: set[int] = set()
    if complete:
        for t in query.terms:
            if prefix_expr(t):
                inexact |= set(complete) - index.matching(exact_expr(t), complete)
    scored = []
    for r in rows:
        rid = r["rowid"]
        matched = [rid in m for m in matches]
        coverage = sum(wt for wt, m in zip(weights, matched, strict=True) if m) / total
        if not all(matched):
            strategy = "any_term"
        elif rid in inexact:
            strategy = "prefix_terms"
        else:
            strategy = "all_terms"
        scored.append((coverage, -r["score"], rid, strategy))
    scored.sort(key=lambda x: (-round(x[0], 6), -x[1], x[2]))
    hits = [
        FtsHit(rid, score, strategy, i, round(cov, 4))
        for i, (cov, score, rid, strategy) in enumerate(scored[:candidate_limit], start=1)
    ]
    more = len(scored) > candidate_limit and scored[candidate_limit][0] >= relevant_coverage
    return hits, more
