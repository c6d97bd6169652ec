"""Fit the relevance gate of hybrid search on one wiki, at index time.

Two samples are asked of the new generation, with the gate off:

- the **null**: questions no wiki of this kind answers (``probes.py``, in
  Slovak, Czech and English). What they reach is what an unrelated question
  reaches on *these* pages;
- **known items**: queries the wiki's readers would type about its own
  pages (``pseudo.py``: titles without diacritics, runs of a page's most
  distinctive sentence), for up to MAX_PAGES pages.

The fitted gate (``gate.Gate``) stores the null's mean and standard
deviation of relevance and of dense similarity; a query's score is the sum
of its two z-scores, and ``answer_min`` is the null's NULL_QUANTILE
quantile of that score: about one unrelated question in ten of the kind
the probes stand for gets through, fewer of the far ones. ``keep_min`` (the
noise floor of an answered query's candidates) is the null's median
relevance: below what an unrelated question typically reaches.

The known items guard the other side: when fewer than KNOWN_MIN of them
would be answered, ``answer_min`` comes down to their KNOWN_QUANTILE
quantile -- a wiki whose own pages look like noise has a wrong gate, not
wrong pages. A wiki with fewer than MIN_PAGES published pages keeps the
generic gate (too few pages to tell noise from evidence).

NULL_QUANTILE and the use of both numbers were chosen on the dev retrieval
sets of the sample wiki, the Grav and the Jekyll docs (``eval/README.md``).
The result is stored in the generation (``meta.gate``), reported by the
build and by ``/health``, and read by every hybrid search of that
generation: about a hundred searches, a few seconds on two cores.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import statistics
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from zpagent.embed.base import Embedder
from zpagent.errors import InvalidQuery
from zpagent.index.build import INDEX_FILE
from zpagent.index.reader import Generation
from zpagent.search.gate import GATE_VERSION, Evidence, Gate
from zpagent.search.hybrid import search
from zpagent.search.probes import PROBES
from zpagent.search.pseudo import pseudo_queries

NULL_QUANTILE = 0.90
KNOWN_MIN = 0.90
KNOWN_QUANTILE = 0.10
MAX_PAGES = 20
MIN_PAGES = 10
# A null that never varies (a tiny or uniform wiki) must not make every z-score huge.
MIN_SD = 0.01


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    pos = q * (len(ordered) - 1)
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def _evidence(gen: Generation, embedder: Embedder, text: str) -> Evidence | None:
    try:
        return search(gen, embedder, text, mode="hybrid", limit=10, gate=False).evidence
    except InvalidQuery:
        return None


def _sample(gen: Generation) -> list[str]:
    """Known-item queries of up to MAX_PAGES pages, chosen by a stable hash of the path."""
    queries = pseudo_queries(gen)
    pages = sorted({q.page for q in queries}, key=lambda p: hashlib.sha256(p.encode()).digest())
    chosen = set(pages[:MAX_PAGES])
    return [q.query for q in queries if q.page in chosen]


def fit_gate(gen: Generation, embedder: Embedder) -> dict[str, Any] | None:
    """The gate fitted on ``gen`` (None: too few pages, the generic gate applies)."""
    published = gen.db().execute("SELECT COUNT(*) FROM documents WHERE published = 1")
    if published.fetchone()[0] < MIN_PAGES or gen.vectors.shape[0] == 0:
        return None
    null = [e for e in (_evidence(gen, embedder, p) for p in PROBES) if e is not None]
    known = [e for e in (_evidence(gen, embedder, q) for q in _sample(gen)) if e is not None]
    if len(null) < len(PROBES) // 2 or not known:
        return None
    return fit(null, known)


def fit(null: list[Evidence], known: list[Evidence]) -> dict[str, Any]:
    """The gate between what unrelated questions and the wiki's known items reach."""
    relevance = [e.relevance for e in null]
    similarity = [e.similarity for e in null]
    gate = Gate(
        relevance_mean=round(statistics.fmean(relevance), 4),
        relevance_sd=round(max(statistics.pstdev(relevance), MIN_SD), 4),
        similarity_mean=round(statistics.fmean(similarity), 4),
        similarity_sd=round(max(statistics.pstdev(similarity), MIN_SD), 4),
        answer_min=0.0,
        keep_min=round(statistics.median(relevance), 4),
        calibrated=True,
    )
    answer_min = _quantile([gate.score(e) for e in null], NULL_QUANTILE)
    known_scores = [gate.score(e) for e in known]
    lowered = sum(s >= answer_min for s in known_scores) / len(known) < KNOWN_MIN
    if lowered:
        answer_min = min(answer_min, _quantile(known_scores, KNOWN_QUANTILE))
    gate = replace(gate, answer_min=round(answer_min, 4))
    fitted = {k: v for k, v in asdict(gate).items() if k != "calibrated"}
    return {
        "version": GATE_VERSION,
        **fitted,
        "null_questions": len(null),
        "null_answered": round(sum(gate.score(e) >= gate.answer_min for e in null) / len(null), 4),
        "known_items": len(known),
        "known_answered": round(sum(s >= gate.answer_min for s in known_scores) / len(known), 4),
        "lowered_for_known_items": lowered,
    }


def calibrate_staged(staged: Path, embedder: Embedder) -> dict[str, Any] | None:
    """Fit the gate on a staged (not yet published) generation and store it there."""
    with Generation(staged) as gen:
        fitted = fit_gate(gen, embedder)
    if fitted is not None:
        db = sqlite3.connect(staged / INDEX_FILE)
        try:
            with db:
                db.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('gate', ?)",
                    (json.dumps(fitted, sort_keys=True),),
                )
        finally:
            db.close()
    return fitted
