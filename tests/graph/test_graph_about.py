"""Chunk links built with the graph: (:Chunk)-[:ABOUT]->(Person|Thesis|Work|Topic)."""

from __future__ import annotations

from collections import defaultdict

from tests.conftest import write_pages
from tests.graph.conftest import payload_of
from zpagent.graph.store import cypher as q

HOLP = "pages/students/2016/jh428ek/README.md"
SPEECH_TOPIC = "pages/topics/rozpoznavanie-reci/README.md"
GIT_GUIDE = "pages/guides/git/README.md"


def _about(payload) -> dict[str, set[tuple[str, str]]]:
    out: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for r in payload.rels:
        if r.type == "ABOUT":
            out[r.src].add((r.dst_label, r.dst))
    return out


def _chunks(payload, path: str) -> list:
    nodes = [n for n in payload.nodes if n.label == "Chunk" and n.props["document_path"] == path]
    return sorted(nodes, key=lambda n: n.props["ordinal"])


def test_every_chunk_of_a_person_page_is_about_the_person(sample_payload):
    about = _about(sample_payload)
    chunks = _chunks(sample_payload, HOLP)
    assert chunks
    assert all(("Person", "jan-holp") in about[c.id] for c in chunks)


def test_chunks_of_a_thesis_section_are_about_that_thesis_meeting_logs_too(sample_payload):
    about = _about(sample_payload)
    master = f"{HOLP}#master"
    in_master = [c for c in _chunks(sample_payload, HOLP) if ("Thesis", master) in about[c.id]]
    headings = {c.props["heading"] for c in in_master}
    assert any(h.startswith("Stretnutie") for h in headings)  # the section's meeting log
    # The chunks of the heading and title line are among them (EVIDENCE_FOR's).
    evidence = {r.src for r in sample_payload.rels if r.type == "EVIDENCE_FOR" and r.dst == master}
    assert evidence <= {c.id for c in in_master}


def test_topic_pages_are_about_their_topic_and_guides_about_nothing(sample_payload):
    about = _about(sample_payload)
    topic_chunks = _chunks(sample_payload, SPEECH_TOPIC)
    assert topic_chunks
    assert all(about[c.id] == {("Topic", "rozpoznavanie-reci")} for c in topic_chunks)
    assert all(not about[c.id] for c in _chunks(sample_payload, GIT_GUIDE))


def test_a_chunk_holding_two_small_sections_is_about_both(tmp_path):
    page = """---
title: Eva Malá
taxonomy:
    category: [bp2019, dp2021]
---
# Eva Malá

## Bakalárska práca 2019

Názov práce: Prvá práca

## Diplomová práca 2021

Názov práce: Druhá práca
"""
    wiki = write_pages(tmp_path, {"pages/students/2017/em100aa/README.md": page})
    payload = payload_of(wiki)
    about = _about(payload)
    (chunk,) = _chunks(payload, "pages/students/2017/em100aa/README.md")
    path = "pages/students/2017/em100aa/README.md"
    assert about[chunk.id] == {
        ("Person", "eva-mala"),
        ("Thesis", f"{path}#bachelor"),
        ("Thesis", f"{path}#master"),
    }


def test_the_links_are_in_the_embedded_store(sample_store, sample_payload):
    master = f"{HOLP}#master"
    rows = sample_store.query(q.THESIS_CHUNKS, ids=[master])
    want = sorted(
        (master, r.src) for r in sample_payload.rels if r.type == "ABOUT" and r.dst == master
    )
    assert sorted((t, c) for t, c, _ordinal in rows) == want
    first = _chunks(sample_payload, HOLP)[0].id
    links = sample_store.query(q.CHUNK_LINKS, ids=[first], include_unpublished=False)
    assert ("ABOUT", "Person", "jan-holp") in {(r[1], r[2], r[3]) for r in links}
