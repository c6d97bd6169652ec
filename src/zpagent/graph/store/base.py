"""The graph store interface shared by the embedded and the server backend.

    ZPAgentError
    ├── BuildError
    │   └── GraphLoadError        a load was refused (counts differ, engine failed);
    │                             the previous graph is left intact
    └── RetrievalUnavailable
        └── GraphUnavailable      the store cannot be opened or is at another version

A store answers queries from ``zpagent.graph.store.cypher`` and replaces its whole
managed graph from a payload in one transaction, verifying node and
relationship counts against the payload before it commits.
"""

from __future__ import annotations

import contextlib
import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from zpagent.errors import BuildError, RetrievalUnavailable
from zpagent.graph.model import GraphPayload, Node
from zpagent.graph.schema import INDEX_STATE_ID, NODE_LABELS, REL_TYPES, property_names
from zpagent.graph.store.cypher import INDEX_STATE, Query, count_nodes_query, count_rels_query

# Called with a named point of a load ("after_delete", "after_nodes",
# "after_rels", "before_commit"); raising there aborts the load. Tests use it
# to inject failures.
FaultHook = Callable[[str], None]


class GraphLoadError(BuildError):
    reason = "build_failed"
    public_message = "The graph could not be loaded."


class GraphUnavailable(RetrievalUnavailable):
    public_message = "The graph is not available right now; try again later."


@dataclass
class PathValue:
    """A path, engine-neutral: nodes as (label, properties), relationships by index."""

    nodes: list[tuple[str, dict[str, Any]]]
    rels: list[tuple[str, int, int]]  # (type, index of start node, index of end node)
    evidence: list[str | None] = field(default_factory=list)  # each relationship's JSON

    def key(self) -> tuple[Any, ...]:
        return (
            tuple((label, props.get("id")) for label, props in self.nodes),
            tuple(self.rels),
            tuple(self.evidence),
        )


@dataclass
class LoadReport:
    nodes: dict[str, int]
    relationships: dict[str, int]
    seconds: float
    phases: dict[str, float] = field(default_factory=dict)


def expected_counts(payload: GraphPayload) -> tuple[dict[str, int], dict[str, int]]:
    """Node counts (with the one IndexState node) and relationship counts."""
    nodes = payload.node_counts()
    nodes["IndexState"] = nodes.get("IndexState", 0) + 1
    rels = {t: 0 for t in REL_TYPES}
    rels.update(payload.rel_counts())
    return nodes, rels


def verify_counts(
    actual: tuple[dict[str, int], dict[str, int]],
    expected: tuple[dict[str, int], dict[str, int]],
) -> None:
    diffs = [
        f"{name}: {actual[i].get(name, 0)} != {want}"
        for i in (0, 1)
        for name, want in expected[i].items()
        if actual[i].get(name, 0) != want
    ]
    if diffs:
        raise GraphLoadError("graph counts differ from the payload: " + ", ".join(diffs))


def index_state_node(index_version: dict[str, Any], coverage: str = "[]") -> Node:
    """The one node that says which generation the graph is, and how complete each
    relation's extraction is on it (``graph.coverage``)."""
    return Node(
        "IndexState",
        INDEX_STATE_ID,
        {
            "version": str(index_version.get("version", "")),
            "index_version": json.dumps(index_version, ensure_ascii=False, sort_keys=True),
            "coverage": coverage,
        },
    )


def node_rows(nodes: list[Node]) -> list[dict[str, Any]]:
    return [n.row() for n in nodes]


class GraphStore(ABC):
    dialect: str

    @abstractmethod
    def query(self, query: Query, **params: Any) -> list[tuple[Any, ...]]:
        """Rows of a read query; paths come back as ``PathValue``."""

    @abstractmethod
    def replace_graph(
        self,
        payload: GraphPayload,
        index_version: dict[str, Any],
        fault: FaultHook | None = None,
    ) -> LoadReport:
        """Replace the managed graph in one transaction (all or nothing)."""

    @abstractmethod
    def close(self) -> None: ...

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """All queries of the block on one connection (one admission); a no-op by default."""
        yield

    def read_index_state(self) -> dict[str, Any] | None:
        """``{"version", "index_version"}`` of the loaded graph, None when empty."""
        rows = self.query(INDEX_STATE, id=INDEX_STATE_ID)
        if not rows:
            return None
        version, raw = rows[0]
        try:
            index_version = json.loads(raw) if raw else None
        except ValueError:
            index_version = None
        return {"version": version, "index_version": index_version}

    def counts(self) -> tuple[dict[str, int], dict[str, int]]:
        nodes = {label: int(self.query(count_nodes_query(label))[0][0]) for label in NODE_LABELS}
        rels = {t: int(self.query(count_rels_query(t))[0][0]) for t in REL_TYPES}
        return nodes, rels

    # Per-store caches (lexicons) live here; a store is opened per generation.
    def cache(self) -> dict[str, Any]:
        store_cache = self.__dict__.setdefault("_cache", {})
        return store_cache


def timed(phases: dict[str, float], name: str, start: float) -> float:
    now = time.perf_counter()
    phases[name] = round(now - start, 4)
    return now


__all__ = [
    "FaultHook",
    "GraphLoadError",
    "GraphStore",
    "GraphUnavailable",
    "LoadReport",
    "PathValue",
    "expected_counts",
    "index_state_node",
    "node_rows",
    "property_names",
    "verify_counts",
]
