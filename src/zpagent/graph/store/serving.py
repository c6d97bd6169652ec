"""The graph store of a served generation, opened once and closed with it.

Embedded: the generation's own ``graph.lbug``, opened read-only; its
``IndexState`` must carry the generation's version (checked once at open).
Neo4j: one driver per generation; its ``IndexState`` is read on every
request, because another process (the sync pipeline) may rewrite it. A
version that differs from the served generation is refused (503): a
response never reports a version it did not read.
"""

from __future__ import annotations

import threading
from typing import Any

from zpagent.config import Settings
from zpagent.graph.store.base import GraphStore, GraphUnavailable
from zpagent.graph.store.factory import NEO4J, backend_name, open_store
from zpagent.index.reader import Generation

EXTRA_KEY = "graph"
_LOCK = threading.Lock()


def graph_store(gen: Generation, settings: Settings) -> GraphStore:
    # One store per backend: an evaluation asks the same generation of both.
    key = f"{EXTRA_KEY}:{backend_name(settings)}"
    store = gen.extras.get(key)
    if store is not None:
        return store
    with _LOCK:
        store = gen.extras.get(key)
        if store is None:
            store = open_store(settings, gen.path)
            if store.dialect != NEO4J:
                try:
                    _check(store, gen)
                except BaseException:
                    store.close()
                    raise
            gen.extras[key] = store
    return store


def _check(store: GraphStore, gen: Generation) -> dict[str, Any]:
    state = store.read_index_state()
    if state is None or state["version"] != gen.version:
        raise GraphUnavailable("the graph store does not hold the served generation")
    return state["index_version"] or gen.index_version


def served_index_version(store: GraphStore, gen: Generation, settings: Settings) -> dict:
    """The index_version the graph answers from (read from the store for Neo4j)."""
    if backend_name(settings) == NEO4J:
        return _check(store, gen)
    return gen.index_version


def graph_ready(gen: Generation, settings: Settings) -> bool:
    try:
        store = graph_store(gen, settings)
        served_index_version(store, gen, settings)
    except GraphUnavailable:
        return False
    return True
