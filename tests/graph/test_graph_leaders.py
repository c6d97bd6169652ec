"""Who led a work that is not a thesis (``LED``) and what a member did in a team
answer questions: the leader of a named team project, its year as the page writes
it, the students whose research task or team project someone led, who led a named
student's team project, a member's role, the members with a role, and a thesis of
the member who had a role."""

from __future__ import annotations

import pytest

from tests.conftest import make_workspace, write_pages
from zpagent.requests import AnswerRequest, GraphRequest

PAGES = {
    "pages/students/2018/aa101xy/README.md": """# Adam Adamec

## Bakalárska práca 2021

Názov práce: Rozpoznávanie reči v hluku

Vedúci: Ing. Daniel Hládek, PhD.

## Výskumná úloha (2020)

- Názov práce: Detekcia vozidiel na parkovisku
- Vedúci práce: Ing. Tomáš Bielik, PhD.

## Tímový projekt (2021)

- Názov: Hlasový robot
- Vedúci: Ing. Mária Lacková, PhD.
""",
    "pages/students/2018/bb102xy/README.md": """# Beáta Bieliková

## Bakalárska práca 2021

Názov práce: Prepis prednášok

Vedúci: Ing. Tomáš Bielik, PhD.
""",
    "pages/students/2018/cc103xy/README.md": """# Cyril Cibuľa

## Bakalárska práca 2022

Názov práce: Hlasový asistent

Vedúci: Ing. Daniel Hládek, PhD.
""",
    "pages/projects/hlasovy-robot/README.md": """# Tímový projekt – Hlasový robot

- Akademický rok: 2020/2021
- Vedúci tímu: Ing. Mária Lacková, PhD.

## Riešitelia

- Adam Adamec – rozpoznávanie reči
- Cyril Cibuľa – webové rozhranie
""",
    "pages/topics/rec/README.md": """# Rozpoznávanie reči

Garant témy: Ing. Tomáš Bielik, PhD.

## Študenti

- Adam Adamec
- Cyril Cibuľa
""",
    "pages/topics/videnie/README.md": """# Počítačové videnie

Tému vedie Ing. Mária Lacková, PhD..

- Beáta Bieliková
""",
    "pages/projects/parkovanie/README.md": """# Tímový projekt – Parkovanie v kampuse

- Školský rok 2018/2019
- Vedúci: Ing. Tomáš Bielik, PhD.

## Tím

- Beáta Bieliková – mobilná aplikácia
""",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    root = tmp_path_factory.mktemp("leaders")
    workspace = make_workspace(root / "data")
    workspace.index(write_pages(root / "wiki", PAGES))
    return workspace


def _persons(resp) -> set[str]:
    return {e.name for e in resp.entities if e.label == "Person" and e.role == "member"}


def test_the_leader_of_a_named_team_project_is_answered_not_its_members_counted(ws):
    resp = ws.graph(GraphRequest(query="Kto bol vedúci tímového projektu Hlasový robot?"))
    assert resp.status == "ok", resp.reason
    assert resp.answers == ["Mária Lacková"]
    assert resp.aggregation is None
    answer = ws.answer(AnswerRequest(query="Kto bol vedúci tímového projektu Hlasový robot?"))
    assert "Mária Lacková" in answer.answer
    assert "Počet" not in answer.answer


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("Kedy bežal tímový projekt Hlasový robot?", "2020/2021"),
        # A year label without a colon.
        ("V ktorom školskom roku bol tímový projekt Parkovanie v kampuse?", "2018/2019"),
    ],
)
def test_a_projects_year_is_said_as_its_page_writes_it(ws, question, year):
    answer = ws.answer(AnswerRequest(query=question))
    assert answer.status == "ok", answer.reason
    assert year in answer.answer
    resp = ws.graph(GraphRequest(query=question))
    assert resp.answers == [year]


def test_students_whose_research_task_someone_led(ws):
    resp = ws.graph(GraphRequest(query="Ktorí študenti mali výskumnú úlohu u Tomáša Bielika?"))
    assert resp.status == "ok", resp.reason
    # Beáta's bachelor thesis under Bielik is no research task.
    assert _persons(resp) == {"Adam Adamec"}
    assert resp.aggregation is not None and resp.aggregation.count == 1


def test_members_of_the_team_projects_someone_led(ws):
    question = "Ktorí študenti robili tímový projekt pod vedením Márie Lackovej?"
    resp = ws.graph(GraphRequest(query=question))
    assert resp.status == "ok", resp.reason
    assert _persons(resp) == {"Adam Adamec", "Cyril Cibuľa"}


def test_who_led_a_named_students_team_project(ws):
    for question in (
        "Kto viedol tímový projekt Cyrila Cibuľu?",
        "Who led the team project that Cyril Cibuľa worked on?",
    ):
        resp = ws.graph(GraphRequest(query=question))
        assert resp.status == "ok", (question, resp.reason)
        assert "Mária Lacková" in resp.answers, (question, resp.answers)
        answer = ws.answer(AnswerRequest(query=question))
        assert "Mária Lacková" in answer.answer, question


def test_a_members_role_is_read_from_the_project_page(ws):
    for question in (
        "Akú úlohu mal Cyril Cibuľa v tímovom projekte Hlasový robot?",
        "Jakou roli měl Cyril Cibuľa v týmu Hlasový robot?",
    ):
        resp = ws.graph(GraphRequest(query=question))
        assert resp.status == "ok", (question, resp.reason)
        assert resp.answers == ["webové rozhranie"], question
        answer = ws.answer(AnswerRequest(query=question))
        assert "webové rozhranie" in answer.answer, question
        assert "rozpoznávanie reči" not in answer.answer  # Adam's role, not Cyril's


def test_the_members_with_a_role_and_their_theses(ws):
    resp = ws.graph(
        GraphRequest(query="Kto mal v tímových projektoch na starosti webové rozhranie?")
    )
    assert resp.status == "ok", resp.reason
    assert _persons(resp) == {"Cyril Cibuľa"}
    # Two hops: the member with the role, then who led her bachelor thesis.
    question = "Kto viedol bakalárku toho, kto v tíme Hlasový robot robil rozpoznávanie reči?"
    answer = ws.answer(AnswerRequest(query=question))
    assert answer.status == "ok", answer.reason
    assert "Daniel Hládek" in answer.answer and "Adam Adamec" in answer.answer
    assert "Cyril" not in answer.answer


def test_a_persons_team_project_comes_with_the_role(ws):
    answer = ws.answer(AnswerRequest(query="Na akom tímovom projekte robil Adam Adamec?"))
    assert "Hlasový robot" in answer.answer and "rozpoznávanie reči" in answer.answer


def test_a_project_led_on_its_page_and_on_a_members_page_counts_once(ws):
    resp = ws.graph(GraphRequest(query="Koľko tímových projektov viedla Mária Lacková?"))
    assert resp.status == "ok", resp.reason
    assert resp.aggregation is not None and resp.aggregation.count == 1


def test_who_leads_a_topic_and_which_topics_someone_leads(ws):
    for question in (
        "Kto vedie tému Rozpoznávanie reči?",
        "Kdo je garant tématu Rozpoznávanie reči?",
    ):
        resp = ws.graph(GraphRequest(query=question))
        assert resp.status == "ok", (question, resp.reason)
        assert resp.answers == ["Tomáš Bielik"], question
    # A leader in a sentence ("Tému vedie …") and the topics one leads.
    assert ws.graph(GraphRequest(query="Kto vedie tému Počítačové videnie?")).answers == [
        "Mária Lacková"
    ]
    led = ws.graph(GraphRequest(query="Ktoré témy vedie Tomáš Bielik?"))
    assert led.answers == ["Rozpoznávanie reči"]
    assert led.aggregation is not None and led.aggregation.exact is False
    # The leader is no member of the topic.
    members = ws.graph(GraphRequest(query="Kto robil na téme Rozpoznávanie reči?"))
    assert _persons(members) == {"Adam Adamec", "Cyril Cibuľa"}


def test_how_many_topics_the_wiki_has(ws):
    resp = ws.graph(GraphRequest(query="Koľko tém je na wiki?"))
    assert resp.aggregation is not None
    assert (resp.aggregation.count, resp.aggregation.exact) == (2, True)
