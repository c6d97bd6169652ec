"""Fusion and the gate on candidates with known evidence (fusion.py), and the
fusion on the sample wiki where rank fusion used to lose a confident FTS hit."""

from __future__ import annotations

import pytest

from zpagent.search import fusion
from zpagent.search.hybrid import Hit, search


def hit(rowid: int, cov: float | None = None, margin: float | None = None, **kw) -> Hit:
    h = Hit(
        rowid=rowid,
        document_id=rowid,
        document_path=f"p{rowid}.md",
        title=f"p{rowid}",
        source_url=None,
        published=True,
        chunk_id=str(rowid),
        ordinal=0,
        heading_path=[],
        text="",
        section_start=True,
        section_lead=0,
    )
    h.fts_coverage, h.vector_margin = cov, margin
    if cov is not None:
        h.fts_score, h.fts_rank = kw.get("bm25", 10.0), kw.get("fts_rank", 2)
    if margin is not None:
        h.vector_rank = kw.get("vector_rank", 2)
    h.anchored = kw.get("anchored", False)
    return h


def ranked(hits: list[Hit], mode: str = "hybrid", n_terms: int = 2) -> list[int]:
    fusion.fuse(hits, mode, n_terms)
    return [h.rowid for h in sorted(hits, key=lambda h: -h.fused)]


def test_a_full_lexical_match_beats_a_dense_favourite_that_matches_little():
    exact = hit(1, cov=1.0, margin=0.005, fts_rank=1, vector_rank=9)
    dense = hit(2, cov=0.3, margin=0.03, fts_rank=2, vector_rank=1)
    assert ranked([dense, exact]) == [1, 2]


def test_a_paraphrase_is_decided_by_the_margin_when_lexical_evidence_is_weak():
    # No chunk matches more than a common word: the lexical side is discounted.
    word = hit(1, cov=0.35, margin=0.012, fts_rank=1, vector_rank=3)
    meaning = hit(2, cov=None, margin=0.028, vector_rank=1)
    assert ranked([word, meaning]) == [2, 1]


def test_a_long_full_match_outweighs_a_large_margin():
    # Eight words of a remembered sentence, all in one chunk, against a chunk
    # with a few of them that the dense side likes much better.
    sentence = hit(1, cov=1.0, margin=0.004, fts_rank=1, vector_rank=70)
    similar = hit(2, cov=0.43, margin=0.048, fts_rank=4, vector_rank=1)
    assert ranked([similar, sentence], n_terms=8) == [1, 2]
    assert ranked([similar, sentence], n_terms=2) == [2, 1]


def test_the_anchor_keeps_an_exact_title_on_top():
    # Never outranked by a chunk that merely mentions the title (a link to the
    # page in a table of contents) and is the dense side's favourite.
    title = hit(1, cov=1.0, margin=0.01, anchored=True, vector_rank=4)
    mention = hit(2, cov=1.0, margin=0.04, bm25=20.0, vector_rank=1)
    assert ranked([mention, title]) == [1, 2]


def test_an_unanswerable_query_is_refused_in_every_mode():
    hits = [hit(1, cov=0.2, margin=0.01), hit(2, cov=0.1, margin=0.005)]
    for mode in ("hybrid", "fts", "vector"):
        fusion.fuse(hits, mode)
        assert fusion.gate(hits, mode) == [], mode


def test_a_top_hit_is_never_gated_away_because_the_other_retriever_is_weak():
    strong = hit(1, cov=1.0, margin=None, fts_rank=1)  # FTS only: relevance 1.0
    dense_first = hit(2, cov=None, margin=0.015, vector_rank=1)  # relevance 0.3 < KEEP_MIN
    noise = hit(3, cov=0.1, margin=0.001, fts_rank=5, vector_rank=7)
    hits = [strong, dense_first, noise]
    fusion.fuse(hits, "hybrid")
    kept = {h.rowid for h in fusion.gate(hits, "hybrid")}
    assert kept == {1, 2}  # the dense side's first is kept, the noise is dropped


@pytest.mark.parametrize("mode", ["fts", "vector"])
def test_a_single_retriever_is_judged_on_its_own_evidence(mode):
    # A paraphrase's dense hit (margin 0.02: relevance 0.4) is served in vector
    # mode; the hybrid threshold would have refused it.
    h = hit(1, cov=0.45 if mode == "fts" else None, margin=0.02 if mode == "vector" else None)
    fusion.fuse([h], mode)
    assert h.relevance < fusion.ANSWER_MIN["hybrid"]
    assert fusion.gate([h], mode) == [h]


@pytest.fixture(scope="module")
def gen(sample_workspace):
    with sample_workspace.open_current() as g:
        yield g


def test_a_confident_fts_hit_is_not_lost_in_fusion(gen, sample_workspace):
    # Rank fusion put this guide out of the top 10: FTS had it first, the
    # dense side did not find it at all.
    query = "Je v poriadku citovať články z arXivu?"
    guide = "pages/guides/ako-pisat-zaverecnu-pracu/README.md"
    emb = sample_workspace.embedder
    assert search(gen, emb, query, mode="fts").hits[0].document_path == guide
    assert search(gen, emb, query).hits[0].document_path == guide
