"""How hybrid search scores its candidates: fusion for ranking, relevance for the gate.

Both retrievers report absolute evidence for a chunk: the lexical
*coverage* (the IDF-weighted share of the query's terms it matches,
``fts.py``) and the semantic *margin* (its similarity above what an
unrelated passage scores for this query, ``vector.py``). Fusion trusts each
retriever as far as it is confident, instead of giving both ranked lists
the same say as reciprocal rank fusion did:

    fused = strength * confidence * (coverage ** power + BM25_WEIGHT * bm25 / top bm25)
            + SEMANTIC_WEIGHT * margin * (margin / top margin)
            + anchor (how much the query *is* the page's title, or a heading)

where ``confidence`` is the best coverage of the query's lexical candidates,
raised to LEXICAL_POWER, and ``strength`` grows with the number of query
terms (1 up to two terms, +TERM_STRENGTH per further term, at most
MAX_STRENGTH): matching all eight words of a remembered sentence is far
stronger evidence than matching one or two. A page that matches every word of a remembered
sentence (confidence 1) is not pulled down by a dense side that missed it;
when no chunk matches more than a few common words of a paraphrase, the
lexical side is discounted and the margin decides. Likewise a margin counts
in proportion to how close it comes to the dense side's best one (margins
are small and close together: the second best is much less likely to be
right than its margin alone says). The BM25 share orders chunks of equal
coverage.

``power`` is LEXICAL_POWER, or FULL_MATCH_POWER when some chunk matches
every term of the query: the words are known to stand together on a page,
so a chunk that misses one of them (often the rarest, the one that names
the page) is much weaker evidence than its IDF share says, and a dense
favourite with most of the words must not outrank the full match.

The anchor keeps a title lookup on top. It counts only when every query
term is in the label, and in proportion to the square of the label's share
that the query names: the query "Forms" is the whole title "Forms"
(TITLE_ANCHOR) but half of "Frontend Forms" (a quarter of it). A heading
is weaker evidence than a title (HEADING_ANCHOR): a one-word query matches
many section headings ("Installation" on a plugin's page), and then the
page titled so must still win.

The gate (``gate.py``) judges the query as served by its best candidate's
``relevance = coverage + SEMANTIC_WEIGHT * max(margin, 0)`` (only the
retriever that ran in a single mode), against thresholds fitted per wiki.

Weights and thresholds were chosen on the dev splits only: the sample
wiki's retrieval and paraphrase sets and the known-item sets of public
wikis (``eval/README.md``). Round numbers on purpose.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from zpagent.ingest.text import fold
from zpagent.lexical import content_terms, lemma, tokens

if TYPE_CHECKING:  # pragma: no cover
    from zpagent.search.hits import Hit
    from zpagent.search.query import AnalyzedQuery

SEMANTIC_WEIGHT = 20.0
LEXICAL_POWER = 2.0
FULL_MATCH_POWER = 4.0
BM25_WEIGHT = 0.1
# An exact title lookup is worth a full lexical match more: no chunk that
# merely mentions the title or resembles it in meaning outranks the page.
TITLE_ANCHOR = 1.0
HEADING_ANCHOR = 0.3
TERM_STRENGTH = 0.2
MAX_STRENGTH = 2.0


def relevance(hit: Hit, mode: str = "hybrid") -> float:
    """Lexical coverage plus weighted semantic margin (the gate's evidence)."""
    lexical = (hit.fts_coverage or 0.0) if mode != "vector" else 0.0
    semantic = 0.0
    if mode != "fts" and hit.vector_margin is not None:
        semantic = SEMANTIC_WEIGHT * max(hit.vector_margin, 0.0)
    return lexical + semantic


def strength(n_terms: int) -> float:
    """Weight of the lexical side for a query of ``n_terms`` content terms."""
    return min(MAX_STRENGTH, 1.0 + TERM_STRENGTH * max(0, n_terms - 2))


def label_share(query: AnalyzedQuery, label: str) -> float:
    """The share of the label's content words the query names; 0 unless it holds every term."""
    words = set(tokens(fold(label)))
    if not all(t.folded in words or t.lemma in words for t in query.terms):
        return 0.0
    own = [fold(w) for w in content_terms(fold(label))]
    named = {t.folded for t in query.terms} | {t.lemma for t in query.terms}
    hits = sum(1 for w in own if w in named or fold(lemma(w)) in named)
    return hits / len(own) if own else 0.0


def anchor(query: AnalyzedQuery, title: str, headings: Iterable[str]) -> float:
    """The anchor bonus of a chunk: how much the query is its page's title or a heading."""
    weights = [TITLE_ANCHOR * label_share(query, title) ** 2]
    weights += [HEADING_ANCHOR * label_share(query, h) ** 2 for h in dict.fromkeys(headings)]
    return max(weights)


def fuse(hits: Sequence[Hit], mode: str, n_terms: int = 1) -> None:
    """Set ``relevance`` and ``fused`` on every candidate of a query of ``n_terms`` terms."""
    lexical = [h for h in hits if h.fts_coverage is not None]
    best = max((h.fts_coverage or 0.0 for h in lexical), default=0.0)
    confidence = strength(n_terms) * best**LEXICAL_POWER
    power = FULL_MATCH_POWER if best >= 1.0 - 1e-9 else LEXICAL_POWER
    top_bm25 = max((h.fts_score or 0.0 for h in lexical), default=0.0)
    top_margin = max((h.vector_margin or 0.0 for h in hits), default=0.0)
    for h in hits:
        h.relevance = round(relevance(h, mode), 4)
        fused = h.anchor
        if h.fts_coverage is not None:
            bm25 = BM25_WEIGHT * max(h.fts_score or 0.0, 0.0) / top_bm25 if top_bm25 > 0 else 0.0
            fused += confidence * (h.fts_coverage**power + bm25)
        if h.vector_margin is not None and top_margin > 0:
            margin = max(h.vector_margin, 0.0)
            fused += SEMANTIC_WEIGHT * margin * margin / top_margin
        h.fused = fused
