"""ZP Agent as an Open WebUI tool server, through Open WebUI's own code (0.12.4).

An admin's External Tools connection is loaded by Open WebUI's ``get_tools``:
the spec is fetched by ``get_tool_server_data`` (aiohttp, real HTTP),
converted by ``convert_openapi_to_tool_payload`` and cleaned by
``clean_openai_tool_schema`` into what the model is offered; a model's call
runs ``build_tool_server_headers`` and ``execute_tool_server`` against a live
``zpagent serve``. What the model gets back is asserted as Open WebUI returns it.
"""

from __future__ import annotations

import asyncio
import json
import types

import pytest

from tests.api.conftest import SEARCH_KEY, UNPUBLISHED_KEY, serving
from tests.integrations.openwebui_tables import UserModel

WIKI_TOOLS = {"search_wiki", "rag_wiki", "graph_wiki", "answer_question"}
SECRET = "Tajná nepublikovaná téma o kryptografii"
CALLS = {
    "search_wiki": {"query": "Aký názov práce má Ján Holp?"},
    "rag_wiki": {"query": "Kto viedol diplomovú prácu Jána Holpa?"},
    "graph_wiki": {"query": "Kto viedol diplomovú prácu Jána Holpa?"},
    "answer_question": {"query": "Aký názov diplomovej práce má Ján Holp?"},
}
# A model that tries to see hidden pages: every tool, with include_unpublished.
UNHIDE = {
    "search_wiki": {"query": "téma o kryptografii", "include_unpublished": True},
    "rag_wiki": {"query": "téma o kryptografii", "include_unpublished": True},
    "graph_wiki": {"query": "Aký názov práce má Peter Kováč?", "include_unpublished": True},
    "answer_question": {"query": "Aký názov práce má Peter Kováč?", "include_unpublished": True},
}


@pytest.fixture(scope="module")
def server(tiny_workspace, tmp_path_factory):
    with serving(
        tiny_workspace, tmp_path_factory, "owui-tools", UNPUBLISHED_API_KEY=UNPUBLISHED_KEY
    ) as srv:
        yield srv


def connection(url: str, key: str) -> dict:
    """An admin's *External Tools* connection as Open WebUI stores it."""
    return {
        "type": "openapi",
        "url": url,
        "path": "openapi.json",
        "auth_type": "bearer",
        "key": key,
        "config": {"enable": True},
        "info": {"id": "zpagent", "name": "ZP Agent", "description": "Wiki záverečných prác"},
    }


def load_tools(openwebui, url: str, key: str = SEARCH_KEY) -> dict[str, dict]:
    """Open WebUI's ``get_tools`` for a chat with the tool server enabled."""
    openwebui.config.values["tool_server.connections"] = [connection(url, key)]
    request = types.SimpleNamespace(
        app=types.SimpleNamespace(state=types.SimpleNamespace(redis=None)),
        state=types.SimpleNamespace(),
        cookies={},
    )
    user = UserModel(id="u1", name="Študentka", email="s@example.edu")
    extra = {"__user__": user.model_dump(), "__metadata__": {"chat_id": "c1"}}
    return asyncio.run(openwebui.tools.get_tools(request, ["server:zpagent"], user, extra))


def call(tools: dict, name: str, args: dict) -> dict:
    """A model's tool call as Open WebUI runs it; the JSON the model is given."""
    data, _headers = asyncio.run(tools[name]["callable"](**args))
    return data


def test_the_model_is_offered_exactly_the_four_wiki_tools(openwebui, server):
    tools = load_tools(openwebui, server.url)
    assert set(tools) == WIKI_TOOLS
    for name, tool in tools.items():
        spec = tool["spec"]
        params = spec["parameters"]
        assert spec["name"] == name and spec["description"].strip()
        assert "include_unpublished" not in params["properties"], name
        assert params["required"] == ["query"], name
        assert "query" in params["properties"]


def test_the_operations_spec_is_separate(openwebui, server):
    """Added as a tool server by mistake, the ops spec would offer only operations."""
    spec = asyncio.run(openwebui.tools.get_tool_server_data(f"{server.url}/openapi-ops.json", {}))
    names = {t["name"] for t in openwebui.tools.convert_openapi_to_tool_payload(spec)}
    assert names == {
        "health",
        "sync_start",
        "sync_job",
        "sync_status",
        "sync_cancel",
        "webhook_gitea",
    }
    assert not names & WIKI_TOOLS


def test_every_tool_answers_through_open_webuis_executor(openwebui, server):
    tools = load_tools(openwebui, server.url)
    for name, args in CALLS.items():
        data = call(tools, name, args)
        assert data.get("status") == "ok", (name, data)
        assert data["sources"] and data["sources"][0]["title"] == "Ján Holp", name
        assert set(data["index_version"]) == {"version", "wiki_revision", "built_at", "vectors"}
        assert data["index_version"]["vectors"] == "complete", name
    rag = call(tools, "rag_wiki", CALLS["rag_wiki"])
    assert "Vedúci práce: Ing. Daniel Hládek, PhD." in rag["context"]
    assert rag["evidence"] == []  # the context carries each text once
    graph = call(tools, "graph_wiki", CALLS["graph_wiki"])
    assert any("Daniel Hládek" in a for a in graph["answers"])
    answer = call(tools, "answer_question", CALLS["answer_question"])
    assert "Rozpoznávanie pomenovaných entít v slovenčine" in answer["answer"]


def test_a_model_cannot_unhide_pages_whatever_it_sends(openwebui, server):
    """Open WebUI forwards arguments the spec does not declare; the server refuses them
    for the search key, so the model gets an error and nothing hidden."""
    tools = load_tools(openwebui, server.url)
    for name, args in UNHIDE.items():
        data = call(tools, name, args)
        text = json.dumps(data, ensure_ascii=False)
        assert set(data) == {"error"} and "HTTP error 403" in data["error"], (name, data)
        assert "unpublished_not_allowed" in text
        assert SECRET not in text and "pk222cd" not in text, name
        shown = call(tools, name, {"query": args["query"]})
        assert SECRET not in json.dumps(shown, ensure_ascii=False), name


def test_only_a_connection_with_the_unpublished_key_can_see_hidden_pages(openwebui, server):
    """The operator's choice, not the model's: the same calls with the dedicated key."""
    tools = load_tools(openwebui, server.url, key=UNPUBLISHED_KEY)
    for name, args in UNHIDE.items():
        data = call(tools, name, args)
        assert data.get("status") == "ok", (name, data)
        assert SECRET in json.dumps(data, ensure_ascii=False), name


def test_a_wrong_key_reaches_the_model_as_an_error(openwebui, server):
    tools = load_tools(openwebui, server.url, key="x" * 40)
    data = call(tools, "search_wiki", CALLS["search_wiki"])
    assert set(data) == {"error"} and "HTTP error 401" in data["error"]
    assert "unauthorized" in data["error"] and SEARCH_KEY not in data["error"]
