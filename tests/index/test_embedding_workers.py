"""Parallel single-thread embedding workers and cached token counts."""

import sqlite3

import numpy as np

from tests.conftest import TINY_PAGES, make_workspace, write_pages
from zpagent.embed.cache import EmbeddingCache
from zpagent.embed.pipeline import embed_all
from zpagent.index.build import INDEX_FILE, build_generation
from zpagent.ingest.scan import scan_wiki

TEXTS = [
    "Rozpoznávanie reči pomocou hlbokých neurónových sietí.",
    "Strojový preklad zo slovenčiny do angličtiny.",
    "Chatbot pre študijné oddelenie fakulty.",
    "Detekcia emócií v slovenských tweetoch.",
    "Sledovanie osôb vo videozáznamoch.",
    "Vyhľadávanie informácií v slovenských textoch.",
]


def test_workers_give_the_same_vectors_and_leave_other_threads_alone(tiny_workspace, tmp_path):
    embedder = tiny_workspace.embedder
    lib = embedder._model._lib  # the engine's OpenMP runtime
    threads_before = lib.omp_get_max_threads()
    one, stats_one = embed_all(embedder, None, TEXTS, batch_size=2, workers=1)
    many, stats_many = embed_all(embedder, None, TEXTS, batch_size=2, workers=2)
    assert (stats_one.workers, stats_many.workers) == (1, 2)
    assert stats_many.computed == len(TEXTS) and stats_many.computed_tokens > 0
    assert np.allclose(one, many, atol=1e-6)
    assert lib.omp_get_max_threads() == threads_before  # the calling thread keeps its team
    # Through the cache: the second run reuses every vector.
    cache = EmbeddingCache(tmp_path / "cache.sqlite")
    embed_all(embedder, cache, TEXTS, batch_size=2, workers=2)
    again, stats = embed_all(embedder, cache, TEXTS, batch_size=2, workers=2)
    cache.close()
    assert stats.reused == len(TEXTS) and np.allclose(again, one, atol=1e-6)


# Many tags make a long embedding header: chunks then need more than one segment,
# and cutting them tries prefixes whose counts must be cached as well.
TAGGED = {
    "pages/topics/dlhe/README.md": "---\ntitle: Dlhá téma\ntaxonomy:\n  tag: ["
    + ", ".join(f"kľúčové slovo číslo {i}" for i in range(25))
    + "]\n---\n# Dlhá téma\n\n"
    # English: more model tokens than cl100k tokens, so a full chunk overflows.
    + "Speech recognition and machine translation are thesis topics. " * 60
}


def test_a_cached_rebuild_counts_no_tokens(tmp_path):
    wiki = write_pages(tmp_path / "wiki", {**TINY_PAGES, **TAGGED})
    ws = make_workspace(tmp_path / "data", embedding_seed_cache=False)
    first = build_generation(scan_wiki(wiki, report=False), ws.build_inputs())
    assert first.token_counts_computed >= first.embedding_segments > first.chunks
    second = build_generation(scan_wiki(wiki, report=False), ws.build_inputs())
    assert second.embedding_computed == 0 and second.token_counts_computed == 0

    # The sizes read from the cache are those the model counted the first time.
    def sizes(report):
        db = sqlite3.connect(f"{report.extra['staged_path']}/{INDEX_FILE}")
        rows = db.execute("SELECT id, token_count FROM segments ORDER BY id").fetchall()
        db.close()
        return rows

    assert sizes(first) == sizes(second) and all(n > 2 for _, n in sizes(first))
