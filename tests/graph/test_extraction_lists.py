"""What list pages and numbered works say, read into the graph: a topic page that
names someone without a page and someone whose page is hidden, a doctoral
student's list of the theses she consulted, the leader of a numbered diploma
project ("DP2"), a year written as an academic year, and a supervisor written
with an initial that fits a student only by surname."""

from __future__ import annotations

from tests.graph.conftest import payload_of_pages

HIDDEN = """---
title: Lucia Mišíková
published: false
---
# Lucia Mišíková

Súkromná poznámka: TAJOMSTVO-123

## Bakalárska práca 2023

Názov práce: Klonovanie hlasu

Vedúci práce: Ing. Pavol Horňák
"""

PHD = """---
title: Krisztina Szabóová
author: RNDr. Pavol Horňák, PhD.
---
# Krisztina Szabóová

## Dizertačná práca

Názov práce: Interpretovateľnosť pozornosti

Vedúci práce: RNDr. P. Horňák, PhD.

## Konzultované práce

- [Lucia Mišíková](../../2023/lm464) – BP 2023
- [Monika Lacková](../../2016/ml238) – BP 2019
"""

STUDENT = """---
title: Monika Lacková
---
# Monika Lacková

## Bakalárska práca

Názov práce: Syntéza reči

Vedúca: Ing. M. Kráľová

Akademický rok: 2018/2019

## DP1

Vedúca práce: Ing. Andrea Sýkorová

## DP2 2020

Cieľ: prototyp.
"""

OTHER = """---
title: Jakub Sopko
---
# Jakub Sopko

## Bakalárska práca 2021

Názov práce: Evidencia záverečných prác

Vedúca: Ing. M. Lacková (externá firma)
"""

TOPIC = """---
title: Spracovanie reči
---
# Spracovanie reči

## Študenti

- Lucia Mišíková (BP 2023)
- [Monika Lacková](../../students/2016/ml238)
- Radovan Sklenár (DP 2010)
"""


def _payload(tmp_path):
    return payload_of_pages(
        tmp_path / "wiki",
        {
            "pages/students/2023/lm464/README.md": HIDDEN,
            "pages/students/2019/ks1/README.md": PHD,
            "pages/students/2016/ml238/README.md": STUDENT,
            "pages/students/2021/js9/README.md": OTHER,
            "pages/topics/spracovanie-reci/README.md": TOPIC,
        },
    )


def _published(payload, label):
    return {
        n.id: n.props
        for n in payload.nodes
        if n.label == label and n.props.get("published", True) is not False
    }


def test_a_list_gives_a_person_without_a_page_the_thesis_it_states(tmp_path):
    payload = _payload(tmp_path)
    persons = _published(payload, "Person")
    on_topic = {r.src for r in payload.rels if r.type == "ON_TOPIC" and r.src in persons}
    assert on_topic == {"monika-lackova", "radovan-sklenar"}
    assert persons["radovan-sklenar"]["has_page"] is False
    theses = _published(payload, "Thesis")
    listed = [t for t in theses.values() if t["document_path"].startswith("pages/topics/")]
    assert [(t["kind"], t["year"], t["title"]) for t in listed] == [("master", 2010, None)]
    authored = {r.src for r in payload.rels if r.type == "AUTHORED" and r.dst in theses}
    assert "radovan-sklenar" in authored


def test_a_hidden_student_on_public_lists_stays_hidden_and_is_reported(tmp_path):
    payload = _payload(tmp_path)
    persons = _published(payload, "Person")
    assert not any("misikova" in pid for pid in persons)
    assert "TAJOMSTVO" not in repr(persons)
    hidden = {(p["document_path"], p["relation"]) for p in payload.problems
              if p["kind"] == "hidden_person_listed"}  # fmt: skip
    assert hidden == {
        ("pages/topics/spracovanie-reci/README.md", "on_topic"),
        ("pages/students/2019/ks1/README.md", "consultant"),
    }
    # Counts over those relations are lower bounds, never a short exact number.
    status = {c["relation"]: c["status"] for c in payload.coverage}
    assert status["topic"] == "partial" and status["consultant"] == "partial"


def test_a_consulted_list_links_the_theses_it_names(tmp_path):
    payload = _payload(tmp_path)
    theses = {n.id: n.props for n in payload.nodes if n.label == "Thesis"}
    consulted = {
        (theses[r.dst]["document_path"], theses[r.dst]["kind"])
        for r in payload.rels
        if r.type == "CONSULTED" and r.src == "krisztina-szaboova"
    }
    # Her list names Monika's bachelor thesis (on Monika's own page); the hidden
    # student's thesis is not linked.
    assert consulted == {("pages/students/2016/ml238/README.md", "bachelor")}
    (rel,) = [r for r in payload.rels if r.type == "CONSULTED" and r.src == "krisztina-szaboova"]
    assert [e.document_path for e in rel.evidence] == ["pages/students/2019/ks1/README.md"]


def test_an_initial_is_the_page_author_not_a_student_with_that_surname(tmp_path):
    payload = _payload(tmp_path)
    names = {n.id: n.props["name"] for n in payload.nodes if n.label == "Person"}
    supervised = {(names[r.src], r.dst.split("#")[0]) for r in payload.rels
                  if r.type == "SUPERVISED"}  # fmt: skip
    # "RNDr. P. Horňák" under a page signed by "RNDr. Pavol Horňák": that author.
    assert ("Pavol Horňák", "pages/students/2019/ks1/README.md") in supervised
    # "Ing. M. Lacková": a student named Monika Lacková exists, but nothing says
    # she leads theses, so the initial stays an initial.
    assert ("M. Lacková", "pages/students/2021/js9/README.md") in supervised
    assert not any(n == "Monika Lacková" for n, _ in supervised)


def test_numbered_diploma_projects_and_academic_years(tmp_path):
    payload = _payload(tmp_path)
    works = {n.id: n.props for n in payload.nodes if n.label == "Work"}
    path = "pages/students/2016/ml238/README.md"
    numbered = sorted(
        (w["number"], w["year"]) for w in works.values() if w["document_path"] == path
    )
    assert numbered == [(1, None), (2, 2020)]
    led = [(r.src, works[r.dst]["number"]) for r in payload.rels if r.type == "LED"]
    assert led == [("andrea-sykorova", 1)]
    theses = {n.props["document_path"]: n.props for n in payload.nodes if n.label == "Thesis"}
    assert theses[path]["year"] == 2019  # "Akademický rok: 2018/2019"
