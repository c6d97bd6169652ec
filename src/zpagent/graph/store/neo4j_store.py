"""The server store: Neo4j 5 (or Aura) through the official driver.

Fault points (named as the sync pipeline's): ``neo4j_after_delete``,
``neo4j_after_nodes``, ``neo4j_after_rels``, ``neo4j_before_commit`` (all
roll back) and ``neo4j_commit_lost`` (after a successful commit: the
acknowledgement is "lost", the caller must read ``IndexState``).

The managed graph (every node with one of the schema's labels) is replaced
in one explicit transaction: delete the managed relationships and the nodes
the payload no longer has, merge the payload's nodes by id (properties
replaced), create the relationships, write the ``IndexState`` node, count
everything and compare with the payload, and only then commit. Any failure
rolls back, leaving the previous graph and its ``IndexState`` as they were.
Uniqueness constraints on ``id`` are created once (schema changes cannot
share a transaction with data).

``replace_graph`` is a separate call on purpose: the sync pipeline writes
Neo4j at publication time, not while a generation is being built.
"""

from __future__ import annotations

import contextlib
import logging
import time
from typing import Any

from zpagent.graph.model import GraphPayload, evidence_json
from zpagent.graph.schema import NODE_LABELS, NODE_PROPERTIES, REL_TYPES
from zpagent.graph.store.base import (
    FaultHook,
    GraphLoadError,
    GraphStore,
    GraphUnavailable,
    LoadReport,
    PathValue,
    expected_counts,
    index_state_node,
    node_rows,
    timed,
    verify_counts,
)
from zpagent.graph.store.cypher import NEO4J, Query, count_nodes_query, count_rels_query

log = logging.getLogger(__name__)

BATCH = 5_000


def _driver_module() -> Any:
    try:
        import neo4j
    except ImportError as exc:  # pragma: no cover - the extra is installed in dev
        raise GraphUnavailable(
            "GRAPH_BACKEND=neo4j needs the Neo4j driver: pip install 'zpagent[neo4j]'"
        ) from exc
    return neo4j


def constraint_statements() -> list[str]:
    return [
        f"CREATE CONSTRAINT zpagent_{label.lower()}_id IF NOT EXISTS "
        f"FOR (n:{label}) REQUIRE n.id IS UNIQUE"
        for label in NODE_LABELS
    ]


class GraphCommitUnknown(GraphLoadError):
    """The commit was sent but its outcome is unknown: read ``IndexState`` to decide."""


class Neo4jUnreachable(GraphUnavailable):
    """The server did not answer. A sync that fails on it is retried by the worker
    (``transient``), like a failed git fetch: a short Neo4j outage must not lose a push."""

    transient = True


class Neo4jStore(GraphStore):
    dialect = NEO4J

    def __init__(
        self,
        uri: str,
        user: str,
        password: str | None,
        database: str = "neo4j",
        connect_timeout: float = 10.0,
    ) -> None:
        neo4j = _driver_module()
        self.database = database
        self._neo4j = neo4j
        try:
            self._driver = neo4j.GraphDatabase.driver(
                uri,
                auth=(user, password or ""),
                connection_timeout=connect_timeout,
                # Absent properties (a null is not stored) are expected, not warnings.
                notifications_min_severity="OFF",
            )
            self._driver.verify_connectivity()
        except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError, ValueError) as exc:
            with contextlib.suppress(Exception):
                self._driver.close()
            # Only "no answer" is transient; a malformed URI or wrong credentials are not.
            unreachable = isinstance(exc, neo4j.exceptions.ServiceUnavailable)
            error = Neo4jUnreachable if unreachable else GraphUnavailable
            raise error("cannot connect to Neo4j") from exc

    # -- reading ----------------------------------------------------------------------

    def query(self, query: Query, **params: Any) -> list[tuple[Any, ...]]:
        text = query.for_dialect(self.dialect)
        neo4j = self._neo4j
        try:
            records, _, _ = self._driver.execute_query(
                text, params, database_=self.database, routing_=neo4j.RoutingControl.READ
            )
        except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError) as exc:
            raise GraphUnavailable(f"graph query {query.name} failed") from exc
        return [tuple(_value(v) for v in record.values()) for record in records]

    # -- writing ----------------------------------------------------------------------

    def ensure_constraints(self) -> None:
        with self._driver.session(database=self.database) as session:
            for statement in constraint_statements():
                session.run(statement).consume()

    def replace_graph(
        self,
        payload: GraphPayload,
        index_version: dict[str, Any],
        fault: FaultHook | None = None,
    ) -> LoadReport:
        neo4j = self._neo4j
        t0 = time.perf_counter()
        phases: dict[str, float] = {}
        try:
            self.ensure_constraints()
        except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError) as exc:
            raise GraphLoadError("creating the Neo4j constraints failed") from exc
        t = timed(phases, "constraints", t0)
        session = self._driver.session(database=self.database)
        tx = None
        try:
            tx = session.begin_transaction()
            # Every managed relationship goes; nodes are kept by id and updated,
            # and those the payload no longer has are deleted. Deleting and
            # re-creating the same unique ids in one transaction is an order of
            # magnitude slower in Neo4j (the uniqueness checks see both).
            for rel_type in REL_TYPES:
                tx.run(f"MATCH ()-[r:{rel_type}]->() DELETE r").consume()
            by_label = payload.nodes_by_label()
            by_label["IndexState"] = [index_state_node(index_version, payload.coverage_json())]
            for label in NODE_LABELS:
                ids = [n.id for n in by_label.get(label, [])]
                tx.run(
                    f"MATCH (n:{label}) WHERE NOT n.id IN $ids DETACH DELETE n", ids=ids
                ).consume()
            t = timed(phases, "delete", t)
            if fault:
                fault("neo4j_after_delete")
            for label in NODE_LABELS:
                rows = node_rows(by_label.get(label, []))
                for i in range(0, len(rows), BATCH):
                    tx.run(
                        f"UNWIND $rows AS r MERGE (n:{label} {{id: r.id}}) SET n = r",
                        rows=rows[i : i + BATCH],
                    ).consume()
            t = timed(phases, "nodes", t)
            if fault:
                fault("neo4j_after_nodes")
            for (rel_type, src, dst), rels in sorted(payload.rels_by_endpoints().items()):
                rows = [
                    {"s": r.src, "d": r.dst, "e": evidence_json(r.evidence) if r.evidence else None}
                    for r in rels
                ]
                # Index hints: the planner's statistics may say "empty label" (the
                # graph was just deleted in this transaction) and pick a label scan.
                statement = (
                    f"UNWIND $rows AS r "
                    f"MATCH (a:{src} {{id: r.s}}) USING INDEX a:{src}(id) "
                    f"MATCH (b:{dst} {{id: r.d}}) USING INDEX b:{dst}(id) "
                    f"CREATE (a)-[x:{rel_type}]->(b) SET x.evidence = r.e"
                )
                for i in range(0, len(rows), BATCH):
                    tx.run(statement, rows=rows[i : i + BATCH]).consume()
            t = timed(phases, "relationships", t)
            if fault:
                fault("neo4j_after_rels")
            actual = (
                {lb: _count(tx, count_nodes_query(lb)) for lb in NODE_LABELS},
                {rt: _count(tx, count_rels_query(rt)) for rt in REL_TYPES},
            )
            verify_counts(actual, expected_counts(payload))
            if fault:
                fault("neo4j_before_commit")
            try:
                tx.commit()
            except (
                neo4j.exceptions.IncompleteCommit,
                neo4j.exceptions.ServiceUnavailable,
                neo4j.exceptions.SessionExpired,
            ) as exc:
                raise GraphCommitUnknown("the Neo4j commit outcome is unknown") from exc
            if fault:
                try:
                    fault("neo4j_commit_lost")
                except Exception as exc:
                    raise GraphCommitUnknown("the commit acknowledgement was lost") from exc
            timed(phases, "verify_commit", t)
        except GraphLoadError:
            raise
        except (neo4j.exceptions.Neo4jError, neo4j.exceptions.DriverError) as exc:
            if "MemoryPoolOutOfMemoryError" in str(getattr(exc, "code", "")):
                raise GraphLoadError(
                    "Neo4j ran out of transaction memory writing the graph in one transaction: "
                    "raise its heap or dbms.memory.transaction.total.max"
                ) from exc
            raise GraphLoadError("writing the graph to Neo4j failed") from exc
        finally:
            if tx is not None and not tx.closed():
                with contextlib.suppress(Exception):
                    tx.rollback()
            session.close()
        nodes, rels = actual
        return LoadReport(nodes, rels, round(time.perf_counter() - t0, 4), phases)

    def wipe(self) -> None:
        """Delete the managed graph (tests isolate themselves with it)."""
        with self._driver.session(database=self.database) as session:
            session.run(
                "MATCH (n) WHERE any(l IN labels(n) WHERE l IN $labels) DETACH DELETE n",
                labels=list(NODE_LABELS),
            ).consume()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._driver.close()


def _count(tx: Any, query: Query) -> int:
    return int(tx.run(query.for_dialect(NEO4J)).single()[0])


def _value(value: Any) -> Any:
    """Neo4j paths as engine-neutral ``PathValue``."""
    nodes = getattr(value, "nodes", None)
    rels = getattr(value, "relationships", None)
    if nodes is None or rels is None:
        return value
    index = {}
    out_nodes = []
    for i, node in enumerate(nodes):
        label = next((lb for lb in node.labels if lb in NODE_PROPERTIES), next(iter(node.labels)))
        index[node.element_id] = i
        props = {k: node.get(k) for k, _ in NODE_PROPERTIES.get(label, ())}
        out_nodes.append((label, props))
    out_rels = [
        (r.type, index[r.start_node.element_id], index[r.end_node.element_id]) for r in rels
    ]
    return PathValue(out_nodes, out_rels, [r.get("evidence") for r in rels])


__all__ = ["GraphCommitUnknown", "Neo4jStore", "Neo4jUnreachable", "constraint_statements"]
