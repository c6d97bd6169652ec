"""Progressive publication: a build with much to embed answers before it has embedded.

Real builds of a small wiki with the bundled model, a real server for what
clients see. The model is wrapped only to look at the served index while it
is being called (and, in one test, to slow it down or fail it).
"""

from __future__ import annotations

import time

import httpx
import pytest

from tests.api.conftest import SEARCH_KEY, serving
from tests.conftest import TINY_PAGES, make_workspace, write_pages
from zpagent.index import datadir as dd
from zpagent.search.hybrid import search
from zpagent.sync import pipeline
from zpagent.sync.publication import PublicationFailed

AUTH = {"X-API-Key": SEARCH_KEY}


class Watched:
    """The workspace's real embedder; each model call first runs ``before(n)``."""

    def __init__(self, inner, before):
        self._inner, self._before, self.calls = inner, before, 0

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def embed_passages(self, texts):
        self.calls += 1
        self._before(self.calls)
        return self._inner.embed_passages(texts)

    def embed_passages_in_worker(self, texts):
        return self.embed_passages(texts)


def progressive_ws(tmp_path, **kw):
    wiki = write_pages(tmp_path / "wiki", TINY_PAGES)
    settings = {
        "index_progressive_tokens": 0,  # even this small wiki publishes first
        "embedding_seed_cache": False,
        "embedding_batch_size": 1,
        "embedding_workers": 1,
    }
    ws = make_workspace(tmp_path / "data", **{**settings, **kw})
    return ws, wiki


def served(ws):
    with ws.open_current() as gen:
        segments = gen.db().execute("SELECT COUNT(*) FROM segments").fetchone()[0]
        hybrid = search(gen, ws.embedder, "Ako používať Git", limit=3)
        lexical = search(gen, None, "commitujte často", mode="fts", limit=3)
        return gen.index_version, segments, hybrid, lexical


def test_first_generation_answers_before_any_vector_then_the_complete_one(tmp_path):
    ws, wiki = progressive_ws(tmp_path)
    seen = []

    def before(call):
        if call == 1:  # the model has embedded nothing yet
            seen.append(served(ws))

    ws.embedder = Watched(ws.embedder, before)
    result = ws.index(wiki)

    iv, segments, hybrid, lexical = seen[0]
    assert iv["vectors"] == "partial" and segments == 0
    assert lexical.hits and lexical.hits[0].document_path == "pages/guides/git/README.md"
    assert "vectors_partial" in hybrid.truncation_reasons
    pubs = result["publications"]
    assert [p["vectors"] for p in pubs] == ["partial", "complete"]
    assert pubs[0]["version"] == iv["version"]
    assert pubs[0]["segments_without_vector"] == result["embedding_segments"] > 0
    assert pubs[-1]["version"] == result["version"] == dd.read_pointer(ws.data)["version"]
    assert pubs[0]["seconds"] <= pubs[-1]["seconds"]
    iv, segments, hybrid, _ = served(ws)
    assert iv["vectors"] == "complete" and segments == result["embedding_segments"]
    assert "vectors_partial" not in hybrid.truncation_reasons
    assert result["segments_without_vector"] == 0


def test_a_sync_with_everything_cached_publishes_once(tmp_path):
    ws, wiki = progressive_ws(tmp_path, index_progressive_tokens=10**9)
    first = ws.index(wiki)
    assert [p["vectors"] for p in first["publications"]] == ["complete"]
    ws2 = make_workspace(tmp_path / "data", index_progressive_tokens=0)
    again = ws2.index(wiki)  # nothing to embed: nothing to publish early
    assert [p["vectors"] for p in again["publications"]] == ["complete"]
    assert again["embedding_computed"] == 0


def test_vectors_embedded_so_far_are_published_during_a_long_build(tmp_path, monkeypatch):
    # Publication costs are not the point here: publish every second.
    monkeypatch.setattr(pipeline, "PUBLISH_COST_FACTOR", 0)
    ws, wiki = progressive_ws(tmp_path, index_publish_interval=1.0)
    ws.embedder = Watched(ws.embedder, lambda call: time.sleep(0.5))
    result = ws.index(wiki)
    pubs = result["publications"]
    assert pubs[0]["vectors"] == "partial" and pubs[-1]["vectors"] == "complete"
    middle = pubs[1:-1]
    assert middle, pubs  # at least one publication while embedding
    total = result["embedding_segments"]
    left = [p["segments_without_vector"] for p in pubs]
    assert left == sorted(left, reverse=True) and 0 < middle[0]["segments_without_vector"] < total
    # Only the newest and the one before it stay on disk.
    assert len(list(ws.data.generations.iterdir())) <= 2


def test_a_build_that_dies_while_embedding_leaves_the_partial_generation_and_resumes(
    tmp_path, tmp_path_factory
):
    ws, wiki = progressive_ws(tmp_path, zpwiki_path=None)
    real = ws.embedder

    def fail_on_third(call):
        if call == 3:
            raise RuntimeError("the model process died")

    ws.embedder = Watched(real, fail_on_third)
    with pytest.raises(RuntimeError):
        ws.index(wiki)
    iv, segments, _, lexical = served(ws)
    assert iv["vectors"] == "partial" and segments == 0 and lexical.hits
    # What clients see meanwhile, from a real server.
    with serving(ws, tmp_path_factory, "partial-server") as srv:
        health = httpx.get(f"{srv.url}/health", timeout=30).json()
        assert health["vectors"] == "partial" and health["ready"] is True
        body = httpx.post(
            f"{srv.url}/search", json={"query": "Ako používať Git"}, headers=AUTH, timeout=60
        ).json()
        assert body["status"] == "ok" and "vectors_partial" in body["truncation_reasons"]
        assert body["index_version"]["vectors"] == "partial"
    # A partial generation is never taken for an up-to-date one: the next
    # sync builds (reusing the vectors the dead build had stored) and completes.
    ws2 = make_workspace(tmp_path / "data", index_progressive_tokens=0)
    result = ws2.sync(wiki)
    assert result["outcome"] == "published"
    assert result["embedding_reused"] >= 2 and result["publications"][-1]["vectors"] == "complete"
    assert ws2.sync(wiki)["outcome"] == "unchanged"


def test_an_early_publication_that_fails_does_not_stop_the_build(tmp_path, monkeypatch):
    ws, wiki = progressive_ws(tmp_path)
    real = pipeline.publish
    calls = []

    def first_fails(data, staged, index_version, remote=None):
        calls.append(index_version["vectors"])
        if len(calls) == 1:  # e.g. the remote graph refused the first one
            raise PublicationFailed("the remote graph commit did not happen")
        return real(data, staged, index_version, remote)

    monkeypatch.setattr(pipeline, "publish", first_fails)
    result = ws.index(wiki)
    assert calls == ["partial", "complete"]
    assert [p["vectors"] for p in result["publications"]] == ["complete"]
    assert dd.read_pointer(ws.data)["version"] == result["version"]
    assert not list(ws.data.staging.iterdir())  # nothing left behind
