"""Fusion and the gate on candidates with known evidence (fusion.py), and the
fusion on the sample wiki where rank fusion used to lose a confident FTS hit."""

from __future__ import annotations

import pytest

from zpagent.search import fusion
from zpagent.search.gate import ANSWER_MIN, Gate, judge
from zpagent.search.hybrid import Hit, search
from zpagent.search.query import analyze


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
    h.anchor = kw.get("anchor", 0.0)
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
    similar = hit(2, cov=0.6, margin=0.048, fts_rank=4, vector_rank=1)
    assert ranked([similar, sentence], n_terms=8) == [1, 2]
    assert ranked([similar, sentence], n_terms=2) == [2, 1]


def test_the_anchor_keeps_an_exact_title_on_top():
    # Never outranked by a chunk that merely mentions the title (a link to the
    # page in a table of contents) and is the dense side's favourite.
    title = hit(1, cov=1.0, margin=0.01, anchor=fusion.TITLE_ANCHOR, vector_rank=4)
    mention = hit(2, cov=1.0, margin=0.04, bm25=20.0, vector_rank=1)
    assert ranked([mention, title]) == [1, 2]


@pytest.mark.parametrize(
    ("query", "label", "share"),
    [
        ("Forms", "Forms", 1.0),
        ("forms", "Frontend Forms", 0.5),
        ("Zaverecne prace", "Záverečné práce", 1.0),  # folded, as typed without diacritics
        ("Zaverecne prace", "Pravidlá pre záverečné práce", 2 / 3),  # "pre" is no content
        ("Installation", "Plugin Installation", 0.5),
        ("Theme Basics", "Basics", 0.0),  # a query term the label lacks: no share at all
        ("Forms", "", 0.0),
    ],
)
def test_label_share_is_the_share_of_the_label_the_query_names(query, label, share):
    assert fusion.label_share(analyze(query), label) == pytest.approx(share)


def test_a_heading_anchors_less_than_the_title_it_equals():
    # Grav docs: "Installation" is the title of one page and a section heading
    # (or half the title) of others. The page titled so gets the full anchor.
    q = analyze("Installation")
    assert fusion.anchor(q, "Installation", []) == fusion.TITLE_ANCHOR
    assert fusion.anchor(q, "Plugin Installation", ["Installation"]) == fusion.HEADING_ANCHOR
    assert fusion.anchor(q, "Plugin Installation", []) == pytest.approx(0.25)
    assert fusion.anchor(q, "FAQ", ["Manual Installation of Admin"]) == pytest.approx(
        fusion.HEADING_ANCHOR / 9
    )
    assert fusion.anchor(q, "Requirements", ["PHP"]) == 0.0


def test_a_one_word_title_lookup_finds_the_page_titled_so():
    # The dense side prefers a page with "Basics" as a section heading; the
    # page titled "Basics" (a short chapter page, 14th on the dense side) must win.
    q = analyze("Basics")
    chapter = hit(1, cov=1.0, margin=0.0198, fts_rank=1, vector_rank=14, bm25=12.9)
    chapter.anchor = fusion.anchor(q, "Basics", ["Chapter 1"])
    options = hit(2, cov=1.0, margin=0.0386, fts_rank=3, vector_rank=1, bm25=12.2)
    options.anchor = fusion.anchor(q, "Options", ["Basics"])
    assert ranked([options, chapter], n_terms=1) == [1, 2]


def test_a_full_match_of_every_term_outweighs_a_dense_favourite_missing_one():
    # "types event types types scanBlueprints plugins" (Grav docs): the page
    # holding all four terms against the dense favourite without the rarest
    # one (IDF share 0.855). With coverage squared, the favourite won.
    full = hit(1, cov=1.0, margin=0.0555, fts_rank=1, vector_rank=2, bm25=41.9)
    most = hit(2, cov=0.855, margin=0.07, fts_rank=3, vector_rank=1, bm25=40.4)
    assert ranked([most, full], n_terms=4) == [1, 2]
    # Without a chunk matching every term the lexical side keeps its square.
    most_only = hit(2, cov=0.855, margin=0.07, fts_rank=1, vector_rank=1, bm25=40.4)
    other = hit(3, cov=0.6, margin=0.05, fts_rank=2, vector_rank=2, bm25=30.0)
    fusion.fuse([most_only, other], "hybrid", 4)
    strength = fusion.strength(4)
    expected = strength * 0.855**2 * (0.6**fusion.LEXICAL_POWER + 0.1 * 30.0 / 40.4)
    assert other.fused == pytest.approx(expected + 20 * 0.05 * 0.05 / 0.07)


def test_an_unanswerable_query_is_refused_in_every_mode_but_keeps_its_evidence():
    hits = [hit(1, cov=0.2, margin=0.01), hit(2, cov=0.1, margin=0.005)]
    for mode in ("hybrid", "fts", "vector"):
        fusion.fuse(hits, mode)
        verdict, _, kept = judge(hits, Gate.of(None, mode))
        assert verdict.level == "low", mode
        assert kept == hits  # shown, flagged: never hidden


def test_a_top_hit_is_never_gated_away_because_the_other_retriever_is_weak():
    strong = hit(1, cov=1.0, margin=None, fts_rank=1)  # FTS only: relevance 1.0
    dense_first = hit(2, cov=None, margin=0.015, vector_rank=1)  # relevance 0.3 < KEEP_MIN
    noise = hit(3, cov=0.1, margin=0.001, fts_rank=5, vector_rank=7)
    hits = [strong, dense_first, noise]
    fusion.fuse(hits, "hybrid")
    verdict, _, served = judge(hits, Gate.of(None, "hybrid"))
    assert verdict.level == "high"
    kept = {h.rowid for h in served}
    assert kept == {1, 2}  # the dense side's first is kept, the noise is dropped


@pytest.mark.parametrize("mode", ["fts", "vector"])
def test_a_single_retriever_is_judged_on_its_own_evidence(mode):
    # A paraphrase's dense hit (margin 0.02: relevance 0.4) is served in vector
    # mode; the hybrid threshold would have refused it.
    h = hit(1, cov=0.45 if mode == "fts" else None, margin=0.02 if mode == "vector" else None)
    fusion.fuse([h], mode)
    assert h.relevance < ANSWER_MIN["hybrid"]
    verdict, _, kept = judge([h], Gate.of(None, mode))
    assert verdict.level == "high" and kept == [h]


@pytest.fixture(scope="module")
def gen(sample_workspace):
    with sample_workspace.open_current() as g:
        yield g


def test_the_exact_title_is_anchored_more_than_a_title_holding_it(gen, sample_workspace):
    out = search(gen, sample_workspace.embedder, "Zaverecne prace", limit=5, gate=False)
    anchors = {h.document_path: h.anchor for h in out.hits}
    assert out.hits[0].document_path == "pages/README.md"  # "Záverečné práce"
    assert anchors["pages/README.md"] == fusion.TITLE_ANCHOR
    # "Pravidlá pre záverečné práce": the query names two of its three words.
    assert anchors["pages/rules/README.md"] == pytest.approx((2 / 3) ** 2)
    assert out.hits[0].anchored


def test_a_confident_fts_hit_is_not_lost_in_fusion(gen, sample_workspace):
    # Rank fusion put this guide out of the top 10: FTS had it first, the
    # dense side did not find it at all.
    query = "Je v poriadku citovať články z arXivu?"
    guide = "pages/guides/ako-pisat-zaverecnu-pracu/README.md"
    emb = sample_workspace.embedder
    assert search(gen, emb, query, mode="fts").hits[0].document_path == guide
    assert search(gen, emb, query).hits[0].document_path == guide
