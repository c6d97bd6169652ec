"""Text evidence about different people turns into a clarifying question."""

from __future__ import annotations

import pytest

from tests.conftest import built_workspace
from zpagent.answer.clusters import ambiguous_evidence, clusters
from zpagent.answer.service import AnswerOptions, answer, rag_bundle
from zpagent.config import get_settings
from zpagent.graph.store.serving import graph_store


def student(name: str, login: str, start: int, kind: str, year: int, title: str) -> str:
    return f"""---
title: {name}
taxonomy:
    category: [bp{year}]
---
# {name}

- Rok začiatku štúdia: {start}

## {kind} {year}

Názov práce: {title}

Vedúci práce: Ing. Daniel Hládek, PhD.
"""


PAGES = {
    "pages/students/2015/mh123ab/README.md": student(
        "Martin Horváth", "mh123ab", 2015, "Bakalárska práca", 2018, "Analýza sentimentu recenzií"
    ),
    "pages/students/2018/mh456cd/README.md": student(
        "Martin Horváth", "mh456cd", 2018, "Bakalárska práca", 2021, "Detekcia objektov v obraze"
    ),
    "pages/students/2016/pt263gr/README.md": student(
        "Petra Tóthová", "pt263gr", 2016, "Bakalárska práca", 2019, "Sumarizácia správ"
    ),
    "pages/students/2020/it455pm/README.md": student(
        "Ivana Tóthová", "it455pm", 2020, "Bakalárska práca", 2023, "Klasifikácia obrázkov"
    ),
    "pages/students/2016/jh428ek/README.md": student(
        "Ján Holp", "jh428ek", 2016, "Bakalárska práca", 2019, "Strojový preklad"
    ),
    "pages/students/2017/js111aa/README.md": student(
        "Ján Staš", "js111aa", 2017, "Bakalárska práca", 2020, "Rozpoznávanie reči"
    ),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "cluster", PAGES)


@pytest.fixture(scope="module")
def gen(ws):
    with ws.open_current() as g:
        yield g


def ask(ws, gen, question, engine="rag"):
    return answer(gen, ws.embedder, question, AnswerOptions(engine=engine), client=None)


def test_two_people_of_one_name_get_a_clarifying_question(ws, gen):
    resp = ask(ws, gen, "Aký názov bakalárskej práce má Martin Horváth?")
    assert resp.status == "ambiguous" and resp.reason == "ambiguous_person"
    assert resp.mode == "clarify" and resp.accepted_for_delivery
    paths = {c["document_path"] for c in resp.candidates}
    assert paths == {
        "pages/students/2015/mh123ab/README.md",
        "pages/students/2018/mh456cd/README.md",
    }
    assert "Ktorú z nich" in resp.answer
    assert "mh123ab" in resp.answer and "mh456cd" in resp.answer
    # Neither title is delivered as if it were the answer.
    assert "Analýza sentimentu" not in resp.answer and "Detekcia objektov" not in resp.answer


def test_a_surname_alone_is_ambiguous_in_any_form(ws, gen):
    resp = ask(ws, gen, "Kto viedol bakalársku prácu Tóthovej?")
    assert resp.status == "ambiguous"
    assert {c["name"] for c in resp.candidates} == {"Petra Tóthová", "Ivana Tóthová"}


def test_the_full_name_or_a_typo_of_it_picks_one(ws, gen):
    for q in ("Aký názov práce má Petra Tóthová?", "Aký názov práce má Pettra Tóthová?"):
        resp = ask(ws, gen, q)
        assert resp.status == "ok", q
        assert "Sumarizácia správ" in resp.claims[0].value, q


def test_a_year_in_the_question_picks_one(ws, gen):
    resp = ask(ws, gen, "Aký názov mala bakalárska práca Martina Horvátha z roku 2021?")
    assert resp.status == "ok"
    assert "Detekcia objektov v obraze" in resp.answer


def test_a_shared_first_name_is_not_ambiguous(ws, gen):
    resp = ask(ws, gen, "Aký názov práce má Ján Holp?")
    assert resp.status == "ok"
    assert "Strojový preklad" in resp.answer


def test_questions_not_about_one_person_are_left_alone(ws, gen):
    bundle = rag_bundle(
        gen,
        ws.embedder,
        "práce o analýze sentimentu a detekcii objektov",
        AnswerOptions(engine="rag"),
    )
    store = graph_store(gen, get_settings())
    assert ambiguous_evidence(store, bundle, include_unpublished=False) == []


def test_pages_of_one_person_form_one_cluster(ws, gen):
    from zpagent.answer.clusters import Candidate

    store = graph_store(gen, get_settings())
    path = "pages/students/2016/jh428ek/README.md"
    other = "pages/students/2017/js111aa/README.md"
    same = [
        Candidate("jan-holp", "Ján Holp", path, "S1", 2),
        Candidate("jan-holp", "Ján Holp", path, "S2", 2),
    ]
    assert len(clusters(store, same)) == 1
    apart = [same[0], Candidate("jan-stas", "Ján Staš", other, "S2", 2)]
    assert len(clusters(store, apart)) == 2
