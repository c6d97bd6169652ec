"""Who leads a topic whose page names no leader: not found, never a line that only
names the topic or its students."""

from __future__ import annotations

from tests.conftest import make_workspace, write_pages
from zpagent.requests import AnswerRequest

PAGES = {
    "pages/topics/strojovy-preklad/README.md": """---
title: Strojový preklad
taxonomy:
    category: [temy]
    tag: [strojový preklad]
---
# Strojový preklad

Strojový preklad je automatický preklad textu z jedného jazyka do druhého.

- Mateo García – Neurónový strojový preklad pomocou modelu MarianMT (BP 2018)
""",
    "pages/topics/robotika/README.md": """---
title: Robotika
taxonomy:
    category: [temy]
---
# Robotika

Kontaktná osoba: Ing. Peter Ondrejka, PhD.

- Jana Malá – Navigácia robota (BP 2020)
""",
}


def test_a_topic_without_a_leader_line_has_no_leader(tmp_path):
    ws = make_workspace(tmp_path / "data")
    ws.index(write_pages(tmp_path / "wiki", PAGES))
    none = ws.answer(AnswerRequest(query="Kto je kontaktná osoba pre tému strojový preklad?"))
    assert none.status == "no_answer"
    assert "MarianMT" not in none.answer
    led = ws.answer(AnswerRequest(query="Kto je kontaktná osoba pre tému robotika?"))
    assert "Peter Ondrejka" in led.answer
