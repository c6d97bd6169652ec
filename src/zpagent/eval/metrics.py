"""Ranking metrics over document-level result lists (binary relevance)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from zpagent.inert import plain_text
from zpagent.ingest.text import fold

_MARKUP = re.compile(r"[*_`„“”\"'»«\\]")


def text_norm(text: str) -> str:
    """Comparison form of answer text: no diacritics, case, markup, escapes or spacing."""
    return " ".join(_MARKUP.sub(" ", fold(plain_text(text)).casefold()).split()).strip(" .,:;")


def hit_at(ranked: Sequence[str], relevant: set[str], k: int) -> float:
    return 1.0 if any(doc in relevant for doc in ranked[:k]) else 0.0


def reciprocal_rank(ranked: Sequence[str], relevant: set[str], k: int = 10) -> float:
    for i, doc in enumerate(ranked[:k], start=1):
        if doc in relevant:
            return 1.0 / i
    return 0.0


def recall_at(ranked: Sequence[str], relevant: set[str], k: int) -> float:
    if not relevant:
        return 0.0
    return len(set(ranked[:k]) & relevant) / len(relevant)


def ndcg_at(ranked: Sequence[str], relevant: set[str], k: int = 10) -> float:
    dcg = sum(1.0 / math.log2(i + 1) for i, d in enumerate(ranked[:k], start=1) if d in relevant)
    ideal = sum(1.0 / math.log2(i + 1) for i in range(1, min(len(relevant), k) + 1))
    return dcg / ideal if ideal else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty sequence."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    idx = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[idx]
