"""What a question asks with a word no lexicon holds, answered from the lines that say
it: a Czech case ending ("robotem" / "robota UR5"), a fact whose value says it (the
title "… so zariadením Arduino Nano"), the line that says most of those words first;
a guide's line when the gate doubts an open question, but only one that says at
least half the words nothing else read."""

from __future__ import annotations

import pytest

from tests.conftest import built_workspace
from zpagent.requests import AnswerRequest

KOCIS = "pages/students/2022/sk220/README.md"
PAGES = {
    KOCIS: """# Šimon Kočiš

## Diplomová práca 2022

Názov práce: **Mapovanie priestoru metódou SLAM s lidarom**

Vedúci: Peter Ondrejka

Vypracujte prehľad metód pre zadanú úlohu mapovania.

### Stretnutie 9. 11. 2021

- Prvé stretnutie, prešli sme zadanie a harmonogram.
- Robot UR5 je rezervovaný v laboratóriu každý utorok.
- Mapa chodieb je hotová pre dve poschodia.
""",
    "pages/students/2023/vz07/README.md": """# Vladimír Žiak

## Diplomová práca 2025

Názov práce: **Inteligentný zavlažovací systém so zariadením Arduino Nano 33 IoT**

Vedúci práce: doc. Ing. Peter Ondrejka, PhD.

Zavlažovanie sa má riadiť podľa vlhkosti pôdy a predpovede počasia.
""",
    "pages/students/2016/bb833/README.md": """# Barbora Biela

## Bakalárska práca 2019

Názov práce: Poloautomatická anotácia medicínskych snímok

Vedúci: Richard Zelený

## Tímový projekt

Členka tímu Parkovanie v kampuse.
""",
    "pages/students/2013/jc152/README.md": """# Ján Chovanec

## Bakalárska práca 2016

Názov práce: Rezervačný systém pre laboratóriá

Vedúci: Michal Vaško
""",
    "pages/students/2016/mh998/README.md": """# Matej Halás

## Bakalárska práca 2016

Názov práce: Meranie obsadenosti parkoviska

Vedúci: Eva Pavlíková
""",
    "pages/projects/parkovanie-kampus/README.md": """---
title: 'Tímový projekt: Parkovanie v kampuse'
taxonomy:
    category: [timove-projekty, tp2017]
---

# Tímový projekt – Parkovanie v kampuse

- Akademický rok: 2016/2017
- Vedúci tímu: Juraj Kmeť

## Členovia tímu

- Matej Halás – senzory
- Ján Chovanec – mobilná aplikácia
""",
    "pages/navody/abstrakt/README.md": """# Jak napsat abstrakt

Abstrakt má mít 150 až 250 slov a musí být napsán jako jeden souvislý odstavec.

## Klíčová slova

Klíčových slov uveďte tři až šest a oddělte je čárkou.
""",
    "pages/navody/git/README.md": """# Git na katedre

Každá záverečná práca má vlastný repozitár. Do repozitára nepatria veľké dáta.
""",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "unread", PAGES)


def _ask(ws, question: str):
    return ws.answer(AnswerRequest(query=question))


def test_a_czech_case_ending_of_an_unread_word_finds_the_line(ws):
    resp = _ask(ws, "S jakým robotem pracoval Šimon Kočiš v diplomce?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "UR5" in resp.answer
    assert "Mapa chodieb" not in resp.answer  # a line of the page that says no such word


def test_the_line_that_says_most_unread_words_comes_first(ws):
    resp = _ask(
        ws, "s akym robotom robil Šimon Kočiš diplomovku a kedy ho mal rezervovaneho v labe?"
    )
    assert resp.status == "ok", resp.answer
    assert "Robot UR5 je rezervovaný v laboratóriu každý utorok." in resp.answer


def test_a_fact_that_says_the_unread_word_answers_when_no_line_does(ws):
    resp = _ask(ws, "Na akom zariadení postavil Žiak ten zavlažovací systém v diplomovke?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Arduino Nano 33 IoT" in resp.answer
    assert "vlhkosti pôdy" not in resp.answer


def test_in_charge_of_a_thesis_is_its_supervisor_not_a_team_role(ws):
    resp = _ask(ws, "kto mal na starosti bakalarku Barbory Bielej?")
    assert resp.status == "ok", resp.answer
    assert "Richard Zelený" in resp.answer
    assert "úloha v tíme" not in (resp.interpreted_as or "")


def test_the_thesis_of_the_one_who_had_a_team_role(ws):
    # "tomu, kto …": the dative demonstrative of a relative clause is no unread word.
    resp = _ask(
        ws,
        "kto viedol bakalarku tomu, kto robil mobilnu aplikaciu v timovke o parkovani v kampuse?",
    )
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Michal Vaško" in resp.answer and "Ján Chovanec" in resp.answer
    assert "Eva Pavlíková" not in resp.answer  # the other member's supervisor


def test_a_guide_answers_an_open_question_by_its_words(ws):
    resp = _ask(ws, "Kolik slov by měl mít abstrakt k závěrečné práci?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "150 až 250 slov" in resp.answer


@pytest.mark.parametrize(
    "question",
    ["Aké je heslo na wifi v knižnici?"],
)
def test_a_guide_line_that_misses_the_unread_words_answers_nothing(ws, question):
    resp = _ask(ws, question)
    assert resp.status == "no_answer", resp.answer
