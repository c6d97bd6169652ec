"""Two-hop questions on a small real wiki: a person found first (the consultant or
supervisor of a student's thesis), then asked about.

- "Kto konzultoval bakalárku X a ako sa volá jeho dizertačka?" (and "toho, kto",
  Czech, "ten človek"): the consultant's own dissertation;
- "Vedúci X – ktoré diplomovky viedol v roku 2021?", "Konzultantka X konzultovala
  ešte niekoho?": the theses the person found led or consulted (without X);
- "Kto konzultoval bakalárku X a kto ju viedol?" is one thesis, no hop;
- a student nobody consulted leaves the answer "not found".
"""

from __future__ import annotations

import pytest

from tests.conftest import built_workspace
from zpagent.requests import AnswerRequest, GraphRequest


def _thesis(kind: str, year: int, title: str, supervisor: str, consultant: str = "") -> str:
    out = f"\n## {kind} ({year})\n\nNázov: {title}\n\nVedúci: Ing. {supervisor}, PhD.\n"
    return out + (f"\nKonzultant: Ing. {consultant}\n" if consultant else "")


PAGES = {
    "pages/students/2016/pk1/README.md": "# Peter Kráľ\n"
    + _thesis("Bakalárska práca", 2019, "Preklad právnych textov", "Marek Šimko", "Pavol Sabol"),
    "pages/students/2017/lm1/README.md": "# Lucia Mráziková\n"
    + _thesis("Bakalárska práca", 2020, "Preklad lekárskych správ", "Marek Šimko", "Pavol Sabol"),
    "pages/students/2015/ps1/README.md": "# Pavol Sabol\n"
    + _thesis("Dizertačná práca", 2022, "Preklad pre jazyky s malým množstvom dát", "Marek Šimko")
    + _thesis("Diplomová práca", 2021, "Doménová adaptácia prekladu", "Viliam Greguš"),
    "pages/students/2016/jk1/README.md": "# Jana Kováčová\n"
    + _thesis("Diplomová práca", 2021, "Detekcia spamu", "Marek Šimko")
    + _thesis("Bakalárska práca", 2019, "Klasifikácia e-mailov", "Marek Šimko"),
    "pages/students/2016/tb1/README.md": "# Tomáš Biely\n"
    + _thesis("Diplomová práca", 2020, "Sumarizácia správ", "Marek Šimko"),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "hops", PAGES)


@pytest.mark.parametrize(
    "question",
    [
        "Kto konzultoval bakalárku Petra Kráľa a ako sa volá jeho dizertačka?",
        "Ako sa volá dizertácia toho, kto konzultoval bakalárku Petra Kráľa?",
        "Kdo konzultoval bakalářku Petra Kráľa a jakou disertaci ten člověk psal?",
    ],
)
def test_the_consultants_own_dissertation(ws, question):
    answer = ws.answer(AnswerRequest(query=question))
    assert answer.status == "ok", answer.reason
    assert "Preklad pre jazyky s malým množstvom dát" in answer.answer
    assert "Pavol Sabol" in answer.answer  # the first hop is said too
    assert answer.interpreted_as and "→" in answer.interpreted_as


def test_the_theses_the_supervisor_found_led_in_a_year(ws):
    resp = ws.graph(GraphRequest(query="Vedúci Tomáša Bielyho – ktoré diplomovky viedol v 2021?"))
    assert resp.status == "ok", resp.reason
    members = {e.name for e in resp.entities if e.role == "member"}
    assert members == {"Jana Kováčová"}


def test_whom_else_the_consultant_found_consulted(ws):
    resp = ws.graph(GraphRequest(query="Konzultant Petra Kráľa konzultoval ešte niekoho?"))
    assert resp.status == "ok", resp.reason
    assert {e.name for e in resp.entities if e.role == "member"} == {"Lucia Mráziková"}


def test_both_roles_of_one_thesis_are_no_hop(ws):
    answer = ws.answer(
        AnswerRequest(query="Kto konzultoval bakalárku Petra Kráľa a kto ju viedol?")
    )
    assert answer.status == "ok", answer.reason
    assert "Pavol Sabol" in answer.answer and "Marek Šimko" in answer.answer
    assert "→" not in (answer.interpreted_as or "")


def test_nobody_found_at_the_first_hop_is_not_found(ws):
    answer = ws.answer(
        AnswerRequest(
            query="Kto konzultoval diplomovku Jany Kováčovej a ako sa volá jeho dizertačka?"
        )
    )
    assert answer.status == "no_answer"
    assert "Preklad pre jazyky" not in answer.answer


def test_how_many_theses_a_named_person_has(ws):
    """ "Koľko prác má Jana Kováčová?": her theses of every kind (an exact 0 before)."""
    resp = ws.graph(GraphRequest(query="Koľko prác má uvedených Jana Kováčová?"))
    assert resp.status == "ok", resp.reason
    assert resp.aggregation is not None and resp.aggregation.count == 2


def test_a_consultant_with_his_own_page_has_his_own_theses(ws):
    """Pavol Sabol consults and writes: "Koľko prác má" counts his own (an exact 0 as
    a supervisor before), "Koľko prác konzultoval" those he consulted."""
    own = ws.graph(GraphRequest(query="Koľko prác má Pavol Sabol?"))
    assert own.aggregation is not None and own.aggregation.count == 2
    consulted = ws.graph(GraphRequest(query="Koľko prác konzultoval Pavol Sabol?"))
    assert consulted.aggregation is not None and consulted.aggregation.count == 2
