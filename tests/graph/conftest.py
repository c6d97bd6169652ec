"""Graph fixtures: the sample wiki's payload, an embedded store, a real Neo4j.

Neo4j tests run against the server in NEO4J_URI (``eval "$(scripts/neo4j-start.sh)"``).
Without it they skip with the reason, unless ZPAGENT_REQUIRE_NEO4J=1 (CI), where
a missing Neo4j fails them. Each Neo4j test starts from an empty managed graph.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import write_pages
from zpagent.graph.build.extract import build_payload
from zpagent.graph.model import GraphPayload
from zpagent.graph.store.base import GraphUnavailable
from zpagent.graph.store.ladybug_store import LadybugStore
from zpagent.ingest.chunker import Chunker
from zpagent.ingest.scan import scan_wiki

REPO = Path(__file__).resolve().parents[2]
SAMPLE_WIKI = REPO / "examples" / "zpwiki"
INDEX_VERSION = {"version": "test-v1", "note": "graph tests"}

# Read at import: the session's autouse fixture clears ZPAGENT_* variables per test.
REQUIRE_NEO4J = os.environ.get("ZPAGENT_REQUIRE_NEO4J") == "1"
NEO4J_ENV = {
    "uri": os.environ.get("NEO4J_URI"),
    "user": os.environ.get("NEO4J_USER", "neo4j"),
    "password": os.environ.get("NEO4J_PASSWORD"),
    "database": os.environ.get("NEO4J_DATABASE", "neo4j"),
}


def payload_of(wiki: Path) -> GraphPayload:
    docs = scan_wiki(wiki).documents
    chunker = Chunker()
    chunks = [c for d in docs for c in chunker.chunk(d.path, d.title, d.body)]
    return build_payload(docs, chunks)


def payload_of_pages(root: Path, pages: dict[str, str]) -> GraphPayload:
    """The graph payload of a wiki written from ``pages`` (path -> text) under ``root``."""
    return payload_of(write_pages(root, pages))


@pytest.fixture(scope="session")
def sample_payload() -> GraphPayload:
    return payload_of(SAMPLE_WIKI)


@pytest.fixture(scope="session")
def sample_store(tmp_path_factory, sample_payload) -> LadybugStore:
    path = tmp_path_factory.mktemp("graph") / "graph.lbug"
    store, _ = LadybugStore.build(path, sample_payload, INDEX_VERSION)
    store.close()
    opened = LadybugStore(path)
    yield opened
    opened.close()


def _neo4j_or_skip():
    if not NEO4J_ENV["uri"]:
        reason = 'NEO4J_URI is not set: start one with eval "$(scripts/neo4j-start.sh)"'
        if REQUIRE_NEO4J:
            pytest.fail(f"ZPAGENT_REQUIRE_NEO4J=1 but {reason}")
        pytest.skip(reason)
    from zpagent.graph.store.neo4j_store import Neo4jStore

    try:
        return Neo4jStore(
            NEO4J_ENV["uri"], NEO4J_ENV["user"], NEO4J_ENV["password"], NEO4J_ENV["database"]
        )
    except GraphUnavailable as exc:  # configured but unreachable
        if REQUIRE_NEO4J:
            pytest.fail(f"Neo4j at NEO4J_URI is not reachable: {exc}")
        pytest.skip(f"Neo4j at NEO4J_URI is not reachable: {exc}")


@pytest.fixture(scope="session")
def neo4j_session_store():
    store = _neo4j_or_skip()
    yield store
    store.wipe()
    store.close()


@pytest.fixture
def neo4j_store(neo4j_session_store):
    """A Neo4j store whose managed graph is empty at the start of the test."""
    neo4j_session_store.wipe()
    neo4j_session_store.cache().clear()
    yield neo4j_session_store
    neo4j_session_store.cache().clear()


@pytest.fixture(scope="session")
def neo4j_overrides() -> dict:
    """Settings overrides that point GRAPH_BACKEND at the test Neo4j (or skip)."""
    _neo4j_or_skip().close()
    return {
        "graph_backend": "neo4j",
        "neo4j_uri": NEO4J_ENV["uri"],
        "neo4j_user": NEO4J_ENV["user"],
        "neo4j_password": NEO4J_ENV["password"],
        "neo4j_database": NEO4J_ENV["database"],
    }
