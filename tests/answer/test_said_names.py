"""A dataset, robot or toolkit named only in the prose of students' pages ("TurtleBot
4", "Common Voice", "CIC-IDS2017"): "who worked with it?" lists the students whose
own pages say it, each with the line that says it, never as an exact count."""

from __future__ import annotations

from tests.conftest import make_workspace, write_pages
from zpagent.requests import AnswerRequest

PAGES = {
    "pages/students/2019/ab101xy/README.md": """# Adam Bystrý

## Bakalárska práca 2021

Názov práce: Navigácia mobilného robota v sklade

Vedúci: Ing. Daniel Hládek, PhD.

Implementujte riešenie pre robota TurtleBot 4. Výsledky overte v simulácii.

Článok vyšiel v Journal of Electrical Engineering.
""",
    "pages/students/2019/cd102xy/README.md": """# Cyril Daňo

## Bakalárska práca 2022

Názov práce: Uchopovanie predmetov robotickým ramenom

Vedúci: Ing. Daniel Hládek, PhD.

Na testy použijeme robot TurtleBot 4 a dáta Common Voice nepotrebujeme.
""",
    "pages/students/2019/ef103xy/README.md": """# Erik Fiala

## Bakalárska práca 2022

Názov práce: Rozpoznávanie reči pre slovenčinu

Vedúci: Ing. Daniel Hládek, PhD.

Trénovanie na dátach Common Voice, F1 na CIC-IDS2017 sa nemeria. Robot TurtleBot 3 nie.
""",
    "pages/students/2019/gh104xy/README.md": """---
published: false
---
# Gabriel Hudec

## Bakalárska práca 2022

Názov práce: Skrytá práca

Vedúci: Ing. Daniel Hládek, PhD.

Robot TurtleBot 4 v laboratóriu.
""",
    "pages/navody/roboty/README.md": """# Roboty na katedre

Katedra má robota TurtleBot 4 a rameno UR5.
""",
}


def test_students_whose_pages_say_a_name_are_listed_with_their_lines(tmp_path):
    ws = make_workspace(tmp_path / "data")
    ws.index(write_pages(tmp_path / "wiki", PAGES))
    robot = ws.answer(AnswerRequest(query="Ktorí študenti robili s robotom TurtleBot 4?"))
    assert robot.status == "ok"
    assert "Adam Bystrý" in robot.answer and "Cyril Daňo" in robot.answer
    # "TurtleBot 3" is another robot; a hidden page and a guide are no students of it.
    assert "Erik Fiala" not in robot.answer and "Gabriel Hudec" not in robot.answer
    assert "Implementujte riešenie pre robota TurtleBot 4." in robot.answer
    assert "presne" not in robot.answer  # text says who mentions it, not who all used it
    # The noun after the name, as English writes it, is the one the wiki writes before.
    english = ws.answer(AnswerRequest(query="Which students worked with the TurtleBot 4 robot?"))
    assert english.status == "ok", english.interpreted_as
    assert "Adam Bystrý" in english.answer and "Erik Fiala" not in english.answer
    assert "nerozumiem" not in (english.interpreted_as or "")
    count = ws.answer(AnswerRequest(query="Koľko študentov pracovalo s datasetom CIC-IDS2017?"))
    assert "Erik Fiala" in count.answer and "presne" not in count.answer
    assert "2017" not in count.interpreted_as.replace("CIC-IDS2017", "")  # no year 2017
    czech = ws.answer(AnswerRequest(query="Kdo pracoval s daty Common Voice?"))
    assert "Erik Fiala" in czech.answer and "Cyril Daňo" in czech.answer
    assert "Adam Bystrý" not in czech.answer
    # A name with small words inside, and without it: the others.
    journal = ws.answer(
        AnswerRequest(query="Ktorí študenti nemajú publikáciu v Journal of Electrical Engineering?")
    )
    assert "Cyril Daňo" in journal.answer and "Erik Fiala" in journal.answer
    assert "Adam Bystrý" not in journal.answer


def test_a_name_no_student_page_says_is_not_read_as_one(tmp_path):
    ws = make_workspace(tmp_path / "data")
    ws.index(write_pages(tmp_path / "wiki", PAGES))
    # Only the guide says "UR5": no student worked with it as far as the wiki says.
    arm = ws.answer(AnswerRequest(query="Ktorí študenti robili s ramenom UR5?"))
    assert "spomína text stránky" not in (arm.interpreted_as or "")
    # A person's name is never such a name, though a page says it.
    who = ws.answer(AnswerRequest(query="Kto viedol prácu Karola Bystrého?"))
    assert who.reason == "unknown_person"
