"""Query embeddings with a bounded cost: capped, cached, pooled, batched, with a deadline.

Before, every query embedding ran on one serialized thread with all cores
per call: a 2,000-character query held it for seconds on a busy 2-core
host and ordinary searches queued behind it (median 0.8 s -> 34 s), and
the engine's spinning OpenMP threads made a short query cost ~40 ms CPU.
Now, for each query:

1. only its first ``max_tokens`` model tokens are embedded (the whole
   text still goes to the lexical search);
2. the vector comes from memory or from the persistent cache
   (``query_cache``) when the same text was embedded before;
3. otherwise a job joins a queue served by a small pool of workers, one
   per core, each embedding on one thread (``prepare_query_thread``); a
   worker takes the waiting jobs of its class together (micro-batching:
   one engine call, or one HTTP request for a remote embedder);
4. ordinary queries (at most ``ORDINARY_TOKENS`` tokens) go first, and
   long ones may occupy all workers but one, and each of those only for
   ``LONG_SHARE`` of its time (after a long batch that took ``d`` seconds,
   that worker takes no long batch for ``d * (1 / LONG_SHARE - 1)``
   seconds), so a flood of long queries never stalls ordinary ones: on two
   cores, without the share, the long lane held a whole core and ordinary
   searches during an unpaced flood took 4.2x their quiet p99;
5. a full queue refuses at once, and a job not finished within the
   deadline is given up: both are ``Overloaded`` (503 + ``Retry-After``),
   never an unbounded wait. Long queries have a short queue (one per
   worker): they are the ones refused first.

The bounds themselves (the lanes, ``QueryLimits``, ``QueryBusy``, the token
cap) are in ``query_limits``.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import logging
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from zpagent.embed.base import Embedder, normalize_rows
from zpagent.embed.cache import cache_key
from zpagent.embed.query_cache import QueryVectorStore
from zpagent.embed.query_limits import (
    LONG_CHARS,
    LONG_SHARE,
    MAX_BATCH,
    MEMORY_VECTORS,
    ORDINARY_TOKENS,
    QueryBusy,
    QueryLimits,
    truncate_to_tokens,
)

log = logging.getLogger(__name__)


@dataclass(order=True)
class _Job:
    long: bool
    seq: int
    text: str = field(compare=False)
    key: str = field(compare=False)
    raw_key: str | None = field(compare=False)  # the uncapped text's key, when it was capped
    waiters: int = field(default=0, compare=False)  # holders (a prefetch too: never given up)
    done: threading.Event = field(default_factory=threading.Event, compare=False)
    started: bool = field(default=False, compare=False)
    cancelled: bool = field(default=False, compare=False)
    vector: np.ndarray | None = field(default=None, compare=False)
    error: BaseException | None = field(default=None, compare=False)


class PendingVector:
    """A query vector being computed; ``result()`` waits at most until the deadline."""

    def __init__(self, owner: QueryEmbedder, job: _Job | None, vector: np.ndarray | None) -> None:
        self._owner = owner
        self._job = job
        self._vector = vector
        self._deadline = time.monotonic() + owner.limits.timeout_s
        if job is not None:
            job.waiters += 1  # under the owner's lock (see submit)

    def result(self) -> np.ndarray:
        if self._vector is not None:
            return self._vector
        job = self._job
        assert job is not None
        if not job.done.wait(max(0.0, self._deadline - time.monotonic())):
            self._owner._give_up(job)
            raise QueryBusy("the query embedding did not finish before its deadline")
        if job.error is not None:
            raise job.error
        assert job.vector is not None
        return job.vector


class QueryEmbedder:
    """Query vectors for one embedder; passage methods are the embedder's own."""

    def __init__(self, embedder: Embedder, limits: QueryLimits, store: Path | None = None) -> None:
        self.embedder = embedder
        self.limits = limits
        self.model_id = embedder.model_id
        self.fingerprint = embedder.fingerprint
        self.dim = embedder.dim
        self.max_tokens = embedder.max_tokens
        self.store = QueryVectorStore(store) if store is not None else None
        self._memory: OrderedDict[str, np.ndarray] = OrderedDict()
        self._cond = threading.Condition()
        self._heap: list[_Job] = []
        self._waiting = {False: 0, True: 0}
        self._long_running = 0
        self._long_resume_at = 0.0  # no long batch starts before (LONG_SHARE)
        self._clock = time.monotonic  # tests drive the duty cycle with their own
        self._busy = 0  # workers embedding now
        self._inflight: dict[str, _Job] = {}  # key -> job not finished, joined by a repeat
        self._seq = itertools.count()
        self._threads: list[threading.Thread] = []
        self._stopping = False
        self.stats = {"embedded": 0, "calls": 0, "memory_hits": 0, "store_hits": 0, "refused": 0}

    # -- the Embedder protocol ------------------------------------------------------------

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self.embedder.embed_passages(texts)

    def token_count(self, text: str) -> int:
        return self.embedder.token_count(text)

    def embed_query(self, text: str) -> np.ndarray:
        return self.submit(text).result()

    # -- queries ------------------------------------------------------------------------

    def query_tokens(self, text: str) -> int:
        count = getattr(self.embedder, "query_token_count", None) or self.embedder.token_count
        return int(count(text))

    def capped(self, text: str) -> str:
        """What is embedded of ``text``: its first ``max_tokens`` model tokens."""
        return truncate_to_tokens(text, self.limits.max_tokens, self.query_tokens)

    def _raw_key(self, text: str) -> str | None:
        """A second cache key for a text that may be capped: found again without tokenizing."""
        if len(text) + 8 <= self.limits.max_tokens:  # no more tokens than characters (+ specials)
            return None
        return cache_key(self.fingerprint, "\0as sent\0" + text)

    def admit(self, text: str) -> None:
        """Refuse a surely long query at once when long ones cannot wait any more.

        Called before anything else of a search is done: a flood of long queries
        must not spend the server's time on work that is refused anyway.
        """
        if len(text) <= LONG_CHARS:
            return
        with self._cond:
            full = self._waiting[True] >= self.limits.worker_count() + self._idle_for(True)
        if not full:
            return
        # A question seen before costs nothing: found by the text as sent (or,
        # for a text too short to be capped, by itself) without tokenizing.
        raw = self._raw_key(text)
        if self._cached(raw or cache_key(self.fingerprint, text)) is not None:
            return
        with self._cond:
            self.stats["refused"] += 1
        raise QueryBusy("long queries are waiting already")

    def submit(self, text: str) -> PendingVector:
        """Start embedding ``text`` (or find it cached); ``QueryBusy`` when the queue is full."""
        raw = self._raw_key(text)
        vector = self._cached(raw) if raw is not None else None
        if vector is not None:
            return PendingVector(self, None, vector)
        self.admit(text)
        capped = self.capped(text)
        key = cache_key(self.fingerprint, capped)
        vector = self._cached(key)
        if vector is not None:
            return PendingVector(self, None, vector)
        text = capped
        long = self.query_tokens(text) > ORDINARY_TOKENS
        limit = self.limits.worker_count() if long else self.limits.queue_limit
        with self._cond:
            running = self._inflight.get(key)
            if running is not None and not running.cancelled:
                return PendingVector(self, running, None)  # the same text is under way
            # Jobs an idle worker is about to take are not waiting in the queue.
            if self._waiting[long] >= limit + self._idle_for(long):
                self.stats["refused"] += 1
                raise QueryBusy("the query embedding queue is full")
            self._start_workers()
            job = _Job(long, next(self._seq), text, key, raw)
            heapq.heappush(self._heap, job)
            self._inflight[key] = job
            self._waiting[long] += 1
            self._cond.notify()
            return PendingVector(self, job, None)

    def prefetch(self, text: str) -> None:
        """Start embedding ``text`` so that other work overlaps it; a later ``submit``
        of the same text joins this job (or finds the vector cached)."""
        with contextlib.suppress(QueryBusy):  # the search that follows gets its own answer
            self.submit(text)

    def _cached(self, key: str) -> np.ndarray | None:
        with self._cond:
            vector = self._memory.get(key)
            if vector is not None:
                self._memory.move_to_end(key)
                self.stats["memory_hits"] += 1
                return vector
        if self.store is not None:
            vector = self.store.get(key, self.dim)
            if vector is not None:
                vector.setflags(write=False)
                self._remember(key, vector)
                self.stats["store_hits"] += 1
        return vector

    def _remember(self, key: str, vector: np.ndarray) -> None:
        with self._cond:
            self._memory[key] = vector
            self._memory.move_to_end(key)
            if len(self._memory) > MEMORY_VECTORS:
                self._memory.popitem(last=False)

    def _give_up(self, job: _Job) -> None:
        with self._cond:
            job.waiters -= 1
            if not job.started and not job.cancelled and job.waiters <= 0:
                job.cancelled = True
                self._waiting[job.long] -= 1
                self._inflight.pop(job.key, None)
            self.stats["refused"] += 1

    # -- the workers ----------------------------------------------------------------------

    def _start_workers(self) -> None:
        """Under the lock: start the pool on first use (most processes never embed queries)."""
        if self._threads:
            return
        for i in range(self.limits.worker_count()):
            t = threading.Thread(target=self._work, name=f"zpagent-query-{i}", daemon=True)
            t.start()
            self._threads.append(t)

    def _max_long(self) -> int:
        workers = self.limits.worker_count()
        return workers - 1 if workers > 1 else 1

    def _idle_for(self, long: bool) -> int:
        """Under the lock: workers free to take a job of this class now."""
        idle = self.limits.worker_count() - self._busy
        if not long:
            return idle
        if self._clock() < self._long_resume_at:
            return 0  # the long lane is resting (LONG_SHARE)
        return max(0, min(idle, self._max_long() - self._long_running))

    def _take(self) -> list[_Job]:
        """Under the lock: the next batch (ordinary first; long ones leave a worker free)."""
        while self._heap and self._heap[0].cancelled:
            heapq.heappop(self._heap)
        if not self._heap:
            return []
        long = self._heap[0].long
        if long and (
            self._long_running >= self._max_long() or self._clock() < self._long_resume_at
        ):
            return []
        batch: list[_Job] = []
        while self._heap and len(batch) < MAX_BATCH and self._heap[0].long == long:
            job = heapq.heappop(self._heap)
            if job.cancelled:
                continue
            job.started = True
            self._waiting[long] -= 1
            batch.append(job)
        if not batch:
            return []
        if long:
            self._long_running += 1
        self._busy += 1
        return batch

    def _work(self) -> None:
        prepare = getattr(self.embedder, "prepare_query_thread", None)
        if prepare is not None:
            prepare()
        while True:
            with self._cond:
                batch = self._take()
                while not batch and not self._stopping:
                    self._cond.wait(self._rest())
                    batch = self._take()
                if not batch:
                    return
            started = self._clock()
            try:
                vectors = self._embed([job.text for job in batch])
            except Exception as exc:  # noqa: BLE001 - handed to every waiting request
                for job in batch:
                    job.error = exc
            else:
                for job, vector in zip(batch, vectors, strict=True):
                    vector.setflags(write=False)
                    job.vector = vector
                    for key in filter(None, (job.key, job.raw_key)):
                        self._remember(key, vector)
                        if self.store is not None:
                            self.store.put(key, vector)
            finally:
                with self._cond:
                    for job in batch:
                        self._inflight.pop(job.key, None)
                    self.stats["embedded"] += len(batch)
                    self.stats["calls"] += 1
                    self._busy -= 1
                    if batch[0].long:
                        self._long_running -= 1
                        now = self._clock()
                        rest = (now - started) * (1.0 / LONG_SHARE - 1.0)
                        self._long_resume_at = max(self._long_resume_at, now + rest)
                    self._cond.notify_all()
                for job in batch:
                    job.done.set()

    def _rest(self) -> float | None:
        """Under the lock: how long an idle worker may sleep (until the long lane
        resumes when a long job waits for it; otherwise until notified)."""
        if self._waiting[True] and self._long_resume_at > self._clock():
            return min(1.0, self._long_resume_at - self._clock())
        return None

    def _embed(self, texts: list[str]) -> list[np.ndarray]:
        many = getattr(self.embedder, "embed_queries", None)
        if many is not None:
            matrix = normalize_rows(many(texts))
            return [matrix[i].copy() for i in range(len(texts))]
        return [self.embedder.embed_query(t) for t in texts]

    def clear_memory(self) -> None:
        """Forget the vectors held in memory (benchmarks measure first sight)."""
        with self._cond:
            self._memory.clear()

    def close(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        for t in self._threads:
            t.join(10)
        if self.store is not None:
            self.store.close()


_DEFAULTS: dict[int, QueryEmbedder] = {}
_DEFAULTS_LOCK = threading.Lock()


def query_embedder(embedder: Embedder) -> QueryEmbedder:
    """``embedder`` itself when it is a ``QueryEmbedder``, else one per process (memory cache)."""
    if isinstance(embedder, QueryEmbedder):
        return embedder
    with _DEFAULTS_LOCK:
        found = _DEFAULTS.get(id(embedder))
        if found is None or found.embedder is not embedder:
            found = QueryEmbedder(embedder, QueryLimits())
            _DEFAULTS[id(embedder)] = found
        return found


__all__ = [
    "PendingVector",
    "QueryEmbedder",
    "query_embedder",
]
