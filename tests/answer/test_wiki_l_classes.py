"""From wiki L's failure list: a surname that is also a common word typed in
lowercase after "pod", "u" or a role word ("pod hrubou", "konzultanta krajca");
a team project named in part with its last word said short ("v labákoch"); a
topic named whole beats a role named by its first word in a team's context;
"na akom tímaku bol?" asks which team project; "a téma?" and "čím sa zaoberala"
ask the thesis and the topic; "v ňom" is no unread word; a reply picks one of
two namesakes by a word of her title; "tá druhá" still means the other one two
turns later; an ordinal over a team's members asks about that member's thesis,
not one inside the team's project; a tool typed in lowercase is a name when the
pages write it as one ("kaldi" for "Kaldi"), and "the CALLHOME dataset" is the
dataset the pages name."""

from __future__ import annotations

import pytest

from tests.asking import chat
from tests.conftest import built_workspace
from zpagent.requests import AnswerRequest

PAGES = {
    "pages/navody/abstrakt/README.md": """---
title: Jak napsat abstrakt
taxonomy:
    tag: [abstrakt]
---

# Jak napsat abstrakt

Abstrakt má mít 150 až 250 slov.

Klíčových slov uveďte tři až šest a oddělte je čárkou.
""",
    "pages/projects/energia/README.md": """---
title: 'Tímový projekt: Monitorovanie spotreby energie v laboratóriách'
---

# Monitorovanie spotreby energie v laboratóriách

Vedúci tímu: Juraj Kmeť

## Riešitelia

| Meno | Úloha |
|---|---|
| Matej Michalík | analýza dát |
| Filip Kollár | databáza |
""",
    "pages/topics/medicina/README.md": """---
title: Analýza medicínskych obrazov
---

# Analýza medicínskych obrazov

Garant: doc. Viliam Greguš

## Riešitelia

- [Simona Mišíková](../../students/2022/sm1) – Segmentácia pečene v CT snímkach
- [Ján Fedor](../../students/2017/jf2) – Klasifikácia röntgenových snímok
""",
    "pages/students/2022/sm1/README.md": """# Simona Mišíková

## Bakalárska práca 2024

Názov práce: Segmentácia pečene v CT snímkach

Vedúca: Ing. Zuzana Hrubá, PhD.

Konzultant: Ing. Ondrej Krajč
""",
    "pages/students/2017/jf2/README.md": """# Ján Fedor

## Bakalárska práca 2019

Názov práce: Klasifikácia röntgenových snímok

Vedúci: doc. Viliam Greguš
""",
    "pages/students/2021/mm3/README.md": """# Matej Michalík

## Diplomová práca 2023

Názov práce: Expresívna syntéza reči pre audioknihy

Vedúci: prof. Ladislav Fabián

Experimenty sme robili v toolkite Kaldi a na dátach CALLHOME.
""",
    "pages/students/2021/fk4/README.md": """# Filip Kollár

## Bakalárska práca 2021

Názov práce: Porovnanie lexikálneho a neurónového vyhľadávania

Vedúca: Zuzana Hrubá

Konzultant: Ondrej Krajč
""",
    "pages/students/2021/ik5/README.md": """# Igor Kollár

## Bakalárska práca 2021

Názov práce: Analýza rozloženia strán vedeckých článkov

Vedúci: Viliam Greguš
""",
    "pages/students/2015/lk6/README.md": """# Lucia Kopčáková

## Diplomová práca 2017

Názov práce: Rozpoznávanie spontánnej slovenskej reči

Vedúci: Ladislav Fabián

Rozpoznávač sme natrénovali v Kaldi. Kaldi je na serveri.
""",
    "pages/students/2020/lk7/README.md": """# Lucia Kopčáková

## Diplomová práca 2022

Názov práce: Problém studeného štartu v odporúčacích systémoch

Vedúca: Lucia Dobrovská
""",
    "pages/students/2019/ks8/README.md": """# Katarína Štefanková

## Bakalárska práca 2023

Názov práce: Detekcia phishingových e-mailov

Vedúci: Michal Vaško
""",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "classes-l", PAGES)


def _ask(ws, question: str):
    return ws.answer(AnswerRequest(query=question))


@pytest.mark.parametrize(
    "question", ["kto robil bakalarku pod hrubou?", "kto mal bakalarku u hrubej?"]
)
def test_a_lowercase_surname_that_is_a_word_after_pod_or_u(ws, question):
    resp = _ask(ws, question)
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Zuzana Hrubá" in (resp.interpreted_as or "")
    assert "Simona Mišíková" in resp.answer and "Filip Kollár" in resp.answer
    assert "Ján Fedor" not in resp.answer


def test_a_lowercase_surname_that_is_a_word_after_a_role_word(ws):
    resp = _ask(ws, "ktori studenti mali konzultanta krajca?")
    assert "Ondrej Krajč" in (resp.interpreted_as or ""), resp.interpreted_as
    assert "nerozumiem" not in (resp.interpreted_as or "")


def test_a_lowercase_common_word_elsewhere_is_no_name(ws):
    # "hrubou" far from any role word stays a word: nothing reads it as Hrubá.
    resp = _ask(ws, "ktore prace boli napisane hrubou ciarou?")
    assert "Zuzana Hrubá" not in (resp.interpreted_as or ""), resp.interpreted_as


def test_a_team_project_whose_last_word_is_said_short(ws):
    resp = _ask(ws, "kto bol v time monitorovanie spotreby energie v labakoch?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "nerozumiem" not in (resp.interpreted_as or "")
    assert "Matej Michalík" in resp.answer and "Filip Kollár" in resp.answer


def test_a_short_word_alone_names_no_project(ws):
    resp = _ask(ws, "kto bol v time v labakoch?")
    assert "Monitorovanie spotreby" not in (resp.interpreted_as or ""), resp.interpreted_as


def test_a_topic_named_whole_beats_a_role_named_by_its_first_word(ws):
    resp = _ask(
        ws, "Kdo z řešitelů na stránce Analýza medicínských obrazů neměl za vedoucího Greguše?"
    )
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Analýza medicínskych obrazov" in (resp.interpreted_as or "")
    assert "Simona Mišíková" in resp.answer
    assert "Ján Fedor —" not in resp.answer


def test_which_team_project_someone_was_in(ws):
    resp = _ask(ws, "na akom timaku bol Filip Kollár?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Monitorovanie spotreby energie v laboratóriách" in resp.answer


def test_which_team_project_after_picking_a_namesake(ws):
    *_, reply = chat(ws, "aku bakalarku mal kollar", "filip", "a bol v nejakom timaku?")
    assert "Monitorovanie spotreby energie v laboratóriách" in reply.text, reply.text


def test_the_topic_alone_after_a_fact(ws):
    _first, reply = chat(ws, "kto viedol diplomovku Mateja Michalíka?", "a téma?")
    assert "Expresívna syntéza reči pre audioknihy" in reply.text, reply.text


def test_what_someone_worked_on_is_her_thesis(ws):
    resp = _ask(ws, "Čím se zabývala Katarína Štefanková?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Detekcia phishingových e-mailov" in resp.answer


def test_in_it_counts_the_members_of_the_project_just_shown(ws):
    *_, reply = chat(ws, "viedol Juraj Kmeť nejaký tímový projekt?", "kolko ludi v nom bolo?")
    assert "nom" not in (reply.question or ""), reply.question
    assert "2" in reply.text and "Matej Michalík" in reply.text, reply.text


def test_a_reply_picks_a_namesake_by_a_word_of_her_title_and_then_the_other(ws):
    picked, led, other = chat(
        ws,
        "o com bola diplomovka kopcakovej",
        "tej co robila odporucacie systemy",
        "a kto jej to viedol?",
        "a ta druha kopcakova mala diplomovku u koho?",
    )[1:]
    assert "studeného štartu" in picked.text, picked.text
    assert "Lucia Dobrovská" in led.text, led.text
    assert "Ladislav Fabián" in other.text and "Dobrovská" not in other.text, other.text


def test_an_ordinal_over_a_team_asks_that_members_own_thesis(ws):
    _members, first = chat(
        ws,
        "Who was on the team for the lab energy consumption monitoring project?",
        "What was the first one's master thesis?",
    )
    assert "Expresívna syntéza reči pre audioknihy" in first.text, first.text


def test_a_tool_typed_in_lowercase_that_the_pages_write_as_a_name(ws):
    resp = _ask(ws, "kto vsetko pouzival kaldi?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Matej Michalík" in resp.answer and "Lucia Kopčáková" in resp.answer
    assert "Filip Kollár" not in resp.answer


def test_a_word_the_pages_write_in_lowercase_is_no_name(ws):
    resp = _ask(ws, "kto pouzival toolkite?")
    assert "spomína" not in (resp.interpreted_as or ""), resp.interpreted_as
    assert resp.mode != "deterministic"  # no list of who "said" it; at most a quote


def test_the_noun_after_a_name_the_pages_say_is_the_names(ws):
    resp = _ask(ws, "Who used the CALLHOME dataset in their thesis?")
    assert resp.status == "ok", (resp.interpreted_as, resp.answer)
    assert "Matej Michalík" in resp.answer
    assert "nerozumiem" not in (resp.interpreted_as or "")


def test_how_many_keywords_an_abstract_has_is_no_count_of_students(ws):
    resp = _ask(ws, "Kolik klíčových slov má mít abstrakt?")
    assert "presne" not in resp.answer, resp.answer
    assert "tři až šest" in resp.answer, (resp.interpreted_as, resp.answer)


def test_who_had_the_person_pointed_at_as_supervisor_among_the_topics_students(ws):
    first, reply = chat(
        ws,
        "kto je garant temy analyza medicinskych obrazov?",
        "ktori z tych studentov tam mali jeho ako veduceho?",
    )
    assert "Viliam Greguš" in first.text, first.text
    assert "Ján Fedor" in reply.text, reply.text
    assert "Simona Mišíková" not in reply.text  # Hrubá led her thesis
