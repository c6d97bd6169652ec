"""How completely the graph holds each relation of this wiki.

An exact count, a complete list or "none" may be stated only over
relations whose extraction is known to be complete on this wiki. The build
measures that per relation (``graph.build.coverage``): how many pages
mention the relation in a way an editor can see (a "Konzultant:" line, a
student list on a topic page, a team project section), how many of them
gave the graph an edge, and which did not. The result is stored with the
generation (the ``IndexState`` node's ``coverage``) and read here.

Statuses:

    complete   every page that mentions the relation gave its edges
    absent     no page mentions it (so "none" is the wiki's own answer)
    partial    some pages that mention it gave nothing: counts are lower bounds
    unknown    pages mention it and the graph has no edge of it at all

A store built before coverage was measured reports every relation with
edges as ``complete`` and every empty one as ``unknown``: an empty relation
never yields an exact zero.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from zpagent.graph.schema import INDEX_STATE_ID
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore

RELATIONS = (
    "thesis",
    "work",
    "title",
    "year",
    "supervisor",
    "consultant",
    "topic",
    "keyword",
    "team_member",
    "start_year",
    "work_supervisor",
)
# The relationship that holds each relation, for a store without measured coverage.
_EDGES = {
    "thesis": "AUTHORED",
    "work": "HAS_WORK",
    "title": "AUTHORED",
    "year": "AUTHORED",
    "supervisor": "SUPERVISED",
    "consultant": "CONSULTED",
    "topic": "ON_TOPIC",
    "keyword": "HAS_KEYWORD",
    "team_member": "MEMBER_OF",
    "start_year": "HAS_DOCUMENT",
    "work_supervisor": "LED",  # who led a team project, a diploma project, a research task
}
EXACT_STATUSES = frozenset({"complete", "absent"})
# Relations that need no extraction of their own (they come with the page).
ALWAYS_KNOWN = frozenset({"family", "person"})
# The students whose pages say a name ("TurtleBot 4"): a page may say it another way
# or not at all, so a count over them is never exact.
NEVER_EXACT = frozenset({"mentions"})


@dataclass
class RelationCoverage:
    relation: str
    status: str  # complete | absent | partial | unknown
    mentioned: int = 0  # pages that mention the relation
    extracted: int = 0  # of those, pages that gave edges
    edges: int = 0
    missing: list[str] = field(default_factory=list)  # pages that mention it and gave nothing

    def to_dict(self) -> dict[str, Any]:
        return {
            "relation": self.relation,
            "status": self.status,
            "mentioned": self.mentioned,
            "extracted": self.extracted,
            "edges": self.edges,
            "missing": self.missing,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RelationCoverage:
        return cls(
            d["relation"],
            d["status"],
            int(d.get("mentioned", 0)),
            int(d.get("extracted", 0)),
            int(d.get("edges", 0)),
            list(d.get("missing", [])),
        )


def load_coverage(store: GraphStore) -> dict[str, RelationCoverage]:
    """The coverage stored with the store's generation, cached on the store."""
    cache = store.cache()
    found = cache.get("coverage")
    if found is None:
        found = _read(store)
        cache["coverage"] = found
    return found


def _read(store: GraphStore) -> dict[str, RelationCoverage]:
    rows = store.query(q.INDEX_STATE_COVERAGE, id=INDEX_STATE_ID)
    raw = rows[0][0] if rows else None
    if raw:
        try:
            data = json.loads(raw)
            return {d["relation"]: RelationCoverage.from_dict(d) for d in data}
        except (ValueError, KeyError, TypeError):
            pass
    _, rels = store.counts()
    counts = {relation: rels.get(edge, 0) for relation, edge in _EDGES.items()}
    return {
        rel: RelationCoverage(
            rel, "complete" if counts.get(rel) else "unknown", edges=counts.get(rel, 0)
        )
        for rel in RELATIONS
    }


def exact_over(
    coverage: dict[str, RelationCoverage], relations: frozenset[str]
) -> tuple[bool, list[str]]:
    """Whether counts over ``relations`` can be exact, and the relations that forbid it."""
    blocking = [
        r
        for r in sorted(relations)
        if r in NEVER_EXACT
        or (
            r not in ALWAYS_KNOWN
            and coverage.get(r) is not None
            and coverage[r].status not in EXACT_STATUSES
        )
    ]
    return not blocking, blocking
