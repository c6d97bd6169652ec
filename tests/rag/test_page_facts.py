"""A person's page brings its facts: whatever chunk of a student's page
matched, the lines stating their theses (title, supervisor, year) are in
the evidence, on the sample wiki where the question matches meeting logs.
"""

from __future__ import annotations

import pytest

from zpagent.rag.build import rag
from zpagent.rag.page_facts import fact_chunks

HOLP = "pages/students/2016/jh428ek/README.md"


@pytest.fixture(scope="module")
def gen(sample_workspace):
    with sample_workspace.open_current() as g:
        yield g


def test_the_supervisor_question_brings_the_persons_own_supervisor_line(gen, sample_workspace):
    resp = rag(gen, sample_workspace.embedder, "Kto viedol diplomovú prácu Jána Holpa?")
    assert resp.status == "ok"
    holp = next(s.source_id for s in resp.sources if s.document_path == HOLP)
    assert resp.sources[0].document_path == HOLP
    texts = resp._evidence[holp]["texts"]
    assert any("Vedúci práce: Ing. Daniel Hládek, PhD." in t for t in texts)
    assert any("Rozpoznávanie pomenovaných entít v slovenčine" in t for t in texts)
    roles = {e.role for e in resp.evidence if e.document_path == HOLP}
    # The matched chunk is a meeting log; the facts come as added evidence.
    primary = next(e for e in resp.evidence if e.document_path == HOLP and e.role == "primary")
    assert "Stretnutie" in primary.heading_path[-1]
    assert roles & {"page_facts", "section_lead"}
    assert "llm_context_budget" not in resp.truncation_reasons


def test_fact_chunks_come_from_the_graph_extraction_in_page_order(gen):
    facts = fact_chunks(gen)
    assert facts is fact_chunks(gen)  # read once per generation
    holp = facts[HOLP]
    marks = ",".join("?" * len(holp))
    rows = (
        gen.db()
        .execute(f"SELECT chunk_id, ordinal, text FROM chunks WHERE chunk_id IN ({marks})", holp)
        .fetchall()
    )
    ordinal = {r[0]: r[1] for r in rows}
    assert holp == sorted(holp, key=ordinal.__getitem__)
    joined = " ".join(r[2] for r in rows)
    assert "Vedúci práce: Ing. Daniel Hládek" in joined and "Vedúci: Marek Bielik" in joined
    # Guides and topic pages are about no person.
    assert not any(p.startswith(("pages/guides/", "pages/topics/")) for p in facts)


def test_added_facts_are_dropped_before_their_primary_when_the_budget_is_small(
    gen, sample_workspace
):
    full = rag(gen, sample_workspace.embedder, "Kto viedol diplomovú prácu Jána Holpa?")
    small = rag(
        gen,
        sample_workspace.embedder,
        "Kto viedol diplomovú prácu Jána Holpa?",
        budget_tokens=full.context_budget.used // 3,
    )
    assert small.truncated and "llm_context_budget" in small.truncation_reasons
    assert small.context_budget.used <= small.context_budget.limit
    assert small.evidence and small.evidence[0].document_path == HOLP
    # Every group kept whole or down to its primary: never an added chunk without it.
    primaries = {e.chunk_id for e in small.evidence if e.role == "primary"}
    assert all(e.expands in primaries for e in small.evidence if e.role != "primary")
