"""More of issue 4: every relationship type with concrete instances, evidence on
every kind of fact, the fact and evidence limits, ``graph stats`` counters and
the rejected candidates of unknown keywords and titles.

Expected values come from ``examples/zpwiki-truth.json`` and the sample pages
themselves (read independently of the extractor), or from a small wiki written
here with known counts.
"""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from typer.testing import CliRunner

from tests.asking import read, read_store
from tests.conftest import built_workspace
from tests.graph.conftest import INDEX_VERSION, REPO, SAMPLE_WIKI
from zpagent.cli.main import app
from zpagent.graph.answers.search import graph_search, search_store
from zpagent.graph.contract import GraphResponse
from zpagent.graph.model import GraphPayload, parse_evidence
from zpagent.graph.schema import REL_ENDPOINTS, REL_TYPES
from zpagent.ingest.chunker import Chunker
from zpagent.ingest.scan import scan_wiki
from zpagent.ingest.text import fold, slug

TRUTH = json.loads((REPO / "examples" / "zpwiki-truth.json").read_text(encoding="utf-8"))
PERSONS = {p["id"]: p for p in TRUTH["persons"]}
HOLP = PERSONS["jan-holp"]
HOLP_PAGE = "pages/students/2016/jh428ek/README.md"
SEDLAK_PAGE = "pages/students/2016/ms550br/README.md"
MT_TOPIC_PAGE = "pages/topics/strojovy-preklad/README.md"


# --- independent readers of the sample wiki -------------------------------------------------


class Pages:
    """The sample pages and their chunks, read without the graph extractor."""

    def __init__(self) -> None:
        self.docs = {d.path: d for d in scan_wiki(SAMPLE_WIKI).documents}
        chunker = Chunker()
        self.chunks = {
            c.chunk_id: c
            for d in self.docs.values()
            for c in chunker.chunk(d.path, d.title, d.body)
        }

    def line(self, path: str, number: int) -> str:
        return self.docs[path].body.split("\n")[number - 1].strip()

    def number_of(self, path: str, text: str) -> int:
        """The 1-based body line that reads ``text`` (exactly one)."""
        found = [
            i for i, line in enumerate(self.docs[path].body.split("\n"), 1) if line.strip() == text
        ]
        assert len(found) == 1, (path, text, found)
        return found[0]

    def chunk_holding(self, path: str, text: str) -> str:
        """The chunk whose core span holds the line ``text`` of page ``path``."""
        body = self.docs[path].body
        offset = body.index(text)
        holding = [
            c.chunk_id
            for c in self.chunks.values()
            if c.document_path == path and c.char_start <= offset < c.char_end
        ]
        assert len(holding) == 1, (path, text, holding)
        return holding[0]

    def check_line(self, ev) -> None:
        """An evidence line is the page's line, held by the chunk it names."""
        assert ev.line is not None and ev.chunk_id, ev
        assert self.line(ev.document_path, ev.line) == ev.text, ev
        chunk = self.chunks[ev.chunk_id]
        assert chunk.document_path == ev.document_path, ev
        assert ev.text in self.docs[ev.document_path].body[chunk.char_start : chunk.char_end], ev


@pytest.fixture(scope="module")
def pages() -> Pages:
    return Pages()


def rel_set(payload: GraphPayload, rel_type: str) -> set[tuple[str, str]]:
    return {(r.src, r.dst) for r in payload.rels if r.type == rel_type}


def the_rel(payload: GraphPayload, rel_type: str, src: str, dst: str):
    found = [r for r in payload.rels if r.type == rel_type and r.src == src and r.dst == dst]
    assert len(found) == 1, (rel_type, src, dst)
    return found[0]


def node(payload: GraphPayload, label: str, id_: str) -> dict:
    found = [n.props for n in payload.nodes if n.label == label and n.id == id_]
    assert len(found) == 1, (label, id_)
    return found[0]


def ask(store, query: str, **kw) -> GraphResponse:
    typed = read_store(store, query, kw.get("include_unpublished", False))
    return search_store(store, typed, index_version=INDEX_VERSION, **kw)


# --- 1. every relationship type, with concrete instances -------------------------------------


def test_every_relationship_type_is_present_with_its_declared_endpoints(sample_payload):
    seen: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for r in sample_payload.rels:
        seen[r.type].add((r.src_label, r.dst_label))
    # The sample wiki names no leader of a team or diploma project
    # (tests/graph/test_extraction_lists.py reads them).
    not_in_sample = {"LED"}
    assert set(seen) == set(REL_TYPES) - not_in_sample
    for rel_type in set(REL_TYPES) - not_in_sample:
        # Every declared pair is used by the sample wiki, and no other pair.
        assert seen[rel_type] == set(REL_ENDPOINTS[rel_type]), rel_type


def test_evidenced_by_joins_theses_and_works_to_their_page(sample_payload):
    holp = {
        dst for src, dst in rel_set(sample_payload, "EVIDENCED_BY") if src.startswith(HOLP_PAGE)
    }
    assert holp == {HOLP_PAGE}
    items = {src for src, dst in rel_set(sample_payload, "EVIDENCED_BY") if dst == HOLP_PAGE}
    assert items == {f"{HOLP_PAGE}#master", f"{HOLP_PAGE}#bachelor", f"{HOLP_PAGE}#team_project"}
    # Every thesis and work of the truth is evidenced by its person's page.
    evidenced = defaultdict(set)
    for r in sample_payload.rels:
        if r.type == "EVIDENCED_BY":
            evidenced[r.dst].add(r.src_label)
    for p in TRUTH["persons"]:
        labels = evidenced[p["document_path"]]
        assert ("Thesis" in labels) == bool(p["theses"]), p["id"]
        assert ("Work" in labels) == bool(p["works"]), p["id"]


def test_in_category_follows_the_front_matter(sample_payload):
    cats = {dst for src, dst in rel_set(sample_payload, "IN_CATEGORY") if src == HOLP_PAGE}
    assert cats == set(HOLP["categories"]) == {"dp2021", "bp2019"}
    dp = node(sample_payload, "Category", "dp2021")
    assert (dp["thesis_kind"], dp["year"]) == ("master", 2021)
    bp = node(sample_payload, "Category", "bp2019")
    assert (bp["thesis_kind"], bp["year"]) == ("bachelor", 2019)
    ev = the_rel(sample_payload, "IN_CATEGORY", HOLP_PAGE, "dp2021").evidence
    assert [(e.document_path, e.text) for e in ev] == [(HOLP_PAGE, "category: dp2021")]
    for p in TRUTH["persons"]:
        got = {
            dst for src, dst in rel_set(sample_payload, "IN_CATEGORY") if src == p["document_path"]
        }
        assert got == {" ".join(fold(c).split()) for c in p["categories"]}, p["id"]


def test_describes_joins_each_topic_page_to_its_topic(sample_payload):
    want = {(t["document_path"], t["slug"]) for t in TRUTH["topics"]}
    assert rel_set(sample_payload, "DESCRIBES") == want
    topic = node(sample_payload, "Topic", "strojovy-preklad")
    assert topic["title"] == "Strojový preklad" and topic["document_path"] == MT_TOPIC_PAGE
    assert topic["keyword"] == "preklad"


def test_part_of_joins_every_chunk_to_its_own_document(sample_payload, pages):
    part_of = rel_set(sample_payload, "PART_OF")
    assert part_of == {(cid, c.document_path) for cid, c in pages.chunks.items()}
    title_chunk = pages.chunk_holding(
        HOLP_PAGE, "*Názov diplomovej práce*: Rozpoznávanie pomenovaných entít v slovenčine"
    )
    assert (title_chunk, HOLP_PAGE) in part_of
    assert [d for c, d in part_of if c == title_chunk] == [HOLP_PAGE]


def test_mentions_join_chunks_to_the_persons_and_topics_they_name(sample_payload, pages):
    mentions = rel_set(sample_payload, "MENTIONS")
    sup_chunk = pages.chunk_holding(HOLP_PAGE, "Vedúci práce: Ing. Daniel Hládek, PhD.")
    assert (sup_chunk, "daniel-hladek") in mentions
    bp_sup_chunk = pages.chunk_holding(HOLP_PAGE, "Vedúci: Marek Bielik")
    assert (bp_sup_chunk, "marek-bielik") in mentions
    subject_chunk = pages.chunk_holding(HOLP_PAGE, "# Ján Holp")
    assert (subject_chunk, "jan-holp") in mentions
    member = "- [Ján Holp](../../students/2016/jh428ek)"
    topic_chunk = pages.chunk_holding(MT_TOPIC_PAGE, member)
    assert (topic_chunk, "jan-holp") in mentions
    assert (topic_chunk, "strojovy-preklad") in mentions
    # A chunk that names nobody mentions nobody: the meeting log of the same page.
    log_chunk = pages.chunk_holding(HOLP_PAGE, "Stav: SlovakBERT: F1 0,84, CRF: 0,71.")
    assert log_chunk not in (sup_chunk, subject_chunk, bp_sup_chunk)
    assert not {dst for src, dst in mentions if src == log_chunk}


def test_evidence_for_joins_the_title_chunk_to_its_thesis(sample_payload, pages):
    evidence_for = rel_set(sample_payload, "EVIDENCE_FOR")
    master_chunk = pages.chunk_holding(
        HOLP_PAGE, "*Názov diplomovej práce*: Rozpoznávanie pomenovaných entít v slovenčine"
    )
    assert (master_chunk, f"{HOLP_PAGE}#master") in evidence_for
    bachelor_chunk = pages.chunk_holding(
        HOLP_PAGE, "Názov práce: Strojový preklad pomocou neurónových sietí"
    )
    assert (bachelor_chunk, f"{HOLP_PAGE}#bachelor") in evidence_for
    work_chunk = pages.chunk_holding(HOLP_PAGE, "Projekt: Chatbot pre študijné oddelenie")
    assert (work_chunk, f"{HOLP_PAGE}#team_project") in evidence_for
    start_chunk = pages.chunk_holding(HOLP_PAGE, "- Rok začiatku štúdia: 2016")
    assert (start_chunk, "jan-holp") in evidence_for
    # The chunks of the page stand for exactly these facts, nothing else.
    holp_chunks = {c for c, d in rel_set(sample_payload, "PART_OF") if d == HOLP_PAGE}
    assert {d for c, d in evidence_for if c in holp_chunks} == {
        f"{HOLP_PAGE}#master",
        f"{HOLP_PAGE}#bachelor",
        f"{HOLP_PAGE}#team_project",
        "jan-holp",
    }


def test_consulted_joins_each_consultant_of_the_truth(sample_payload):
    by_name = {n.props["name"]: n.id for n in sample_payload.nodes if n.label == "Person"}
    want = set()
    for p in TRUTH["persons"]:
        for t in p["theses"]:
            if t["consultant"]:
                want.add((by_name[t["consultant"]], f"{p['document_path']}#{t['kind']}"))
    assert len(want) == 9
    assert rel_set(sample_payload, "CONSULTED") == want
    # A consultant who is also a student of the wiki is that very person.
    rel = the_rel(sample_payload, "CONSULTED", "lubomir-stastny", f"{SEDLAK_PAGE}#master")
    assert [e.text for e in rel.evidence] == ["Konzultant: Ing. Ľubomír Šťastný, PhD."]
    assert node(sample_payload, "Person", "lubomir-stastny")["has_page"] is True


def test_has_work_follows_the_truth(sample_payload):
    rel = the_rel(sample_payload, "HAS_WORK", "jan-holp", f"{HOLP_PAGE}#team_project")
    assert [e.text for e in rel.evidence] == ["Projekt: Chatbot pre študijné oddelenie"]
    work = node(sample_payload, "Work", f"{HOLP_PAGE}#team_project")
    assert (work["kind"], work["title"], work["year"]) == (
        "team_project",
        "Chatbot pre študijné oddelenie",
        2020,
    )
    has_work = rel_set(sample_payload, "HAS_WORK")
    assert len(has_work) == sum(len(p["works"]) for p in TRUTH["persons"]) == 16
    assert {src for src, _ in has_work} == {p["id"] for p in TRUTH["persons"] if p["works"]}


def test_same_as_joins_each_page_author_to_the_person_of_that_name(sample_payload):
    names = {p["name"]: p["id"] for p in TRUTH["persons"]}
    names.update({s["name"]: slug(s["name"]) for s in TRUTH["supervisors"]})
    authors = {a for p in TRUTH["persons"] for a in p["page_authors"]}
    want = {(slug(a), names[a]) for a in authors}
    assert rel_set(sample_payload, "SAME_AS") == want
    # A student who also writes pages, and a supervisor without a page of their own.
    assert ("zuzana-horvathova", "zuzana-horvathova") in want
    assert node(sample_payload, "Person", "daniel-hladek")["has_page"] is False
    rel = the_rel(sample_payload, "SAME_AS", "daniel-hladek", "daniel-hladek")
    assert rel.evidence and rel.evidence[0].text == "author: Daniel Hládek"


def test_on_topic_joins_the_listed_students(sample_payload, pages):
    on_topic = rel_set(sample_payload, "ON_TOPIC")
    want = {(s, t["slug"]) for t in TRUTH["topics"] for s in t["students"]}
    assert on_topic == want
    assert {t for p, t in on_topic if p == "jan-holp"} == set(HOLP["topics"])
    rel = the_rel(sample_payload, "ON_TOPIC", "jan-holp", "strojovy-preklad")
    (ev,) = rel.evidence
    assert ev.document_path == MT_TOPIC_PAGE and ev.field == "topic_member"
    assert ev.text.startswith("- [Ján Holp](../../students/2016/jh428ek)")
    pages.check_line(ev)


# --- 2. evidence on works, start years, keywords and topics ----------------------------------


def test_every_work_node_has_its_evidence_lines(sample_payload, pages):
    works = [n for n in sample_payload.nodes if n.label == "Work"]
    assert len(works) == 16
    for w in works:
        evidence = parse_evidence(w.props["evidence"])
        assert evidence, w.id
        for ev in evidence:
            assert ev.document_path == w.props["document_path"] == w.id.split("#")[0]
            pages.check_line(ev)
        if w.props["title"]:
            assert any(e.field == "title" and w.props["title"] in e.text for e in evidence), w.id
        if w.props["year"]:
            assert any(str(w.props["year"]) in e.text for e in evidence), w.id
    holp = parse_evidence(node(sample_payload, "Work", f"{HOLP_PAGE}#team_project")["evidence"])
    assert [(e.field, e.line, e.text) for e in holp] == [
        (
            "year_heading",
            pages.number_of(HOLP_PAGE, "## Tímový projekt 2020"),
            "## Tímový projekt 2020",
        ),
        (
            "title",
            pages.number_of(HOLP_PAGE, "Projekt: Chatbot pre študijné oddelenie"),
            "Projekt: Chatbot pre študijné oddelenie",
        ),
    ]


def test_start_years_have_their_statement_as_evidence(sample_payload, pages):
    for n in sample_payload.nodes:
        if n.label != "Person" or not n.props.get("has_page"):
            continue
        evidence = parse_evidence(n.props["evidence"])
        truth = PERSONS[n.id]["start_year"]
        if truth is None:
            assert evidence == [], n.id  # no statement, no evidence (and no year)
            continue
        (ev,) = evidence
        assert ev.field == "start_year" and ev.document_path == PERSONS[n.id]["document_path"]
        assert str(truth) in ev.text, n.id
        pages.check_line(ev)
    sedlak = parse_evidence(node(sample_payload, "Person", "michal-sedlak")["evidence"])
    assert [(e.line, e.text) for e in sedlak] == [
        (
            pages.number_of(SEDLAK_PAGE, "- Rok začiatku štúdia: 2016/2017"),
            "- Rok začiatku štúdia: 2016/2017",
        )
    ]
    assert sedlak[0].chunk_id == pages.chunk_holding(
        SEDLAK_PAGE, "- Rok začiatku štúdia: 2016/2017"
    )


def test_keyword_and_topic_memberships_keep_their_evidence(sample_payload, pages):
    keywords = defaultdict(set)
    for r in sample_payload.rels:
        if r.type == "HAS_KEYWORD":
            (ev,) = r.evidence
            assert ev.document_path == r.src and ev.field == "keyword"
            assert ev.text.startswith("tag: ") and " ".join(fold(ev.text[5:]).split()) == r.dst
            keywords[r.src].add(ev.text[5:])
    for p in TRUTH["persons"]:
        assert keywords[p["document_path"]] == set(p["keywords"]), p["id"]
    for r in sample_payload.rels:
        if r.type != "ON_TOPIC":
            continue
        assert r.evidence, r.key()
        topic_page = node(sample_payload, "Topic", r.dst)["document_path"]
        person_page = PERSONS[r.src]["document_path"]
        for ev in r.evidence:
            pages.check_line(ev)
            if ev.field == "topic_member":  # the topic page lists the student
                assert ev.document_path == topic_page
                login = person_page.split("/")[-2]
                assert f"/{login})" in ev.text or f"/{login}/" in ev.text, ev
            else:  # the student's page links the topic
                assert ev.field == "topic_link" and ev.document_path == person_page, ev


def test_answers_cite_the_evidence_of_works_start_years_keywords_and_topics(sample_store, pages):
    works = ask(sample_store, "Aké tímové projekty má Ján Holp?")
    assert works.answers == ["Chatbot pre študijné oddelenie"]
    (fact,) = [f for f in works.facts if f.predicate == "work"]
    assert fact.documents == [HOLP_PAGE]
    assert [e.text for e in fact.evidence] == [
        "## Tímový projekt 2020",
        "Projekt: Chatbot pre študijné oddelenie",
    ]
    for ev in fact.evidence:
        pages.check_line(ev)
        assert ev.source_id == fact.source_ids[0]

    start = ask(sample_store, "Kedy začal študovať Michal Sedlák?")
    assert start.answers == ["2016"]
    (fact,) = start.facts
    assert fact.predicate == "start_year" and fact.value == 2016
    assert [(e.field, e.text) for e in fact.evidence] == [
        ("start_year", "- Rok začiatku štúdia: 2016/2017")
    ]
    pages.check_line(fact.evidence[0])

    kw = ask(sample_store, "Ktorí študenti majú kľúčové slovo preklad?")
    want = sorted(
        PERSONS[p]["name"]
        for p in PERSONS
        if "preklad" in PERSONS[p]["keywords"] and PERSONS[p]["published"]
    )
    assert sorted(kw.answers) == want and kw.aggregation.count == len(want) == len(kw.facts) == 4
    for fact in kw.facts:
        assert fact.predicate == "has_keyword"
        page = PERSONS[fact.subject.id]["document_path"]
        assert fact.documents == [page]
        assert [(e.document_path, e.text, e.line) for e in fact.evidence] == [
            (page, "tag: preklad", None)
        ]

    topic = ask(sample_store, "Ktorí študenti patria do témy Strojový preklad?")
    members = next(t for t in TRUTH["topics"] if t["slug"] == "strojovy-preklad")["students"]
    assert sorted(topic.answers) == sorted(PERSONS[s]["name"] for s in members)
    assert len(topic.facts) == len(members) == 4
    for fact in topic.facts:
        assert fact.predicate == "member_of_topic" and fact.documents == [MT_TOPIC_PAGE]
        (ev,) = fact.evidence
        pages.check_line(ev)
        assert PERSONS[fact.subject.id]["login"] in ev.text


# --- 3. fact_limit and evidence_limit --------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "full"),
    [
        ("Aké témy má Ján Holp?", ["Spracovanie prirodzeného jazyka", "Strojový preklad"]),
        ("Aké kľúčové slová má Ján Holp?", ["nlp", "preklad", "transformer"]),
        (
            "Aké diplomové projekty má Michal Sedlák?",
            [
                "Porovnanie metód detekcie kľúčových slov",
                "Nasadenie detektora kľúčových slov na Raspberry Pi",
            ],
        ),
        (
            "Aký je názov práce Jána Holpa?",
            [
                "Strojový preklad pomocou neurónových sietí",
                "Rozpoznávanie pomenovaných entít v slovenčine",
            ],
        ),
    ],
)
def test_fact_limit_truncates_a_persons_facts(sample_store, query, full):
    small = ask(sample_store, query, limit=1)
    assert small.status == "ok"
    assert small.truncated is True and small.complete is False
    assert small.truncation_reasons == ["fact_limit"]
    assert len(small.answers) == 1 and small.answers[0] in full
    whole = ask(sample_store, query)
    assert whole.status == "ok" and sorted(whole.answers) == sorted(full)
    assert whole.truncated is False and whole.complete is True
    assert whole.truncation_reasons == []


def test_evidence_limit_truncates_the_evidence_lines_of_a_fact(sample_store):
    query = "V ktorom roku obhájil Ján Holp diplomovú prácu?"
    small = ask(sample_store, query, evidence_limit=1)
    assert small.answers == ["2021"]
    assert small.truncated is True and small.complete is False
    assert small.truncation_reasons == ["evidence_limit"]
    year = next(f for f in small.facts if f.predicate == "year")
    assert [e.field for e in year.evidence] == ["year_heading"]
    whole = ask(sample_store, query)
    assert whole.truncated is False and whole.complete is True
    year = next(f for f in whole.facts if f.predicate == "year")
    assert [(e.field, e.text) for e in year.evidence] == [
        ("year_heading", "## Diplomová práca 2021"),
        ("year_category", "category: dp2021"),
    ]


def test_graph_search_over_a_generation_reports_the_fact_limit(tiny_workspace):
    question = "Aký je názov práce Jána Holpa?"
    with tiny_workspace.open_current() as gen:
        query = read(gen, question)
        small = graph_search(gen, query, settings=tiny_workspace.settings, limit=1)
        whole = graph_search(gen, query, settings=tiny_workspace.settings)
        version = gen.index_version
    assert small.truncated is True and small.complete is False
    assert small.truncation_reasons == ["fact_limit"] and len(small.answers) == 1
    assert whole.truncated is False and whole.complete is True
    assert sorted(whole.answers) == [
        "Rozpoznávanie pomenovaných entít v slovenčine",
        "Strojový preklad pomocou neurónových sietí",
    ]
    assert small.index_version == whole.index_version == version


# --- 4. graph stats --------------------------------------------------------------------------

STATS_PAGES = {
    # A. Everything: thesis with title, supervisor and year; a start year; a work.
    "pages/students/2018/aa001xy/README.md": """---
title: Alena Adamová
taxonomy:
    category: [bp2021]
---
# Alena Adamová

- Rok začiatku štúdia: 2018

## Bakalárska práca 2021

Názov práce: Detekcia jazyka krátkych textov

Vedúci: Ing. Daniel Hládek, PhD.

## Tímový projekt 2020

Projekt: Rozvrhový robot
""",
    # B. A titled thesis with a supervisor but without any year.
    "pages/students/2019/bb002xy/README.md": """# Boris Bednár

## Diplomová práca

Názov práce: Sumarizácia súdnych rozhodnutí

Vedúci: Ing. Daniel Hládek, PhD.
""",
    # F. A year and a supervisor, no title yet.
    "pages/students/2019/ff006xy/README.md": """# Filip Fedor

## Bakalárska práca 2022

Vedúci: Ing. Renáta Kolárová, PhD.
""",
    # G. A thesis heading and nothing else: no title, supervisor or year.
    "pages/students/2020/gg007xy/README.md": """# Gabriela Gálová

## Diplomová práca

Zadanie bude doplnené.
""",
    # C. No thesis at all, but an explicit start year.
    "pages/students/2019/cc003xy/README.md": """# Cyril Čierny

- Rok začiatku štúdia: 2019

Stránka bude doplnená.
""",
    # D. A thesis without a title: a supervisor, and the year only from the category.
    "pages/students/2020/dd004xy/README.md": """---
title: Dana Dudová
taxonomy:
    category: [bp2023]
---
# Dana Dudová

## Bakalárska práca

Vedúci: doc. Ing. Ján Staš, PhD.
""",
    # E. Unpublished (still counted), and the heading year disagrees with the category code.
    "pages/students/2017/ee005xy/README.md": """---
title: Emil Eliáš
published: false
taxonomy:
    category: [dp2022]
---
# Emil Eliáš

## Diplomová práca 2021

Názov práce: Rozpoznávanie reči v hluku

Vedúci: doc. Ing. Ján Staš, PhD.
""",
    "pages/topics/reč/README.md": """---
title: Reč
---
# Reč

- [Emil Eliáš](../../students/2017/ee005xy)
""",
    "pages/guides/git/README.md": "# Git\n\nCommitujte často.\n",
}


@pytest.fixture(scope="module")
def stats_workspace(tmp_path_factory):
    return built_workspace(tmp_path_factory, "stats", STATS_PAGES)


def test_graph_stats_counts_what_the_pages_state(stats_workspace):
    res = CliRunner().invoke(
        app, ["graph", "stats", "--data", str(stats_workspace.data.root), "--json"], env={}
    )
    assert res.exit_code == 0, res.output
    stats = json.loads(res.stdout)
    # Every counter differs from the others, so no two can be swapped unnoticed.
    assert stats["person_pages"] == {
        "total": 7,
        "with_title": 3,  # A, B, E
        "without_title": 4,  # C, D, F, G
        "with_supervisor": 5,  # A, B, D, E, F
        "without_supervisor": 2,  # C, G
        "with_year": 4,  # A, D (category), E, F
        "without_year": 3,  # B, C, G
        "with_start_year": 2,  # A, C
        "without_start_year": 5,
        "without_thesis": 1,  # C
    }
    assert stats["theses"] == {
        "total": 6,
        "with_title": 3,
        "with_supervisor": 5,
        "with_year": 4,
        "year_conflicts": 1,
    }
    assert stats["works"] == 1
    assert stats["documents"] == {"page": 1, "person": 7, "topic": 1}
    assert sorted(stats["pages_without_title"]) == [
        "pages/students/2019/cc003xy/README.md",
        "pages/students/2019/ff006xy/README.md",
        "pages/students/2020/dd004xy/README.md",
        "pages/students/2020/gg007xy/README.md",
    ]
    assert sorted(stats["pages_without_supervisor"]) == [
        "pages/students/2019/cc003xy/README.md",
        "pages/students/2020/gg007xy/README.md",
    ]
    (conflict,) = stats["conflicts"]
    assert conflict["document_path"] == "pages/students/2017/ee005xy/README.md"
    assert (conflict["heading_year"], conflict["category_years"]) == (2021, [2022])
    assert stats["relationships"]["HAS_WORK"] == 1 and stats["relationships"]["ON_TOPIC"] == 1
    assert stats["nodes"]["Thesis"] == 6 and stats["nodes"]["Work"] == 1
    assert stats["store_matches_payload"] is True


def test_the_page_reports_behind_the_stats_match_the_truth(sample_payload):
    """The counters ``graph stats`` sums, per page, versus the truth file."""
    reports = {r.document_path: r for r in sample_payload.pages if r.kind == "person"}
    assert set(reports) == {p["document_path"] for p in TRUTH["persons"]}
    for p in TRUTH["persons"]:
        r = reports[p["document_path"]]
        theses = p["theses"]
        assert r.theses == len(theses), p["id"]
        assert r.theses_with_title == sum(1 for t in theses if t["title"]), p["id"]
        assert r.theses_with_supervisor == sum(1 for t in theses if t["supervisor"]), p["id"]
        assert r.theses_with_year == sum(1 for t in theses if t["year"]), p["id"]
        assert r.works == len(p["works"]), p["id"]
        assert r.start_year == (p["start_year"] is not None), p["id"]
    without_year = sum(1 for p in TRUTH["persons"] if not any(t["year"] for t in p["theses"]))
    assert sum(1 for r in reports.values() if not r.theses_with_year) == without_year


# --- 5. rejected candidates of unknown keywords and titles -----------------------------------


@pytest.mark.parametrize(
    ("query", "term", "near"),
    [
        (
            "Ktorí študenti majú kľúčové slovo transformerový model?",
            "transformerový model",
            ("Keyword", "transformer", "transformer"),
        ),
        (
            "Ktorí študenti sú na téme strojové prekladanie?",
            "strojové prekladanie",
            ("Topic", "strojovy-preklad", "Strojový preklad"),
        ),
    ],
)
def test_unknown_keyword_keeps_the_near_misses(sample_store, query, term, near):
    resp = ask(sample_store, query)
    assert resp.status == "no_answer" and resp.reason == "unknown_keyword"
    assert resp.answers == [] and resp.facts == []
    assert resp.interpretation.unknown_terms == [term]  # what it looked for
    assert resp.candidates and all(c.status == "rejected" for c in resp.candidates)
    first = resp.candidates[0]
    assert (first.label, first.id, first.name) == near
    assert 0.6 <= first.score < 1.0
    scores = [c.score for c in resp.candidates]
    assert scores == sorted(scores, reverse=True)


def test_unknown_keyword_without_near_misses_says_what_it_looked_for(sample_store):
    resp = ask(sample_store, "Ktorí študenti majú kľúčové slovo paradajky?")
    assert resp.status == "no_answer" and resp.reason == "unknown_keyword"
    assert resp.interpretation.unknown_terms == ["paradajky"]
    assert all(c.status == "rejected" for c in resp.candidates)
    assert "paradajky" not in {c.name for c in resp.candidates}


def test_unknown_title_keeps_the_near_misses(sample_store):
    title = "Strojový preklad pomocou genetických algoritmov"
    resp = ask(sample_store, f"Kto napísal prácu „{title}“?")
    assert resp.status == "no_answer" and resp.reason == "unknown_title"
    assert resp.answers == [] and resp.facts == []
    assert resp.interpretation.unknown_terms == [title]  # what it looked for
    cands = resp.candidates
    assert cands and all(c.status == "rejected" and c.label == "Thesis" for c in cands)
    assert (cands[0].id, cands[0].name) == (
        f"{HOLP_PAGE}#bachelor",
        "Strojový preklad pomocou neurónových sietí",
    )
    assert all(0.5 <= c.score < 1.0 for c in cands)
    # Near misses share a word with the title asked for; nothing else is offered.
    assert all("preklad" in fold(c.name) or "pomocou" in fold(c.name) for c in cands)
    # Without a word in common there is no near miss, but the title asked stays.
    far = ask(sample_store, "Kto napísal prácu „Pestovanie paradajok na Marse“?")
    assert far.reason == "unknown_title" and far.candidates == []
    assert far.interpretation.unknown_terms == ["Pestovanie paradajok na Marse"]
