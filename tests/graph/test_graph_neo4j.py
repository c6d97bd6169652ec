"""Neo4j through the official driver: one transaction, verified counts, IndexState."""

from __future__ import annotations

import pytest

from tests.graph.conftest import INDEX_VERSION
from zpagent.graph.store import neo4j_store as neo4j_module
from zpagent.graph.store.base import GraphLoadError, expected_counts
from zpagent.graph.store.neo4j_store import GraphCommitUnknown

pytestmark = pytest.mark.neo4j


def test_replace_graph_loads_the_payload_with_its_index_state(neo4j_store, sample_payload):
    report = neo4j_store.replace_graph(sample_payload, INDEX_VERSION)
    assert (report.nodes, report.relationships) == expected_counts(sample_payload)
    assert neo4j_store.counts() == expected_counts(sample_payload)
    assert neo4j_store.read_index_state() == {"version": "test-v1", "index_version": INDEX_VERSION}


def test_uniqueness_constraints_exist(neo4j_store, sample_payload):
    neo4j_store.replace_graph(sample_payload, INDEX_VERSION)
    with neo4j_store._driver.session(database=neo4j_store.database) as session:
        names = {r["name"] for r in session.run("SHOW CONSTRAINTS YIELD name RETURN name")}
    assert {"zpagent_person_id", "zpagent_thesis_id", "zpagent_indexstate_id"} <= names


def test_repeated_builds_never_duplicate(neo4j_store, sample_payload):
    for version in ("v1", "v2", "v3"):
        neo4j_store.replace_graph(sample_payload, {"version": version})
    assert neo4j_store.counts() == expected_counts(sample_payload)
    assert neo4j_store.read_index_state()["version"] == "v3"


@pytest.mark.parametrize(
    "point", ["neo4j_after_delete", "neo4j_after_nodes", "neo4j_after_rels", "neo4j_before_commit"]
)
def test_a_failed_rebuild_leaves_the_old_graph_intact(neo4j_store, sample_payload, point):
    neo4j_store.replace_graph(sample_payload, {"version": "old"})

    def fault(name: str) -> None:
        if name == point:
            raise RuntimeError(f"injected at {name}")

    with pytest.raises(RuntimeError, match="injected"):
        neo4j_store.replace_graph(sample_payload, {"version": "new"}, fault)
    assert neo4j_store.read_index_state()["version"] == "old"
    assert neo4j_store.counts() == expected_counts(sample_payload)


def test_counts_are_verified_before_commit(neo4j_store, sample_payload, monkeypatch):
    neo4j_store.replace_graph(sample_payload, {"version": "old"})

    def wrong(payload):
        nodes, rels = expected_counts(payload)
        return nodes, {**rels, "AUTHORED": rels["AUTHORED"] + 1}

    monkeypatch.setattr(neo4j_module, "expected_counts", wrong)
    with pytest.raises(GraphLoadError, match="AUTHORED"):
        neo4j_store.replace_graph(sample_payload, {"version": "new"})
    assert neo4j_store.read_index_state()["version"] == "old"


def test_a_lost_commit_acknowledgement_is_reported_and_readable(neo4j_store, sample_payload):
    def lost(name: str) -> None:
        if name == "neo4j_commit_lost":
            raise ConnectionError("ack lost")

    with pytest.raises(GraphCommitUnknown):
        neo4j_store.replace_graph(sample_payload, {"version": "maybe"}, lost)
    # The outcome is decided by reading IndexState: here the commit happened.
    assert neo4j_store.read_index_state()["version"] == "maybe"


def test_other_data_in_the_database_is_left_alone(neo4j_store, sample_payload):
    with neo4j_store._driver.session(database=neo4j_store.database) as session:
        session.run("CREATE (:UnmanagedTestLabel {id: 'keep'})").consume()
    try:
        neo4j_store.replace_graph(sample_payload, INDEX_VERSION)
        with neo4j_store._driver.session(database=neo4j_store.database) as session:
            kept = session.run("MATCH (n:UnmanagedTestLabel) RETURN count(n) AS c").single()["c"]
        assert kept == 1
    finally:
        with neo4j_store._driver.session(database=neo4j_store.database) as session:
            session.run("MATCH (n:UnmanagedTestLabel) DETACH DELETE n").consume()


def test_a_rebuild_removes_what_the_payload_no_longer_has(neo4j_store):
    from tests.graph.test_graph_store import small_payload

    neo4j_store.replace_graph(small_payload(5), {"version": "a"})
    smaller = small_payload(3)
    smaller.nodes[0].props["name"] = "Renamed"
    neo4j_store.replace_graph(smaller, {"version": "b"})
    assert neo4j_store.counts() == expected_counts(smaller)
    with neo4j_store._driver.session(database=neo4j_store.database) as session:
        names = sorted(r["n"] for r in session.run("MATCH (p:Person) RETURN p.name AS n"))
    assert names == ["P 1", "P 2", "Renamed"]
