"""Dense ranking within a set the caller chose (the guides, ungated): a chunk
below what an unrelated passage of the whole corpus scores is still ranked
there, by similarity; with the baseline (the gated search) it is cut."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from zpagent.search.vector import vector_search


def _gen(sims: list[float]) -> SimpleNamespace:
    """Unit vectors whose dot product with the query e0 is ``sims`` (one segment each)."""
    vecs = []
    for s in sims:
        v = np.zeros(2, dtype=np.float32)
        v[0], v[1] = s, np.sqrt(max(0.0, 1 - s * s))
        vecs.append(v)
    n = len(sims)
    return SimpleNamespace(
        vectors=np.asarray(vecs, dtype=np.float32),
        segment_published=np.ones(n, dtype=bool),
        segment_chunk=np.arange(1, n + 1, dtype=np.int64),
    )


def test_a_chosen_chunk_below_the_corpus_baseline_is_ranked_only_when_asked():
    # Rows 1-8 are the rest of the wiki (high); rows 9 and 10 are the guides.
    gen = _gen([0.90, 0.91, 0.92, 0.90, 0.91, 0.92, 0.90, 0.91, 0.80, 0.85])
    query = np.array([1.0, 0.0], dtype=np.float32)
    guides = np.array([9, 10], dtype=np.int64)
    cut, _ = vector_search(gen, query, 5, False, 0.5, only_rowids=guides)
    assert cut == []  # below the corpus's baseline: nothing, as the gate wants
    ranked, _ = vector_search(gen, query, 5, False, 0.5, only_rowids=guides, above_baseline=False)
    assert [h.rowid for h in ranked] == [10, 9]  # by similarity within the set
