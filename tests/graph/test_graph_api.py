"""POST /graph and the graph's readiness in /health."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import AUTH, api_settings
from zpagent.api.app import create_app
from zpagent.graph.contract import GraphResponse


@pytest.fixture(scope="module")
def graph_client(sample_workspace):
    app = create_app(api_settings(), data_dir=sample_workspace.data.root)
    with TestClient(app) as c:
        yield c


def test_graph_answers_with_the_contract(graph_client):
    resp = graph_client.post(
        "/graph",
        json={"query": "Koľko diplomových prác bolo obhájených v roku 2022?"},
        headers=AUTH,
    )
    assert resp.status_code == 200, resp.text
    body = GraphResponse.model_validate(resp.json())
    assert body.status == "ok" and body.aggregation.count == 4
    assert body.index_version["version"]


def test_graph_needs_the_key(graph_client):
    resp = graph_client.post("/graph", json={"query": "Ján Holp"})
    assert resp.status_code == 401 and resp.json()["reason"] == "unauthorized"


@pytest.mark.parametrize(
    ("body", "status", "reason"),
    [
        ({"query": "Ján Holp", "limit": 101}, 422, "invalid_request"),
        ({"query": "Ján Holp", "unknown": 1}, 422, "invalid_request"),
        ({"query": ""}, 422, "invalid_request"),
        ({"query": "   ?  "}, 400, "invalid_query"),
    ],
)
def test_bad_requests_get_the_error_envelope(graph_client, body, status, reason):
    resp = graph_client.post("/graph", json=body, headers=AUTH)
    assert resp.status_code == status and resp.json()["reason"] == reason
    assert "Ján Holp" not in resp.text


def test_health_reports_the_graph(graph_client):
    body = graph_client.get("/health").json()
    assert body["tools"]["graph"]["ready"] is True
    assert body["tools"]["graph"]["index_version"] == body["index_version"]
    assert "neo4j" not in body["tools"]
    # How completely each relation was read: no page path, a status per relation.
    coverage = body["tools"]["graph"]["coverage"]
    assert coverage["supervisor"] == "complete" and coverage["thesis"] == "complete"
    assert set(coverage.values()) <= {"complete", "absent", "partial", "unknown"}
    assert "pages/" not in str(coverage)


def test_openapi_describes_the_tool(graph_client):
    spec = graph_client.get("/openapi.json").json()
    op = spec["paths"]["/graph"]["post"]
    assert op["operationId"] == "graph_wiki"
    assert "počet" in op["description"] or "počty" in op["summary"] or "exact" in op["summary"]
    assert {"400", "401", "422", "503"} <= set(op["responses"])


@pytest.mark.neo4j
def test_neo4j_backend_serves_the_same_answers(sample_workspace, neo4j_overrides):
    from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
    from zpagent.config import Settings
    from zpagent.graph.store.remote import Neo4jRemoteGraph

    settings = Settings(
        _env_file=None,
        search_api_key=SEARCH_KEY,
        sync_api_key=SYNC_KEY,
        webhook_secret=WEBHOOK_SECRET,
        **neo4j_overrides,
    )
    with sample_workspace.open_current() as gen:
        Neo4jRemoteGraph(settings).write_generation(gen.path, gen.index_version, lambda _: None)
    app = create_app(settings, data_dir=sample_workspace.data.root)
    with TestClient(app) as c:
        health = c.get("/health").json()
        assert health["tools"]["neo4j"]["ready"] and health["tools"]["graph"]["ready"]
        body = c.post("/graph", json={"query": "Kto viedol prácu Jána Holpa?"}, headers=AUTH)
        assert body.json()["answers"] == ["Marek Bielik", "Daniel Hládek"]
