"""Embed many inputs through the cache, in batches, reporting what was reused.

Batches that miss the cache go to parallel workers when the embedder offers
``embed_passages_in_worker`` (the bundled model does): one worker per core,
each running its batches on one thread. The model's own parallelism (OpenMP
over the rows of one batch) stalls at its barriers whenever another process
takes a core, which a shared build host always does; independent
single-thread workers keep both cores busy (measured in ``zpagent bench
--sections index``). Vectors are the same either way. The cache is written
from the calling thread only (SQLite connections stay in their thread).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
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
    workers: int = 1


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def embed_all(
    embedder: Embedder,
    cache: EmbeddingCache | None,
    texts: list[str],
    batch_size: int = 16,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    count: Callable[[str], int] | None = None,
) -> tuple[np.ndarray, EmbedStats]:
    """Return an (n, dim) matrix for ``texts`` and counts of computed/reused vectors.

    ``count`` gives the model's token count of a text (default: the
    embedder's own; a build passes its cached counts).
    """
    count = count or embedder.token_count
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
    batches = [order[b : b + batch_size] for b in range(0, len(order), batch_size)]

    def store(batch_keys: list[str], vectors: np.ndarray) -> None:
        for key, vec in zip(batch_keys, vectors, strict=True):
            for i in todo[key]:
                out[i] = vec
        n = sum(len(todo[k]) for k in batch_keys)
        stats.computed += n
        stats.computed_tokens += sum(count(texts[todo[k][0]]) for k in batch_keys)
        if cache:
            cache.put_many(embedder.fingerprint, list(zip(batch_keys, vectors, strict=True)))
        if progress:
            progress(n)

    in_worker = getattr(embedder, "embed_passages_in_worker", None)
    if in_worker is None or workers <= 1 or len(batches) <= 1:
        for batch_keys in batches:
            store(batch_keys, embedder.embed_passages([texts[todo[k][0]] for k in batch_keys]))
        return out, stats

    stats.workers = workers = min(workers, len(batches))
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="zpagent-embed")
    try:
        pending: dict[Future, list[str]] = {
            pool.submit(in_worker, [texts[todo[k][0]] for k in batch_keys]): batch_keys
            for batch_keys in batches
        }
        for future in as_completed(pending):
            store(pending[future], future.result())
    finally:
        # A failed or interrupted build must not wait for the queued batches.
        pool.shutdown(wait=True, cancel_futures=True)
    return out, stats
