"""The shipped seed cache: the sample wiki builds without embedding, nothing stale is served."""

from __future__ import annotations

import sqlite3

import numpy as np

from tests.conftest import SAMPLE_WIKI, TINY_PAGES, make_workspace, write_pages
from zpagent.embed.cache import EmbeddingCache, cache_key
from zpagent.embed.hash_embedder import HashEmbedder
from zpagent.embed.seed import SAMPLE_SEED, seed_caches
from zpagent.index.build import build_generation
from zpagent.ingest.scan import scan_wiki


def test_the_sample_wiki_builds_entirely_from_the_shipped_seed(tmp_path):
    """Fails when the sample wiki, the chunker or the model changed: regenerate the
    seed with ``python tools/seed_cache.py``."""
    assert SAMPLE_SEED in seed_caches()
    ws = make_workspace(tmp_path / "data")
    report = build_generation(scan_wiki(SAMPLE_WIKI, report=False), ws.build_inputs())
    assert report.embedding_segments > 200
    assert report.embedding_computed == 0
    assert report.embedding_reused == report.embedding_segments
    db = sqlite3.connect(SAMPLE_SEED)
    fingerprints = {r[0] for r in db.execute("SELECT DISTINCT fingerprint FROM embeddings")}
    db.close()
    assert fingerprints == {ws.embedder.fingerprint}


def test_another_model_never_reads_the_seed(tmp_path):
    wiki = write_pages(tmp_path / "wiki", TINY_PAGES)
    ws = make_workspace(tmp_path / "data")
    inputs = ws.build_inputs()
    inputs.embedder = HashEmbedder()
    report = build_generation(scan_wiki(wiki, report=False), inputs)
    assert report.embedding_reused == 0
    assert report.embedding_computed == report.embedding_segments


def test_seed_rows_fill_only_what_the_cache_lacks_and_bad_rows_are_skipped(tmp_path):
    def write(path, rows):
        cache = EmbeddingCache(path)
        cache.put_many("fp", rows)
        cache.close()

    a, b, c = (np.full(4, v, dtype=np.float32) for v in (1.0, 2.0, 3.0))
    write(tmp_path / "seed.sqlite", [(cache_key("fp", "x"), b), (cache_key("fp", "y"), c)])
    write(tmp_path / "own.sqlite", [(cache_key("fp", "x"), a)])
    # A corrupted seed row (checksum mismatch) is never served.
    db = sqlite3.connect(tmp_path / "seed.sqlite")
    db.execute(
        "UPDATE embeddings SET vector = ? WHERE key = ?",
        (np.zeros(4, dtype=np.float32).tobytes(), cache_key("fp", "y")),
    )
    db.commit()
    db.close()
    cache = EmbeddingCache(tmp_path / "own.sqlite", seeds=[tmp_path / "seed.sqlite"])
    keys = [cache_key("fp", t) for t in ("x", "y")]
    found = cache.get_many("fp", keys, 4)
    cache.close()
    assert set(found) == {keys[0]}
    assert found[keys[0]].tolist() == a.tolist()  # the own cache wins over the seed
