"""Page layouts the sample wiki does not use, read into the same graph: labels in
table rows and dash pairs, a value on the next line, names glued to titles, a
start of study in a sentence, a team project's page with a member who has no
page, and two pages that disagree on a year (counts by year are then no longer
exact)."""

from __future__ import annotations

from tests.graph.conftest import payload_of_pages

STUDENT_A = """---
title: Eva Malá
---
# Eva Malá

| Údaj | Hodnota |
|---|---|
| Začiatok štúdia | 2019 |

## Bakalárska práca 2022

Názov práce:

Rozpoznávanie reči v hlučnom prostredí

Vedúca práce - Ing.Andrea Sýkorová,PhD.
"""

STUDENT_B = """---
title: Ján Veľký
---
# Ján Veľký

Študujem od roku 2018.

## Diplomová práca 2023

**Téma:** Strojový preklad pre málo zdrojové jazyky

**Vedúci:** doc. Ing. Andrea Sýkorová, PhD.
"""

TOPIC = """---
title: Spracovanie reči
---
# Spracovanie reči

- Eva Malá (BP 2021)
- Ján Veľký – Strojový preklad pre málo zdrojové jazyky (DP 2023)
"""

PROJECT = """---
title: 'Tímový projekt: Hlasový asistent'
---
# Tímový projekt – Hlasový asistent

- Vedúci tímu: Ing. Andrea Sýkorová, PhD.

| Meno | Úloha |
|---|---|
| Eva Malá | dáta |
| Marta Kowalska (Erasmus) | testovanie |
"""


def _payload(tmp_path):
    return payload_of_pages(
        tmp_path / "wiki",
        {
            "pages/students/2019/em1/README.md": STUDENT_A,
            "pages/students/2018/jv2/README.md": STUDENT_B,
            "pages/topics/spracovanie-reci/README.md": TOPIC,
            "pages/projects/hlasovy-asistent/README.md": PROJECT,
        },
    )


def _nodes(payload, label):
    return {n.id: n.props for n in payload.nodes if n.label == label}


def test_labels_in_any_layout_are_read(tmp_path):
    payload = _payload(tmp_path)
    persons = _nodes(payload, "Person")
    theses = {t["document_path"]: t for t in _nodes(payload, "Thesis").values()}
    a = theses["pages/students/2019/em1/README.md"]
    assert a["title"] == "Rozpoznávanie reči v hlučnom prostredí"  # value on the next line
    assert a["supervisor"] == "Andrea Sýkorová"  # a dash pair, a name glued to its titles
    assert persons["eva-mala"]["start_year"] == 2019  # a table row
    assert persons["jan-velky"]["start_year"] == 2018  # a sentence
    # One supervisor, however the pages write her.
    sups = {r.src for r in payload.rels if r.type == "SUPERVISED"}
    assert sups == {"andrea-sykorova"}


def test_a_project_page_lists_members_with_and_without_a_page(tmp_path):
    payload = _payload(tmp_path)
    members = {r.src for r in payload.rels if r.type == "MEMBER_OF"}
    assert members == {"eva-mala", "marta-kowalska"}
    assert _nodes(payload, "Person")["marta-kowalska"]["has_page"] is False
    projects = _nodes(payload, "Project")
    assert [p["title"] for p in projects.values()] == ["Hlasový asistent"]


def test_pages_that_disagree_on_a_year_make_year_counts_inexact(tmp_path):
    payload = _payload(tmp_path)
    year = next(c for c in payload.coverage if c["relation"] == "year")
    assert year["status"] == "partial"
    assert year["missing"] == ["pages/topics/spracovanie-reci/README.md"]
    # Each thesis keeps its own page's year; the list page only fills a missing one.
    theses = {t["document_path"]: t["year"] for t in _nodes(payload, "Thesis").values()}
    assert theses["pages/students/2019/em1/README.md"] == 2022


def test_who_led_a_team_project_is_its_own_relation(tmp_path):
    """The project page names its leader: an edge of its own (LED), never a thesis
    supervision, and the relation's coverage is measured like any other."""
    payload = _payload(tmp_path)
    led = [(r.src, r.dst) for r in payload.rels if r.type == "LED"]
    assert led == [("andrea-sykorova", "project-hlasovy-asistent")]
    supervised = {r.dst for r in payload.rels if r.type == "SUPERVISED"}
    assert all("#" in dst for dst in supervised)  # theses only
    coverage = next(c for c in payload.coverage if c["relation"] == "work_supervisor")
    assert coverage["status"] == "complete" and coverage["edges"] == 1
