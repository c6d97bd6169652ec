"""Questions about the wiki's rules, asked of no one, on a small real wiki:

- "Do kedy treba odovzdať diplomovku?" reads the guides, not the students' pages
  that also talk about submitting, and answers with the table row that says it
  (with its header), although the question's words are other forms of the row's;
- "Koľko zdrojov má citovať diplomovka?" (a count of something the graph does
  not hold) is a rules question too;
- a rules question the guides do not answer ("Do kedy treba zaplatiť parkovné?")
  is not found, never a line that shares one word;
- "btw …" / "Iná vec – …" in a conversation is a question of its own;
- the rules of another year (the question names 2025/2026) are no answer.
"""

from __future__ import annotations

import pytest

from tests.asking import chat
from tests.conftest import built_workspace
from zpagent.requests import AnswerRequest

GUIDE = "pages/navody/terminy/README.md"
PAGES = {
    GUIDE: (
        "# Termíny v akademickom roku 2024/2025\n\n| Úloha | Termín |\n|---|---|\n"
        "| Odovzdanie bakalárskych prác | 10. 5. 2025 |\n"
        "| Odovzdanie diplomových prác | 28. 4. 2025 |\n| Obhajoby | 11. – 26. 6. 2025 |\n"
    ),
    "pages/navody/citovanie/README.md": (
        "# Citovanie\n\nBakalárska práca by mala citovať aspoň 25 zdrojov, diplomová práca "
        "aspoň 40 zdrojov.\n"
    ),
    "pages/students/2020/sh1/README.md": (
        "# Stanislav Holub\n\n## Diplomová práca (2025)\n\nNázov: Rozpoznávanie písma\n\n"
        "Vedúci: Ing. Eva Pavlíková, PhD.\n\n### Stretnutie\n\n"
        "- Treba odovzdať diplomovku včas, termín si overiť.\n"
        "- Citovať aj zahraničné zdroje.\n"
    ),
    "pages/navody/server/README.md": (
        "# Pripojenie na výpočtový server\n\n## Prihlásenie\n\n"
        "Na server sa prihlásite cez SSH:\n\n```\nssh LOGIN@hpc.example.edu -p 4422\n```\n"
    ),
    "pages/students/2021/tk1/README.md": (
        "---\ntitle: Tomáš Krátky\ntaxonomy:\n  tag: [ssh, server, bezpečnosť]\n---\n\n"
        "# Tomáš Krátky\n\n## Bakalárska práca (2024)\n\nNázov: Audit SSH serverov\n\n"
        "Vedúci: Ing. Eva Pavlíková, PhD.\n"
    ),
    "pages/home/README.md": (
        "# Záverečné práce\n\n## Návody\n\n- [Termíny](../navody/terminy)\n"
        "- [Obhajoby a rozsah prác](../navody/rozsah)\n"
    ),
    "pages/navody/obhajoba/README.md": (
        "# Obhajoba záverečnej práce\n\nObhajoba je súčasťou štátnej skúšky. Posudky sú "
        "zverejnené najneskôr tri pracovné dni pred obhajobou.\n"
    ),
    "pages/navody/rozsah/README.md": (
        "# Ako písať záverečnú prácu\n\n| Typ práce | Odporúčaný rozsah |\n|---|---|\n"
        "| Bakalárska práca | 30 – 40 normostrán |\n| Diplomová práca | 50 – 70 normostrán |\n"
    ),
    "pages/students/2021/jm1/README.md": (
        "# Ján Mikuš\n\n## Bakalárska práca (2024)\n\nNázov: Počítanie vozidiel\n\n"
        "Vedúci: Ing. Eva Pavlíková, PhD.\n\n### Stretnutie\n\n"
        "- Rozsah textu bakalárky je zatiaľ 44 strán.\n"
    ),
    "pages/projects/parkovanie/README.md": (
        "# Parkovanie v kampuse\n\nCieľom projektu je zobrazovať voľné parkovacie miesta.\n"
    ),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "rules", PAGES)


def _cited(resp) -> set[str]:
    """The pages the answer's claims cite."""
    return {s.document_path for s in resp.sources
            if any(s.source_id in c.sources for c in resp.claims)}  # fmt: skip


@pytest.mark.parametrize(
    "question",
    ["Do kedy treba odovzdať diplomovku?", "dokedy treba tento rok odovzdat diplomovku?"],
)
def test_a_deadline_comes_from_the_guides_table(ws, question):
    resp = ws.answer(AnswerRequest(query=question))
    assert resp.status == "ok", (resp.reason, resp.interpreted_as, resp.answer)
    assert "28. 4. 2025" in resp.answer
    assert "| Úloha | Termín |" in resp.answer  # the row with its header
    assert _cited(resp) == {GUIDE}


def test_a_count_the_graph_does_not_hold_is_a_rules_question(ws):
    resp = ws.answer(AnswerRequest(query="Koľko zdrojov má citovať diplomovka?"))
    assert resp.status == "ok", resp.reason
    assert "40 zdrojov" in resp.answer
    assert "pages/students/2020/sh1/README.md" not in _cited(resp)


@pytest.mark.parametrize(
    "question",
    ["Na akom porte sa pripájam cez ssh na server?", "which port do I use to ssh into the server?"],
)
def test_which_thing_the_graph_does_not_list_is_read_from_the_text(ws, question):
    """ "ssh" and "server" are keywords of a thesis, but "aký port" asks for no thesis."""
    resp = ws.answer(AnswerRequest(query=question))
    assert resp.status == "ok", (resp.reason, resp.interpreted_as)
    assert "4422" in resp.answer
    assert "Audit SSH serverov" not in resp.answer


def test_a_rules_question_the_guides_do_not_answer_is_not_found(ws):
    resp = ws.answer(AnswerRequest(query="Do kedy treba zaplatiť parkovné?"))
    assert resp.status == "no_answer"


def test_btw_is_a_question_of_its_own(ws):
    messages = [{"role": "user", "content": "Kto viedol diplomovku Stanislava Holuba?"}]
    first = ws.chat(messages)
    assert "Eva Pavlíková" in first.text
    messages += [
        {"role": "assistant", "content": first.text},
        {"role": "user", "content": "btw do kedy treba odovzdať diplomovku?"},
    ]
    reply = ws.chat(messages)
    assert reply.details["follow_up"] == "new"
    assert "28. 4. 2025" in reply.text


def test_the_rules_of_another_year_are_no_answer(ws):
    resp = ws.answer(
        AnswerRequest(query="Dokedy treba odovzdať diplomovku v akademickom roku 2025/2026?")
    )
    assert resp.status == "no_answer", resp.answer
    resp = ws.answer(AnswerRequest(query="Dokedy treba odovzdať diplomovku v roku 2024/2025?"))
    assert "28. 4. 2025" in resp.answer


def test_an_elliptical_turn_after_a_rules_question_asks_the_same_rules(ws):
    """ "a diplomovku?", "a obhajoby?": the guides' table again, its other row; a list
    of links to the guides is no answer."""
    first, master, defences = chat(
        ws, "Do kedy treba odovzdať bakalárku?", "a diplomovku?", "a obhajoby?"
    )
    assert "10. 5. 2025" in first.text
    assert "28. 4. 2025" in master.text and "10. 5. 2025" not in master.text
    assert "11. – 26. 6. 2025" in defences.text
    assert "../navody" not in defences.text


def test_what_a_thesis_should_have_is_a_rules_question(ws):
    """ "Aký rozsah má mať bakalárka?" reads the guide, not a student's progress note;
    "a diplomovka?" then the same guide's other row."""
    bachelor, master = chat(ws, "Aký rozsah má mať bakalárka?", "a diplomovka?")
    assert "30 – 40" in bachelor.text and "44 strán" not in bachelor.text
    assert "50 – 70" in master.text


def test_when_after_a_rules_question_is_answered_by_a_date(ws):
    """ "a kedy sú obhajoby?": the guide about defences says when nothing happens; the
    table row with the dates answers."""
    *_, when = chat(ws, "Do kedy treba odovzdať diplomovku?", "a kedy sú obhajoby?")
    assert "11. – 26. 6. 2025" in when.text, when.text


def test_a_guide_the_dense_side_ranks_below_the_corpus_baseline_is_still_ranked(ws):
    """Within the guides, ungated, the dense ranking orders what the lexical side does
    not find: a question in other forms of the row's words still reaches the table."""
    resp = ws.answer(AnswerRequest(query="Dokedy sa odovzdáva bakalárka?"))
    assert resp.status == "ok", (resp.reason, resp.answer)
    assert "10. 5. 2025" in resp.answer
