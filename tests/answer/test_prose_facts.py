"""Facts a student's page states only in prose, asked of that student without an LLM:

- a question that names the thesis kind is answered from that thesis's section,
  never from the same kind of sentence in another thesis's section on the page
  ("the tool of her master thesis" is not her bachelor thesis's tool);
- the same question about the other kind gets the other section's sentence;
- who led a thesis is its supervisor with that thesis's consultant;
- "Aké RMSE / aké dáta …" is answered by the line that states it, after the thesis
  it is about, never by the line of tags that only names the word.
"""

from __future__ import annotations

import pytest

from tests.conftest import built_workspace
from zpagent.requests import AnswerRequest

PAGE = "pages/students/2015/bb7/README.md"
PAGES = {
    PAGE: (
        "---\ntitle: Barbora Biela\n---\n\n# Barbora Biela\n\n"
        "## Diplomová práca – 2020\n\n**Názov**: Predikcia výroby fotovoltickej elektrárne\n\n"
        "Vedúci práce: Peter Ondrejka\n\nKonzultant: Ing. Ján Malý\n\n**Zadanie práce:**\n\n"
        "1. Analyzujte súčasný stav problematiky.\n"
        "2. Vytvorte model v prostredí MATLAB/Simulink.\n\n"
        "Kľúčové slová: RMSE, fotovoltika\n\n"
        "### Konzultácia 3. 3. 2020\n\n- RMSE predikcie je zatiaľ 4,2 kW.\n"
        "- Dáta pochádzajú zo striedača na streche fakulty.\n\n"
        "## Bakalárska práca, 2018\n\n**Názov**: Detekcia porúch na vedeniach\n\n"
        "Vedúci práce: Peter Ondrejka\n\nKonzultant: Ing. Eva Sivá\n\nCieľ práce:\n\n"
        "Vytvorte model predikcie porúch v prostredí PSCAD. Porovnajte presnosť modelu "
        "LSTM s jednoduchou referenčnou predikciou.\n"
    ),
    "pages/students/2016/cd1/README.md": (
        "# Cyril Dobrý\n\n## Bakalárska práca, 2019\n\n**Názov**: Meranie spotreby\n\n"
        "Vedúci práce: Peter Ondrejka\n\nVytvorte model spotreby v prostredí Modelica.\n"
    ),
}


# More topics than a page of graph results (ten): the wiki's topics are listed whole.
TOPICS = [f"Téma číslo {i:02d}" for i in range(1, 13)]
for i, name in enumerate(TOPICS, start=1):
    PAGES[f"pages/topics/t{i:02d}/README.md"] = (
        f"---\ntitle: {name}\ntaxonomy:\n    category: [temy]\n---\n\n# {name}\n\n"
        "## Záverečné práce\n\n- Cyril Dobrý (BP 2019)\n"
    )


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "prose", PAGES)


@pytest.mark.parametrize(
    ("question", "said", "not_said"),
    [
        (
            "What tool did Barbora Biela build her prediction model in for the master thesis?",
            "MATLAB/Simulink",
            "PSCAD",
        ),
        ("V akom prostredí robila Biela model predikcie v bakalárke?", "PSCAD", "MATLAB"),
    ],
)
def test_a_prose_fact_comes_from_the_asked_thesis_section(ws, question, said, not_said):
    resp = ws.answer(AnswerRequest(query=question))
    assert resp.status == "ok", resp.answer
    assert said in resp.answer and not_said not in resp.answer
    assert "Modelica" not in resp.answer  # another student's page is never quoted
    cited = {s.document_path for s in resp.sources if any(s.source_id in c.sources
                                                          for c in resp.claims)}  # fmt: skip
    assert cited == {PAGE}


@pytest.mark.parametrize(
    ("question", "consultant", "other"),
    [
        ("Kto viedol diplomovku Barbory Bielej?", "Ján Malý", "Eva Sivá"),
        ("Akú bakalárku má Barbora Biela?", "Eva Sivá", "Ján Malý"),
    ],
)
def test_who_led_a_thesis_names_its_consultant_too(ws, question, consultant, other):
    resp = ws.answer(AnswerRequest(query=question))
    assert resp.status == "ok", resp.answer
    assert "Peter Ondrejka" in resp.answer and consultant in resp.answer
    assert other not in resp.answer  # the other thesis's consultant is not this one's


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Aké RMSE dosiahla Barbora Biela v diplomovke?", "4,2 kW"),
        ("Aké dáta použila Barbora Biela v diplomovke?", "striedača na streche"),
    ],
)
def test_a_prose_fact_follows_its_thesis_and_is_no_tag_line(ws, question, said):
    resp = ws.answer(AnswerRequest(query=question))
    assert resp.status == "ok", resp.answer
    assert said in resp.answer
    assert "fotovoltika" not in resp.answer  # the tags name the word, they say nothing
    first = (
        resp.answer.split("\n")[0]
        if not resp.answer.startswith("_")
        else (resp.answer.split("\n")[1])
    )
    assert "Predikcia výroby fotovoltickej elektrárne" in first and "Peter Ondrejka" in first


@pytest.mark.parametrize(
    "question", ["Aké témy sú na hlavnej stránke wiki?", "Koľko tém je na wiki?"]
)
def test_the_wikis_topics_are_listed_whole(ws, question):
    resp = ws.answer(AnswerRequest(query=question))
    assert resp.status == "ok", resp.answer
    assert [t for t in TOPICS if t not in resp.answer] == []
    assert "obmedzené" not in resp.answer  # nothing cut
