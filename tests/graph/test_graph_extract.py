"""Extraction against the ground truth: the sample wiki and a synthetic one."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import asdict

import pytest

from tests.graph.conftest import REPO, SAMPLE_WIKI, payload_of
from zpagent.graph.build.extract import build_payload
from zpagent.graph.build.page import read_page
from zpagent.graph.model import GraphPayload, parse_evidence
from zpagent.ingest.chunker import Chunker
from zpagent.ingest.scan import scan_wiki
from zpagent.query.names import parse_person_names, strip_titles
from zpagent.synthetic import generate_wiki

TRUTH = json.loads((REPO / "examples" / "zpwiki-truth.json").read_text(encoding="utf-8"))


def nodes(payload: GraphPayload, label: str) -> dict[str, dict]:
    return {n.id: n.props for n in payload.nodes if n.label == label}


def rels(payload: GraphPayload, rel_type: str) -> list:
    return [r for r in payload.rels if r.type == rel_type]


def check_against_truth(payload: GraphPayload, truth: dict) -> list[str]:
    """Every person's subject, theses, works, start year, topics versus the truth."""
    problems: list[str] = []
    persons = nodes(payload, "Person")
    theses = nodes(payload, "Thesis")
    works = nodes(payload, "Work")
    authored = defaultdict(list)
    for r in rels(payload, "AUTHORED"):
        authored[r.src].append(theses[r.dst])
    has_work = defaultdict(list)
    for r in rels(payload, "HAS_WORK"):
        has_work[r.src].append(works[r.dst])
    consulted = defaultdict(list)
    for r in rels(payload, "CONSULTED"):
        consulted[r.dst].append(persons[r.src]["name"])
    on_topic = defaultdict(set)
    for r in rels(payload, "ON_TOPIC"):
        on_topic[r.dst].add(r.src)
    for p in truth["persons"]:
        got = persons.get(p["id"])
        if got is None:
            problems.append(f"{p['id']}: no Person node")
            continue
        if got["name"] != p["name"] or got["document_path"] != p["document_path"]:
            problems.append(f"{p['id']}: subject {got['name']}")
        if got["start_year"] != p["start_year"]:
            problems.append(f"{p['id']}: start {got['start_year']} != {p['start_year']}")
        if got["published"] != p["published"]:
            problems.append(f"{p['id']}: published")
        want = sorted(
            (
                t["kind"],
                t["title"] or "",
                t["year"] or 0,
                t["year_heading"] or 0,
                t["year_category"] or 0,
                t["supervisor"] or "",
            )
            for t in p["theses"]
        )
        have = sorted(
            (
                t["kind"],
                t["title"] or "",
                t["year"] or 0,
                t["year_heading"] or 0,
                t["year_category"] or 0,
                t["supervisor"] or "",
            )
            for t in authored[p["id"]]
        )
        if want != have:
            problems.append(f"{p['id']}: theses {have} != {want}")
        want_cons = sorted(t["consultant"] for t in p["theses"] if t["consultant"])
        have_cons = sorted(
            c for r in rels(payload, "AUTHORED") if r.src == p["id"] for c in consulted[r.dst]
        )
        if want_cons != have_cons:
            problems.append(f"{p['id']}: consultants {have_cons} != {want_cons}")
        want_w = sorted((w["kind"], w["title"] or "", w["year"] or 0) for w in p["works"])
        have_w = sorted((w["kind"], w["title"] or "", w["year"] or 0) for w in has_work[p["id"]])
        if want_w != have_w:
            problems.append(f"{p['id']}: works {have_w} != {want_w}")
    topic_ids = nodes(payload, "Topic")
    for t in truth["topics"]:
        tid = next(
            (k for k, v in topic_ids.items() if v["document_path"] == t["document_path"]), None
        )
        if tid is None or on_topic[tid] != set(t["students"]):
            problems.append(f"topic {t['slug']}: members differ")
    return problems


def test_sample_wiki_matches_its_truth(sample_payload):
    assert check_against_truth(sample_payload, TRUTH) == []


def test_synthetic_wiki_matches_its_truth(tmp_path):
    truth = generate_wiki(tmp_path / "wiki", 150, seed=5)
    assert check_against_truth(payload_of(tmp_path / "wiki"), truth) == []


def test_ids_are_stable_normalized_keys(sample_payload):
    persons = nodes(sample_payload, "Person")
    assert persons["lubomir-stastny"]["name"] == "Ľubomír Šťastný"
    assert persons["lubomir-stastny"]["key"] == "lubomir stastny"
    same = [pid for pid, p in persons.items() if p["name"] == "Martin Horváth"]
    assert sorted(same) == ["martin-horvath-mh123ab", "martin-horvath-mh456cd"]
    keywords = nodes(sample_payload, "Keyword")
    assert keywords["hlboke ucenie"]["name"] == "hlboké učenie"
    assert "nlp" in keywords  # "NLP" and "nlp" on different pages are one keyword


def test_every_thesis_fact_has_its_evidence_line(sample_payload):
    docs = {d.path: d for d in scan_wiki(SAMPLE_WIKI).documents}
    chunk_ids = {n.id for n in sample_payload.nodes if n.label == "Chunk"}
    for tid, t in nodes(sample_payload, "Thesis").items():
        evidence = parse_evidence(t["evidence"])
        assert evidence, tid
        lines = docs[t["document_path"]].body.split("\n")
        for ev in evidence:
            assert ev.document_path == t["document_path"]
            if ev.line is None:
                assert ev.text.startswith("category: ")
                continue
            assert ev.chunk_id in chunk_ids
            assert lines[ev.line - 1].strip() == ev.text
        if t["title"]:
            assert any(e.field == "title" and t["title"] in e.text for e in evidence), tid


def test_supervisor_names_lose_their_titles_but_the_line_keeps_them(sample_payload):
    persons = nodes(sample_payload, "Person")
    sup = [r for r in rels(sample_payload, "SUPERVISED") if r.src == "jan-stas"]
    assert sup and persons["jan-stas"]["name"] == "Ján Staš"
    assert persons["jan-stas"]["has_page"] is False
    assert any("doc. Ing. Ján Staš, PhD." in e.text for r in sup for e in r.evidence)


def test_the_page_author_is_not_the_subject(sample_payload):
    persons = nodes(sample_payload, "Person")
    wrote = {(r.src, r.dst) for r in rels(sample_payload, "AUTHORED_DOCUMENT")}
    page = "pages/students/2016/jh428ek/README.md"
    assert ("daniel-hladek", page) in wrote
    subject = [r.src for r in rels(sample_payload, "HAS_DOCUMENT") if r.dst == page]
    assert subject == ["jan-holp"] and persons["jan-holp"]["name"] == "Ján Holp"


def test_start_year_only_from_an_explicit_line(sample_payload):
    persons = nodes(sample_payload, "Person")
    assert persons["lucia-krajcirova"]["start_year"] is None  # folder 2015, no statement
    assert persons["samuel-toth"]["start_year"] == 2020  # folder 2021 says otherwise
    assert persons["michal-sedlak"]["start_year"] == 2016  # "2016/2017"


def test_year_conflicts_prefer_the_heading_and_are_recorded(sample_payload):
    conflicts = {c.subject: c for c in sample_payload.conflicts}
    sedlak = conflicts["pages/students/2016/ms550br/README.md#master"]
    assert sedlak.detail["heading_year"] == 2021 and sedlak.detail["category_years"] == [2022]
    assert sedlak.detail["chosen"] == 2021
    assert {e.field for e in sedlak.evidence} == {"year_heading", "year_category"}
    thesis = nodes(sample_payload, "Thesis")["pages/students/2016/ms550br/README.md#master"]
    assert thesis["year"] == 2021 and thesis["year_conflict"] is True


def test_extraction_is_deterministic(sample_payload):
    again = payload_of(SAMPLE_WIKI)
    dump = lambda p: json.dumps(  # noqa: E731
        [asdict(n) for n in p.nodes] + [asdict(r) for r in p.rels], sort_keys=True, default=str
    )
    assert dump(again) == dump(sample_payload)


def test_every_relationship_joins_existing_nodes(sample_payload):
    keys = {(n.label, n.id) for n in sample_payload.nodes}
    for r in sample_payload.rels:
        assert (r.src_label, r.src) in keys and (r.dst_label, r.dst) in keys, r.key()
    assert len({r.key() for r in sample_payload.rels}) == len(sample_payload.rels)


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("doc. Ing. Ján Staš, PhD.", ["Ján Staš"]),
        ("Ing. Daniel Hládek PhD", ["Daniel Hládek"]),
        ("prof. RNDr. Jozef Novák, DrSc. (FEI TUKE)", ["Jozef Novák"]),
        ("Ing. A. B. Kováč, Ph.D.", ["A. B. Kováč"]),
        ("Ing. Eva Malá, PhD., Mgr. Peter Veľký", ["Eva Malá", "Peter Veľký"]),
        ("[Ing. Lucia Ferencová, PhD.](https://example.edu/lf)", ["Lucia Ferencová"]),
        ("bude určený", []),
    ],
)
def test_person_names_from_supervisor_lines(line, names):
    assert parse_person_names(line) == names


def test_strip_titles():
    assert strip_titles("Bc. Ján Holp") == "Ján Holp"
    assert strip_titles("doc. Ing. Marek Bielik, ArtD.") == "Marek Bielik"


VARIANT_PAGE = """---
title: Bc. Eva Malá
taxonomy:
    category: [dp2022, bp2020]
    tag: [robotika]
    author: Peter Veľký
---
# Bc. Eva Malá

Rok začiatku štúdia: 2017/2018

## Bakalárska práca (2019)

**Názov bakalárskej práce:** „Navigácia robota v sklade“

_Vedúca_: Ing. Anna Veselá, Ph.D.

Konzultant: Ing. Peter Veľký

### Stretnutie 1. 2. 2019

Vedúci: Ing. Niekto Iný (spomenutý v zázname, nie vedúci)

## DP 2022: Riadenie roja dronov pomocou učenia posilňovaním

Školiteľka: Ing. Anna Veselá, PhD.

```markdown
## Dizertačná práca
Názov práce: Toto je len príklad v kóde
```

## Tímový projekt

Názov: Robotický futbal
"""


def test_variants_of_one_page():
    from zpagent.ingest.document import Document

    doc = Document(
        path="pages/students/2017/em001ab/README.md",
        title="Bc. Eva Malá",
        title_source="front_matter",
        published=True,
        authors=["Peter Veľký"],
        tags=["robotika"],
        categories=["dp2022", "bp2020"],
        metadata={},
        body=VARIANT_PAGE.split("---\n", 2)[2],
        source_url=None,
        content_hash="x",
        size_bytes=1,
    )
    page = read_page(doc)
    assert page.subject == "Eva Malá"
    assert page.start_year == 2017
    by_kind = {i.kind: i for i in page.items}
    assert set(by_kind) == {"bachelor", "master", "team_project"}
    bp = by_kind["bachelor"]
    assert bp.title == "Navigácia robota v sklade"
    assert bp.supervisors == ["Anna Veselá"] and bp.consultants == ["Peter Veľký"]
    assert bp.year_heading == 2019 and bp.year_category == 2020 and bp.year == 2019
    dp = by_kind["master"]
    assert dp.title == "Riadenie roja dronov pomocou učenia posilňovaním"
    assert dp.year == 2022 and dp.supervisors == ["Anna Veselá"]
    assert by_kind["team_project"].title == "Robotický futbal"
    chunks = Chunker().chunk(doc.path, doc.title, doc.body)
    payload = build_payload([doc], chunks)
    people = nodes(payload, "Person")
    assert people["eva-mala"]["start_year"] == 2017
    assert "peter-velky" in people  # the consultant, as a person
    assert not any(r.dst == "eva-mala" for r in rels(payload, "SAME_AS"))


def test_broken_pages_never_break_extraction(tmp_path):
    pages = {
        "pages/students/2020/a/README.md": "",
        "pages/students/2020/b/README.md": "---\ntitle: [broken\n---\n# \n## Bakalárska práca\n",
        "pages/students/2020/c/README.md": "# Ján Nikto\n\n## Diplomová práca\n\nNázov práce:\n",
        "pages/topics/x/README.md": "# Téma\n\n- [nikto](../../students/2099/zz)\n",
    }
    for rel, text in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    payload = payload_of(tmp_path)
    people = nodes(payload, "Person")
    assert list(people) == ["jan-nikto"]
    assert [t["title"] for t in nodes(payload, "Thesis").values()] == [None]
    assert not rels(payload, "ON_TOPIC")
