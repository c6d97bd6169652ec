import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zpagent.errors import InvalidQuery
from zpagent.search.hybrid import search
from zpagent.search.query import analyze
from zpagent.search.response import search_response

HOLP = "pages/students/2016/jh428ek/README.md"
NOVAKOVA = "pages/students/2017/mn111ab/README.md"
KOVAC = "pages/students/2018/pk222cd/README.md"


@pytest.fixture(scope="module")
def gen(tiny_workspace):
    with tiny_workspace.open_current() as g:
        yield g


@pytest.fixture(scope="module")
def emb(tiny_workspace):
    return tiny_workspace.embedder


def top_paths(outcome):
    return [h.document_path for h in outcome.hits]


@pytest.mark.parametrize("mode", ["hybrid", "fts", "vector"])
def test_name_lookup_in_every_mode(gen, emb, mode):
    out = search(gen, emb, "Ján Holp", mode=mode, limit=3)
    assert top_paths(out)[0] == HOLP


@pytest.mark.parametrize(
    "query",
    [
        "Aký názov práce má Ján Holp?",
        "jan holp",  # no diacritics, lowercase
        "Holpa",  # inflected surname
        "nazov diplomovej prace Holp",
    ],
)
def test_holp_variants(gen, emb, query):
    assert top_paths(search(gen, emb, query, limit=3))[0] == HOLP


def test_inflected_and_unaccented_topic(gen, emb):
    out = search(gen, emb, "rozpoznavanie reci", limit=3)
    assert top_paths(out)[0] == NOVAKOVA
    assert out.hits[0].fts_strategy in {"all_terms", "prefix_terms"}


def test_unpublished_hidden_unless_asked(gen, emb):
    q = "tajná téma kryptografia"
    assert KOVAC not in top_paths(search(gen, emb, q, limit=10))
    assert top_paths(search(gen, emb, q, limit=10, include_unpublished=True))[0] == KOVAC


def test_scores_are_reported_per_retriever(gen, emb):
    hit = search(gen, emb, "Ján Holp", limit=1).hits[0]
    assert hit.fts_rank == 1 and hit.fts_score > 0
    assert hit.vector_rank is not None and 0 < hit.vector_similarity <= 1
    assert hit.fused > 0
    assert hit.anchored


def test_max_per_document_and_truncation_reasons(gen, emb):
    out = search(gen, emb, "práca", limit=1, max_per_document=1)
    assert len(out.hits) == 1
    assert "result_limit" in out.truncation_reasons
    many = search(gen, emb, "práca", limit=50, max_per_document=10)
    per_doc = {}
    for h in many.hits:
        per_doc[h.document_path] = per_doc.get(h.document_path, 0) + 1
    assert max(per_doc.values()) <= 10


def test_candidate_limit_is_detected(gen, emb):
    out = search(gen, emb, "práca", mode="fts", limit=1, candidate_limit=1)
    assert "candidate_limit" in out.truncation_reasons


def test_nonsense_is_refused_and_what_was_near_is_flagged(gen, emb):
    out = search(gen, emb, "xqzvbn wpfkjr")
    assert not out.confident
    resp = search_response(out, gen.index_version)
    assert resp.status == "no_answer"
    # The dense side always has a nearest passage: shown, flagged, never an answer.
    assert resp.reason == ("low_confidence" if out.hits else "no_matching_sources")
    assert resp.confidence.level == ("low" if out.hits else "none")
    assert resp.complete is True


def test_response_envelope(gen, emb):
    resp = search_response(search(gen, emb, "Ján Holp", limit=3), gen.index_version)
    assert resp.status == "ok" and resp.reason is None
    assert resp.index_version["version"] == gen.version
    assert [s.source_id for s in resp.sources] == [f"S{i}" for i in range(1, len(resp.sources) + 1)]
    assert resp.results[0].source_id == "S1"
    assert resp.results[0].source_url == "https://zp.example.edu/students/2016/jh428ek"
    ids = {s.source_id for s in resp.sources}
    assert all(r.source_id in ids for r in resp.results)


@pytest.mark.parametrize(
    "query",
    ['"', 'Holp"', "AND", "OR NOT", "*", "holp*", "NEAR(a b)", "(((", "a:b", "^holp", "-", "{x}"],
)
def test_fts_syntax_in_user_text_never_raises(gen, emb, query):
    # only "no words" may be refused, and only as InvalidQuery
    with contextlib.suppress(InvalidQuery):
        search(gen, emb, query, mode="fts")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_property_any_text_is_safe_in_fts(gen, query):
    with contextlib.suppress(InvalidQuery):
        search(gen, None, query, mode="fts")


def test_invalid_queries(gen, emb):
    with pytest.raises(InvalidQuery):
        search(gen, emb, "")
    with pytest.raises(InvalidQuery):
        search(gen, emb, "   \n\t ")
    with pytest.raises(InvalidQuery, match="too long"):
        search(gen, emb, "slovo " * 1000)
    with pytest.raises(InvalidQuery):
        search(gen, emb, "holp", limit=0)
    with pytest.raises(InvalidQuery):
        search(gen, emb, "holp", mode="magic")


def test_query_analysis_drops_stopwords_and_lemmatizes():
    q = analyze("Aký názov práce má Ján Holp?")
    assert [t.folded for t in q.terms] == ["nazov", "prace", "jan", "holp"]
    assert q.terms[1].lemma == "praca"
    from zpagent.search.fts import any_expr, exact_expr

    assert exact_expr(q.terms[1]) == '"prace" OR "praca"'
    assert any_expr(q.terms[3]) == '"holp" OR "holp"*'
