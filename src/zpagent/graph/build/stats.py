"""Extraction quality and graph size: what ``zpagent graph stats`` reports.

Read from the generation's own payload (what extraction produced) and from
the serving store (what the engine holds); the two must agree, and a
difference is reported rather than hidden.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, Field

from zpagent.config import Settings
from zpagent.graph.coverage import load_coverage
from zpagent.graph.payload import read_payload
from zpagent.graph.store.base import expected_counts
from zpagent.graph.store.factory import backend_name
from zpagent.graph.store.serving import graph_store, served_index_version
from zpagent.index.reader import Generation

LISTED = 50


class PageCounts(BaseModel):
    total: int = Field(description="Person pages (the subject of a page is a student).")
    with_title: int = Field(description="Pages with at least one recognized thesis title.")
    without_title: int
    with_supervisor: int = Field(description="Pages with at least one thesis supervisor.")
    without_supervisor: int
    with_year: int = Field(description="Pages with at least one thesis year.")
    without_year: int
    with_start_year: int = Field(description="Pages stating the start of study explicitly.")
    without_start_year: int
    without_thesis: int = Field(description="Person pages with no thesis section or code.")


class ThesisCounts(BaseModel):
    total: int
    with_title: int
    with_supervisor: int
    with_year: int
    year_conflicts: int = Field(description="Heading year and category code disagree.")


class GraphStats(BaseModel):
    status: str = "ok"
    backend: str
    index_version: dict[str, Any] | None
    documents: dict[str, int] = Field(description="Pages by kind: person, topic, page.")
    person_pages: PageCounts
    theses: ThesisCounts
    works: int
    nodes: dict[str, int] = Field(description="Node counts by label (payload).")
    relationships: dict[str, int] = Field(description="Relationship counts by type (payload).")
    store_matches_payload: bool = Field(description="The engine holds exactly the payload.")
    store_nodes: dict[str, int]
    store_relationships: dict[str, int]
    conflicts: list[dict[str, Any]] = Field(default_factory=list)
    pages_without_title: list[str] = Field(
        default_factory=list, description=f"Up to {LISTED} person pages without a title."
    )
    pages_without_supervisor: list[str] = Field(default_factory=list)
    coverage: list[dict[str, Any]] = Field(
        default_factory=list,
        description="Per relation: complete, partial, unknown or absent; the pages that "
        "mention it, gave edges, and (up to a few) that mention it and gave nothing. "
        "Counts over a partial or unknown relation are never stated as exact.",
    )
    problems: list[dict[str, Any]] = Field(
        default_factory=list, description=f"Up to {LISTED} names extraction could not resolve."
    )
    problems_total: int = 0
    pages_cut: int = Field(0, description="Pages indexed only in part (a page limit).")
    bytes_left_out: int = Field(0, description="Bytes of those pages that are not searchable.")
    cut_pages: list[dict[str, Any]] = Field(
        default_factory=list,
        description="The cut pages, most bytes left out first: path, limits, size, bytes left out.",
    )


def graph_stats(gen: Generation, settings: Settings, all_problems: bool = False) -> GraphStats:
    """The figures of ``zpagent graph stats``; ``all_problems``: every extraction
    problem, not the first ``LISTED``."""
    payload = read_payload(gen.db())
    store = graph_store(gen, settings)
    index_version = served_index_version(store, gen, settings)
    persons = [p for p in payload.pages if p.kind == "person"]
    kinds: dict[str, int] = {}
    for p in payload.pages:
        kinds[p.kind] = kinds.get(p.kind, 0) + 1
    theses = [n for n in payload.nodes if n.label == "Thesis"]
    no_title = [p.document_path for p in persons if p.theses_with_title == 0]
    no_sup = [p.document_path for p in persons if p.theses_with_supervisor == 0]
    want_nodes, want_rels = expected_counts(payload)
    have_nodes, have_rels = store.counts()
    coverage = [c.to_dict() for c in load_coverage(store).values()]
    return GraphStats(
        backend=backend_name(settings),
        index_version=index_version,
        documents=dict(sorted(kinds.items())),
        person_pages=PageCounts(
            total=len(persons),
            with_title=len(persons) - len(no_title),
            without_title=len(no_title),
            with_supervisor=len(persons) - len(no_sup),
            without_supervisor=len(no_sup),
            with_year=sum(1 for p in persons if p.theses_with_year),
            without_year=sum(1 for p in persons if not p.theses_with_year),
            with_start_year=sum(1 for p in persons if p.start_year),
            without_start_year=sum(1 for p in persons if not p.start_year),
            without_thesis=sum(1 for p in persons if p.theses == 0),
        ),
        theses=ThesisCounts(
            total=len(theses),
            with_title=sum(1 for n in theses if n.props.get("title")),
            with_supervisor=sum(1 for n in theses if n.props.get("supervisor")),
            with_year=sum(1 for n in theses if n.props.get("year")),
            year_conflicts=sum(1 for n in theses if n.props.get("year_conflict")),
        ),
        works=sum(1 for n in payload.nodes if n.label == "Work"),
        nodes=want_nodes,
        relationships={k: v for k, v in want_rels.items()},
        store_matches_payload=(have_nodes, have_rels) == (want_nodes, want_rels),
        store_nodes=have_nodes,
        store_relationships=have_rels,
        conflicts=[
            {"kind": c.kind, "document_path": c.document_path, "subject": c.subject, **c.detail}
            for c in payload.conflicts
        ],
        pages_without_title=no_title[:LISTED],
        pages_without_supervisor=no_sup[:LISTED],
        coverage=coverage,
        problems=payload.problems if all_problems else payload.problems[:LISTED],
        problems_total=len(payload.problems),
        **_left_out(gen),
    )


def _left_out(gen: Generation) -> dict[str, Any]:
    """What the page limits left out (a generation built before it was recorded: nothing)."""
    row = gen.db().execute("SELECT value FROM meta WHERE key = 'left_out'").fetchone()
    return json.loads(row[0]) if row else {}
