"""Neo4j as the sync pipeline's remote graph (``zpagent.sync.publication.RemoteGraph``).

At publication the pipeline asks for the new generation's graph to be
written to Neo4j in one transaction, before the pointer switch. The payload
is read from the generation's own SQLite file, so Neo4j receives exactly the
graph that was extracted for that generation.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from zpagent.config import Settings
from zpagent.graph.model import GraphPayload
from zpagent.graph.payload import read_payload
from zpagent.graph.store.base import GraphLoadError, GraphStore
from zpagent.graph.store.factory import neo4j_store
from zpagent.index.build import INDEX_FILE
from zpagent.index.marker import CommitOutcomeUnknown


def read_generation_payload(gen_path: Path) -> GraphPayload:
    uri = f"file:{quote(str(Path(gen_path) / INDEX_FILE))}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise GraphLoadError("the generation's index cannot be opened") from exc
    try:
        return read_payload(db)
    finally:
        db.close()


class Neo4jRemoteGraph:
    """Opens a driver per operation and closes it: publications are rare, and a
    long-lived object that nobody closes must not hold connections."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @contextlib.contextmanager
    def _store(self) -> Iterator[GraphStore]:
        store = neo4j_store(self.settings)
        try:
            yield store
        finally:
            store.close()

    def write_generation(
        self, gen_path: Path, index_version: dict[str, Any], fault: Callable[[str], None]
    ) -> None:
        from zpagent.graph.store.neo4j_store import GraphCommitUnknown

        payload = read_generation_payload(gen_path)
        with self._store() as store:
            try:
                store.replace_graph(payload, index_version, fault)
            except GraphCommitUnknown as exc:
                raise CommitOutcomeUnknown(str(exc)) from exc

    def read_version(self) -> str | None:
        with self._store() as store:
            state = store.read_index_state()
        return state["version"] if state else None
