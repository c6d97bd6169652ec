"""Per-page limits: one hostile or accidental page must never stall a build.

A page is indexed in full up to ``max_bytes``. The largest page seen on a
real documentation site, Jekyll's ``history.md`` (303 KB, 388 headings),
makes 355 chunks (94k tokens, about a minute of embedding on two cores);
the default of 1 MiB indexes three times that in full and bounds what one
page can cost. Past a limit the page is indexed as far as the limit allows
and reported with the bytes left out (``too_large_truncated``,
``too_many_headings``, ``too_many_chunks``); nothing hangs, and nothing is
cut without a word.

``max_chunks`` is a safety net for text that is unusually dense in tokens
(symbols, base64): prose under ``max_bytes`` stays well below it (about
850 bytes per chunk in ``history.md``: 1 MiB of prose is some 1,250 chunks).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

DEFAULT_MAX_BYTES = 1024 * 1024
DEFAULT_MAX_HEADINGS = 500
DEFAULT_MAX_CHUNKS = 2000

# The problem kinds of a page indexed only in part.
CUT_KINDS = ("too_large_truncated", "too_many_headings", "too_many_chunks")
# Cut pages listed by name in a build summary (all are counted).
LISTED_CUT_PAGES = 50


@dataclass(frozen=True)
class PageLimits:
    max_bytes: int = DEFAULT_MAX_BYTES
    max_headings: int = DEFAULT_MAX_HEADINGS
    max_chunks: int = DEFAULT_MAX_CHUNKS

    def __post_init__(self) -> None:
        if self.max_bytes < 1024 or self.max_headings < 1 or self.max_chunks < 1:
            raise ValueError("page limits must be positive (max_bytes at least 1024)")


def left_out(pages: Iterable[Any]) -> dict[str, Any]:
    """What the limits left out of ``pages`` (documents with ``warnings``,
    ``size_bytes`` and ``bytes_left_out``): pages cut, bytes not indexed, and the
    cut pages by name, most bytes left out first."""
    cut = [p for p in pages if any(k in CUT_KINDS for k in p.warnings)]
    cut.sort(key=lambda p: (-p.bytes_left_out, p.path))
    return {
        "pages_cut": len(cut),
        "bytes_left_out": sum(p.bytes_left_out for p in cut),
        "cut_pages": [
            {
                "path": p.path,
                "limits": [k for k in CUT_KINDS if k in p.warnings],
                "size_bytes": p.size_bytes,
                "bytes_left_out": p.bytes_left_out,
            }
            for p in cut[:LISTED_CUT_PAGES]
        ],
    }
