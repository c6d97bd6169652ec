"""Lines that answer in other words: a guide's sentence that stands out by meaning
answers a rules question that shares too few of its words ("ako dlho môžem mať
prezentáciu?"); on a person's page meaning never answers alone, so a fact the page
does not state stays not found."""

from __future__ import annotations

import pytest

from tests.conftest import built_workspace
from zpagent.answer.meaning import wanted
from zpagent.query import understand
from zpagent.query.lexicon import Lexicon
from zpagent.requests import AnswerRequest

PAGES = {
    "pages/navody/abstrakt/README.md": """# Ako napísať abstrakt

Abstrakt je krátke zhrnutie celej práce na jednu stranu.

Rozsah abstraktu je 150 až 250 slov v slovenčine aj v angličtine.

Kľúčové slová uveďte za abstraktom, tri až šesť.

Abstrakt píšte až na konci, keď viete, čo práca priniesla.
""",
    "pages/navody/obhajoba/README.md": """# Obhajoba záverečnej práce

Obhajoba prebieha pred komisiou v miestnosti katedry.

Prezentácia trvá najviac 12 minút, potom nasleduje diskusia s komisiou.

Oponent posudok odovzdá týždeň pred obhajobou.

Na obhajobu si prineste výtlačok práce.
""",
    "pages/students/2020/jm100xy/README.md": """# Juraj Malý

## Diplomová práca 2023

Názov práce: Preklad reči do textu

Vedúci: Ing. Daniel Hládek, PhD.

Práca je uložená v Centrálnom registri záverečných prác.

Natočiť video z reálneho testu.

Navrhnite spôsob, ako v preloženom texte zachovať formátovanie.
""",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "meaning", PAGES)


def test_a_rules_question_with_few_shared_words_gets_its_sentence(ws):
    answer = ws.answer(AnswerRequest(query="ako dlho mozem mat prezentaciu na obhajobe?"))
    assert "Prezentácia trvá najviac 12 minút" in answer.answer


def test_meaning_never_answers_alone_on_a_persons_page(ws):
    """Some line of every page stands out by meaning; the opponent is not on the page."""
    answer = ws.answer(AnswerRequest(query="kto robil oponenta diplomovke Juraja Malého?"))
    assert "Centrálnom registri" not in answer.answer and "video" not in answer.answer
    grade = ws.answer(AnswerRequest(query="what grade did Juraj Malý get for his master thesis?"))
    assert "formátovanie" not in grade.answer


def test_meaning_is_asked_only_where_words_may_miss():
    lexicon = Lexicon()
    assert wanted(understand("How long should the abstract be?", lexicon))
    assert not wanted(understand("Koľko študentov je na wiki?", lexicon))
