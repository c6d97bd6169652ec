"""Queries for the index's state and the graph's statistics.

The version and coverage recorded on the ``IndexState`` node, and counts of the
nodes of one label or the relationships of one type (built from the schema's
fixed lists).
"""

from __future__ import annotations

from zpagent.graph.schema import NODE_LABELS, REL_TYPES
from zpagent.graph.store.cypher.query import Query, _q

# --- state and statistics ----------------------------------------------------------------

INDEX_STATE = _q(
    "index_state",
    "MATCH (s:IndexState {id: $id}) RETURN s.version, s.index_version",
)
INDEX_STATE_COVERAGE = _q(
    "index_state_coverage", "MATCH (s:IndexState {id: $id}) RETURN s.coverage"
)


def count_nodes_query(label: str) -> Query:
    if label not in NODE_LABELS:
        raise ValueError(f"unknown label {label}")
    return Query(f"count_nodes:{label}", f"MATCH (n:{label}) RETURN count(n)")


def count_rels_query(rel_type: str) -> Query:
    if rel_type not in REL_TYPES:
        raise ValueError(f"unknown relationship {rel_type}")
    return Query(f"count_rels:{rel_type}", f"MATCH ()-[r:{rel_type}]->() RETURN count(r)")
