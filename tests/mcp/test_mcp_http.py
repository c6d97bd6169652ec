"""``/mcp`` over Streamable HTTP on a real uvicorn server, driven by the SDK's ClientSession."""

from __future__ import annotations

import anyio
import httpx
import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
from tests.live_server import Server
from tests.mcp.mcp_checks import TOOLS, exercise

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"},
    },
}
ACCEPT = {"Accept": "application/json, text/event-stream"}


def _env(git_wiki) -> dict[str, str]:
    root, _ = git_wiki
    return {"ZPWIKI_PATH": str(root), "WIKI_BASE_URL": "https://zp.example.edu/"}


@pytest.fixture(scope="module")
def live(git_workspace, git_wiki, tmp_path_factory):
    env = {
        **_env(git_wiki),
        "SEARCH_API_KEY": SEARCH_KEY,
        "SYNC_API_KEY": SYNC_KEY,
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
    }
    log = tmp_path_factory.mktemp("mcp-logs") / "server.log"
    server = Server(git_workspace.data.root, log, env)
    server.wait_up()
    yield server
    server.stop()


def _session(url: str, headers: dict[str, str]):
    async def run(body) -> None:
        async with (
            httpx2.AsyncClient(headers=headers, timeout=60) as client,
            streamable_http_client(f"{url}/mcp", http_client=client) as (read, write),
            ClientSession(read, write) as session,
        ):
            await body(session)

    return run


def test_every_tool_and_resource_over_http(live, git_wiki, git_workspace):
    root, commits = git_wiki
    secrets = [SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET, str(root), str(git_workspace.data.root)]
    run = _session(live.url, {"Authorization": f"Bearer {SEARCH_KEY}"})
    anyio.run(run, lambda s: exercise(s, commits, secrets))
    log = live.log.read_text(errors="replace")
    assert SEARCH_KEY not in log


def test_auth_is_refused_without_the_search_key(live):
    for headers in ({}, {"Authorization": "Bearer " + "x" * 40}, {"X-API-Key": SYNC_KEY}):
        r = httpx.post(f"{live.url}/mcp", json=INITIALIZE, headers={**ACCEPT, **headers})
        assert r.status_code == 401
        body = r.json()
        assert (body["status"], body["reason"]) == ("error", "unauthorized")
        assert r.headers["www-authenticate"] == "Bearer"
        assert SEARCH_KEY not in r.text
    ok = httpx.post(f"{live.url}/mcp", json=INITIALIZE, headers={**ACCEPT, "X-API-Key": SEARCH_KEY})
    assert ok.status_code == 200 and ok.json()["result"]["serverInfo"]["name"] == "zpagent"

    async def initialize(session: ClientSession) -> None:
        await session.initialize()

    # The SDK's client fails the request (inside its task groups).
    with pytest.raises(ExceptionGroup) as info:
        anyio.run(_session(live.url, {}), initialize)
    assert info.group_contains(MCPError, depth=2)


def test_protocol_errors_echo_nothing_and_start_with_a_reason(live):
    # The SDK's own errors carried pydantic's "input_value=…", the URI or method
    # as sent, parse positions: now a stable reason and a fixed text.
    headers = {**ACCEPT, "X-API-Key": SEARCH_KEY, "MCP-Protocol-Version": "2025-06-18"}
    headers["Content-Type"] = "application/json"
    rpc = {"jsonrpc": "2.0", "id": 1}
    cases = [
        (b'{"ECHO_SECRET_1": "x"}', None),
        (b"{not json ECHO_SECRET_2", "parse_error"),
        ({**rpc, "method": "ECHO_SECRET_3"}, "unknown_method"),
        ({**rpc, "method": "resources/read", "params": {"uri": "file:///ECHO_SECRET_4"}}, None),
        ({**rpc, "method": "prompts/get", "params": {"name": "ECHO_SECRET_5"}}, None),
        ([{**rpc, "method": "tools/list", "params": {"ECHO_SECRET_6": 1}}] * 2, None),
    ]
    for body, reason in cases:
        content = body if isinstance(body, bytes) else httpx.Request("POST", "/", json=body).content
        r = httpx.post(f"{live.url}/mcp", content=content, headers=headers)
        assert "ECHO_SECRET" not in r.text and "input_value" not in r.text, r.text
        if r.headers.get("content-type", "").startswith("application/json"):
            payload = r.json()
            for item in payload if isinstance(payload, list) else [payload]:
                error = item.get("error")
                if error is None:
                    continue
                assert error["message"].startswith(error["data"]["reason"] + ": ")
                assert reason is None or error["data"]["reason"] == reason
    # The transport's plain-text refusals come as the contract's error envelope too.
    wrong_type = {**headers, "Content-Type": "text/plain"}
    r = httpx.post(f"{live.url}/mcp", content=b"{}", headers=wrong_type)
    assert r.status_code >= 400 and r.json()["status"] == "error"
    assert r.json()["reason"] in ("unsupported_media_type", "invalid_request")


def test_insecure_local_mode_needs_no_key_but_only_local_hosts(git_workspace, git_wiki, tmp_path):
    log = tmp_path / "local.log"
    server = Server(git_workspace.data.root, log, _env(git_wiki), args=("--insecure-local",))
    server.wait_up()
    try:

        async def list_tools(session: ClientSession) -> None:
            await session.initialize()
            assert {t.name for t in (await session.list_tools()).tools} == TOOLS

        anyio.run(_session(server.url, {}), list_tools)
        rebound = httpx.post(
            f"{server.url}/mcp", json=INITIALIZE, headers={**ACCEPT, "Host": "evil.example"}
        )
        assert rebound.status_code in (400, 403, 421)
        cross = httpx.post(
            f"{server.url}/mcp",
            json=INITIALIZE,
            headers={**ACCEPT, "Origin": "http://evil.example"},
        )
        assert cross.status_code in (400, 403, 421)
    finally:
        server.stop()
