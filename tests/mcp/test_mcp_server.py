"""The server in-process (the SDK's in-memory client): paging and failure paths."""

from __future__ import annotations

import logging

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.conftest import make_workspace
from tests.history.wiki_repo import HOLP, KOVAC
from zpagent.mcp import resources
from zpagent.mcp.backend import Backend
from zpagent.mcp.server import build_server
from zpagent.workspace import Workspace


def backend_for(ws, **kwargs) -> Backend:
    return Backend(ws, **kwargs)


def run(server, body):
    async def main():
        async with Client(server) as client:
            return await body(client)

    return anyio.run(main)


def test_resources_are_listed_in_pages(git_workspace, monkeypatch):
    monkeypatch.setattr(resources, "PAGE_SIZE", 2)
    server = build_server(backend_for(git_workspace))

    async def body(client):
        uris, cursor, rounds = [], None, 0
        while True:
            page = await client.list_resources(cursor=cursor)
            assert len(page.resources) <= 2
            uris += [r.uri for r in page.resources]
            cursor, rounds = page.next_cursor, rounds + 1
            if cursor is None:
                return uris, rounds

    uris, rounds = run(server, body)
    with git_workspace.open_current() as gen:
        published = [
            r[0]
            for r in gen.db().execute(
                "SELECT path FROM documents WHERE published = 1 ORDER BY path"
            )
        ]
    assert uris == [resources.page_uri(p) for p in published]
    assert rounds == (len(published) + 1) // 2 and f"zpwiki://page/{HOLP}" in uris
    assert not any(KOVAC in u for u in uris)

    async def bad_cursor(client):
        with pytest.raises(MCPError) as info:
            await client.list_resources(cursor="!!not-ours!!")
        return str(info.value)

    assert run(server, bad_cursor).startswith("invalid_cursor")


def test_not_ready_and_nothing_published(git_workspace, tmp_path):
    not_ready = build_server(backend_for(git_workspace, ready=lambda: False))
    empty = build_server(backend_for(make_workspace(tmp_path / "empty")))
    for server in (not_ready, empty):

        async def body(client):
            result = await client.call_tool("search_wiki", {"query": "Ján Holp"})
            with pytest.raises(MCPError) as info:
                await client.read_resource(f"zpwiki://page/{HOLP}")
            return result, str(info.value)

        result, resource_error = run(server, body)
        assert result.is_error and result.structured_content["reason"] == "retrieval_unavailable"
        assert resource_error.startswith("retrieval_unavailable")


def test_history_without_a_configured_wiki(tmp_path, git_workspace):
    ws = make_workspace(git_workspace.data.root)  # no ZPWIKI_PATH
    server = build_server(backend_for(ws))

    async def body(client):
        return await client.call_tool("recent_changes", {})

    result = run(server, body)
    assert result.is_error and result.structured_content["reason"] == "history_unavailable"


def test_a_crash_is_an_internal_error_without_its_text(git_workspace, monkeypatch, caplog):
    def boom(*args, **kwargs):
        raise RuntimeError("/srv/secret/path exploded with key=hunter2")

    monkeypatch.setattr(Workspace, "search", boom)
    server = build_server(backend_for(git_workspace))

    async def body(client):
        return await client.call_tool("search_wiki", {"query": "Ján Holp"})

    with caplog.at_level(logging.ERROR, logger="zpagent.mcp"):
        result = run(server, body)
    assert result.is_error and result.structured_content["reason"] == "internal_error"
    text = result.content[0].text + str(result.structured_content)
    assert "secret" not in text and "hunter2" not in text and "RuntimeError" not in text
    assert any("search_wiki" in r.getMessage() for r in caplog.records)  # the log keeps it
