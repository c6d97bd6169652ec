"""Over HTTP: a full query-embedding queue is 503 + Retry-After, while searches that
need no new embedding (FTS, a repeated question) keep being answered.

The index is built with an OpenAI-compatible embedder on 127.0.0.1 whose gate
holds an embedding in flight, so "the pool is busy" is a state, not a timing.
"""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import AUTH, api_settings
from tests.conftest import TINY_PAGES, write_pages
from tests.embedding_server import EmbeddingServer
from zpagent.api.app import create_app
from zpagent.workspace import Workspace


@pytest.fixture
def remote_app(tmp_path):
    server = EmbeddingServer()
    settings = api_settings(
        zpagent_data_dir=tmp_path / "data",
        embedding_model=f"openai:e5-remote@{server.url}",
        query_embed_workers=1,
        query_embed_queue_limit=0,
    )
    Workspace(settings).index(write_pages(tmp_path / "wiki", TINY_PAGES))
    app = create_app(settings)
    with TestClient(app) as client:
        yield client, server
    server.stop()


def test_busy_embeddings_refuse_new_ones_but_not_cheap_searches(remote_app):
    client, server = remote_app
    assert client.post("/search", json={"query": "Ján Holp"}, headers=AUTH).status_code == 200
    seen = len(server.requests)
    server.release.clear()
    held: list = []
    first = threading.Thread(
        target=lambda: held.append(
            client.post("/search", json={"query": "rozpoznávanie reči"}, headers=AUTH)
        )
    )
    first.start()
    try:
        deadline = time.monotonic() + 30
        while len(server.requests) <= seen:  # the only worker is now busy
            assert time.monotonic() < deadline
            time.sleep(0.01)
        busy = client.post("/search", json={"query": "strojový preklad"}, headers=AUTH)
        fts = client.post("/search", json={"query": "Ján Holp", "mode": "fts"}, headers=AUTH)
        cached = client.post("/search", json={"query": "Ján Holp"}, headers=AUTH)
        graph = client.post("/graph", json={"query": "Kto viedol prácu Jána Holpa?"}, headers=AUTH)
    finally:
        server.release.set()
        first.join(60)
    assert busy.status_code == 503
    assert busy.json()["reason"] == "overloaded" and busy.headers["retry-after"].isdigit()
    assert fts.status_code == 200 and fts.json()["results"][0]["title"] == "Ján Holp"
    assert cached.status_code == 200 and cached.json()["results"][0]["title"] == "Ján Holp"
    assert graph.status_code == 200
    assert held[0].status_code == 200


def test_an_overloaded_refusal_is_sent_after_a_pause(remote_app, monkeypatch):
    """A flood that ignores Retry-After gets each refusal after REFUSAL_DELAY_S, so
    it cannot make the server refuse thousands of requests a second; the pause
    holds no thread (an ``asyncio.sleep`` in the async handler)."""
    from zpagent.api import errors
    from zpagent.embed.query_limits import QueryBusy

    client, _ = remote_app
    pauses: list[float] = []

    async def recorded() -> None:
        pauses.append(errors.REFUSAL_DELAY_S)

    def busy(text: str) -> None:
        raise QueryBusy("long queries are waiting already")

    monkeypatch.setattr(errors, "pause_before_refusal", recorded)
    monkeypatch.setattr(client.app.state.workspace.query_embedder, "admit", busy)
    refused = client.post("/search", json={"query": "strojový preklad"}, headers=AUTH)
    fine = client.post("/search", json={"query": "Ján Holp", "mode": "fts"}, headers=AUTH)
    assert refused.status_code == 503 and refused.json()["reason"] == "overloaded"
    assert fine.status_code == 200
    assert pauses == [errors.REFUSAL_DELAY_S] and errors.REFUSAL_DELAY_S > 0  # refused once
