"""Extraction problems reach the people who can fix them, and a public list that names
someone the graph keeps hidden makes counts over it a lower bound, never a short exact."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.conftest import make_workspace, write_pages
from zpagent.cli.main import app
from zpagent.requests import AnswerRequest, GraphRequest, RagRequest

TOPIC = "pages/topics/rec/README.md"
PAGES = {
    "pages/students/2019/aa101xy/README.md": """# Adam Adamec

## Bakalárska práca 2021

Názov práce: Rozpoznávanie reči v hluku

Vedúci: Ing. Daniel Hládek, PhD.
""",
    "pages/students/2019/bb102xy/README.md": """---
published: false
---
# Beáta Bieliková

## Bakalárska práca 2021

Názov práce: Prepis prednášok

Vedúci: Ing. Daniel Hládek, PhD.
""",
    "pages/students/2019/cc103xy/README.md": """# Cyril Cibuľa

## Bakalárska práca 2022

Názov práce: Hlasový asistent

Vedúci: Ing. Daniel Hládek, PhD.
""",
    TOPIC: """# Rozpoznávanie reči

## Študenti

- Adam Adamec
- Beáta Bieliková
- Cyril Cibuľa
""",
}


def test_a_hidden_person_on_a_public_list_is_a_problem_and_counts_are_lower_bounds(
    tmp_path,
):
    wiki = write_pages(tmp_path / "wiki", PAGES)
    ws = make_workspace(tmp_path / "data")
    result = ws.index(wiki)
    graph = result["extra"]["graph"]
    assert graph["coverage"]["topic"] == "partial" and graph["coverage"]["supervisor"] == "complete"
    assert graph["problems"] == 1
    (problem,) = graph["first_problems"]
    assert (problem["document_path"], problem["kind"]) == (TOPIC, "hidden_person_listed")
    assert problem["line"] == 6

    resp = ws.graph(GraphRequest(query="Koľko študentov je na téme Rozpoznávanie reči?"))
    # The published topic page lists three: the hidden one counts (hiding is per page),
    # and the count stays a lower bound while the wiki has such a problem.
    assert resp.aggregation is not None and resp.aggregation.count == 3
    assert resp.aggregation.exact is False
    assert resp.aggregation.inexact_because == ["coverage:topic"]
    listed = ws.graph(GraphRequest(query="Ktorí študenti sú na téme Rozpoznávanie reči?"))
    hidden_pages = {p for p in PAGES if "published: false" in PAGES[p]}
    assert hidden_pages and not {s.document_path for s in listed.sources} & hidden_pages

    data = str(ws.data.root)
    listed = CliRunner().invoke(app, ["graph", "stats", "--data", data, "--problems"], env={})
    assert listed.exit_code == 0, listed.output
    assert TOPIC in listed.stdout and "line 6: on_topic: hidden_person_listed" in listed.stdout
    assert "1 problems on 1 pages" in listed.stdout
    as_json = CliRunner().invoke(
        app, ["graph", "stats", "--data", data, "--problems", "--json"], env={}
    )
    stats = json.loads(as_json.stdout)
    assert stats["problems_total"] == len(stats["problems"]) == 1
    assert {c["relation"]: c["status"] for c in stats["coverage"]}["topic"] == "partial"


def test_a_hidden_member_is_named_from_the_public_list_and_nothing_of_her_page_leaks(tmp_path):
    ws = make_workspace(tmp_path / "data")
    ws.index(write_pages(tmp_path / "wiki", PAGES))
    hidden = "pages/students/2019/bb102xy/README.md"
    listed = ws.answer(AnswerRequest(query="Ktorí študenti sú na téme Rozpoznávanie reči?"))
    assert "Beáta Bieliková" in listed.answer, listed.answer
    assert hidden not in {s.document_path for s in listed.sources}
    assert "Prepis prednášok" not in listed.answer  # her thesis is on her hidden page only
    guided = ws.rag(RagRequest(query="Čo robia študenti na téme Rozpoznávanie reči?",
                               mode="graph_hybrid"))  # fmt: skip
    assert hidden not in {s.document_path for s in guided.sources}
    assert "Prepis prednášok" not in guided.context
    own = ws.answer(AnswerRequest(query="Kto viedol bakalárku Beáty Bielikovej?"))
    assert own.status != "ok" and "Hládek" not in own.answer, own.answer


def test_a_team_with_a_hidden_member_is_counted_as_a_lower_bound(tmp_path):
    project = "pages/projects/hlasovy-robot/README.md"
    pages = {
        **PAGES,
        project: """# Tímový projekt – Hlasový robot

- Rok: 2020

## Riešitelia

- Adam Adamec
- Beáta Bieliková
""",
    }
    ws = make_workspace(tmp_path / "data")
    graph = ws.index(write_pages(tmp_path / "wiki", pages))["extra"]["graph"]
    assert graph["coverage"]["team_member"] == "partial"
    resp = ws.graph(GraphRequest(query="Koľko ľudí bolo v tíme Hlasový robot?"))
    # Both listed members count, the one whose own page is hidden too.
    assert resp.aggregation.count == 2 and resp.aggregation.exact is False
    assert "coverage:team_member" in resp.aggregation.inexact_because


def test_without_hidden_people_the_list_is_complete(tmp_path):
    pages = {k: v.replace("published: false", "published: true") for k, v in PAGES.items()}
    ws = make_workspace(tmp_path / "data")
    result = ws.index(write_pages(tmp_path / "wiki", pages))
    assert result["extra"]["graph"]["coverage"]["topic"] == "complete"
    assert result["extra"]["graph"]["problems"] == 0
    resp = ws.graph(GraphRequest(query="Koľko študentov je na téme Rozpoznávanie reči?"))
    assert resp.aggregation.count == 3 and resp.aggregation.exact is True
    assert resp.aggregation.inexact_because == []


@pytest.mark.parametrize(
    "listing",
    [
        "- X. Adamec (BP 2021)\n- Q. Bieliková\n",  # initials nobody on the wiki has
        "- Adamec (BP 2021)\n- Bieliková (BP 2021)\n",  # surnames alone
    ],
)
def test_a_list_nobody_could_read_is_never_an_exact_zero(tmp_path, listing):
    """Every student the topic page lists is written in a form extraction cannot
    resolve: the relation has no edge, its coverage is unknown, and neither the
    graph nor the checked answer states "0" as exact."""
    pages = {k: v for k, v in PAGES.items() if k != TOPIC}
    pages[TOPIC] = "# Rozpoznávanie reči\n\n## Študenti\n\n" + listing
    ws = make_workspace(tmp_path / "data")
    graph = ws.index(write_pages(tmp_path / "wiki", pages))["extra"]["graph"]
    assert graph["coverage"]["topic"] == "unknown"
    assert graph["problems"] >= 2
    question = "Koľko študentov je na téme Rozpoznávanie reči?"
    resp = ws.graph(GraphRequest(query=question))
    assert resp.aggregation is not None and resp.aggregation.exact is False
    assert "coverage:topic" in resp.aggregation.inexact_because
    answer = ws.answer(AnswerRequest(query=question, engine="graph"))
    assert "presne" not in answer.answer
    assert "Počet: 0" not in answer.answer


def test_who_did_a_named_team_project_lists_its_members_also_without_pages(tmp_path):
    """ "tímový projekt" before the project's name names the project: its members
    are who its page lists, also a member without a page (no team-project work)."""
    project = "pages/projects/hlasovy-robot/README.md"
    pages = {
        **{k: v.replace("published: false", "published: true") for k, v in PAGES.items()},
        project: """# Tímový projekt – Hlasový robot

## Riešitelia

- Adam Adamec
- Marta Kowalska
""",
    }
    ws = make_workspace(tmp_path / "data")
    ws.index(write_pages(tmp_path / "wiki", pages))
    for question in (
        "Kto robil tímový projekt Hlasový robot?",
        "Kto pracoval na tímovom projekte Hlasový robot?",
    ):
        resp = ws.graph(GraphRequest(query=question))
        assert resp.status == "ok", (question, resp.reason)
        names = {e.name for e in resp.entities if e.label == "Person"}
        assert names == {"Adam Adamec", "Marta Kowalska"}, (question, names)
