"""CORS for Open WebUI's browser-side ("direct") tool servers: the preflights its
frontend triggers, with exactly the headers it sends (tests/integrations checks
these lists against the 0.12.4 frontend bundle), succeed for the configured
origins only."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import SEARCH_KEY, api_settings
from zpagent.api.app import create_app

WEBUI = "https://webui.example.edu"
# Header names Open WebUI 0.12.4's browser code sets (src/lib/apis: getToolServerData,
# executeToolServer), as written there.
SPEC_FETCH_HEADERS = ("Accept", "Content-Type", "authorization")
TOOL_CALL_HEADERS = ("Content-Type", "authorization", "X-Session-Id")


def request_headers(names: tuple[str, ...]) -> str:
    """Access-Control-Request-Headers as a browser sends it: lower case, sorted."""
    return ",".join(sorted(n.lower() for n in names))


@pytest.fixture(scope="module")
def client(tiny_workspace):
    app = create_app(
        api_settings(cors_allow_origins=f"{WEBUI}, https://other.example.edu"),
        data_dir=tiny_workspace.data.root,
        warm=False,
    )
    with TestClient(app) as c:
        yield c


def preflight(client, path: str, method: str, names: tuple[str, ...], origin: str = WEBUI):
    return client.options(
        path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": request_headers(names),
        },
    )


@pytest.mark.parametrize(
    ("path", "method", "names"),
    [
        ("/openapi.json", "GET", SPEC_FETCH_HEADERS),
        ("/search", "POST", TOOL_CALL_HEADERS),
        ("/rag", "POST", TOOL_CALL_HEADERS),
        ("/graph", "POST", TOOL_CALL_HEADERS),
        ("/answer", "POST", TOOL_CALL_HEADERS),
    ],
)
def test_open_webuis_preflights_pass_for_its_origin(client, path, method, names):
    resp = preflight(client, path, method, names)
    assert resp.status_code == 200, resp.text
    assert resp.headers["access-control-allow-origin"] == WEBUI
    allowed = {h.strip().lower() for h in resp.headers["access-control-allow-headers"].split(",")}
    assert {n.lower() for n in names} <= allowed
    assert method in resp.headers["access-control-allow-methods"]


def test_other_origins_are_refused(client):
    resp = preflight(client, "/search", "POST", TOOL_CALL_HEADERS, origin="https://evil.example")
    assert resp.status_code == 400
    assert "access-control-allow-origin" not in resp.headers
    # The contract's error envelope, not Starlette's "Disallowed CORS origin".
    assert (resp.json()["status"], resp.json()["reason"]) == ("error", "cors_refused")


def test_an_unlisted_header_is_refused(client):
    resp = preflight(client, "/search", "POST", (*TOOL_CALL_HEADERS, "X-Evil"))
    assert resp.status_code == 400 and resp.json()["reason"] == "cors_refused"
    assert resp.headers["access-control-allow-origin"] == WEBUI  # the page may read why


def test_the_tool_call_and_its_errors_are_readable_by_the_page(client):
    """The browser reads the answer (and a 401's reason) only with allow-origin."""
    headers = {
        "Origin": WEBUI,
        "Content-Type": "application/json",
        "authorization": f"Bearer {SEARCH_KEY}",
        "X-Session-Id": "abc123",
    }
    ok = client.post("/search", json={"query": "Ján Holp"}, headers=headers)
    assert ok.status_code == 200 and ok.headers["access-control-allow-origin"] == WEBUI
    denied = client.post(
        "/search", json={"query": "Ján Holp"}, headers={**headers, "authorization": "Bearer x"}
    )
    assert denied.status_code == 401 and denied.headers["access-control-allow-origin"] == WEBUI


def test_without_configured_origins_there_is_no_cors(tiny_workspace):
    app = create_app(api_settings(), data_dir=tiny_workspace.data.root, warm=False)
    with TestClient(app) as c:
        resp = preflight(c, "/search", "POST", TOOL_CALL_HEADERS)
        assert resp.status_code != 200
        assert "access-control-allow-origin" not in resp.headers
