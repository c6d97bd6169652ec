import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import (
    AUTH,
    BEARER,
    ENVELOPE_KEYS,
    SEARCH_KEY,
    SYNC_KEY,
    WEBHOOK_SECRET,
    api_settings,
)
from zpagent.api.app import create_app
from zpagent.api.security import ConfigurationError
from zpagent.contract import ErrorResponse, RagResponse, SearchResponse

ERROR_KEYS = {
    "contract_version",
    "status",
    "reason",
    "message",
    "details",
    "sources",
    "index_version",
    "complete",
    "truncated",
    "truncation_reasons",
}


def assert_error(resp, status, reason):
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert set(body) == ERROR_KEYS
    ErrorResponse.model_validate(body)
    assert body["status"] == "error"
    assert body["reason"] == reason
    assert body["sources"] == [] and body["index_version"] is None


def test_health_needs_no_auth_and_reports_the_version(client):
    body = client.get("/health").json()
    assert body["ready"] is True
    assert body["tools"]["rag"]["ready"] and body["tools"]["search"]["ready"]
    assert body["index_version"]["version"]
    assert body["index_outdated"] is False
    text = client.get("/health").text
    assert SEARCH_KEY not in text and "/tmp" not in text


def test_an_index_from_another_pipeline_version_serves_and_says_so(
    tiny_workspace, monkeypatch, caplog
):
    from zpagent.index import version

    monkeypatch.setattr(version, "PIPELINE_VERSION", version.PIPELINE_VERSION + 1)
    app = create_app(api_settings(), data_dir=tiny_workspace.data.root)
    with caplog.at_level("WARNING", logger="zpagent.api"), TestClient(app) as c:
        body = c.get("/health").json()
        assert body["ready"] is True and body["index_outdated"] is True
        assert c.post("/search", json={"query": "Ján Holp"}, headers=AUTH).status_code == 200
    assert any("zpagent sync" in r.getMessage() for r in caplog.records)
    assert version.outdated(None) is False
    assert version.outdated({"version": "x"}) is True  # built before the field existed


def test_search_with_either_header(client):
    for headers in (AUTH, BEARER):
        resp = client.post("/search", json={"query": "Ján Holp", "limit": 3}, headers=headers)
        assert resp.status_code == 200
        body = SearchResponse.model_validate(resp.json())
        assert body.results[0].document_path.endswith("jh428ek/README.md")
        assert set(resp.json()) >= ENVELOPE_KEYS


def test_rag_contract(client):
    resp = client.post("/rag", json={"query": "Aký názov práce má Ján Holp?"}, headers=AUTH)
    assert resp.status_code == 200
    body = RagResponse.model_validate(resp.json())
    assert body.status == "ok"
    assert "[S1]" in body.context
    assert "Rozpoznávanie pomenovaných entít" in body.context
    assert body.context_budget.used <= body.context_budget.limit
    assert body.diagnostics is None
    assert "Odpovedaj výlučne" in body.instructions


def test_rag_no_answer(client):
    body = client.post("/rag", json={"query": "xqzvbn wpfkjr"}, headers=AUTH).json()
    assert body["status"] == "no_answer"
    low = body["confidence"]["level"] == "low"
    assert body["reason"] == ("low_confidence" if low else "no_matching_sources")
    assert body["sources"] == [] and body["context"] == ""


def test_rag_diagnostics_only_on_request(client):
    body = client.post(
        "/rag", json={"query": "Ján Holp", "include_diagnostics": True}, headers=AUTH
    ).json()
    assert body["diagnostics"]["retrieval"][0]["document_path"].endswith("jh428ek/README.md")


FAILURES = [
    ("no key", {}, {"query": "x"}, 401, "unauthorized"),
    ("wrong key", {"X-API-Key": "x" * 40}, {"query": "x"}, 401, "unauthorized"),
    ("sync key", {"X-API-Key": SYNC_KEY}, {"query": "x"}, 401, "unauthorized"),
    (
        "webhook secret",
        {"Authorization": f"Bearer {WEBHOOK_SECRET}"},
        {"query": "x"},
        401,
        "unauthorized",
    ),
    ("unknown field", AUTH, {"query": "x", "foo": 1}, 422, "invalid_request"),
    ("limit too big", AUTH, {"query": "x", "limit": 1000}, 422, "invalid_request"),
    ("missing query", AUTH, {}, 422, "invalid_request"),
    ("empty query", AUTH, {"query": ""}, 422, "invalid_request"),
    ("blank query", AUTH, {"query": "   "}, 400, "invalid_query"),
    ("query too long", AUTH, {"query": "a" * 5000}, 422, "invalid_request"),
    ("wrong type", AUTH, {"query": 42}, 422, "invalid_request"),
]


@pytest.mark.parametrize("path", ["/search", "/rag"])
@pytest.mark.parametrize(("name", "headers", "body", "status", "reason"), FAILURES)
def test_one_error_shape_for_every_failure(client, path, name, headers, body, status, reason):
    assert_error(client.post(path, json=body, headers=headers), status, reason)


@pytest.mark.parametrize("path", ["/search", "/rag"])
def test_malformed_json_and_wrong_content(client, path):
    resp = client.post(
        path, content=b'{"query": ', headers={**AUTH, "content-type": "application/json"}
    )
    assert_error(resp, 422, "invalid_request")
    resp = client.post(path, content=b"query=x", headers={**AUTH, "content-type": "text/plain"})
    assert_error(resp, 422, "invalid_request")


def test_validation_errors_do_not_echo_input(client):
    secret_looking = "MY-SECRET-VALUE-123"
    resp = client.post("/search", json={"query": "x", secret_looking: secret_looking}, headers=AUTH)
    assert resp.status_code == 422
    assert secret_looking not in resp.text
    assert resp.json()["details"] == [{"loc": "body", "type": "extra_forbidden"}]
    resp = client.post("/search", json={"query": 12345678}, headers=AUTH)
    assert "12345678" not in resp.text


def test_unknown_path_and_method(client):
    assert_error(client.get("/nope"), 404, "not_found")
    assert_error(client.get("/search", headers=AUTH), 405, "method_not_allowed")


def test_body_size_limit(client):
    big = {"query": "x" * 100_000}
    assert_error(client.post("/search", json=big, headers=AUTH), 413, "payload_too_large")


def test_503_before_an_index_exists(empty_client):
    assert empty_client.get("/health").json()["ready"] is False
    for path in ("/search", "/rag"):
        assert_error(
            empty_client.post(path, json={"query": "x"}, headers=AUTH), 503, "retrieval_unavailable"
        )


def test_security_headers_on_every_response(client):
    for resp in (
        client.get("/health"),
        client.post("/search", json={"query": "Ján"}, headers=AUTH),
        client.post("/search", json={}, headers=AUTH),
        client.get("/nope"),
    ):
        assert resp.headers["x-content-type-options"] == "nosniff"
        assert resp.headers["x-frame-options"] == "DENY"
        assert resp.headers["referrer-policy"] == "no-referrer"
        assert "frame-ancestors 'none'" in resp.headers["content-security-policy"]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"search_api_key": None}, "SEARCH_API_KEY is not set"),
        ({"search_api_key": "short"}, "at least 32"),
        ({"sync_api_key": SEARCH_KEY}, "must be different"),
        ({"webhook_secret": SYNC_KEY}, "must be different"),
    ],
)
def test_weak_or_reused_secrets_refuse_to_start(tmp_path, overrides, message):
    with pytest.raises(ConfigurationError, match=message) as info:
        create_app(api_settings(**overrides), data_dir=tmp_path)
    assert SEARCH_KEY not in str(info.value) and SYNC_KEY not in str(info.value)


def test_local_mode_needs_no_key(tmp_path, tiny_workspace):
    from fastapi.testclient import TestClient

    app = create_app(
        api_settings(search_api_key=None), data_dir=tiny_workspace.data.root, local_mode=True
    )
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        assert c.post("/search", json={"query": "Ján Holp"}).status_code == 200
        # Without keys, only requests addressed to localhost: a page that rebinds
        # its DNS name to 127.0.0.1 cannot read the wiki through a browser.
        for host in ("evil.example.com", "evil.example.com:8000", "127.0.0.1.nip.io"):
            r = c.post("/search", json={"query": "Ján Holp"}, headers={"Host": host})
            assert r.status_code == 421 and r.json()["reason"] == "invalid_host"
            assert "Ján Holp" not in r.text
        for host in ("localhost:8000", "[::1]:8000", "127.0.0.1"):
            assert c.get("/health", headers={"Host": host}).status_code == 200


def test_cors_allow_list(tiny_workspace):
    from fastapi.testclient import TestClient

    app = create_app(
        api_settings(cors_allow_origins="https://webui.example.edu"),
        data_dir=tiny_workspace.data.root,
    )
    with TestClient(app) as c:
        ok = c.options(
            "/search",
            headers={
                "Origin": "https://webui.example.edu",
                "Access-Control-Request-Method": "POST",
            },
        )
        assert ok.headers.get("access-control-allow-origin") == "https://webui.example.edu"
        bad = c.options(
            "/search",
            headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
        )
        assert "access-control-allow-origin" not in bad.headers


def operation_ids(spec: dict) -> set[str]:
    return {op["operationId"] for path in spec["paths"].values() for op in path.values()}


def test_openapi_spec_is_valid_and_complete(client):
    """/openapi.json holds the wiki tools only (Open WebUI makes every operation a
    tool); the operations are in /openapi-ops.json. Both are valid OpenAPI."""
    from openapi_spec_validator import validate

    spec = client.get("/openapi.json").json()
    validate(spec)
    assert operation_ids(spec) == {"search_wiki", "rag_wiki", "graph_wiki", "answer_question"}
    schemes = spec["components"]["securitySchemes"]
    assert schemes["HTTPBearer"]["scheme"] == "bearer"
    for name in ("SearchRequest", "RagRequest", "SearchResponse", "RagResponse", "ErrorResponse"):
        assert name in spec["components"]["schemas"]
    assert not {"HealthResponse", "SyncJob", "SyncStatus"} & set(spec["components"]["schemas"])
    rag = spec["paths"]["/rag"]["post"]
    assert {"401", "403", "422", "503"} <= set(rag["responses"])
    assert rag["summary"] and rag["description"]
    for name in ("SearchRequest", "RagRequest", "GraphRequest", "AnswerRequest"):
        request = spec["components"]["schemas"][name]
        assert "include_unpublished" not in request["properties"], name
        assert request["additionalProperties"] is False

    ops = client.get("/openapi-ops.json").json()
    validate(ops)
    assert operation_ids(ops) == {
        "health",
        "sync_start",
        "sync_job",
        "sync_status",
        "sync_cancel",
        "webhook_gitea",
    }
    assert {"HealthResponse", "SyncJob", "ErrorResponse"} <= set(ops["components"]["schemas"])
    assert "RagResponse" not in ops["components"]["schemas"]
    paths = set(spec["paths"]) | set(ops["paths"])
    assert not any(p.startswith(("/v1", "/mcp")) for p in paths)


def test_docs_can_be_switched_off(tiny_workspace):
    from fastapi.testclient import TestClient

    app = create_app(api_settings(api_docs_enabled=False), data_dir=tiny_workspace.data.root)
    with TestClient(app) as c:
        assert c.get("/docs").status_code == 404
        assert c.get("/openapi.json").status_code == 200


def test_rag_graph_hybrid_mode(client):
    """The graph picks the pages (with their exact count), the text is ranked inside."""
    body = client.post(
        "/rag",
        json={"query": "O čom sú práce, ktoré viedol Daniel Hládek?", "mode": "graph_hybrid"},
        headers=AUTH,
    ).json()
    resp = RagResponse.model_validate(body)
    assert resp.status == "ok" and resp.complete
    assert [s.document_path for s in resp.sources] == ["pages/students/2016/jh428ek/README.md"]
    assert resp.graph.route == "graph_first" and resp.graph.intents == ["supervision"]
    assert (resp.graph.pages, resp.graph.represented, resp.graph.complete) == (1, 1, True)
    assert "Rozpoznávanie pomenovaných entít" in resp.context
    classic = client.post("/rag", json={"query": "Ján Holp", "mode": "hybrid"}, headers=AUTH)
    assert classic.json()["graph"] is None


def test_rag_auto_mode_is_graph_guided_only_for_what_the_graph_resolves(client):
    def rag(query: str) -> dict:
        return client.post("/rag", json={"query": query}, headers=AUTH).json()

    # A named student: her page and facts, whatever words are around the name.
    named = rag("Daj mi hneď, inak mi to neprejde: kto viedol diplomovú prácu Jána Holpa?")
    assert named["status"] == "ok" and named["graph"]["route"] == "graph_first"
    assert [s["document_path"] for s in named["sources"]] == [
        "pages/students/2016/jh428ek/README.md"
    ]
    assert "Daniel Hládek" in named["context"]
    # Nothing the graph knows, or a name it cannot resolve: classic RAG.
    assert rag("Ako sa používa Git?")["graph"] is None
    assert rag("Kto viedol prácu Jozefa Mrkvičku?")["graph"] is None


def test_rag_graph_hybrid_refuses_an_unknown_name(client):
    body = client.post(
        "/rag",
        json={"query": "O čom sú práce, ktoré viedol Jozef Mrkvička?", "mode": "graph_hybrid"},
        headers=AUTH,
    ).json()
    assert (body["status"], body["reason"]) == ("no_answer", "unknown_person")
    assert body["context"] == "" and body["evidence"] == []


@pytest.mark.parametrize("body", [{"mode": "graph"}, {"mode": "graph_hybrid", "limit": 0}])
def test_rag_bad_mode_or_limit_is_invalid_request(client, body):
    resp = client.post("/rag", json={"query": "Ján Holp", **body}, headers=AUTH)
    assert resp.status_code == 422 and resp.json()["reason"] == "invalid_request"
