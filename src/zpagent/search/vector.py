"""Cosine search over the generation's vector matrix (brute force, numpy).

A chunk may have several segments; it is ranked by its best segment and
returned once. Brute force stays until a benchmark shows it is the
bottleneck (20k chunks x 384 dims is about a millisecond).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from zpagent.index.reader import Generation


@dataclass
class VectorHit:
    rowid: int
    similarity: float
    rank: int
    margin: float  # similarity above this query's baseline over the whole corpus


def query_baseline(sims: np.ndarray) -> float:
    """What an unrelated passage scores for this query.

    e5 similarities are compressed and shift per query (English queries
    score lower against Slovak text everywhere), so relevance is judged
    relative to the query's own distribution: the 90th percentile of all
    segments, or the median on corpora too small for a stable percentile.
    """
    finite = sims[np.isfinite(sims)]
    if finite.size == 0:
        return 1.0
    if finite.size < 100:
        return float(np.median(finite))
    return float(np.percentile(finite, 90))


def vector_search(
    gen: Generation,
    query_vector: np.ndarray,
    candidate_limit: int,
    include_unpublished: bool,
    min_similarity: float,
    relevant_margin: float = 0.0,
    only_rowids: np.ndarray | None = None,
    above_baseline: bool = True,
) -> tuple[list[VectorHit], bool]:
    """Top chunks by best segment; ``more`` when a cut candidate could have been relevant.

    Candidates are every chunk above ``min_similarity`` and above the query's
    baseline; the limit is reported as hit only when the first candidate
    beyond it reaches ``relevant_margin``, because cutting an irrelevant
    tail loses nothing. ``only_rowids``: rank only these chunks; ``above_baseline``
    False keeps those below what an unrelated passage scores (a ranking within a set
    the caller chose, such as the guides, where the best is the answer).
    """
    if gen.vectors.shape[0] == 0:
        return [], False
    sims = gen.vectors @ query_vector.astype(np.float32)
    if not include_unpublished:
        sims = np.where(gen.segment_published, sims, -np.inf)
    baseline = query_baseline(sims)
    if only_rowids is not None:
        # After the baseline: what an unrelated passage scores is the corpus's.
        sims = np.where(np.isin(gen.segment_chunk, only_rowids), sims, -np.inf)
    # Enough segments to find candidate_limit + 1 distinct chunks in practice.
    k = min(len(sims), (candidate_limit + 1) * 4)
    top = np.argpartition(-sims, k - 1)[:k]
    top = top[np.argsort(-sims[top], kind="stable")]
    hits: list[VectorHit] = []
    seen: set[int] = set()
    more = False
    for seg in top:
        sim = float(sims[seg])
        if sim < min_similarity or (above_baseline and sim < baseline):
            break
        rowid = int(gen.segment_chunk[seg])
        if rowid in seen:
            continue
        if len(hits) >= candidate_limit:
            more = sim - baseline >= relevant_margin
            break
        seen.add(rowid)
        hits.append(VectorHit(rowid, sim, len(hits) + 1, sim - baseline))
    return hits, more
