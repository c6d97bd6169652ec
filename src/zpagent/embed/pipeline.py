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


class EmbeddingPlan:
    """The vectors of ``texts``: copies share one slot, the cache fills what it has.

    ``missing`` lists the slots still without a vector; ``embed`` computes
    them (each batch is stored in the cache and reported through
    ``on_batch(tokens)`` on the calling thread, so a build may publish in
    between); ``matrix`` gives one row per text, ``embedded`` which rows have
    their vector.
    """

    def __init__(
        self,
        embedder: Embedder,
        cache: EmbeddingCache | None,
        texts: list[str],
        count: Callable[[str], int] | None = None,
    ) -> None:
        self.embedder, self.cache = embedder, cache
        self.count = count or embedder.token_count
        slot_of: dict[str, int] = {}
        self.slots = np.asarray(
            [slot_of.setdefault(t, len(slot_of)) for t in texts], dtype=np.int64
        )
        self.distinct = list(slot_of)
        self.vectors = np.zeros((len(self.distinct), embedder.dim), dtype=np.float32)
        self.have = np.zeros(len(self.distinct), dtype=bool)
        self.stats = stats = EmbedStats(segments=len(texts))
        stats.duplicates = len(texts) - len(self.distinct)
        copies = Counter(texts)
        stats.tokens_saved = sum(self.count(t) * (n - 1) for t, n in copies.items() if n > 1)
        fp = embedder.fingerprint
        self.keys = [cache_key(fp, t) for t in self.distinct]
        found = cache.get_many(fp, self.keys, embedder.dim) if cache else {}
        for i, key in enumerate(self.keys):
            if key in found:
                self.vectors[i], self.have[i] = found[key], True
        stats.reused = int(self.have.sum())
        self.missing = [i for i in range(len(self.distinct)) if not self.have[i]]
        self.missing_tokens = sum(self.count(self.distinct[i]) for i in self.missing)

    def embed(
        self,
        batch_size: int = 16,
        workers: int = 1,
        on_batch: Callable[[int], None] | None = None,
    ) -> None:
        todo, fp = self.missing, self.embedder.fingerprint

        def store(batch: list[int], vectors: np.ndarray) -> None:
            slots = [todo[i] for i in batch]
            self.vectors[slots], self.have[slots] = vectors, True
            tokens = sum(self.count(self.distinct[i]) for i in slots)
            self.stats.computed += len(slots)
            self.stats.computed_tokens += tokens
            if self.cache:
                items = [(self.keys[i], v) for i, v in zip(slots, vectors, strict=True)]
                self.cache.put_many(fp, items)
            if on_batch:
                on_batch(tokens)

        texts = [self.distinct[i] for i in todo]
        self.stats.workers = embed_missing(
            self.embedder, texts, store, batch_size=batch_size, workers=workers
        )
        self.missing, self.missing_tokens = [], 0

    def embedded(self) -> np.ndarray:
        """Per text: whether its vector exists yet."""
        return self.have[self.slots]

    def matrix(self) -> np.ndarray:
        """One row per text (zeros where ``embedded`` is false)."""
        return self.vectors[self.slots]


def embed_all(
    embedder: Embedder,
    cache: EmbeddingCache | None,
    texts: list[str],
    batch_size: int = 16,
    workers: int = 1,
    count: Callable[[str], int] | None = None,
) -> tuple[np.ndarray, EmbedStats]:
    """Return an (n, dim) matrix for ``texts`` and counts of computed/reused vectors.

    ``computed + reused + duplicates == len(texts)``. ``count`` gives the
    model's token count of a text (default: the embedder's own).
    """
    plan = EmbeddingPlan(embedder, cache, texts, count)
    plan.embed(batch_size, workers)
    return plan.matrix(), plan.stats


def embed_missing(
    embedder: Embedder,
    texts: list[str],
    store: Callable[[list[int], np.ndarray], None],
    *,
    batch_size: int,
    workers: int,
) -> int:
    """Embed ``texts`` with the model (no cache), handing each batch to ``store``.

    ``store`` gets the batch's indexes into ``texts`` and its vectors, always
    on the calling thread (so it may write SQLite and publish). Returns the
    number of workers used.
    """
    # Similar lengths in one batch waste less padding in the engine.
    todo = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    batches = [todo[b : b + batch_size] for b in range(0, len(todo), batch_size)]
    in_worker = getattr(embedder, "embed_passages_in_worker", None)
    if in_worker is None or workers <= 1 or len(batches) <= 1:
        for batch in batches:
            store(batch, embedder.embed_passages([texts[i] for i in batch]))
        return 1

    workers = min(workers, len(batches))
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
    return workers
