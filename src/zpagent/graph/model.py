"""The graph payload: nodes, relationships and the evidence behind them.

The payload is what extraction produces and what both stores load. It is
plain data (dataclasses of scalars), stored as JSON rows in the generation's
SQLite file, so a store can be rebuilt from it at any time without the wiki.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from zpagent.graph.schema import NODE_PROPERTIES, property_names


@dataclass(frozen=True)
class Evidence:
    """One source line that states a fact.

    ``line`` is 1-based within the page body (after the front matter), which
    is also what chunk offsets refer to; ``None`` when the fact comes from the
    front matter (categories, title), then ``text`` quotes the value.
    """

    field: str  # what the line evidences: title, supervisor, year_heading, ...
    document_path: str
    chunk_id: str | None
    line: int | None
    text: str
    # What the line says of the relation beside the link itself: a team member's
    # role ("- Wei Zhang – analýza dát" -> "analýza dát"). Kept in the evidence, so
    # both stores hold it without a schema of their own.
    value: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {
            "field": self.field,
            "document_path": self.document_path,
            "chunk_id": self.chunk_id,
            "line": self.line,
            "text": self.text,
        }
        if self.value is not None:
            out["value"] = self.value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Evidence:
        return cls(
            field=data["field"],
            document_path=data["document_path"],
            chunk_id=data.get("chunk_id"),
            line=data.get("line"),
            text=data.get("text", ""),
            value=data.get("value"),
        )


def evidence_json(items: list[Evidence]) -> str:
    return json.dumps([e.to_dict() for e in items], ensure_ascii=False, sort_keys=True)


def parse_evidence(value: str | None) -> list[Evidence]:
    if not value:
        return []
    try:
        return [Evidence.from_dict(d) for d in json.loads(value)]
    except (ValueError, KeyError, TypeError):
        return []


@dataclass
class Node:
    label: str
    id: str
    props: dict[str, Any]

    def row(self) -> dict[str, Any]:
        """All declared properties (missing ones as None), in schema order."""
        data = {"id": self.id, **self.props}
        return {name: data.get(name) for name in property_names(self.label)}


@dataclass
class Rel:
    type: str
    src_label: str
    src: str
    dst_label: str
    dst: str
    evidence: list[Evidence] = field(default_factory=list)

    def key(self) -> tuple[str, str, str, str, str]:
        return (self.type, self.src_label, self.src, self.dst_label, self.dst)


@dataclass
class Conflict:
    """Something the page states twice in disagreement; kept, never hidden."""

    kind: str  # thesis_year | duplicate_thesis | ...
    document_path: str
    subject: str  # node id the conflict is about
    detail: dict[str, Any]
    evidence: list[Evidence] = field(default_factory=list)


@dataclass
class PageReport:
    """Extraction quality of one page, for ``zpagent graph stats``."""

    document_path: str
    kind: str  # person | topic | page
    subject: str | None = None
    theses: int = 0
    theses_with_title: int = 0
    theses_with_supervisor: int = 0
    theses_with_year: int = 0
    works: int = 0
    start_year: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass
class GraphPayload:
    nodes: list[Node] = field(default_factory=list)
    rels: list[Rel] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    pages: list[PageReport] = field(default_factory=list)
    # Extraction coverage per relation (``graph.build.coverage``), as plain dicts.
    coverage: list[dict[str, Any]] = field(default_factory=list)
    # What could not be extracted, per page (``graph.build.people.Problem``).
    problems: list[dict[str, Any]] = field(default_factory=list)

    def coverage_json(self) -> str:
        return json.dumps(self.coverage, ensure_ascii=False, sort_keys=True)

    def node_counts(self) -> dict[str, int]:
        counts = Counter(n.label for n in self.nodes)
        return {label: counts.get(label, 0) for label in NODE_PROPERTIES}

    def rel_counts(self) -> dict[str, int]:
        counts = Counter(r.type for r in self.rels)
        return dict(sorted(counts.items()))

    def nodes_by_label(self) -> dict[str, list[Node]]:
        out: dict[str, list[Node]] = {label: [] for label in NODE_PROPERTIES}
        for n in self.nodes:
            out[n.label].append(n)
        return out

    def rels_by_endpoints(self) -> dict[tuple[str, str, str], list[Rel]]:
        out: dict[tuple[str, str, str], list[Rel]] = {}
        for r in self.rels:
            out.setdefault((r.type, r.src_label, r.dst_label), []).append(r)
        return out
