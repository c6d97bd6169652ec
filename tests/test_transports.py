"""The same request means the same thing on every transport.

One request each for search, RAG, the graph and a checked answer goes through
the library facade (``Workspace``), the HTTP API of a real ``zpagent serve``
process, MCP over Streamable HTTP (the SDK's own ``ClientSession``) and the
CLI (``zpagent … --json`` in a real process). The CLI prints the library's
envelope; HTTP and MCP send the tool clients' form of that same envelope
(``zpagent.tool_payload``: a short ``index_version``, fused scores). Only what
measures the call itself (timings) may differ.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

from tests.api.conftest import SEARCH_KEY, serving
from zpagent.requests import AnswerRequest, GraphRequest, RagRequest, SearchRequest
from zpagent.tool_payload import tool_payload

BASE_URL = "https://zp.example.edu/"
# (facade method, request, HTTP route, MCP tool, CLI arguments)
CALLS = [
    ("search", SearchRequest(query="Ján Holp"), "/search", "search_wiki", ["search", "Ján Holp"]),
    (
        "rag",
        RagRequest(query="Kto viedol diplomovú prácu Jána Holpa?"),
        "/rag",
        "rag_wiki",
        ["rag", "Kto viedol diplomovú prácu Jána Holpa?"],
    ),
    (
        "graph",
        GraphRequest(query="Aký je názov diplomovej práce Jána Holpa?"),
        "/graph",
        "graph_wiki",
        ["graph", "Aký je názov diplomovej práce Jána Holpa?"],
    ),
    (
        "answer",
        AnswerRequest(query="Aký názov práce má Ján Holp?", engine="graph"),
        "/answer",
        "answer_question",
        ["answer", "Aký názov práce má Ján Holp?", "--engine", "graph"],
    ),
]
# What measures the call, not what it answers.
VOLATILE = {"timings", "took_ms", "elapsed_ms", "latency_ms", "ms", "duration_ms"}


def _stable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _stable(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [_stable(v) for v in value]
    return value


@pytest.fixture(scope="module")
def live(tiny_workspace, tmp_path_factory):
    with serving(tiny_workspace, tmp_path_factory, "transports", WIKI_BASE_URL=BASE_URL) as srv:
        yield srv


def _library(ws, method: str, request) -> tuple[dict, dict]:
    """The library's envelope, and the form tool clients get of it."""
    env = getattr(ws, method)(request)
    return json.loads(env.model_dump_json()), json.loads(json.dumps(tool_payload(env)))


def _http(live, route: str, request) -> dict:
    resp = httpx.post(
        live.url + route,
        json=request.model_dump(exclude_defaults=True),
        headers={"Authorization": f"Bearer {SEARCH_KEY}"},
        timeout=120,
    )
    assert resp.status_code == 200, resp.text
    return resp.json()


def _mcp(live, calls: list[tuple[str, dict]]) -> list[dict]:
    out: list[dict] = []

    async def run() -> None:
        headers = {"Authorization": f"Bearer {SEARCH_KEY}"}
        async with (
            httpx2.AsyncClient(headers=headers, timeout=120) as client,
            streamable_http_client(f"{live.url}/mcp", http_client=client) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            for tool, args in calls:
                result = await session.call_tool(tool, args)
                assert not result.is_error, tool
                out.append(result.structured_content)

    anyio.run(run)
    return out


def _cli(ws, args: list[str]) -> dict:
    proc = subprocess.run(
        [sys.executable, "-m", "zpagent", *args, "--json", "--data", str(ws.data.root)],
        capture_output=True,
        text=True,
        timeout=300,
        env={"WIKI_BASE_URL": BASE_URL, "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def test_every_transport_returns_the_same_envelope(tiny_workspace, live):
    ws = tiny_workspace
    library = [_library(ws, method, req) for method, req, *_ in CALLS]
    http = [_http(live, route, req) for _m, req, route, *_ in CALLS]
    mcp = _mcp(
        live, [(tool, req.model_dump(exclude_defaults=True)) for _m, req, _r, tool, _c in CALLS]
    )
    cli = [_cli(ws, args) for *_, args in CALLS]
    for (method, *_), (lib, tool), h, m, c in zip(CALLS, library, http, mcp, cli, strict=True):
        assert lib["status"] == "ok", (method, lib["status"], lib.get("reason"))
        assert _stable(c) == _stable(lib), f"CLI {method} differs from the library"
        assert _stable(h) == _stable(tool), f"HTTP {method} differs from the library"
        assert _stable(m) == _stable(tool), f"MCP {method} differs from the library"
