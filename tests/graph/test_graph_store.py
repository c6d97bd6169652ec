"""The embedded store (LadybugDB): one transaction, verified counts, swaps, threads."""

from __future__ import annotations

import threading

import pytest

from tests.graph.conftest import INDEX_VERSION
from zpagent.graph.model import GraphPayload, Node, Rel
from zpagent.graph.store import cypher as q
from zpagent.graph.store import ladybug_store
from zpagent.graph.store.base import GraphLoadError, GraphUnavailable, expected_counts
from zpagent.graph.store.ladybug_store import LadybugStore


def test_counts_match_the_payload(sample_store, sample_payload):
    assert sample_store.counts() == expected_counts(sample_payload)


def test_index_state_carries_the_index_version(sample_store):
    state = sample_store.read_index_state()
    assert state == {"version": "test-v1", "index_version": INDEX_VERSION}


def test_a_read_only_store_refuses_writes(sample_store, sample_payload):
    with pytest.raises(GraphLoadError):
        sample_store.replace_graph(sample_payload, INDEX_VERSION)


def test_a_missing_database_is_unavailable(tmp_path):
    with pytest.raises(GraphUnavailable):
        LadybugStore(tmp_path / "nothing.lbug")


def small_payload(n: int) -> GraphPayload:
    p = GraphPayload()
    for i in range(n):
        p.nodes.append(
            Node("Person", f"p{i}", {"name": f"P {i}", "key": f"p {i}", "published": True})
        )
        p.nodes.append(
            Node("Thesis", f"t{i}", {"kind": "bachelor", "year": 2000 + i, "published": True})
        )
        p.rels.append(Rel("AUTHORED", "Person", f"p{i}", "Thesis", f"t{i}"))
    return p


def test_a_fault_during_the_load_leaves_no_database(tmp_path):
    path = tmp_path / "g.lbug"

    def fault(point: str) -> None:
        if point == "after_rels":
            raise RuntimeError("injected")

    with pytest.raises(GraphLoadError):
        LadybugStore.build(path, small_payload(3), INDEX_VERSION, fault)
    assert not path.exists()


def test_counts_are_verified_before_commit(tmp_path, monkeypatch):
    def wrong(payload):
        nodes, rels = expected_counts(payload)
        return {**nodes, "Person": nodes["Person"] + 1}, rels

    monkeypatch.setattr(ladybug_store, "expected_counts", wrong)
    with pytest.raises(GraphLoadError, match="Person"):
        LadybugStore.build(tmp_path / "g.lbug", small_payload(2), INDEX_VERSION)
    assert not (tmp_path / "g.lbug").exists()


def test_a_dangling_relationship_is_refused(tmp_path):
    payload = small_payload(1)
    payload.rels.append(Rel("AUTHORED", "Person", "p0", "Thesis", "missing"))
    with pytest.raises(GraphLoadError):
        LadybugStore.build(tmp_path / "g.lbug", payload, INDEX_VERSION)


def test_replace_swaps_in_a_verified_graph_and_never_duplicates(tmp_path):
    path = tmp_path / "g.lbug"
    store, _ = LadybugStore.build(path, small_payload(2), {"version": "a"})
    try:
        for version in ("b", "c"):
            store.replace_graph(small_payload(5), {"version": version})
            assert store.counts() == expected_counts(small_payload(5))
            assert store.read_index_state()["version"] == version

        def fault(point: str) -> None:
            raise RuntimeError(point)

        with pytest.raises(GraphLoadError):
            store.replace_graph(small_payload(9), {"version": "d"}, fault)
        # The failed replacement left the previous graph as it was.
        assert store.counts() == expected_counts(small_payload(5))
        assert store.read_index_state()["version"] == "c"
    finally:
        store.close()


def test_concurrent_readers_get_identical_answers(sample_store):
    expected = sample_store.query(
        q.PERSON_THESES, ids=["jan-holp"], include_unpublished=False, kinds=[], limit=10
    )
    errors: list[BaseException] = []

    def read() -> None:
        try:
            for _ in range(50):
                got = sample_store.query(
                    q.PERSON_THESES, ids=["jan-holp"], include_unpublished=False, kinds=[], limit=10
                )
                assert got == expected
        except BaseException as exc:  # noqa: BLE001 - collected and re-raised below
            errors.append(exc)

    threads = [threading.Thread(target=read) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(expected) == 2
