"""Graph-guided retrieval on the sample wiki: the graph's exact set, text within it.

Expected sets come from examples/zpwiki-truth.json; the generation is real
(SQLite, FTS5, vectors, LadybugDB), built once per session.
"""

from __future__ import annotations

import json

import pytest

from tests.asking import read
from tests.graph.conftest import REPO
from zpagent.contract import RagResponse
from zpagent.errors import InvalidQuery
from zpagent.rag.graph_guided import graph_rag

TRUTH = json.loads((REPO / "examples" / "zpwiki-truth.json").read_text(encoding="utf-8"))
PERSONS = {p["id"]: p for p in TRUTH["persons"]}
STAS_MASTER = "O čom sú diplomové práce, ktoré viedol Ján Staš?"
SPEECH = "Aké metódy používajú študenti, ktorí sa venujú téme Rozpoznávanie reči?"


def members(slug: str, include_unpublished: bool = False) -> set[str]:
    topic = next(t for t in TRUTH["topics"] if t["slug"] == slug)
    return {
        PERSONS[i]["document_path"]
        for i in topic["students"]
        if include_unpublished or PERSONS[i]["published"]
    }


def supervised(name: str, kind: str) -> set[str]:
    return {
        p["document_path"]
        for p in TRUTH["persons"]
        if p["published"]
        and any(t["supervisor"] == name and t["kind"] == kind for t in p["theses"])
    }


def pages(resp: RagResponse) -> list[str]:
    return list(dict.fromkeys(e.document_path for e in resp.evidence))


@pytest.fixture(scope="module")
def ask(sample_workspace):
    with sample_workspace.open_current() as gen:

        def run(question: str, **kwargs) -> RagResponse:
            kwargs.setdefault("limit", 10)
            query = read(gen, question, kwargs.get("include_unpublished", False))
            return graph_rag(
                gen,
                sample_workspace.embedder,
                query,
                settings=sample_workspace.settings,
                **kwargs,
            )

        yield run


def test_every_page_of_the_set_is_evidence_with_the_exact_count(ask):
    resp = ask(STAS_MASTER)
    want = supervised("Ján Staš", "master")
    assert resp.status == "ok" and set(pages(resp)) == want
    g = resp.graph
    assert g.route == "graph_first" and g.intents == ["supervision"]
    assert (g.pages, g.theses, g.listed, g.represented) == (len(want),) * 4
    assert g.complete and resp.complete and not resp.truncated
    assert [e.name for e in g.entities] == ["Ján Staš"]
    # Every page is a source, and its evidence is the master thesis section.
    assert {s.document_path for s in resp.sources} == want
    titles = [
        t["title"]
        for p in TRUTH["persons"]
        for t in p["theses"]
        if p["published"] and t["supervisor"] == "Ján Staš" and t["kind"] == "master"
    ]
    assert titles and all(title in resp.context for title in titles)


def test_the_quota_shares_the_limit_round_robin(ask):
    resp = ask(STAS_MASTER, limit=8, include_diagnostics=True)
    graph = resp.diagnostics["graph"]
    want = supervised("Ján Staš", "master")
    assert graph["quota_per_page"] == 8 // len(want)
    selected = [s["document_path"] for s in graph["selected"]]
    assert len(want) < len(selected) <= 8
    # Every page once before any page twice.
    assert set(selected[: len(want)]) == want
    assert ask(STAS_MASTER).diagnostics is None


def test_a_limit_below_the_set_says_so(ask):
    resp = ask(SPEECH, limit=3)
    assert len(pages(resp)) == 3
    assert resp.truncated and "result_limit" in resp.truncation_reasons
    assert not resp.complete
    g = resp.graph
    assert g.pages == len(members("rozpoznavanie-reci")) and g.represented == 3
    assert not g.complete


def test_the_token_budget_holds_and_is_reported(ask):
    resp = ask(SPEECH, budget_tokens=2500)
    assert resp.context_budget.used <= 2500
    assert "llm_context_budget" in resp.truncation_reasons and not resp.complete
    assert not resp.graph.complete
    # The first chunks dropped are the second round's, not a page's only chunk.
    assert len(pages(resp)) == resp.graph.represented >= 2


def test_unpublished_pages_are_hidden_unless_asked_for(ask):
    hidden = members("rozpoznavanie-reci", True) - members("rozpoznavanie-reci")
    assert hidden
    assert not set(pages(ask(SPEECH, limit=20))) & hidden
    assert hidden <= set(pages(ask(SPEECH, limit=20, include_unpublished=True)))


def test_an_ambiguous_name_is_a_clarifying_question(ask):
    resp = ask("Čím sa líšia bakalárske práce Holpa a Tóthovej?")
    assert (resp.status, resp.reason) == ("ambiguous", "ambiguous_person")
    assert resp.context == "" and resp.evidence == [] and resp.complete is None
    candidates = resp.graph.candidates
    assert {c.id for c in candidates} == {"ivana-tothova", "petra-tothova"}
    assert {s.document_path for s in resp.sources} == {c.document_path for c in candidates}


def test_unknown_names_and_empty_sets_are_no_answer(ask):
    unknown = ask("O čom sú diplomové práce, ktoré viedol Jozef Mrkvička?")
    assert (unknown.status, unknown.reason) == ("no_answer", "unknown_person")
    empty = ask("Ktoré práce na tému Strojový preklad vznikli v roku 2022 a čo riešia?")
    assert (empty.status, empty.reason) == ("no_answer", "no_matching_facts")
    assert empty.graph.pages == 0 and empty.evidence == []


def test_vector_entry_follows_the_topic_of_the_best_hits(ask):
    resp = ask("Kto sa u nás zaoberá spracovaním hovorenej reči?", include_diagnostics=True)
    assert resp.graph.route == "vector_entry" and resp.graph.intents == ["topic"]
    assert members("rozpoznavanie-reci") <= set(pages(resp))
    steps = resp.diagnostics["graph"]["steps"]
    assert "ABOUT|MENTIONS|EVIDENCE_FOR" in steps[0]["relation"]
    assert "ON_TOPIC" in steps[1]["relation"] and "topic" in steps[1]["why"]
    assert resp.diagnostics["retrieval"]  # the ranking inside the set


def test_with_no_relation_to_follow_the_hits_stay_and_leads_join(ask):
    resp = ask("Ako používať Git?", include_diagnostics=True)
    assert resp.status == "ok" and pages(resp)[0] == "pages/guides/git/README.md"
    assert resp.graph.route == "vector_entry" and not resp.graph.complete
    selected = resp.diagnostics["graph"]["selected"]
    hits = [s for s in selected if s["role"] == "primary"]
    leads = [s for s in selected if s["role"] == "graph_lead"]
    assert hits and selected[: len(hits)] == hits  # the text hits first, then the leads
    assert {s["document_path"] for s in leads}.isdisjoint({s["document_path"] for s in hits})


def test_every_step_is_explained_in_diagnostics(ask):
    title = "Rozpoznávanie dopravných značiek v reálnom čase"
    resp = ask(
        f"Ktoré ďalšie bakalárske práce viedol vedúci práce „{title}“?", include_diagnostics=True
    )
    graph = resp.diagnostics["graph"]
    assert graph["intents"] == ["supervision", "bridge"]
    assert [s["why"].split(":")[0] for s in graph["steps"]] == [
        "a thesis title in the question",
        "bridge + supervision",
        "supervision",
    ]
    assert all(s["relation"] and s["found"] for s in graph["steps"])
    assert set(pages(resp)) == supervised("Renáta Kolárová", "bachelor")


def test_a_page_no_text_reached_brings_its_lead(ask):
    # A thesis known only from a category code has no section: the page's lead.
    resp = ask("O čom sú bakalárske práce, ktoré viedol Daniel Hládek?", limit=20)
    assert set(pages(resp)) == supervised("Daniel Hládek", "bachelor")
    assert resp.graph.complete


@pytest.mark.parametrize(
    ("question", "kwargs"),
    [("", {}), ("   ", {}), ("x" * 2001, {}), (STAS_MASTER, {"limit": 0})],
)
def test_bad_input_is_invalid_query(ask, question, kwargs):
    with pytest.raises(InvalidQuery):
        ask(question, **kwargs)
