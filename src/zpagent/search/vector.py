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


def vector_search(
    gen: Generation,
    query_vector: np.ndarray,
    candidate_limit: int,
    include_unpublished: bool,
    min_similarity: float,
) -> tuple[list[VectorHit], bool]:
    if gen.vectors.shape[0] == 0:
        return [], False
    sims = gen.vectors @ query_vector.astype(np.float32)
    if not include_unpublished:
        sims = np.where(gen.segment_published, sims, -np.inf)
    # Enough segments to find candidate_limit + 1 distinct chunks in practice.
    k = min(len(sims), (candidate_limit + 1) * 4)
    top = np.argpartition(-sims, k - 1)[:k]
    top = top[np.argsort(-sims[top], kind="stable")]
    hits: list[VectorHit] = []
    seen: set[int] = set()
    more = False
    for seg in top:
        sim = float(sims[seg])
        if sim < min_similarity:
            break
        rowid = int(gen.segment_chunk[seg])
        if rowid in seen:
            continue
        if len(hits) >= candidate_limit:
            more = True
            break
        seen.add(rowid)
        hits.append(VectorHit(rowid, sim, len(hits) + 1))
    return hits, more
