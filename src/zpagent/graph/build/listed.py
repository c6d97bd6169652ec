"""The thesis a list line states for someone without a page of their own.

A topic page or a doctoral student's "Konzultované práce" may list a student
who has no page in the wiki ("- Radovan Sklenár (DP 2010)"). The graph keeps
what the line says: the kind and the year, evidenced by that line. (A student
whose own page is hidden is not such a person: the graph keeps them hidden,
see ``memberships._hidden_but_listed``.)
"""

from __future__ import annotations

from zpagent.graph.build.builder import Builder
from zpagent.graph.build.lines import Line
from zpagent.graph.build.page import SourceLine
from zpagent.graph.model import evidence_json, parse_evidence
from zpagent.ingest.document import Document


def listed_thesis(
    b: Builder, doc: Document, person_id: str, line: Line, kind: str | None, year: int | None
) -> str | None:
    """ "- Radovan Sklenár (DP 2010)" for someone without a public page of their own:
    the thesis the list states, with its kind and year, evidenced by that line (no
    title: the line's other words are not known to be one)."""
    if kind is None:
        return None
    ev = b.locator.evidence(doc.path, SourceLine("year_listed", line, line.text))
    suffix = f"#{person_id}-{kind}"
    same = next((n for (label, nid), n in b.nodes.items()
                 if label == "Thesis" and nid.endswith(suffix)), None)  # fmt: skip
    if same is not None:
        # Listed on two pages (a topic page and a consultant's list): one thesis.
        same.props["evidence"] = evidence_json([*parse_evidence(same.props["evidence"]), ev])
        if same.props.get("year") is None:
            same.props["year"] = year
        b.rel("AUTHORED", ("Person", person_id), ("Thesis", same.id), [ev])
        return str(same.id)
    tid = f"{doc.path}{suffix}"
    b.node("Thesis", tid, kind=kind, title=None, title_key=None, year=year,
           document_path=doc.path, published=doc.published, evidence=evidence_json([ev]),
           year_heading=None, year_category=None, year_conflict=False, supervisor=None,
           consultant=None)  # fmt: skip
    b.rel("AUTHORED", ("Person", person_id), ("Thesis", tid), [ev])
    if ev.chunk_id:
        b.rel("EVIDENCE_FOR", ("Chunk", ev.chunk_id), ("Thesis", tid))
    return tid
