"""The bounds of a query embedding: its lanes, its pool and queue, its token cap.

What makes a query "long" (``ORDINARY_TOKENS``, ``LONG_CHARS``), the share of a
worker a long batch may use, the limits read from the settings
(``QueryLimits``), the error a full queue or a missed deadline raises
(``QueryBusy``), and ``truncate_to_tokens``, which caps a query to its first
tokens. ``queries`` (the pooled ``QueryEmbedder``) enforces them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from zpagent.errors import Overloaded

# A question of up to ~20 words; longer ones are "long" (own lane, short queue).
ORDINARY_TOKENS = 32
# Longer texts are surely long (no token of a question averages 6 characters):
# they can be refused before any tokenizing when the long lane is full.
LONG_CHARS = 6 * ORDINARY_TOKENS
MEMORY_VECTORS = 4096
MAX_BATCH = 8
# The share of a worker's time a long batch may use (see 4. above).
LONG_SHARE = 0.5


class QueryBusy(Overloaded):
    public_message = "Too many searches are waiting; retry after the seconds in Retry-After."


@dataclass(frozen=True)
class QueryLimits:
    max_tokens: int = 64
    workers: int = 0  # 0: one per core
    queue_limit: int = 32
    timeout_s: float = 10.0

    @classmethod
    def from_settings(cls, settings: Any) -> QueryLimits:
        return cls(
            max_tokens=settings.query_embed_max_tokens,
            workers=settings.query_embed_workers,
            queue_limit=settings.query_embed_queue_limit,
            timeout_s=settings.query_embed_timeout,
        )

    def worker_count(self) -> int:
        if self.workers > 0:
            return self.workers
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except AttributeError:  # not Linux
            return max(1, os.cpu_count() or 1)


_WORD_END = re.compile(r"\S+")


def truncate_to_tokens(text: str, limit: int, count: Any) -> str:
    """The longest prefix of ``text`` (whole words when possible) of at most ``limit`` tokens."""
    if count(text) <= limit:
        return text
    # Search a window that surely holds more than ``limit`` tokens (no token of
    # this tokenizer averages 8 characters): every count below is then cheap.
    window = text[: limit * 8]
    if len(window) < len(text) and count(window) > limit:
        text = window
    ends = [m.end() for m in _WORD_END.finditer(text)]
    lo, hi = 0, len(ends)
    while lo < hi:  # the most words that fit
        mid = (lo + hi + 1) // 2
        if count(text[: ends[mid - 1]]) <= limit:
            lo = mid
        else:
            hi = mid - 1
    if lo > 0:
        return text[: ends[lo - 1]]
    lo, hi = 0, ends[0] if ends else len(text)
    while lo < hi:  # one enormous word: the most characters that fit
        mid = (lo + hi + 1) // 2
        if count(text[:mid]) <= limit:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo]
