"""From wiki K's failure list: an open question about something only a hidden page
(or no page) says is not answered by lines that share its other words; a rule that
says what not to do ("necitujte", "nedávajte") answers "can I cite …?"; a section
whose heading says the question answers with its list; the table row of the thesis
kind asked; a supervisor left out ("kromě Fabiána") still asks for supervisors;
"vypsáno u tématu" asks nothing of its own; "koľko prác viedol?" after "kto vedie
tému X?" counts the leader's theses; a given name beside a surname a typo
away from someone else's is a whole name nobody has."""

from __future__ import annotations

import pytest

from tests.asking import chat
from tests.conftest import built_workspace
from zpagent.requests import AnswerRequest

PAGES = {
    "pages/navody/slurm/README.md": """---
title: Fronta úloh Slurm (rozpracované)
published: false
---

# Fronta úloh Slurm

Maximálna dĺžka jednej úlohy bude 48 hodín.
""",
    "pages/navody/server/README.md": """# Pripojenie na výpočtový server

Katedra prevádzkuje výpočtový server s grafickými kartami.

## Pravidlá používania

Jeden študent môže naraz používať najviac 2 GPU karty. Dĺžka trénovania nie je obmedzená.

## Dlho bežiace úlohy

Trénovanie spúšťajte v programe tmux, aby úloha bežala aj po odpojení.
""",
    "pages/navody/citovanie/README.md": """# Citovanie podľa normy ISO 690

Bibliografické odkazy sa tvoria podľa normy STN ISO 690.

## Pravidlá

Bakalárska práca by mala citovať aspoň 25 zdrojov.

Wikipédiu ako zdroj necitujte, použite zdroje uvedené v článku.
""",
    "pages/navody/git/README.md": """# Git pre študentov

Každý študent má svoj repozitár so zdrojovými kódmi aj textom práce.

## Bežná práca

Commitujte aspoň raz týždenne, aby vedúci videl aktuálny stav práce v gite.

## Čo nepatrí do gitu

Do repozitára nedávajte:

- veľké dátové sady,
- natrénované modely a checkpointy,
- heslá, tokeny a API kľúče.

Príklad súboru `.gitignore`:

```gitignore
venv/
*.pt
```
""",
    "pages/navody/ako-pisat/README.md": """# Ako písať záverečnú prácu

Niekoľko rád, ktoré opakujeme na každom stretnutí.

## Rozsah

| Typ práce | Odporúčaný rozsah |
|---|---|
| Bakalárska práca | 30 – 40 normostrán |
| Diplomová práca | 50 – 70 normostrán |
| Dizertačná práca | 80 – 120 normostrán |
""",
    "pages/topics/synteza/README.md": """---
title: Syntéza reči
---

# Syntéza reči

Kontakt: prof. Ladislav Fabián

## Študenti

- [Jana Bartošová](../../students/2014/jb11) (BP 2017)
- [Marián Dzurenko](../../students/2012/md89) (BP 2015)
""",
    "pages/students/2014/jb11/README.md": """---
title: Jana Bartošová
taxonomy:
    tag: [syntéza reči]
---

# Jana Bartošová

## Bakalárska práca 2017

Názov práce: Syntéza slovenskej reči pomocou modelu VITS

Vedúci: prof. Ladislav Fabián
""",
    "pages/students/2012/md89/README.md": """---
title: Marián Dzurenko
taxonomy:
    tag: [syntéza reči]
---

# Marián Dzurenko

## Bakalárska práca 2015

Názov práce: Syntéza slovenskej reči pomocou modelu XTTS

Vedúca: Ing. Andrea Sýkorová, PhD.

Konzultant: Ladislav Fabián
""",
    "pages/students/2014/pn7/README.md": """# Peter Novák

## Bakalárska práca 2017

Názov práce: Rozpoznávanie reči v hlučnom prostredí

Vedúci: Ladislav Fabián
""",
    "pages/projects/parkovanie/README.md": """---
title: 'Tímový projekt: Inteligentné parkovanie v kampuse'
---

# Inteligentné parkovanie v kampuse

Vedúci tímu: Peter Ondrejka

## Členovia tímu

- Matej Kováč – detekcia vozidiel
- Kristína Horváthová – mobilná aplikácia
""",
    "pages/students/2021/kh5/README.md": """# Kristína Horváthová

## Diplomová práca 2024

Názov práce: Predikcia obsadenosti parkoviska

Vedúci: Michal Vaško
""",
    "pages/students/2022/mk82/README.md": """# Matej Kováč

## Bakalárska práca 2025

Názov práce: Uchopovanie predmetov robotickým ramenom

Vedúci: Peter Ondrejka
""",
    "pages/students/2015/tl4/README.md": """# Tomáš Lukáč

## Bakalárska práca 2018

Názov práce: Klasifikácia sentimentu pomocou modelu mBERT

Vedúca: Zuzana Hrubá
""",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "guides-k", PAGES)


def _ask(ws, question: str):
    return ws.answer(AnswerRequest(query=question))


@pytest.mark.parametrize(
    "question",
    [
        "aká je maximálna dĺžka úlohy v slurme na serveri?",
        "a da sa na serveri posielat dlhe ulohy cez slurm?",
    ],
)
def test_what_only_a_hidden_page_says_is_not_answered_by_other_lines(ws, question):
    resp = _ask(ws, question)
    assert resp.status == "no_answer", resp.answer
    assert "48 hodín" not in resp.answer
    assert "Dĺžka trénovania" not in resp.answer


def test_a_question_whose_words_the_wiki_says_is_answered(ws):
    resp = _ask(ws, "Koľko GPU kariet môže naraz používať jeden študent na serveri?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "najviac 2 GPU karty" in resp.answer


def test_a_rule_of_what_not_to_do_answers_can_i(ws):
    resp = _ask(ws, "Můžu v bakalářce citovat Wikipedii?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Wikipédiu ako zdroj necitujte" in resp.answer


def test_a_czech_preposition_is_no_unknown_name(ws):
    resp = _ask(ws, "Podle jaké normy se cituje?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "ISO 690" in resp.answer
    assert "Podle" not in (resp.interpreted_as or "")


def test_the_section_whose_heading_says_the_question_answers_with_its_list(ws):
    resp = _ask(ws, "Čo nepatrí do gitu?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "veľké dátové sady" in resp.answer and "heslá, tokeny" in resp.answer
    assert "Commitujte" not in resp.answer


def test_a_table_row_of_the_kind_asked(ws):
    resp = _ask(ws, "a aký rozsah má mať dizertačka?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "80 – 120 normostrán" in resp.answer
    assert "30 – 40" not in resp.answer and "50 – 70" not in resp.answer


def test_a_supervisor_left_out_still_asks_for_the_supervisors(ws):
    resp = _ask(ws, "Kdo kromě Fabiána vedl práce o syntéze řeči?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Andrea Sýkorová" in resp.answer
    # Theses he led are left out of the answer.
    assert "VITS" not in resp.answer


def test_listed_on_a_topic_asks_nothing_of_its_own(ws):
    resp = _ask(ws, "Kolik lidí je vypsáno u tématu syntéza řeči?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "vypsáno" not in (resp.interpreted_as or "")
    assert "Jana Bartošová" in resp.answer and "Marián Dzurenko" in resp.answer


def test_a_given_name_beside_a_surname_a_typo_away_is_nobody(ws):
    resp = _ask(ws, "kto viedol bakalarku Tomasovi Kovacikovi?")
    assert resp.status == "no_answer", resp.answer
    assert resp.mode == "not_found"
    assert "Peter Ondrejka" not in resp.answer


def test_what_the_topic_leader_led_after_asking_who_leads_the_topic(ws):
    first, reply = chat(ws, "kto vedie tému syntéza reči?", "koľko prác viedol v roku 2017?")
    assert "Ladislav Fabián" in first.text
    # His theses of that year, the one off the topic too; not the topic's theses.
    assert "Peter Novák" in reply.text and "Jana Bartošová" in reply.text, reply.text
    assert "Marián Dzurenko" not in reply.text


def test_the_solvers_of_a_team_project_named_by_words_of_its_title(ws):
    resp = _ask(ws, "Kto z riešiteľov parkovania v kampuse nemá na wiki uvedenú bakalárku?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Inteligentné parkovanie v kampuse" in (resp.interpreted_as or "")
    assert "Kristína Horváthová" in resp.answer
    assert "Matej Kováč —" not in resp.answer  # he has a bachelor thesis


@pytest.mark.parametrize(
    "question",
    ["Koho viedol alebo konzultoval Ladislav Fabián?",
     "Kto mal Fabiána ako vedúceho alebo konzultanta?"],
)  # fmt: skip
def test_one_person_in_either_role(ws, question):
    resp = _ask(ws, question)
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    for name in ("Jana Bartošová", "Peter Novák", "Marián Dzurenko"):
        assert name in resp.answer, (resp.interpreted_as, resp.answer)
    assert "alebo" in (resp.interpreted_as or "")


def test_who_is_someone_who_only_leads_and_what_he_consulted_next(ws):
    first, reply = chat(ws, "kto je Ladislav Fabián?", "pri ktorých prácach bol konzultantom?")
    # Whom he led or consulted: the wiki's answer to who he is.
    for name in ("Jana Bartošová", "Peter Novák", "Marián Dzurenko"):
        assert name in first.text, first.text
    # "bol konzultantom": he, the one in focus, acted as a consultant.
    assert "Marián Dzurenko" in reply.text, (reply.question, reply.text)
    assert "Jana Bartošová" not in reply.text


def test_acted_in_a_role_with_nobody_named_is_never_an_exact_count(ws):
    resp = _ask(ws, "pri ktorých prácach bol konzultantom?")
    assert "presne" not in resp.answer, (resp.interpreted_as, resp.answer)


def test_how_many_he_led_is_of_the_supervisor_just_named(ws):
    _first, reply = chat(
        ws, "kto viedol bakalárku Jany Bartošovej?", "a koľko prác na wiki viedol?"
    )
    assert "Ladislav Fabián" in (reply.question or ""), (reply.question, reply.text)
    assert "Peter Novák" in reply.text and "Jana Bartošová" in reply.text


def test_how_many_theses_the_wiki_has_counts_every_kind(ws):
    # Six theses on the pages above (five bachelor's, one master's); never an exact 0.
    resp = _ask(ws, "Koľko prác je na wiki?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Počet: 6 (presne" in resp.answer, resp.answer


def test_which_thesis_he_consulted_after_a_list_of_whom_he_consulted(ws):
    _first, reply = chat(
        ws, "Komu robil konzultanta Ladislav Fabián?", "a pri ktorej bakalárke konzultoval?"
    )
    assert "Syntéza slovenskej reči pomocou modelu XTTS" in reply.text, (reply.question, reply.text)
    assert "VITS" not in reply.text  # a thesis he led, not consulted


def test_how_many_he_led_after_a_question_aside(ws):
    # A question the text answers in between ("odkiaľ je?") leaves the leader named.
    *_, reply = chat(
        ws, "kto viedol bakalárku Jany Bartošovej?", "odkiaľ je?", "a koľko prác na wiki viedol?"
    )
    assert "Ladislav Fabián" in (reply.question or ""), (reply.question, reply.text)
    assert "Peter Novák" in reply.text
