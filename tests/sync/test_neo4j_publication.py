"""Publication with a real Neo4j: rollback, lost commit acknowledgement, crashes,
recovery and version mismatches. Requires NEO4J_URI (CI starts a real Neo4j 5)."""

from __future__ import annotations

import os
import signal

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import AUTH, api_settings
from tests.graph.conftest import NEO4J_ENV, _neo4j_or_skip
from tests.sync.test_pipeline import NEW_PAGE, NEW_TEXT, start_sync_process, wait_for
from zpagent.api.app import create_app
from zpagent.config import Settings
from zpagent.errors import RetrievalUnavailable
from zpagent.faults import InjectedFault
from zpagent.index import datadir as dd
from zpagent.index.serving import GenerationManager, remote_verifier
from zpagent.sync.publication import read_marker, recover
from zpagent.workspace import Workspace


@pytest.fixture
def neo4j():
    store = _neo4j_or_skip()
    store.wipe()
    yield store
    store.wipe()
    store.close()


def cypher(store, text: str) -> list[list]:
    records, _, _ = store._driver.execute_query(text, database_=store.database)
    return [list(r.values()) for r in records]


def neo4j_settings(**extra):
    return dict(
        graph_backend="neo4j",
        neo4j_uri=NEO4J_ENV["uri"],
        neo4j_user=NEO4J_ENV["user"],
        neo4j_password=NEO4J_ENV["password"],
        neo4j_database=NEO4J_ENV["database"],
        **extra,
    )


def ws_for(repos, tmp_path, **extra) -> Workspace:
    s = Settings(
        _env_file=None,
        zpagent_data_dir=tmp_path / "data",
        zpwiki_path=repos.wiki,
        expected_gitea_repository="zp/wiki",
        **neo4j_settings(**extra),
    )
    return Workspace(s)


def neo4j_version(ws) -> str | None:
    return ws.remote_graph().read_version()


def test_sync_writes_neo4j_at_the_pointer_version(neo4j, repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    assert neo4j_version(ws) == v1 == dd.read_pointer(ws.data)["version"]
    assert recover(ws.data, ws.remote_graph()).state == "clean"
    repos.push(NEW_PAGE, NEW_TEXT)
    v2 = ws.sync(pull=True)["version"]
    assert neo4j_version(ws) == v2
    # repeated builds never duplicate: node counts equal the payload's
    rows = cypher(neo4j, "MATCH (p:Person {name: 'Zuzana Zelená'}) RETURN count(p)")
    assert rows == [[1]]


@pytest.mark.parametrize("point", ["neo4j_after_nodes", "neo4j_after_rels", "neo4j_before_commit"])
def test_failure_in_the_middle_of_the_graph_write_rolls_back(
    neo4j, repos, tmp_path, monkeypatch, point
):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    repos.push(NEW_PAGE, NEW_TEXT)
    monkeypatch.setenv("ZPAGENT_ENABLE_FAULT_INJECTION", "1")
    monkeypatch.setenv("ZPAGENT_FAULT", f"{point}:raise")
    with pytest.raises(InjectedFault):
        ws.sync(pull=True)
    assert neo4j_version(ws) == v1  # the old graph is intact
    assert dd.read_pointer(ws.data)["version"] == v1
    assert read_marker(ws.data) is None
    assert sorted(p.name for p in ws.data.generations.iterdir()) == [v1]
    rows = cypher(neo4j, "MATCH (p:Person {name: 'Zuzana Zelená'}) RETURN count(p)")
    assert rows == [[0]]


def test_lost_commit_acknowledgement_reads_index_state_before_deciding(
    neo4j, repos, tmp_path, monkeypatch
):
    ws = ws_for(repos, tmp_path)
    ws.sync()
    repos.push(NEW_PAGE, NEW_TEXT)
    monkeypatch.setenv("ZPAGENT_ENABLE_FAULT_INJECTION", "1")
    monkeypatch.setenv("ZPAGENT_FAULT", "neo4j_commit_lost:raise")
    result = ws.sync(pull=True)  # the commit happened: the publication goes on
    assert neo4j_version(ws) == result["version"] == dd.read_pointer(ws.data)["version"]
    assert read_marker(ws.data) is None


def test_crash_after_the_neo4j_commit_recovers_by_itself(neo4j, repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    repos.push(NEW_PAGE, NEW_TEXT)
    env = {"GRAPH_BACKEND": "neo4j", **{f"NEO4J_{k.upper()}": str(v) for k, v in NEO4J_ENV.items()}}
    proc, fault_dir = start_sync_process(ws, repos, tmp_path, "after_neo4j:pause", True, env)
    wait_for(fault_dir / "after_neo4j.reached")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    marker = read_marker(ws.data)
    new = marker["to"]
    assert neo4j_version(ws) == new and dd.read_pointer(ws.data)["version"] == v1
    # a server started now refuses until it has proven the state ...
    remote = Workspace(Settings(_env_file=None, **neo4j_settings())).remote_graph()
    manager = GenerationManager(ws.data, verifier=remote_verifier(remote))
    with pytest.raises(RetrievalUnavailable), manager.use():
        pass
    manager.close()
    # ... which it can: Neo4j carries the new version and that generation is complete.
    app = create_app(api_settings(**neo4j_settings()), data_dir=ws.data.root)
    with TestClient(app) as client:
        health = client.get("/health").json()
        assert health["ready"] is True
        assert health["index_version"]["version"] == new
        assert (
            client.post("/search", json={"query": "Kvantové žirafy"}, headers=AUTH).json()[
                "results"
            ][0]["title"]
            == "Zuzana Zelená"
        )
    assert read_marker(ws.data) is None


def test_unprovable_state_refuses_until_a_sync_succeeds(neo4j, repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    ws.sync()
    repos.push(NEW_PAGE, NEW_TEXT)
    env = {"GRAPH_BACKEND": "neo4j", **{f"NEO4J_{k.upper()}": str(v) for k, v in NEO4J_ENV.items()}}
    proc, fault_dir = start_sync_process(ws, repos, tmp_path, "after_neo4j:pause", True, env)
    wait_for(fault_dir / "after_neo4j.reached")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    # Neo4j is unreachable after the restart: nothing can be proven.
    down = api_settings(**{**neo4j_settings(), "neo4j_uri": "bolt://127.0.0.1:9"})
    app = create_app(down, data_dir=ws.data.root)
    with TestClient(app) as client:
        assert client.get("/health").json()["ready"] is False
        r = client.post("/search", json={"query": "Ján Holp"}, headers=AUTH)
        assert r.status_code == 503 and r.json()["reason"] == "retrieval_unavailable"
    assert read_marker(ws.data) is not None  # never "fixed" by forgetting it
    # A successful sync (Neo4j reachable again) resolves it.
    result = ws.sync()
    assert read_marker(ws.data) is None
    assert neo4j_version(ws) == result["version"] == dd.read_pointer(ws.data)["version"]


def test_version_mismatch_between_index_and_graph_is_refused(neo4j, repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    ws.sync()
    app = create_app(api_settings(**neo4j_settings()), data_dir=ws.data.root)
    with TestClient(app) as client:
        assert client.post("/search", json={"query": "Ján Holp"}, headers=AUTH).status_code == 200
        # someone else writes another generation's graph into Neo4j
        cypher(neo4j, "MATCH (s:IndexState) SET s.version = 'someone-else', s.index_version = '{}'")
        client.app.state.manager.refresh(force=True)
        r = client.post("/search", json={"query": "Ján Holp"}, headers=AUTH)
        assert r.status_code == 503 and r.json()["reason"] == "retrieval_unavailable"
        assert client.get("/health").json()["ready"] is False
        assert read_marker(ws.data) is None  # there is no marker to delete: still refused
