"""Build the embedding input of a chunk and split it into model-sized segments.

The input is the document's title, authors, tags and categories, the chunk's
heading path and its text: a chunk about "Stretnutie 12. 3." is found by the
student's name because the title travels with it. Inputs longer than the
model's limit (in the model's own tokens) are split into segments that each
repeat this header; nothing is truncated.
"""

from __future__ import annotations

import re
from typing import Protocol

_SPACE = re.compile(r"\s")


class TokenCounting(Protocol):
    """What segmenting needs from a model: its window and its token counts."""

    max_tokens: int

    def token_count(self, text: str) -> int: ...


def embedding_header(
    title: str,
    authors: list[str],
    tags: list[str],
    categories: list[str],
    heading_path: list[str],
) -> str:
    lines = [title]
    if authors:
        lines.append("Autor stránky: " + ", ".join(authors))
    if tags:
        lines.append("Kľúčové slová: " + ", ".join(tags))
    if categories:
        lines.append("Kategórie: " + ", ".join(categories))
    if heading_path:
        lines.append(" > ".join(heading_path))
    return "\n".join(lines)


def _fit_prefix(embedder: TokenCounting, header: str, text: str, start: int) -> int:
    """Largest end offset such that header + text[start:end] fits the model."""
    limit = embedder.max_tokens
    lo, hi = start + 1, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if embedder.token_count(f"{header}\n{text[start:mid]}") <= limit:
            lo = mid
        else:
            hi = mid - 1
    end = lo
    if end < len(text):
        # Prefer to cut at whitespace when one exists in the second half.
        cut = max((m.start() for m in _SPACE.finditer(text, start, end)), default=-1)
        if cut > start + (end - start) // 2:
            end = cut + 1
    return end


def segment_input(embedder: TokenCounting, header: str, text: str) -> list[str]:
    whole = f"{header}\n{text}"
    if embedder.token_count(whole) <= embedder.max_tokens:
        return [whole]
    # A header that would leave less than half the window for content is
    # metadata gone wrong (hundreds of tags); shorten it, never the content.
    while header and embedder.token_count(header) > embedder.max_tokens // 2:
        header = header[: len(header) * 3 // 4]
    segments = []
    start = 0
    while start < len(text):
        end = _fit_prefix(embedder, header, text, start)
        segments.append(f"{header}\n{text[start:end]}")
        start = end
    return segments
