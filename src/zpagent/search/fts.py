"""Lexical retrieval over FTS5: chunks ranked by IDF-weighted coverage, then BM25.

Every query term matches as typed, as its lemma (``prácu`` -> ``práca``) or,
as a prefix, by its stem (``Holpa`` -> ``holp*``); FTS5's
``remove_diacritics 2`` folds both sides. Each matching chunk gets its
*coverage*: the share of the query's information (the BM25 IDF of each
term) that it matches. A chunk naming the student and the thesis kind
outranks one that merely repeats a common word; BM25 orders chunks of equal
coverage, and coverage feeds the relevance gate in ``hybrid``.

Only the top candidates are scored. Coverage comes from cached posting
lists (numpy), so the chunks are grouped by coverage without asking FTS5;
BM25 is then computed level by level from the highest coverage down, with
an FTS5 query that matches exactly that level's terms (``a AND b NOT c``),
until the candidate limit is reached. An OR of all terms would score every
chunk that contains any of them, most of them holding only a common word.

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

    Posting lists are kept in an LRU bounded by their total length
    (``budget`` rowids, 4 bytes each), so the coverage of a term is a numpy
    operation rather than an SQL statement, and a very common word on a huge
    wiki costs memory once instead of a scan per query.
    """

    def __init__(self, gen: Generation, budget: int = 16_000_000) -> None:
        self.gen = gen
        self.budget = budget
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()
        self.n_chunks = max(1, gen.n_chunks)
        # Rowids of chunks on unpublished pages (0 is no chunk).
        owner = gen.chunk_doc
        self.hidden = np.flatnonzero((owner != 0) & ~gen.doc_published[owner]).astype(np.int32)

    def postings(self, expr: str) -> np.ndarray:
        with self._lock:
            hit = self._cache.get(expr)
            if hit is not None:
                self._cache.move_to_end(expr)
                return hit
        rows = self.gen.db().execute(
            "SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?", (expr,)
        )
        postings = np.fromiter((r[0] for r in rows), dtype=np.int32)
        postings.sort()
        with self._lock:
            if expr not in self._cache:
                self._cache[expr] = postings
                self._held += postings.size
            while self._held > self.budget and len(self._cache) > 1:
                _, old = self._cache.popitem(last=False)
                self._held -= old.size
        return postings

    def idf(self, expr: str) -> float:
        n, df = self.n_chunks, self.postings(expr).size
        return math.log((n - df + 0.5) / (df + 0.5) + 1.0)

    def matching(self, expr: str, rowids: list[int]) -> set[int]:
        cand = np.asarray(rowids, dtype=np.int32)
        return set(cand[np.isin(cand, self.postings(expr))].tolist())

    def close(self) -> None:
        with self._lock:
            self._cache.clear()
            self._held = 0


def term_index(gen: Generation) -> TermIndex:
    index = gen.extras.get("fts_terms")
    if index is None:
        index = gen.extras.setdefault("fts_terms", TermIndex(gen))
    return index


def _coverage(
    gen: Generation, index: TermIndex, exprs: list[str], weights: list[float], published: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every chunk matching any term: rowids, coverage and the bitmask of matched terms."""
    lists = [index.postings(e) for e in exprs]
    if not any(p.size for p in lists):
        empty = np.zeros(0, dtype=np.int64)
        return empty, np.zeros(0), empty
    rowids, inverse = np.unique(np.concatenate(lists), return_inverse=True)
    masks = np.zeros(rowids.size, dtype=np.int64)
    offset = 0
    for bit, p in enumerate(lists):
        np.bitwise_or.at(masks, inverse[offset : offset + p.size], 1 << bit)
        offset += p.size
    # Coverage per distinct set of matched terms (few), summed in term order.
    total = sum(weights) or 1.0
    kinds, which = np.unique(masks, return_inverse=True)
    per_kind = [sum(w for i, w in enumerate(weights) if m >> i & 1) / total for m in kinds.tolist()]
    coverage = np.asarray(per_kind, dtype=np.float64)[which]
    if published:
        keep = gen.doc_published[gen.chunk_doc[rowids]]
        rowids, coverage, masks = rowids[keep], coverage[keep], masks[keep]
    return rowids, coverage, masks


def _level_query(exprs: list[str], masks: set[int]) -> str:
    """FTS5 expression matching exactly the chunks whose matched terms are one of ``masks``."""
    clauses = []
    for mask in sorted(masks):
        have = [f"({e})" for i, e in enumerate(exprs) if mask >> i & 1]
        lack = [f"({e})" for i, e in enumerate(exprs) if not mask >> i & 1]
        clause = " AND ".join(have)
        if lack:
            clause = f"({clause}) NOT ({' OR '.join(lack)})"
        clauses.append(f"({clause})")
    return " OR ".join(clauses)


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
    index = term_index(gen)
    exprs = [any_expr(t) for t in query.terms]
    weights = [index.idf(e) for e in exprs]
    rowids, coverage, masks = _coverage(gen, index, exprs, weights, not include_unpublished)
    restrict = ""
    params: tuple[object, ...] = ()
    if only_rowids is not None:
        keep = np.isin(rowids, np.asarray(only_rowids, dtype=rowids.dtype))
        rowids, coverage, masks = rowids[keep], coverage[keep], masks[keep]
        # One JSON parameter, however many chunks (SQLite bounds parameters).
        restrict = "AND rowid IN (SELECT value FROM json_each(?)) "
        params = (json.dumps(only_rowids),)
    if rowids.size == 0:
        return [], False
    key = np.round(coverage, 6)  # equal coverage whatever the summation order
    order = np.argsort(-key, kind="stable")
    more = bool(
        rowids.size > candidate_limit and coverage[order[candidate_limit]] >= relevant_coverage
    )
    exact = dict(zip(rowids.tolist(), coverage.tolist(), strict=True))
    db = gen.db()
    w = ", ".join(str(x) for x in COLUMN_WEIGHTS)
    scored: list[tuple[float, float, int]] = []  # (coverage, score, rowid)
    levels = np.unique(key)[::-1]
    # The term sets of the unpublished chunks, once per query (not per level).
    hidden_masks = None
    if not include_unpublished and only_rowids is None:
        hidden_masks = _hidden_masks(index, exprs)
    for level in levels:
        if len(scored) >= candidate_limit:
            break
        members = key == level
        member_ids = set(rowids[members].tolist())
        need = candidate_limit - len(scored)
        # Unpublished chunks of this level may come first in BM25 order: fetch
        # that many more, then keep the published ones (members).
        hidden = 0
        if hidden_masks is not None and hidden_masks.size:
            hidden = int(np.isin(hidden_masks, masks[members]).sum())
        rows = db.execute(
            f"SELECT rowid, bm25(chunks_fts, {w}) FROM chunks_fts WHERE chunks_fts MATCH ? "
            f"{restrict}ORDER BY 2, rowid LIMIT ?",
            (_level_query(exprs, set(masks[members].tolist())), *params, need + hidden),
        ).fetchall()
        taken = [(exact[rid], -score, rid) for rid, score in rows if rid in member_ids]
        scored.extend(taken[:need])
    hits = _label(index, query, scored)
    return hits, more


def _hidden_masks(index: TermIndex, exprs: list[str]) -> np.ndarray:
    """The bitmask of matched terms of every unpublished chunk (a level counts
    the unpublished chunks whose mask is one of its own)."""
    hidden = index.hidden
    masks = np.zeros(hidden.size, dtype=np.int64)
    if hidden.size:
        for bit, e in enumerate(exprs):
            masks[np.isin(hidden, index.postings(e))] |= 1 << bit
    return masks


def _label(index: TermIndex, query: AnalyzedQuery, scored: list[tuple[float, float, int]]):
    """Ranked hits with their strategy (all, prefix or any terms)."""
    scored.sort(key=lambda x: (-round(x[0], 6), -x[1], x[2]))
    complete = [rid for cov, _, rid in scored if cov >= 1.0 - 1e-9]
    inexact: set[int] = set()
    if complete:
        for t in query.terms:
            if prefix_expr(t):
                inexact |= set(complete) - index.matching(exact_expr(t), complete)
    full = set(complete)
    return [
        FtsHit(
            rid,
            score,
            "any_term" if rid not in full else "prefix_terms" if rid in inexact else "all_terms",
            i,
            round(cov, 4),
        )
        for i, (cov, score, rid) in enumerate(scored, start=1)
    ]
