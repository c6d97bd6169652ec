"""Graph search responses: contract v1, evidence and sources, limits, statuses."""

from __future__ import annotations

import pytest

from tests.asking import read_store
from tests.graph.conftest import INDEX_VERSION
from zpagent.errors import InvalidQuery
from zpagent.graph.answers.search import search_store
from zpagent.graph.contract import GraphResponse
from zpagent.ingest.text import fold


def ask(store, query: str, **kw) -> GraphResponse:
    typed = read_store(store, query, kw.get("include_unpublished", False))
    return search_store(store, typed, index_version=INDEX_VERSION, **kw)


def assert_well_formed(resp: GraphResponse) -> None:
    """Every cited source exists; every fact names its evidence documents."""
    ids = [s.source_id for s in resp.sources]
    assert ids == [f"S{i}" for i in range(1, len(ids) + 1)]
    paths = {s.document_path: s.source_id for s in resp.sources}
    for fact in resp.facts:
        assert fact.documents or fact.predicate in ("has_keyword",), fact
        for doc in fact.documents:
            assert doc in paths
        assert set(fact.source_ids) <= set(ids)
        for ev in fact.evidence:
            assert paths[ev.document_path] == ev.source_id
    for doc in resp.documents:
        assert paths[doc.document_path] == doc.source_id
    assert resp.index_version == INDEX_VERSION
    GraphResponse.model_validate(resp.model_dump())


def test_a_thesis_answer_with_its_evidence(sample_store):
    resp = ask(sample_store, "Kto viedol bakalársku prácu Jána Holpa?")
    assert_well_formed(resp)
    assert resp.status == "ok" and resp.answers == ["Marek Bielik"]
    sup = next(f for f in resp.facts if f.predicate == "supervisor")
    assert sup.object.id == "marek-bielik"
    assert sup.evidence[0].text == "Vedúci: Marek Bielik"
    assert sup.evidence[0].chunk_id and sup.evidence[0].line
    assert sup.documents == ["pages/students/2016/jh428ek/README.md"]
    assert resp.complete is True and resp.truncated is False


def test_a_year_conflict_is_stated(sample_store):
    resp = ask(sample_store, "V ktorom roku obhájil Michal Sedlák diplomovú prácu?")
    assert resp.answers == ["2021"]
    year = next(f for f in resp.facts if f.predicate == "year")
    assert year.qualifiers["year_heading"] == 2021 and year.qualifiers["year_category"] == 2022
    assert "conflict" in year.qualifiers
    assert {e.field for e in year.evidence} == {"year_heading", "year_category"}


def test_counts_are_exact_whatever_the_limit(sample_store):
    small = ask(sample_store, "Ktorí študenti majú kľúčové slovo nlp?", limit=3)
    big = ask(sample_store, "Ktorí študenti majú kľúčové slovo nlp?", limit=100)
    assert_well_formed(small)
    assert small.aggregation.count == big.aggregation.count == len(big.answers) > 3
    assert small.truncated and small.truncation_reasons == ["entity_limit"]
    assert small.aggregation.complete is False and small.complete is False
    assert small.aggregation.returned == 3 == len(small.answers)
    assert big.aggregation.complete is True and not big.truncated


def test_paths_are_bounded_and_truncated_by_the_limit(sample_store):
    resp = ask(sample_store, "Ako súvisí Renáta Kolárová s témou Počítačové videnie?", limit=2)
    assert_well_formed(resp)
    assert resp.status == "ok" and len(resp.paths) == 2
    assert "path_limit" in resp.truncation_reasons
    assert all(p.length <= 4 for p in resp.paths)
    assert resp.paths[0].nodes[0].id in ("renata-kolarova", "pocitacove-videnie")


def test_unpublished_pages_only_when_asked(sample_store):
    hidden = ask(sample_store, "Aký je názov diplomovej práce Róberta Baláža?")
    assert hidden.status == "no_answer" and hidden.reason == "unknown_person"
    assert all(c.id != "robert-balaz" for c in hidden.candidates)
    shown = ask(
        sample_store, "Aký je názov diplomovej práce Róberta Baláža?", include_unpublished=True
    )
    assert shown.status == "ok"
    assert shown.answers == [
        "Rozpoznávanie izolovaných slov v slovenčine pomocou skrytých Markovových modelov"
    ]
    counts = [
        ask(sample_store, "Koľko bakalárskych prác bolo v roku 2022?", include_unpublished=f)
        for f in (False, True)
    ]
    assert [c.aggregation.count for c in counts] == [5, 7]


@pytest.mark.parametrize("tag", ["toxicita", "htk", "call centrum"])
def test_keywords_of_hidden_pages_only_are_unknown_as_if_they_did_not_exist(sample_store, tag):
    question = "Ktorí študenti majú kľúčové slovo {}?"
    hidden = ask(sample_store, question.format(tag))
    nowhere = ask(sample_store, question.format("qwertyx"))
    assert (hidden.status, hidden.reason) == (nowhere.status, nowhere.reason)
    assert hidden.reason == "unknown_keyword" and hidden.interpretation.unknown_terms == [tag]
    # A typo of a hidden tag does not suggest it either.
    typo = ask(sample_store, question.format(tag + "k"))
    assert all(fold(c.name) != fold(tag) for c in typo.candidates)
    shown = ask(sample_store, question.format(tag), include_unpublished=True)
    assert shown.status == "ok" and shown.answers


def test_ambiguous_names_list_the_candidates(sample_store):
    resp = ask(sample_store, "Kto viedol diplomovú prácu Martina Horvátha?")
    assert resp.status == "ambiguous" and resp.reason == "ambiguous_person"
    assert resp.answers == [] and resp.facts == []
    cands = {c.id: c for c in resp.candidates}
    assert set(cands) == {"martin-horvath-mh123ab", "martin-horvath-mh456cd"}
    assert "Speaker diarization" in cands["martin-horvath-mh123ab"].summary
    assert all(c.status == "candidate" and c.source_id for c in cands.values())
    # The question itself may decide.
    resp = ask(sample_store, "Kto viedol diplomovú prácu Martina Horvátha z roku 2023?")
    assert resp.status == "ok" and resp.answers == ["Renáta Kolárová"]
    resp = ask(sample_store, "Kto viedol prácu Martina Horvátha mh123ab?")
    assert resp.status == "ok" and resp.answers == ["Ján Staš"]


def test_unknown_person_keeps_the_near_misses(sample_store):
    resp = ask(sample_store, "Kto viedol diplomovú prácu Lenky Mrkvovej?")
    assert resp.status == "no_answer" and resp.reason == "unknown_person"
    assert resp.candidates and all(c.status == "rejected" for c in resp.candidates)
    assert "lenka-hribova" in {c.id for c in resp.candidates}
    # A one-letter typo of a full name is still the person.
    resp = ask(sample_store, "Kto viedol bakalársku prácu Lenky Hrebovej?")
    assert resp.status == "ok" and resp.answers == ["Ján Staš"]


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("Ktorí študenti majú kľúčové slovo kvantová chémia?", "unknown_keyword"),
        ("Kto napísal prácu „Pestovanie paradajok na Marse“?", "unknown_title"),
        ("Aký je názov diplomovej práce Dominiky Čechovej?", "no_matching_facts"),
        ("Kedy začala študovať Lucia Krajčírová?", "no_matching_facts"),
        ("Aké témy majú spoločné Adam Molnár a Tomáš Dudáš?", "no_matching_facts"),
        ("Aké je zajtra počasie v Košiciach?", "no_matching_facts"),
    ],
)
def test_no_answer_reasons(sample_store, query, reason):
    resp = ask(sample_store, query)
    assert resp.status == "no_answer" and resp.reason == reason
    assert resp.answers == []
    assert resp.index_version == INDEX_VERSION


def test_a_missing_title_is_a_fact_but_not_an_answer(sample_store):
    resp = ask(sample_store, "Aký je názov diplomovej práce Dominiky Čechovej?")
    title = next(f for f in resp.facts if f.predicate == "title")
    assert title.value is None
    assert any(f.predicate == "supervisor" and f.value == "Daniel Hládek" for f in resp.facts)


def test_documents_by_author_are_not_the_persons_pages_subjects(sample_store):
    resp = ask(sample_store, "Ktoré stránky študentov napísala Zuzana Horváthová?")
    assert resp.answers == ["pages/students/2014/zh087ms/README.md"]
    resp = ask(sample_store, "Kto je autorom stránky Jána Holpa?")
    assert resp.answers == ["Daniel Hládek"]


@pytest.mark.parametrize("bad", ["", "  ", "?", "x" * 3000])
def test_invalid_queries_raise(sample_store, bad):
    with pytest.raises(InvalidQuery):
        ask(sample_store, bad)


def test_limits_are_bounded(sample_store):
    resp = ask(sample_store, "Ktorí študenti majú kľúčové slovo nlp?", limit=10_000)
    assert resp.aggregation.limit == 100
    resp = ask(sample_store, "Ktorí študenti majú kľúčové slovo nlp?", limit=0)
    assert resp.aggregation.limit == 1
