"""The graph's part of a generation build (an ``ExtraStep`` of ``index.build``).

1. Extract the payload from the parsed documents and chunks.
2. Write it into the generation's SQLite (``graph_payload``).
3. Build the embedded LadybugDB graph beside it (``<generation>/graph.lbug``),
   with the ``IndexState`` node carrying the generation's ``index_version``.

All of it runs inside the build: a failure fails the build, and the staging
directory (with the half-built graph) is discarded.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

from zpagent.graph.build.extract import build_payload
from zpagent.graph.model import GraphPayload
from zpagent.graph.payload import write_payload
from zpagent.graph.store.ladybug_store import GRAPH_FILE, LadybugStore
from zpagent.ingest.chunker import Chunk
from zpagent.ingest.document import Document

log = logging.getLogger(__name__)

STEP_NAME = "graph"
PROBLEMS_IN_REPORT = 20


def build_embedded(staged: Path, payload: GraphPayload, index_version: dict[str, Any]) -> dict:
    """Create ``<staged>/graph.lbug`` from the payload; returns load figures."""
    store, report = LadybugStore.build(staged / GRAPH_FILE, payload, index_version)
    store.close()
    return {"embedded_seconds": report.seconds, "embedded_phases": report.phases}


def graph_step(
    db: sqlite3.Connection,
    staged: Path,
    docs: list[Document],
    chunks: list[Chunk],
    index_version: dict[str, Any],
) -> dict[str, Any]:
    """Extract and store the graph of one generation; returns counts for the build report."""
    t0 = time.perf_counter()
    payload = build_payload(docs, chunks)
    t1 = time.perf_counter()
    rows = write_payload(db, payload)
    report: dict[str, Any] = {
        "nodes": len(payload.nodes) + 1,  # + the IndexState node
        "relationships": len(payload.rels),
        "conflicts": len(payload.conflicts),
        # How completely each relation was read, and what an editor can fix
        # (``zpagent graph stats --problems`` lists them all).
        "coverage": {c["relation"]: c["status"] for c in payload.coverage},
        "problems": len(payload.problems),
        "first_problems": payload.problems[:PROBLEMS_IN_REPORT],
        "payload_rows": rows,
        "payload_seconds": round(t1 - t0, 4),
    }
    report.update(build_embedded(staged, payload, index_version))
    return report
