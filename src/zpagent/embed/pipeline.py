"""Embed many inputs through the cache, in batches, reporting what was reused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from zpagent.embed.base import Embedder
from zpagent.embed.cache import EmbeddingCache, cache_key


@dataclass
class EmbedStats:
    segments: int = 0
    computed: int = 0
    reused: int = 0
    computed_tokens: int = 0


def embed_all(
    embedder: Embedder,
    cache: EmbeddingCache | None,
    texts: list[str],
    batch_size: int = 16,
    progress: Callable[[int], None] | None = None,
) -> tuple[np.ndarray, EmbedStats]:
    """Return an (n, dim) matrix for ``texts`` and counts of computed/reused vectors."""
    stats = EmbedStats(segments=len(texts))
    out = np.zeros((len(texts), embedder.dim), dtype=np.float32)
    keys = [cache_key(embedder.fingerprint, t) for t in texts]
    found = cache.get_many(embedder.fingerprint, list(set(keys)), embedder.dim) if cache else {}
    todo: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        if key in found:
            out[i] = found[key]
            stats.reused += 1
        else:
            todo.setdefault(key, []).append(i)
    if progress and stats.reused:
        progress(stats.reused)
    # Similar lengths in one batch waste less padding in the engine.
    order = sorted(todo, key=lambda k: len(texts[todo[k][0]]))
    for b in range(0, len(order), batch_size):
        batch_keys = order[b : b + batch_size]
        batch_texts = [texts[todo[k][0]] for k in batch_keys]
        vectors = embedder.embed_passages(batch_texts)
        for key, vec in zip(batch_keys, vectors, strict=True):
            for i in todo[key]:
                out[i] = vec
        stats.computed += sum(len(todo[k]) for k in batch_keys)
        stats.computed_tokens += sum(embedder.token_count(t) for t in batch_texts)
        if cache:
            cache.put_many(embedder.fingerprint, list(zip(batch_keys, vectors, strict=True)))
        if progress:
            progress(sum(len(todo[k]) for k in batch_keys))
    return out, stats
