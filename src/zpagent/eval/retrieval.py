"""``zpagent eval retrieval``: FTS, vector and hybrid side by side.

Answerable items are scored with Hit@1/3/5, MRR, Recall@5 and nDCG@10 on
the ranked list of distinct pages (``max_per_document=1``, top 10) with the
relevance gate off, so that the modes compare on ranking alone. The gate
is scored as served: no-answer accuracy (no-answer items answered
``no_answer``) and the false no-answer rate (answerable items refused). Results
per mode and per category go to ``eval/results/`` as JSON and Markdown.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from zpagent.embed.base import Embedder
from zpagent.eval import metrics as m
from zpagent.eval.datasets import Dataset
from zpagent.index.reader import Generation
from zpagent.search.hybrid import MODES, search

METRICS = ("hit@1", "hit@3", "hit@5", "mrr", "recall@5", "ndcg@10")


@dataclass
class ItemResult:
    id: str
    category: str
    mode: str
    ranked: list[str]
    relevant: list[str]
    expected_status: str
    status: str
    scores: dict[str, float] = field(default_factory=dict)
    ms: float = 0.0


def _score(ranked: list[str], relevant: set[str]) -> dict[str, float]:
    return {
        "hit@1": m.hit_at(ranked, relevant, 1),
        "hit@3": m.hit_at(ranked, relevant, 3),
        "hit@5": m.hit_at(ranked, relevant, 5),
        "mrr": m.reciprocal_rank(ranked, relevant, 10),
        "recall@5": m.recall_at(ranked, relevant, 5),
        "ndcg@10": m.ndcg_at(ranked, relevant, 10),
    }


def run_item(gen: Generation, embedder: Embedder, mode: str, item, expect) -> ItemResult:
    """Ranking metrics with the relevance gate off; the status with it on (as served)."""
    t = time.perf_counter()
    served = search(gen, embedder, item.query, mode=mode, limit=10, max_per_document=1)
    ms = (time.perf_counter() - t) * 1000
    status = "ok" if served.confident else "no_answer"
    ungated = search(gen, embedder, item.query, mode=mode, limit=10, gate=False)
    ranked = [h.document_path for h in ungated.hits]
    res = ItemResult(
        item.id, item.category, mode, ranked, expect.relevant, expect.status, status, ms=ms
    )
    if expect.status == "ok":
        res.scores = _score(ranked, set(expect.relevant))
    return res


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 4) if values else float("nan")


def summarize(results: list[ItemResult]) -> dict[str, Any]:
    answerable = [r for r in results if r.expected_status == "ok"]
    unanswerable = [r for r in results if r.expected_status != "ok"]
    out: dict[str, Any] = {"items": len(results), "answerable": len(answerable)}
    for metric in METRICS:
        out[metric] = _mean([r.scores[metric] for r in answerable])
    out["no_answer_accuracy"] = _mean(
        [1.0 if r.status == r.expected_status else 0.0 for r in unanswerable]
    )
    out["false_no_answer_rate"] = _mean([1.0 if r.status != "ok" else 0.0 for r in answerable])
    return out


def evaluate_retrieval(
    gen: Generation, embedder: Embedder, ds: Dataset, split: str, modes=MODES
) -> dict[str, Any]:
    items = ds.select(split)
    per_mode: dict[str, Any] = {}
    failures: dict[str, list[dict[str, Any]]] = {}
    for mode in modes:
        results = [run_item(gen, embedder, mode, it, ds.typed_expect(it)) for it in items]
        by_cat: dict[str, list[ItemResult]] = defaultdict(list)
        for r in results:
            by_cat[r.category].append(r)
        per_mode[mode] = {
            "overall": summarize(results),
            "categories": {c: summarize(rs) for c, rs in sorted(by_cat.items())},
        }
        failures[mode] = [
            {"id": r.id, "category": r.category, "top": r.ranked[:3], "relevant": r.relevant}
            for r in results
            if (r.expected_status == "ok" and r.scores.get("hit@1", 0) < 1)
            or (r.expected_status != "ok" and r.status != r.expected_status)
        ]
    return {
        "split": split,
        "items": len(items),
        "index_version": gen.index_version,
        "modes": per_mode,
        "misses": failures,
    }


def to_markdown(report: dict[str, Any]) -> str:
    lines = [
        f"# Retrieval evaluation ({report['split']} split, {report['items']} queries)",
        "",
        f"Index `{report['index_version']['version']}`, embedding model "
        f"`{report['index_version']['embedding_model']}`.",
        "",
        "Ranking metrics with the relevance gate off; no-answer accuracy and false "
        "no-answer rate with the gate on, as served.",
        "",
        "| mode | " + " | ".join(METRICS) + " | no-answer acc. | false no-answer |",
        "| --- |" + " ---: |" * (len(METRICS) + 2),
    ]
    modes = [m for m in MODES if m in report["modes"]]  # report order, also from sorted JSON
    for mode in modes:
        o = report["modes"][mode]["overall"]
        cells = [f"{o[k]:.3f}" for k in METRICS]
        cells += [_rate(o["no_answer_accuracy"]), _rate(o["false_no_answer_rate"])]
        lines.append(f"| {mode} | " + " | ".join(cells) + " |")
    lines += ["", "## Per category (MRR / Hit@1; no_answer: accuracy)", ""]
    cats = sorted({c for d in report["modes"].values() for c in d["categories"]})
    lines.append("| category | n | " + " | ".join(modes) + " |")
    lines.append("| --- | ---: |" + " ---: |" * len(modes))
    for cat in cats:
        cells = []
        n = 0
        for mode in modes:
            c = report["modes"][mode]["categories"].get(cat)
            if not c:
                cells.append("")
                continue
            n = c["items"]
            if c["answerable"]:
                cells.append(f"{c['mrr']:.3f} / {c['hit@1']:.3f}")
            else:
                cells.append(f"{c['no_answer_accuracy']:.3f}")
        lines.append(f"| {cat} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _rate(value: float) -> str:
    """A rate, or a dash when the split has no item it applies to (NaN)."""
    return "–" if value != value else f"{value:.3f}"
