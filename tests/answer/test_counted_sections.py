"""How many meetings a thesis has logged: the headings of its meeting sections
("### Stretnutie 12. 3. 2021", or only the date), of the asked thesis, listed and
counted; a heading that is only a date is no publication."""

from __future__ import annotations

import pytest

from tests.conftest import built_workspace
from zpagent.requests import AnswerRequest

PAGES = {
    "pages/students/2019/ab101xy/README.md": """# Alena Bystrá

## Diplomová práca 2023

Názov práce: Rozpoznávanie reči v nemocnici

Vedúci: Ing. Daniel Hládek, PhD.

### Stretnutie 12. 3. 2022

Prešli sme zadanie.

### 18. 10. 2022

Prvé výsledky, WER 30 %.

### 4. 11. 2022

Doplniť kapitolu o dátach.

## Bakalárska práca 2021

Názov práce: Prepis prednášok

### 2. 2. 2021

Úvodné stretnutie.
""",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "sections", PAGES)


def test_the_meetings_of_the_asked_thesis_are_listed_and_counted(ws):
    answer = ws.answer(AnswerRequest(query="Koľko stretnutí má Alena Bystrá k diplomovke?"))
    assert "(počet položiek: 3)" in answer.answer
    assert "18. 10. 2022" in answer.answer and "Stretnutie 12. 3. 2022" in answer.answer
    assert "2. 2. 2021" not in answer.answer  # the bachelor thesis's meeting


def test_date_headings_are_no_other_things_counted(ws):
    answer = ws.answer(AnswerRequest(query="Koľko publikácií má Alena Bystrá?"))
    assert "počet položiek" not in answer.answer
