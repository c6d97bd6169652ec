"""Latency summaries: the same fields everywhere (milliseconds)."""

from __future__ import annotations

import statistics
from typing import Any

from zpagent.eval.metrics import percentile


def summarize_ms(samples: list[float]) -> dict[str, Any]:
    if not samples:
        return {"n": 0}
    return {
        "n": len(samples),
        "mean": round(statistics.fmean(samples), 2),
        "p50": round(percentile(samples, 50), 2),
        "p95": round(percentile(samples, 95), 2),
        "p99": round(percentile(samples, 99), 2),
        "max": round(max(samples), 2),
    }
