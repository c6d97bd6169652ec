"""``zpagent eval fusion``: classic RAG, graph only and fused retrieval side by side.

Each question of ``eval/datasets/fusion.json`` expects a *set* of pages.
Every mode answers it as served, in one run, on the same index:

    rag           classic hybrid RAG (``rag()``, the gate on)
    graph         graph search alone (the pages its facts cite)
    graph_hybrid  graph-guided retrieval (``graph_rag()``)

and is scored on the distinct pages of its evidence, in order:

- set recall@k: the share of the set among the first k pages, out of
  ``min(k, |set|)`` (a set larger than k cannot fit; k pages of it is all);
- precision@10: the share of the first ten pages that belong to the set;
- answer facts: the share of the expected facts (titles, names) present in
  the evidence handed to the answerer (the context, or the graph's facts);
- status: ``ok`` for sets, ``ambiguous`` / ``no_answer`` where the dataset
  says (the graph's guarantees);
- exact count: the reported size of the set equals the truth's.

Latency: each call timed once with an empty query-vector cache ("cold":
every question embeds, as a new question does) and once again ("warm");
the modes take turns per question so that load on the machine hits all of
them alike.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from zpagent.config import Settings
from zpagent.embed.base import Embedder
from zpagent.embed.queries import query_embedder
from zpagent.eval import metrics as m
from zpagent.eval.datasets import Dataset, FusionExpect, Item
from zpagent.graph.answers.search import graph_search
from zpagent.graph.understand import understand_in
from zpagent.index.reader import Generation
from zpagent.ingest.text import fold
from zpagent.rag.build import rag
from zpagent.rag.graph_guided import graph_rag

MODES = ("rag", "graph", "graph_hybrid")
LABELS = {
    "rag": "classic RAG (hybrid)",
    "graph": "graph only",
    "graph_hybrid": "fused (graph_hybrid)",
}
K = 10
METRICS = ("recall@10", "recall@5", "precision@10", "answer_facts", "status", "count_exact")


@dataclass
class Answer:
    status: str
    reason: str | None
    pages: list[str]
    text: str
    count: int | None


@dataclass
class ItemResult:
    id: str
    category: str
    mode: str
    answer: Answer
    scores: dict[str, float] = field(default_factory=dict)
    cold_ms: float = 0.0
    warm_ms: float = 0.0


def _norm(text: str) -> str:
    return " ".join(fold(text).lower().split())


def _ask_rag(gen: Generation, embedder: Embedder, settings: Settings, query: str) -> Answer:
    resp = rag(
        gen,
        embedder,
        query,
        limit=K,
        budget_tokens=settings.rag_llm_max_tokens,
        encoding=settings.rag_llm_token_encoding,
    )
    pages = list(dict.fromkeys(e.document_path for e in resp.evidence))
    return Answer(resp.status, resp.reason, pages, resp.context, None)


def _ask_graph(gen: Generation, embedder: Embedder, settings: Settings, query: str) -> Answer:
    resp = graph_search(gen, understand_in(gen, query, settings), settings=settings, limit=K)
    texts = [*resp.answers]
    for fact in resp.facts:
        texts.append(str(fact.value or ""))
        texts.extend(e.text for e in fact.evidence)
    pages = [d.document_path for d in resp.documents]
    count = resp.aggregation.count if resp.aggregation else None
    return Answer(resp.status, resp.reason, pages, "\n".join(texts), count)


def _ask_fused(gen: Generation, embedder: Embedder, settings: Settings, query: str) -> Answer:
    resp = graph_rag(
        gen,
        embedder,
        understand_in(gen, query, settings),
        settings=settings,
        limit=K,
        budget_tokens=settings.rag_llm_max_tokens,
        encoding=settings.rag_llm_token_encoding,
    )
    pages = list(dict.fromkeys(e.document_path for e in resp.evidence))
    count = resp.graph.pages if resp.graph else None
    return Answer(resp.status, resp.reason, pages, resp.context, count)


ASK: dict[str, Callable[[Generation, Embedder, Settings, str], Answer]] = {
    "rag": _ask_rag,
    "graph": _ask_graph,
    "graph_hybrid": _ask_fused,
}


def score(answer: Answer, expect: FusionExpect) -> dict[str, float]:
    status_ok = answer.status == expect.status and (
        expect.reason is None or answer.reason == expect.reason
    )
    out = {"status": 1.0 if status_ok else 0.0}
    if expect.status != "ok":
        return out
    wanted = set(expect.pages)
    top = answer.pages[:K]
    text = _norm(answer.text)
    out.update(
        {
            "recall@10": len(set(top) & wanted) / min(len(wanted), K),
            "recall@5": len(set(answer.pages[:5]) & wanted) / min(len(wanted), 5),
            "precision@10": len(set(top) & wanted) / len(top) if top else 0.0,
            "answer_facts": (
                sum(1 for a in expect.answers if _norm(a) in text) / len(expect.answers)
                if expect.answers
                else 1.0
            ),
            "count_exact": 1.0 if answer.count == expect.count else 0.0,
        }
    )
    return out


def _timed(fn: Callable[[], Answer]) -> tuple[Answer, float]:
    t = time.perf_counter()
    out = fn()
    return out, (time.perf_counter() - t) * 1000


def run_item(
    gen: Generation,
    embedder: Embedder,
    settings: Settings,
    item: Item,
    expect: FusionExpect,
    turn: int,
    timing: bool = True,
) -> list[ItemResult]:
    """Every mode on one question, in an order that rotates with ``turn``;
    ``timing=False`` asks once per mode (no cold/warm pair)."""
    order = MODES[turn % len(MODES) :] + MODES[: turn % len(MODES)]
    results = []
    for mode in order:
        ask = ASK[mode]
        if timing:
            query_embedder(embedder).clear_memory()
        answer, cold = _timed(lambda ask=ask: ask(gen, embedder, settings, item.query))
        warm = (
            _timed(lambda ask=ask: ask(gen, embedder, settings, item.query))[1] if timing else cold
        )
        res = ItemResult(item.id, item.category, mode, answer, score(answer, expect), cold, warm)
        results.append(res)
    return sorted(results, key=lambda r: MODES.index(r.mode))


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def summarize(results: list[ItemResult]) -> dict[str, Any]:
    out: dict[str, Any] = {"items": len(results)}
    for metric in METRICS:
        out[metric] = _mean([r.scores[metric] for r in results if metric in r.scores])
    for phase in ("cold", "warm"):
        values = [r.cold_ms if phase == "cold" else r.warm_ms for r in results]
        out[f"p50_{phase}_ms"] = round(m.percentile(values, 50), 2) if values else None
        out[f"p95_{phase}_ms"] = round(m.percentile(values, 95), 2) if values else None
    return out


def evaluate_fusion(
    gen: Generation,
    embedder: Embedder,
    settings: Settings,
    ds: Dataset,
    split: str,
    timing: bool = True,
) -> dict[str, Any]:
    items = ds.select(split)
    results: dict[str, list[ItemResult]] = defaultdict(list)
    for turn, item in enumerate(items):
        expect = ds.typed_expect(item)
        for res in run_item(gen, embedder, settings, item, expect, turn, timing):
            results[res.mode].append(res)
    modes: dict[str, Any] = {}
    for mode in MODES:
        by_cat: dict[str, list[ItemResult]] = defaultdict(list)
        for r in results[mode]:
            by_cat[r.category].append(r)
        modes[mode] = {
            "label": LABELS[mode],
            "overall": summarize(results[mode]),
            "categories": {c: summarize(rs) for c, rs in sorted(by_cat.items())},
        }
    rag_o, fused_o = modes["rag"]["overall"], modes["graph_hybrid"]["overall"]
    comparison = {
        "recall@10_gain": round(fused_o["recall@10"] - rag_o["recall@10"], 4),
        "p50_cold_ratio": round(fused_o["p50_cold_ms"] / rag_o["p50_cold_ms"], 2),
        "p50_warm_ratio": round(fused_o["p50_warm_ms"] / rag_o["p50_warm_ms"], 2),
    }
    misses = [
        {
            "id": r.id,
            "category": r.category,
            "status": r.answer.status,
            "recall@10": r.scores.get("recall@10"),
            "top": r.answer.pages[:K],
        }
        for r in results["graph_hybrid"]
        if r.scores.get("status", 0) < 1 or (r.scores.get("recall@10", 1) < 1)
    ]
    return {
        "split": split,
        "items": len(items),
        "k": K,
        "graph_backend": settings.graph_backend,
        "index_version": gen.index_version,
        "modes": modes,
        "comparison": comparison,
        "fused_misses": misses,
    }


def _cell(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def to_markdown(report: dict[str, Any]) -> str:
    c = report["comparison"]
    lines = [
        f"# Fusion evaluation ({report['split']} split, {report['items']} questions)",
        "",
        f"Index `{report['index_version']['version']}`, graph backend "
        f"`{report['graph_backend']}`. Every question expects a set of pages; set recall@k "
        f"counts the set's pages among the first k pages of the evidence, out of min(k, |set|).",
        "",
        "| mode | recall@10 | recall@5 | precision@10 | answer facts | status | exact count "
        "| p50 cold ms | p50 warm ms |",
        "| --- |" + " ---: |" * 8,
    ]
    for data in report["modes"].values():
        o = data["overall"]
        cells = [_cell(o[k]) for k in METRICS]
        cells += [str(o["p50_cold_ms"]), str(o["p50_warm_ms"])]
        lines.append(f"| {data['label']} | " + " | ".join(cells) + " |")
    lines += [
        "",
        f"Fused vs classic RAG: recall@10 {c['recall@10_gain']:+.3f}; p50 latency "
        f"{c['p50_cold_ratio']}x cold, {c['p50_warm_ratio']}x warm.",
        "",
        "## Set recall@10 per category",
        "",
    ]
    modes = list(report["modes"])
    lines.append("| category | n | " + " | ".join(LABELS[m_] for m_ in modes) + " |")
    lines.append("| --- | ---: |" + " ---: |" * len(modes))
    cats = sorted({cat for d in report["modes"].values() for cat in d["categories"]})
    for cat in cats:
        cells = []
        n = 0
        for mode in modes:
            s = report["modes"][mode]["categories"][cat]
            n = s["items"]
            value = s["recall@10"] if s["recall@10"] is not None else s["status"]
            cells.append(_cell(value))
        lines.append(f"| {cat} | {n} | " + " | ".join(cells) + " |")
    lines += ["", "(`guarantee`: share of correct statuses, no set to recall.)"]
    return "\n".join(lines) + "\n"
