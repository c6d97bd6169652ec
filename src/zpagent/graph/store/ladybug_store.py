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

Connections: one ``Database`` per open store and one ``Connection`` per
thread (FastAPI runs sync endpoints in a thread pool).
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import threading
import time
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

log = logging.getLogger(__name__)

GRAPH_FILE = "graph.lbug"
# Bounded memory: the default buffer pool is 80 % of RAM per open database,
# and several generations can be open at once during a swap. Reading needs
# little; the one-transaction bulk load of a build needs room for the whole
# graph (a 20,000-student wiki, ~140k nodes and ~400k relationships, does not
# fit in 256 MB). The pool is a ceiling: pages are only used on demand.
BUFFER_POOL_BYTES = 512 * 1024 * 1024
# Each running query holds buffer pages; 64 concurrent requests exhausted a
# 256 MB pool (measured with zpagent bench). Two cores gain nothing from more
# than a few queries at once, so queries beyond this wait for a slot.
MAX_CONCURRENT_QUERIES = 8
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

    def __init__(self, path: Path, read_only: bool = True) -> None:
        self.path = Path(path)
        self.read_only = read_only
        if read_only and not self.path.exists():
            raise GraphUnavailable(f"no graph database at {self.path}")
        self._local = threading.local()
        self._conns: list[ladybug.Connection] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(MAX_CONCURRENT_QUERIES)
        self._db = self._open()

    def _open(self) -> ladybug.Database:
        try:
            return ladybug.Database(
                str(self.path),
                read_only=self.read_only,
                buffer_pool_size=BUFFER_POOL_BYTES if self.read_only else BUILD_BUFFER_POOL_BYTES,
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

    def _conn(self) -> ladybug.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = ladybug.Connection(self._db)
            self._local.conn = conn
            with self._lock:
                self._conns.append(conn)
        return conn

    def query(self, query: Query, **params: Any) -> list[tuple[Any, ...]]:
        text = query.for_dialect(self.dialect)
        try:
            with self._slots:
                result = self._conn().execute(text, params)
                rows = result.get_all()  # type: ignore[union-attr]
        except RuntimeError as exc:
            raise GraphUnavailable(f"graph query {query.name} failed") from exc
        return [tuple(_value(v) for v in row) for row in rows]

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
        self._local = threading.local()
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
                by_label["IndexState"] = [index_state_node(index_version)]
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
        with self._lock:
            for conn in self._conns:
                with contextlib.suppress(RuntimeError):
                    conn.close()
            self._conns.clear()
        db = self.__dict__.pop("_db", None)
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
