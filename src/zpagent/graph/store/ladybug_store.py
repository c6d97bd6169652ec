"""The embedded store: LadybugDB (the maintained successor of Kùzu), one file per generation.

The database is built inside the staging directory of a generation and is
read-only afterwards, so serving needs no locks. LadybugDB needs declared
tables; they are derived from ``schema``. Loading uses ``COPY ... FROM
(UNWIND $rows ...)`` into empty tables inside one transaction, verified
against the payload before ``COMMIT``.

LadybugDB's ``COPY`` is only reliable into empty tables, so replacing an
existing graph builds a complete new database file beside it and swaps it
in with a rename: the old file stays untouched until the new one is
verified and committed.

Reading: one ``Database`` per open store and a bounded pool of connections
(``ladybug_pool``): a query waits for a free connection in a bounded queue
with a deadline, and is refused with 503 + ``Retry-After`` beyond it. A
``session()`` keeps one connection for all queries of one request, so an
admitted request never queues twice.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ladybug

from zpagent.graph.model import GraphPayload, Rel, evidence_json
from zpagent.graph.schema import NODE_LABELS, NODE_PROPERTIES, REL_ENDPOINTS, REL_TYPES
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
from zpagent.graph.store.cypher import LADYBUG, Query, count_nodes_query, count_rels_query
from zpagent.graph.store.ladybug_pool import ConnectionPool, EngineError, GraphBusy, GraphLimits

log = logging.getLogger(__name__)

GRAPH_FILE = "graph.lbug"
# Bounded memory: the default buffer pool is 80 % of RAM per open database,
# and several generations can be open at once during a swap. Serving sizes
# its pool from GraphLimits (GRAPH_BUFFER_POOL_MB); the one-transaction bulk
# load of a build needs room for the whole graph (a 20,000-student wiki,
# ~140k nodes and ~400k relationships, does not fit in 256 MB). A pool is a
# ceiling: pages are only used on demand.
BUILD_BUFFER_POOL_BYTES = 4 * 1024 * 1024 * 1024
# The default reserves 8 TB of address space per database (mmap).
MAX_DB_BYTES = 1 << 34


def ddl() -> list[str]:
    statements = []
    for label, props in NODE_PROPERTIES.items():
        cols = ", ".join(f"{name} {type_}" for name, type_ in props)
        statements.append(f"CREATE NODE TABLE {label}({cols}, PRIMARY KEY(id))")
    for rel_type, pairs in REL_ENDPOINTS.items():
        ends = ", ".join(f"FROM {a} TO {b}" for a, b in pairs)
        statements.append(f"CREATE REL TABLE {rel_type}({ends}, evidence STRING)")
    return statements


def _wipe(path: Path) -> None:
    for p in (path, Path(f"{path}.wal"), Path(f"{path}.shadow"), Path(f"{path}.tmp")):
        if p.is_dir():
            shutil.rmtree(p, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                p.unlink()


class LadybugStore(GraphStore):
    dialect = LADYBUG

    def __init__(
        self, path: Path, read_only: bool = True, limits: GraphLimits | None = None
    ) -> None:
        self.path = Path(path)
        self.read_only = read_only
        self.limits = limits or GraphLimits()
        if read_only and not self.path.exists():
            raise GraphUnavailable(f"no graph database at {self.path}")
        self._session = threading.local()
        if read_only:
            self._pool: ConnectionPool | None = ConnectionPool(self._open, self.limits)
            self._db = None
        else:
            self._pool = None
            self._db = self._open()

    def _open(self) -> ladybug.Database:
        try:
            if self.read_only:
                return ladybug.Database(
                    str(self.path),
                    read_only=True,
                    buffer_pool_size=self.limits.buffer_pool_mb * 1024 * 1024,
                    max_db_size=MAX_DB_BYTES,
                    max_num_threads=1,
                )
            return ladybug.Database(
                str(self.path),
                read_only=False,
                buffer_pool_size=BUILD_BUFFER_POOL_BYTES,
                max_db_size=MAX_DB_BYTES,
            )
        except RuntimeError as exc:
            raise GraphUnavailable(f"cannot open the graph database {self.path}") from exc

    @classmethod
    def build(
        cls,
        path: Path,
        payload: GraphPayload,
        index_version: dict[str, Any],
        fault: FaultHook | None = None,
    ) -> tuple[LadybugStore, LoadReport]:
        """Create a new database file at ``path`` holding ``payload``."""
        if Path(path).exists():
            raise GraphLoadError(f"{path} exists; build() only creates new databases")
        store = cls(path, read_only=False)
        try:
            report = store._load_empty(payload, index_version, fault)
        except BaseException:
            store.close()
            _wipe(Path(path))
            raise
        return store, report

    # -- reading ----------------------------------------------------------------------

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """One connection for every query of the block (one request): admitted once."""
        if self._pool is None or getattr(self._session, "conn", None) is not None:
            yield
            return
        self._session.conn = self._pool.acquire()
        try:
            yield
        finally:
            conn, self._session.conn = self._session.conn, None
            if conn is not None:
                self._pool.release(conn)

    def query(self, query: Query, **params: Any) -> list[tuple[Any, ...]]:
        text = query.for_dialect(self.dialect)
        if self._pool is None:
            rows = self._run_writer(text, params, query.name)
        else:
            with self.session():
                rows = self._run(text, params, query.name)
        return [tuple(_value(v) for v in row) for row in rows]

    def _run(self, text: str, params: dict[str, Any], name: str) -> list[list[Any]]:
        """One query on the session's connection, retried once on a fresh connection.

        An engine error leaves the connection holding buffer pages; closing it
        frees them, so the retry has the memory the first attempt lacked.
        """
        pool = self._pool
        assert pool is not None
        for attempt in (1, 2):
            conn = self._session.conn
            try:
                rows = pool.run(conn, text, params)
            except EngineError as exc:
                log.warning("graph query %s failed (attempt %d): %s", name, attempt, exc)
                self._session.conn = None
                pool.release(conn, broken=True)
                if exc.interrupted:  # GRAPH_QUERY_TIMEOUT: a retry would take as long
                    raise GraphBusy(f"graph query {name} timed out") from None
                if attempt == 2:
                    pool.record(ok=False)
                    raise GraphBusy(f"graph query {name} failed twice: {exc}") from None
                self._session.conn = pool.acquire()
                continue
            pool.record(ok=True)
            return rows
        raise AssertionError("unreachable")

    def _run_writer(self, text: str, params: dict[str, Any], name: str) -> list[list[Any]]:
        """Queries of a store open for writing (counts during a load): one short connection."""
        conn = ladybug.Connection(self._db)
        try:
            result = conn.execute(text, params)
            return result.get_all()  # type: ignore[union-attr]
        except RuntimeError as exc:
            raise GraphUnavailable(f"graph query {name} failed") from exc
        finally:
            conn.close()

    def pool_stats(self) -> dict[str, int]:
        return self._pool.stats() if self._pool is not None else {}

    # -- writing ----------------------------------------------------------------------

    def replace_graph(
        self,
        payload: GraphPayload,
        index_version: dict[str, Any],
        fault: FaultHook | None = None,
    ) -> LoadReport:
        if self.read_only:
            raise GraphLoadError("the graph store is open read-only")
        nodes, _ = self.counts_if_any()
        if not any(nodes.values()):
            return self._load_empty(payload, index_version, fault)
        # Build the replacement beside the current file, then swap it in.
        tmp = Path(f"{self.path}.new")
        _wipe(tmp)
        new_store, report = LadybugStore.build(tmp, payload, index_version, fault)
        new_store.close()
        self.close()
        _wipe(Path(f"{self.path}.wal"))
        os.replace(tmp, self.path)
        self._db = self._open()
        return report

    def counts_if_any(self) -> tuple[dict[str, int], dict[str, int]]:
        try:
            return self.counts()
        except GraphUnavailable:
            return {}, {}

    def _ensure_schema(self, conn: ladybug.Connection) -> None:
        existing = {row[1] for row in conn.execute("CALL show_tables() RETURN *").get_all()}  # type: ignore[union-attr]
        for statement in ddl():
            name = statement.split()[3].split("(")[0]
            if name not in existing:
                conn.execute(statement)

    def _load_empty(
        self,
        payload: GraphPayload,
        index_version: dict[str, Any],
        fault: FaultHook | None,
    ) -> LoadReport:
        t0 = time.perf_counter()
        phases: dict[str, float] = {}
        conn = ladybug.Connection(self._db)
        try:
            self._ensure_schema(conn)
            t = timed(phases, "schema", t0)
            conn.execute("BEGIN TRANSACTION")
            try:
                by_label = payload.nodes_by_label()
                by_label["IndexState"] = [index_state_node(index_version, payload.coverage_json())]
                for label in NODE_LABELS:
                    rows = node_rows(by_label.get(label, []))
                    if rows:
                        cols = ", ".join(
                            f"CAST(r.{name} AS {type_})" for name, type_ in NODE_PROPERTIES[label]
                        )
                        conn.execute(
                            f"COPY {label} FROM (UNWIND $rows AS r RETURN {cols})", {"rows": rows}
                        )
                t = timed(phases, "nodes", t)
                if fault:
                    fault("after_nodes")
                for (rel_type, src, dst), rels in sorted(payload.rels_by_endpoints().items()):
                    rows = [{"s": r.src, "d": r.dst, "e": _evidence(r)} for r in rels]
                    opts = (
                        f" (from='{src}', to='{dst}')" if len(REL_ENDPOINTS[rel_type]) > 1 else ""
                    )
                    conn.execute(
                        f"COPY {rel_type} FROM "
                        f"(UNWIND $rows AS r RETURN r.s, r.d, CAST(r.e AS STRING)){opts}",
                        {"rows": rows},
                    )
                t = timed(phases, "relationships", t)
                if fault:
                    fault("after_rels")
                actual = (
                    {lb: _count(conn, count_nodes_query(lb)) for lb in NODE_LABELS},
                    {rt: _count(conn, count_rels_query(rt)) for rt in REL_TYPES},
                )
                verify_counts(actual, expected_counts(payload))
                if fault:
                    fault("before_commit")
                conn.execute("COMMIT")
                timed(phases, "verify_commit", t)
            except BaseException:
                with contextlib.suppress(RuntimeError):
                    conn.execute("ROLLBACK")
                raise
        except RuntimeError as exc:
            raise GraphLoadError("loading the embedded graph failed") from exc
        finally:
            conn.close()
        nodes, rels = actual
        return LoadReport(nodes, rels, round(time.perf_counter() - t0, 4), phases)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
        db, self._db = self._db, None
        if db is not None:
            with contextlib.suppress(RuntimeError):
                db.close()


def _evidence(rel: Rel) -> str | None:
    """Structural relationships have no evidence: null, not a stored "[]"."""
    return evidence_json(rel.evidence) if rel.evidence else None


def _count(conn: ladybug.Connection, query: Query) -> int:
    return int(conn.execute(query.for_dialect(LADYBUG)).get_all()[0][0])  # type: ignore[union-attr]


def _value(value: Any) -> Any:
    """LadybugDB paths (dicts with _NODES/_RELS) as engine-neutral ``PathValue``."""
    if isinstance(value, dict) and "_NODES" in value and "_RELS" in value:
        index: dict[tuple[int, int], int] = {}
        nodes: list[tuple[str, dict[str, Any]]] = []
        for i, node in enumerate(value["_NODES"]):
            label = node["_LABEL"]
            index[(node["_ID"]["table"], node["_ID"]["offset"])] = i
            props = {k: node.get(k) for k, _ in NODE_PROPERTIES.get(label, ())}
            nodes.append((label, props))
        rels, evidence = [], []
        for rel in value["_RELS"]:
            src = index[(rel["_SRC"]["table"], rel["_SRC"]["offset"])]
            dst = index[(rel["_DST"]["table"], rel["_DST"]["offset"])]
            rels.append((rel["_LABEL"], src, dst))
            evidence.append(rel.get("evidence"))
        return PathValue(nodes, rels, evidence)
    return value


__all__ = ["GRAPH_FILE", "LadybugStore", "ddl"]
