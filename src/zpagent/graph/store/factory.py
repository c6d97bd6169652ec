"""Pick the configured graph store: embedded LadybugDB (default) or Neo4j."""

from __future__ import annotations

from pathlib import Path

from zpagent.config import Settings
from zpagent.graph.store.base import GraphStore, GraphUnavailable
from zpagent.graph.store.ladybug_pool import GraphLimits
from zpagent.graph.store.ladybug_store import GRAPH_FILE, LadybugStore

EMBEDDED = "embedded"
NEO4J = "neo4j"
BACKENDS = (EMBEDDED, NEO4J)


def backend_name(settings: Settings) -> str:
    name = settings.graph_backend.strip().lower()
    if name in ("ladybug", "ladybugdb", "kuzu"):
        return EMBEDDED
    if name not in BACKENDS:
        raise GraphUnavailable(
            f"unknown GRAPH_BACKEND {settings.graph_backend!r}: use embedded or neo4j"
        )
    return name


def embedded_path(generation_path: Path) -> Path:
    return Path(generation_path) / GRAPH_FILE


def neo4j_store(settings: Settings) -> GraphStore:
    if not settings.neo4j_uri:
        raise GraphUnavailable("GRAPH_BACKEND=neo4j needs NEO4J_URI")
    from zpagent.graph.store.neo4j_store import Neo4jStore

    password = settings.neo4j_password.get_secret_value() if settings.neo4j_password else None
    return Neo4jStore(settings.neo4j_uri, settings.neo4j_user, password, settings.neo4j_database)


def open_store(settings: Settings, generation_path: Path) -> GraphStore:
    """The store that serves the graph of the generation at ``generation_path``."""
    if backend_name(settings) == NEO4J:
        return neo4j_store(settings)
    limits = GraphLimits.from_settings(settings)
    return LadybugStore(embedded_path(generation_path), read_only=True, limits=limits)
