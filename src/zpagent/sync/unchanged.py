"""A sync whose sources equal the published generation's publishes nothing.

Pushes without page changes (a flood of them, or a replayed webhook body
under a new delivery id) used to publish a new generation each time. Now
the sync compares its snapshot with a record kept beside the published
generation (``build.json``): the same Git revision, the same source hash
and the same build configuration (embedding model, chunker, page limits, wiki URL,
pipeline and schema versions) mean the published index is exactly what a
build would produce, so the job ends with the outcome ``unchanged``. With
Neo4j, the graph must also carry the published version; otherwise, and
whenever anything cannot be read, the sync builds as before.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict
from pathlib import Path
from typing import Any

from zpagent.index import datadir as dd
from zpagent.index.marker import read_marker
from zpagent.index.schema import SCHEMA_VERSION
from zpagent.index.version import PIPELINE_VERSION
from zpagent.sync.snapshot import Snapshot

log = logging.getLogger(__name__)

BUILD_RECORD = "build.json"


def build_config(ws: Any) -> dict[str, Any]:
    """What besides the pages decides what a build produces."""
    return {
        "embedding_fingerprint": ws.embedder.fingerprint,
        "chunker": asdict(ws.chunk_settings()),
        "page_limits": asdict(ws.page_limits()),
        "wiki_base_url": ws.settings.wiki_base_url,
        "graph_backend": ws.graph_backend(),
        "pipeline": PIPELINE_VERSION,
        "schema": SCHEMA_VERSION,
    }


def _record(snap: Snapshot, config: dict[str, Any]) -> dict[str, Any]:
    return {"wiki_revision": snap.revision, "source_hash": snap.source_hash, "config": config}


def write_record(staged: Path, snap: Snapshot, config: dict[str, Any]) -> None:
    (staged / BUILD_RECORD).write_text(
        json.dumps(_record(snap, config), ensure_ascii=False, sort_keys=True), encoding="utf-8"
    )


def published_unchanged(
    data: dd.DataDir, snap: Snapshot, config: dict[str, Any], remote: Any = None
) -> str | None:
    """The published version when ``snap`` would rebuild it exactly, else None."""
    try:
        pointer = dd.read_pointer(data)
        if pointer is None or read_marker(data) is not None:
            return None
        path = dd.generation_path(data, pointer) / BUILD_RECORD
        recorded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    # The record went through JSON: compare like with like.
    if recorded != json.loads(json.dumps(_record(snap, config), sort_keys=True)):
        return None
    if remote is not None:
        try:
            if remote.read_version() != pointer["version"]:
                return None
        except Exception:  # noqa: BLE001 - an unreadable graph is rebuilt, not trusted
            return None
    return str(pointer["version"])


__all__ = ["BUILD_RECORD", "build_config", "published_unchanged", "write_record"]
