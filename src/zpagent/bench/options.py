"""What a benchmark run is given: its options and the queries it measures.

``BenchOptions`` carries the wiki, the datasets and the sections to run;
``workload`` reads the performance dataset (or falls back to a few queries).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Say = Callable[[str], None]


@dataclass
class BenchOptions:
    wiki: Path
    datasets: Path
    out: Path = Path("benchmarks")
    sections: tuple[str, ...] = ("index", "query", "http", "scale")
    concurrency: tuple[int, ...] = (1, 4, 8, 16, 64)
    scale_sizes: tuple[int, ...] = (1000, 5000, 20000)
    http_requests: int = 300
    http_seconds: float = 30.0
    work_dir: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)


FALLBACK_QUERIES = [
    "Aký názov práce má Ján Holp?",
    "rozpoznávanie reči",
    "kto viedol diplomovú prácu o strojovom preklade",
    "git vetvy",
    "termín odovzdania záverečnej práce",
]


def workload(datasets: Path) -> list[dict[str, Any]]:
    """Queries of the performance dataset (falls back to the retrieval dev split)."""
    from zpagent.eval.datasets import load_dataset

    perf = datasets / "performance.json"
    if perf.exists():
        ds = load_dataset(perf)
        out = []
        for item in ds.items:
            e = ds.typed_expect(item)
            out.append(
                {
                    "query": item.query,
                    "endpoint": e.endpoint,
                    "limit": e.limit,
                    "profile": e.profile,
                }
            )
        return out
    retrieval = datasets / "retrieval.json"
    if not retrieval.exists():
        return [
            {"query": q, "endpoint": "search", "limit": 10, "profile": "short"}
            for q in FALLBACK_QUERIES
        ]
    ds = load_dataset(retrieval)
    return [
        {"query": i.query, "endpoint": "search", "limit": 10, "profile": i.category}
        for i in ds.select("dev")
    ]
