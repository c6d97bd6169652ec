"""The graph payload as rows of the generation's SQLite ``graph_payload`` table.

The payload is part of the generation (immutable, versioned with it): a
store can be rebuilt from it without the wiki, Neo4j can be written from it
at publication time, and ``zpagent graph stats`` reads extraction quality
from it.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict
from typing import Any

from zpagent.graph.model import Conflict, Evidence, GraphPayload, Node, PageReport, Rel


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def write_payload(db: sqlite3.Connection, payload: GraphPayload) -> int:
    """Insert the payload rows (inside the caller's transaction); returns the row count."""
    rows: list[tuple[str, str, str]] = []
    for n in payload.nodes:
        rows.append(("node", n.label, _dumps({"id": n.id, "props": n.props})))
    for r in payload.rels:
        data = {
            "src": [r.src_label, r.src],
            "dst": [r.dst_label, r.dst],
            "evidence": [e.to_dict() for e in r.evidence],
        }
        rows.append(("rel", r.type, _dumps(data)))
    for c in payload.conflicts:
        data = asdict(c)
        rows.append(("conflict", c.kind, _dumps(data)))
    for p in payload.pages:
        rows.append(("page", p.kind, _dumps(asdict(p))))
    for c in payload.coverage:
        rows.append(("coverage", c["relation"], _dumps(c)))
    for p in payload.problems:
        rows.append(("problem", str(p["relation"]), _dumps(p)))
    db.executemany("INSERT INTO graph_payload (kind, label, data) VALUES (?, ?, ?)", rows)
    return len(rows)


def read_payload(db: sqlite3.Connection) -> GraphPayload:
    payload = GraphPayload()
    for kind, label, raw in db.execute(
        "SELECT kind, label, data FROM graph_payload ORDER BY rowid"
    ):
        data = json.loads(raw)
        if kind == "node":
            payload.nodes.append(Node(label, data["id"], data["props"]))
        elif kind == "rel":
            payload.rels.append(
                Rel(
                    label,
                    data["src"][0],
                    data["src"][1],
                    data["dst"][0],
                    data["dst"][1],
                    [Evidence.from_dict(e) for e in data["evidence"]],
                )
            )
        elif kind == "conflict":
            evidence = [Evidence.from_dict(e) for e in data.pop("evidence", [])]
            payload.conflicts.append(Conflict(**data, evidence=evidence))
        elif kind == "page":
            payload.pages.append(PageReport(**data))
        elif kind == "coverage":
            payload.coverage.append(data)
        elif kind == "problem":
            payload.problems.append(data)
    return payload


def has_payload(db: sqlite3.Connection) -> bool:
    row = db.execute("SELECT 1 FROM graph_payload WHERE kind = 'node' LIMIT 1").fetchone()
    return row is not None
