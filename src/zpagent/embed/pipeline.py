"""Embed many inputs through the cache, in batches, reporting what was reused.

Batches that miss the cache go to parallel workers when the embedder offers
``embed_passages_in_worker`` (the bundled model does): one worker per core,
each running its batches on one thread. The model's own parallelism (OpenMP
over the rows of one batch) stalls at its barriers whenever another process
takes a core, which a shared build host always does; independent
single-thread workers keep both cores busy (measured in ``zpagent bench
--sections index``). Vectors are the same either way. The cache is written
from the calling thread only (SQLite connections stay in their thread).

Identical inputs share one vector: the texts are deduplicated before the
cache is asked or the model runs, so a page copied under two paths, or a
block repeated on many pages under the same title and headings, costs one
embedding. The exact input is the key (the cache keys by it too): two texts
that differ in one character are two inputs. The copies are counted
(``duplicates``, ``tokens_saved``) for the build report.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass

import numpy as np

from zpagent.embed.base import Embedder
from zpagent.embed.cache import EmbeddingCache, cache_key


@dataclass
class EmbedStats:
    segments: int = 0  # inputs asked for, copies included
    computed: int = 0  # distinct inputs the model embedded
    reused: int = 0  # distinct inputs found in the cache
    computed_tokens: int = 0
    workers: int = 1
    duplicates: int = 0  # inputs equal to an earlier one: they share its vector
    tokens_saved: int = 0  # model tokens of those copies, not embedded again


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

    ``computed + reused + duplicates == len(texts)``. ``count`` gives the
    model's token count of a text (default: the embedder's own; a build
    passes its cached counts).
    """
    count = count or embedder.token_count
    stats = EmbedStats(segments=len(texts))
    # One slot per distinct input; every text points at its slot.
    slot_of: dict[str, int] = {}
    slots = [slot_of.setdefault(t, len(slot_of)) for t in texts]
    distinct = list(slot_of)
    stats.duplicates = len(texts) - len(distinct)
    copies = Counter(texts)
    stats.tokens_saved = sum(count(t) * (n - 1) for t, n in copies.items() if n > 1)
    if progress and stats.duplicates:
        progress(stats.duplicates)
    vectors = _embed_distinct(
        embedder, cache, distinct, stats, batch_size=batch_size, progress=progress,
        workers=workers, count=count,
    )  # fmt: skip
    return vectors[slots], stats


def _embed_distinct(
    embedder: Embedder,
    cache: EmbeddingCache | None,
    texts: list[str],
    stats: EmbedStats,
    *,
    batch_size: int,
    progress: Callable[[int], None] | None,
    workers: int,
    count: Callable[[str], int],
) -> np.ndarray:
    """Vectors of distinct ``texts``: from the cache, else from the model."""
    out = np.zeros((len(texts), embedder.dim), dtype=np.float32)
    keys = [cache_key(embedder.fingerprint, t) for t in texts]
    found = cache.get_many(embedder.fingerprint, keys, embedder.dim) if cache else {}
    todo: list[int] = []
    for i, key in enumerate(keys):
        if key in found:
            out[i] = found[key]
            stats.reused += 1
        else:
            todo.append(i)
    if progress and stats.reused:
        progress(stats.reused)
    # Similar lengths in one batch waste less padding in the engine.
    todo.sort(key=lambda i: len(texts[i]))
    batches = [todo[b : b + batch_size] for b in range(0, len(todo), batch_size)]

    def store(batch: list[int], vectors: np.ndarray) -> None:
        out[batch] = vectors
        stats.computed += len(batch)
        stats.computed_tokens += sum(count(texts[i]) for i in batch)
        if cache:
            items = [(keys[i], vec) for i, vec in zip(batch, vectors, strict=True)]
            cache.put_many(embedder.fingerprint, items)
        if progress:
            progress(len(batch))

    in_worker = getattr(embedder, "embed_passages_in_worker", None)
    if in_worker is None or workers <= 1 or len(batches) <= 1:
        for batch in batches:
            store(batch, embedder.embed_passages([texts[i] for i in batch]))
        return out

    stats.workers = workers = min(workers, len(batches))
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="zpagent-embed")
    try:
        pending: dict[Future, list[int]] = {
            pool.submit(in_worker, [texts[i] for i in batch]): batch for batch in batches
        }
        for future in as_completed(pending):
            store(pending[future], future.result())
    finally:
        # A failed or interrupted build must not wait for the queued batches.
        pool.shutdown(wait=True, cancel_futures=True)
    return out
