"""The relevance gate: whether the best evidence answers the query, and what is noise.

The gate judges a query by two numbers of its candidates: the best
*relevance* (lexical coverage plus weighted semantic margin,
``fusion.relevance``) and the best dense *similarity* (how close in meaning
the nearest passage is). What an unrelated question reaches on both differs
by wiki -- its language, size and field: English questions share words and
margins with English pages, a wiki about cooking makes recipes look
relevant -- so each is measured against this wiki's own *null*: how far
above the mean of questions no page answers it stands, in their standard
deviations. The query answers when the sum of the two reaches the gate:

    score = clip((relevance - null mean) / null sd) + clip((similarity - null mean) / null sd)

Both the null statistics and the gate are fitted per wiki at index time
(``calibration.py``) and stored in the generation. A generation without
them (built before calibration, or with too few pages to fit) uses the
generic gate, chosen on the sample wiki: relevance alone, at least
``ANSWER_MIN``. Single-retriever modes exist for evaluation and keep their
generic thresholds.

A query below the gate is not hidden: its ranked candidates are returned
with ``level == "low"`` and callers decide (``/search`` shows them as
``no_answer`` with reason ``low_confidence``; RAG and checked answers do not
answer from them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from zpagent.contract import Confidence
from zpagent.search.hits import Hit

Level = Literal["high", "low", "none"]

# The generic gate (the sample wiki's dev splits): hybrid is fitted per wiki.
ANSWER_MIN = {"hybrid": 0.6, "fts": 0.3, "vector": 0.3}
KEEP_MIN = {"hybrid": 0.4, "fts": 0.2, "vector": 0.2}
# A z-score counts up to this far: one extreme number (a rare word matched,
# no dense candidate at all) never outvotes the other by itself.
Z_CLIP = (-3.0, 6.0)
# The layout of a fitted gate in ``meta.gate``; a generation holding another
# one (an older build) is served with the generic gate, never misread.
GATE_VERSION = 2
_FITTED = (
    "relevance_mean",
    "relevance_sd",
    "similarity_mean",
    "similarity_sd",
    "answer_min",
    "keep_min",
)


@dataclass(frozen=True)
class Gate:
    relevance_mean: float
    relevance_sd: float
    similarity_mean: float
    similarity_sd: float  # 0: similarity does not count (the generic gate)
    answer_min: float  # the score a query needs
    keep_min: float  # below this relevance a candidate of an answered query is noise
    calibrated: bool = False

    @classmethod
    def of(cls, fitted: dict[str, Any] | None, mode: str = "hybrid") -> Gate:
        """The generation's fitted gate for hybrid search, else the generic one."""
        if mode == "hybrid" and fitted and fitted.get("version") == GATE_VERSION:
            try:
                numbers = [float(fitted[k]) for k in _FITTED]
            except (KeyError, TypeError, ValueError):
                numbers = []  # a damaged record: the generic gate, never a crash
            if len(numbers) == len(_FITTED) and all(math.isfinite(x) for x in numbers):
                return cls(*numbers, calibrated=True)
        return cls(0.0, 1.0, 0.0, 0.0, ANSWER_MIN[mode], KEEP_MIN[mode])

    def score(self, evidence: Evidence) -> float:
        score = _z(evidence.relevance, self.relevance_mean, self.relevance_sd)
        if self.similarity_sd > 0:
            score += _z(evidence.similarity, self.similarity_mean, self.similarity_sd)
        return score


@dataclass(frozen=True)
class Evidence:
    """What the gate sees of a query: its candidates' best relevance and similarity."""

    relevance: float
    similarity: float  # 0.0 when the dense side had no candidate


@dataclass(frozen=True)
class Verdict:
    level: Level
    margin: float  # the score above (or below, negative) the gate
    calibrated: bool

    def confidence(self) -> Confidence:
        """The verdict as responses state it (``/search``, ``/rag``)."""
        return Confidence(level=self.level, margin=self.margin, calibrated=self.calibrated)


def evidence_of(hits: Sequence[Hit]) -> Evidence:
    return Evidence(
        relevance=max((h.relevance for h in hits), default=0.0),
        similarity=max((h.vector_similarity or 0.0 for h in hits), default=0.0),
    )


def judge(hits: Sequence[Hit], gate: Gate) -> tuple[Verdict, Evidence, list[Hit]]:
    """The verdict, its evidence and the candidates served: all but noise when
    answered, else all of them (flagged ``low``)."""
    evidence = evidence_of(hits)
    if not hits:
        return Verdict("none", 0.0, gate.calibrated), evidence, []
    margin = round(gate.score(evidence) - gate.answer_min, 4)
    if margin < 0:
        return Verdict("low", margin, gate.calibrated), evidence, list(hits)
    protected = {id(h) for h in _firsts(hits)}
    kept = [h for h in hits if h.relevance >= gate.keep_min or id(h) in protected]
    return Verdict("high", margin, gate.calibrated), evidence, kept


def _z(value: float, mean: float, sd: float) -> float:
    z = (value - mean) / sd if sd > 0 else value - mean
    return min(max(z, Z_CLIP[0]), Z_CLIP[1])


def _firsts(hits: Sequence[Hit]) -> list[Hit]:
    """The top chunk of the fused ranking and of each retriever: never noise."""
    out = []
    if hits:
        out.append(max(hits, key=lambda h: (h.fused, -h.rowid)))
    out += [h for h in hits if h.fts_rank == 1 or h.vector_rank == 1]
    return out
