"""Conversations about what a student's page says in prose, on a small real wiki:

- "na akých dátach to robil?" after a question about a student asks about that
  student: their own page answers (the words' best matches elsewhere do not),
  by a line that says the word in any form ("dátach" / "dáta");
- a turn about something else ("a ako sa prihlásim na server?") is asked of the
  whole wiki when the student's page does not say it;
- "akú tému mal?" asks the thesis's subject (its title) and its topic;
- "a tá druhá?" right after a reply to "which one?" is the other candidate;
- "tá prvá mala aj bakalárku?" – "a ten druhý?" asks the same of the second;
- "ktoré tímové projekty neviedla X?" counts projects, not their members, and a
  project page's members count even when their own pages do not name it;
- "Moja úloha: …" on a member's page is her role in the team, and who led her
  team project is what another member's page says when hers and no project
  page say it;
- "Kdo měl na starosti detekci vozidel" (Czech) names the role "detekcia vozidiel";
- a fact the student's consultation notes state (a table row's prose, a dated
  list item, an acronym such as "MOS") answers a follow-up about that student.
"""

from __future__ import annotations

import pytest

from tests.asking import chat
from tests.conftest import built_workspace
from zpagent.requests import AnswerRequest, GraphRequest


def _student(name: str, login: str, kind: str, year: int, title: str, leader: str, body: str,
             extra: str = "") -> str:  # fmt: skip
    return (
        f"---\ntitle: {name}\n---\n# {name} ({login})\n\n- Rok nástupu: {year - 3}\n\n"
        f"## {kind} ({year})\n\nNázov: {title}\n\nVedúci: Ing. {leader}, PhD.\n\n"
        f"Zadanie:\n\n{body}\n{extra}"
    )


PAGES = {
    "pages/students/2016/er1/README.md": _student(
        "Erik Rybár",
        "er1",
        "Diplomová práca",
        2019,
        "Odporúčanie kníh pre čitateľov",
        "Lucia Dobrovská",
        "1. Vypracujte prehľad prístupov k odporúčaniu.\n"
        "2. Pripravte dáta MovieLens a rozdeľte ich podľa času.\n",
    ),
    "pages/students/2017/bk1/README.md": _student(
        "Barbora Kopčáková",
        "bk1",
        "Bakalárska práca",
        2020,
        "Segmentácia srdcových komôr",
        "Viliam Greguš",
        "Pripravte dáta ACDC vrátane normalizácie intenzít.\n",
    ),
    "pages/students/2017/bk2/README.md": _student(
        "Barbora Kopčáková",
        "bk2",
        "Bakalárska práca",
        2020,
        "Spracovanie úradných formulárov",
        "Eva Pavlíková",
        "Pripravte dáta z naskenovaných tlačív.\n",
    ),
    "pages/students/2015/sd1/README.md": _student(
        "Soňa Ďurčeková",
        "sd1",
        "Diplomová práca",
        2019,
        "Odporúčací systém pre obchod",
        "Lucia Dobrovská",
        "Porovnajte modely.\n",
        extra="\n## Bakalárska práca (2017)\n\nNázov: Zabezpečenie IoT pomocou MQTT\n\n"
        "Vedúci: Ing. Juraj Kmeť, PhD.\n",
    ),
    "pages/students/2016/jp1/README.md": _student(
        "Jiří Pokorný",
        "jp1",
        "Diplomová práca",
        2020,
        "Sekvenčné odporúčanie produktov",
        "Lucia Dobrovská",
        "Navrhnite model.\n",
        extra="\n## Tímový projekt (2019)\n\nNázov: Parkovanie v kampuse\n\n"
        "Vedúci: Ing. Michal Vaško, PhD.\n",
    ),
    "pages/students/2016/lz1/README.md": _student(
        "Lucia Žiaková",
        "lz1",
        "Diplomová práca",
        2020,
        "Detekcia vozidiel",
        "Michal Vaško",
        "Navrhnite detektor.\n",
        extra="\n## Tímový projekt (2019)\n\nNázov: Parkovanie v kampuse\n\n"
        "Vedúci: Ing. Michal Vaško, PhD.\n",
    ),
    "pages/students/2016/gf1/README.md": _student(
        "Gábor Fekete",
        "gf1",
        "Diplomová práca",
        2020,
        "Výmena učebníc",
        "Lucia Dobrovská",
        "Navrhnite platformu.\n",
        extra="\n## Tímový projekt (2019)\n\nNázov: Platforma na výmenu učebníc\n\n"
        "Vedúci: Mgr. Lucia Dobrovská, PhD.\n",
    ),
    # Members on the project page only; their own pages do not name the project.
    "pages/projects/energia/README.md": (
        "# Monitorovanie spotreby energie\n\n- Rok: 2022\n- Vedúci: Ing. Michal Vaško PhD.\n\n"
        "## Riešitelia\n\n| Meno | Úloha v tíme |\n|---|---|\n"
        "| Erik Rybár | analýza dát |\n| Soňa Ďurčeková | vizualizácia |\n"
    ),
    "pages/projects/parkovanie/README.md": (
        "# Parkovanie v kampuse\n\n- Rok: 2019\n- Vedúci: Ing. Michal Vaško PhD.\n\n"
        "## Riešitelia\n\n- Jiří Pokorný\n- Lucia Žiaková\n"
    ),
    # A team project without a page: one member's page names the leader, the other
    # states her role.
    "pages/students/2019/kj1/README.md": (
        "# Katarína Jančová\n\n## Tímový projekt 2020\n\n**Projekt:** Evidencia dochádzky NFC"
        "\n\nMoja úloha: firmvér čítačky\n"
    ),
    "pages/students/2019/zs1/README.md": (
        "# Zoltán Szabó\n\n## Tímový projekt 2020\n\nNázov: Evidencia dochádzky NFC\n\n"
        "Vedúci: Mgr. Lucia Dobrovská, PhD.\n\nMoja úloha: detekcia vozidiel\n"
    ),
    # Notes outside the thesis sections: a table of consultations and dated notes.
    "pages/students/2020/lh1/README.md": _student(
        "Lena Hoffmannová",
        "lh1",
        "Bakalárska práca",
        2023,
        "Senzorová sieť v laboratóriu",
        "Juraj Kmeť",
        "Navrhnite a zostavte prototyp so zariadením ESP32.\n",
        extra="\n## Diplomová práca (2025)\n\nNázov: Digitálne dvojča laboratória\n\n"
        "Vedúci: Ing. Juraj Kmeť, PhD.\n\nZadanie:\n\nVytvorte model v prostredí Unity.\n"
        "\n## Konzultácie\n\n| Dátum | Stav | Úlohy |\n|---|---|---|\n"
        "| 8. 12. 2022 | Batéria vydržala 423 hodín, treba zapnúť hlboký spánok. | Graf. |\n"
        "\n### 7. 2. 2023\n\n- MOS v prvom teste 4,0, po úprave 4,2.\n"
        "- Model Gemma 2 beží lokálne cez Ollama.\n"
        "\n### Publikácie\n\n- HOFFMANNOVÁ, L.: Senzory. In: Proceedings of TSD, 2024.\n"
        "- HOFFMANNOVÁ, L.: Batérie. In: Proceedings of SAMI, 2025.\n",
    ),
    # "BLEU" is a keyword of the wiki (two pages' tags), and a value on one page.
    "pages/students/2014/rm1/README.md": (
        "---\ntitle: Réka Molnárová\ntaxonomy:\n  tag: [BLEU, strojový preklad]\n---\n\n"
        "# Réka Molnárová\n\n## Diplomová práca (2018)\n\nNázov: Preklad zákonov\n\n"
        "Vedúci: Ing. Marek Šimko, PhD.\n\n## Stretnutia\n\n"
        "- BLEU na testovacej množine 31,8, po doladení 33,6.\n"
    ),
    "pages/students/2015/vz1/README.md": (
        "---\ntitle: Vendelín Žiak\ntaxonomy:\n  tag: [BLEU, preklad]\n---\n\n"
        "# Vendelín Žiak\n\n## Bakalárska práca (2018)\n\nNázov: Preklad titulkov\n\n"
        "Vedúci: Ing. Marek Šimko, PhD.\n\nBLEU dosiahlo 22,4.\n"
    ),
    "pages/navody/server/README.md": (
        "# Výpočtový server\n\n## Prihlásenie\n\n"
        "Na server sa prihlásite cez SSH na porte 4422: `ssh -p 4422 login@gpu.example.edu`.\n"
    ),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "prose", PAGES)


def _cited(reply) -> set[str]:
    return {s.document_path for s in reply.sources}


def test_an_open_follow_up_asks_the_student_in_focus(ws):
    first, data = chat(ws, "Kto viedol diplomovku Erika Rybára?", "na akých dátach to robil?")
    assert "Lucia Dobrovská" in first.text
    assert data.status == "ok", data.text
    assert "MovieLens" in data.text
    assert data.details["follow_up"] == "focused"
    assert _cited(data) == {"pages/students/2016/er1/README.md"}


def test_an_open_follow_up_the_students_page_does_not_answer_asks_the_wiki(ws):
    *_, server = chat(ws, "Kto viedol diplomovku Erika Rybára?", "a ako sa prihlásim na server?")
    assert server.details["follow_up"] == "new"
    assert "pages/students/2016/er1/README.md" not in _cited(server)


def test_a_topic_asked_of_a_student_gives_the_thesis_subject(ws):
    *_, topic = chat(ws, "Kto viedol diplomovku Erika Rybára?", "a akú mal tému?")
    assert "Odporúčanie kníh pre čitateľov" in topic.text


def test_the_other_one_after_a_reply_to_which_one(ws):
    ask, pick, other = chat(
        ws, "Na akých dátach robila Barbora Kopčáková bakalárku?", "tá so segmentáciou",
        "a tá druhá?",
    )  # fmt: skip
    assert ask.status == "ambiguous"
    assert "ACDC" in pick.text
    assert "pages/students/2017/bk2/README.md" in _cited(other), other.text
    assert "ACDC" not in other.text


def test_the_second_one_gets_the_same_question_as_the_first(ws):
    *_, first, second = chat(
        ws, "Aké diplomovky mali Ďurčeková a Pokorný?", "tá prvá mala aj bakalárku?",
        "a ten druhý?",
    )  # fmt: skip
    assert "Zabezpečenie IoT pomocou MQTT" in first.text
    # Pokorný has no bachelor thesis on the wiki: not his master thesis instead.
    assert second.status == "no_answer", second.text
    assert "Sekvenčné odporúčanie" not in second.text


@pytest.mark.parametrize(
    ("question", "count"),
    [
        ("Ktoré tímové projekty viedol Vaško?", 2),
        ("Ktoré tímové projekty neviedla Dobrovská?", 2),
        ("Koľko tímových projektov je na wiki?", 4),
    ],
)
def test_team_projects_are_counted_as_projects(ws, question, count):
    resp = ws.graph(GraphRequest(query=question))
    assert resp.status == "ok", resp.reason
    assert resp.aggregation is not None and resp.aggregation.count == count


def test_a_role_on_the_members_page_and_the_leader_from_another_members_page(ws):
    role = ws.graph(GraphRequest(query="Akú úlohu mala Jančová v tíme?"))
    assert role.status == "ok", role.reason
    assert "firmvér čítačky" in role.answers
    led = ws.answer(AnswerRequest(
        query="Kto viedol tímový projekt, v ktorom Jančová robila firmvér čítačky?"))  # fmt: skip
    assert led.status == "ok", led.reason
    assert "Lucia Dobrovská" in led.answer
    assert "pages/students/2019/zs1/README.md" in {s.document_path for s in led.sources}


def test_a_role_named_in_czech(ws):
    resp = ws.graph(GraphRequest(query="Kdo měl v týmu na starosti detekci vozidel?"))
    assert resp.status == "ok", resp.reason
    assert {e.name for e in resp.entities if e.role == "member"} == {"Zoltán Szabó"}


def test_a_team_project_named_in_english_is_read_by_meaning(ws):
    resp = ws.graph(GraphRequest(query="Who was in the campus parking team project?"))
    assert resp.status == "ok", resp.reason
    assert {e.name for e in resp.entities if e.role == "member"} == {
        "Jiří Pokorný", "Lucia Žiaková"}  # fmt: skip
    # Read by meaning, not by its words: never stated as exact.
    assert resp.aggregation is not None and resp.aggregation.exact is False


@pytest.mark.parametrize(
    ("turn", "said"),
    [
        ("a ako dlho jej vydržala batéria?", "423 hodín"),
        ("and what MOS did she get?", "4,2"),
        ("aké zariadenie použila v bakalárke?", "ESP32"),
        ("kde publikovala?", "TSD"),  # the list under "Publikácie"
        ("aký model jej bežal cez Ollamu?", "Gemma 2"),  # a thing's name, no person's
    ],
)
def test_a_follow_up_is_answered_from_the_students_notes(ws, turn, said):
    first, reply = chat(ws, "Kto viedol bakalárku Leny Hoffmannovej?", turn)
    assert "Juraj Kmeť" in first.text
    assert reply.status == "ok", reply.text
    assert said in reply.text
    assert "Unity" not in reply.text  # never her other thesis's section
    assert _cited(reply) == {"pages/students/2020/lh1/README.md"}


def test_a_keyword_beside_a_pointer_is_a_word_of_her_page(ws):
    """ "a aké BLEU jej vyšlo?": "BLEU" is a keyword of two theses, but "jej" asks
    her page, not for the list of theses with that keyword."""
    first, reply = chat(ws, "Kto viedol diplomovku Réky Molnárovej?", "a aké BLEU jej vyšlo?")
    assert "Marek Šimko" in first.text
    assert "33,6" in reply.text and "22,4" not in reply.text
    assert _cited(reply) == {"pages/students/2014/rm1/README.md"}


@pytest.mark.parametrize(
    "turns",
    [
        ("Koľko publikácií má Lena Hoffmannová?",),
        ("Kto viedol bakalárku Leny Hoffmannovej?", "koľko má publikácií?"),
    ],
)
def test_how_many_of_a_list_on_her_page_counts_its_items(ws, turns):
    """A count of something the graph does not hold: the list under the heading that
    says it ("Publikácie"), its items counted, never a count of theses."""
    *_, reply = chat(ws, *turns)
    assert reply.status == "ok", reply.text
    assert "počet položiek: 2" in reply.text and "SAMI" in reply.text
    assert "presne, podľa grafu" not in reply.text


@pytest.mark.parametrize(
    "turns",
    [
        ("Akú úlohu mala v tíme Katarína Jančová?",),
        ("Čo robila Katarína Jančová v tíme?",),
        ("Kto viedol tímový projekt Kataríny Jančovej?", "what was her role in the team?"),
    ],
)
def test_a_team_role_comes_with_its_project(ws, turns):
    *_, reply = chat(ws, *turns)
    assert "firmvér čítačky" in reply.text, reply.text
    assert "Evidencia dochádzky NFC" in reply.text


def test_and_another_person_asks_the_same_words_of_their_page(ws):
    """ "Aké BLEU dosiahla Réka Molnárová?" – "a Vendelín Žiak?": the word her page had to
    say, now of his page; only the person changed."""
    first, second = chat(ws, "Aké BLEU dosiahla Réka Molnárová?", "a Vendelín Žiak?")
    assert "33,6" in first.text
    assert "22,4" in second.text and "33,6" not in second.text, second.text


def test_of_them_after_a_question_in_between_is_the_list_before_it(ws):
    """ "ktorí z nich …" after a question the text answered in between ("a ako sa
    prihlásim na server?") ranges over the list shown before it."""
    listed, _aside, among = chat(
        ws, "Koho viedla Lucia Dobrovská pri diplomovke?", "a ako sa prihlásim na server?",
        "ktorí z nich obhájili v roku 2020?",
    )  # fmt: skip
    assert "Jiří Pokorný" in listed.text and "Erik Rybár" in listed.text
    assert among.status == "ok", among.text
    assert "Jiří Pokorný" in among.text and "Gábor Fekete" in among.text
    assert "Erik Rybár" not in among.text  # of them, but defended in 2019


def test_at_whom_asks_the_supervisor_of_the_one_in_focus(ws):
    # "u koho" is at whose place she wrote it (her supervisor), not whom she led.
    first, reply = chat(ws, "o čom písal diplomovku Erik Rybár?", "a diplomovku mal u koho?")
    assert "Erik Rybár" in first.text
    assert "Lucia Dobrovská" in reply.text, (reply.question, reply.text)
    assert "vedúci: Erik Rybár" not in (reply.question or "")
