"""Per-page limits: one hostile or accidental page must never stall a build.

The real wiki's pages are at most tens of kilobytes, a few dozen headings
and under fifty chunks. A 20 MB page or one with 10,000 headings is an
accident or an attack; without limits it keeps a sync busy for many minutes
(nearly all of it embedding thousands of chunks). Past a limit the page is
indexed as far as the limit allows and reported (``too_large_truncated``,
``too_many_headings``, ``too_many_chunks``); nothing hangs.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MAX_BYTES = 2 * 1024 * 1024
DEFAULT_MAX_HEADINGS = 500
DEFAULT_MAX_CHUNKS = 100


@dataclass(frozen=True)
class PageLimits:
    max_bytes: int = DEFAULT_MAX_BYTES
    max_headings: int = DEFAULT_MAX_HEADINGS
    max_chunks: int = DEFAULT_MAX_CHUNKS

    def __post_init__(self) -> None:
        if self.max_bytes < 1024 or self.max_headings < 1 or self.max_chunks < 1:
            raise ValueError("page limits must be positive (max_bytes at least 1024)")
