"""Retrieval sets written from the pages alone (``eval/heldout/RETRIEVAL_SCHEMA.md``).

Per category (paraphrase, other language, typo, title words, how-to) the MRR
of FTS, vector, hybrid (ranked distinct pages, top 10, gate off) and of the
``bm25s`` page baseline, and as served: on-topic questions wrongly refused by
the relevance gate (``no_answer``, also when low-confidence evidence is
shown), and off-topic questions refused (the right reply to a question no
page answers). For how-to questions, whether the checked answer without an
LLM delivers the answering unit the writer copied from the page: at least
UNIT_RECALL of the unit's words are in the answer.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from zpagent.embed.base import Embedder
from zpagent.eval import metrics as m
from zpagent.eval.known_item import Bm25Pages
from zpagent.index.reader import Generation
from zpagent.ingest.text import fold
from zpagent.requests import AnswerRequest
from zpagent.search.hybrid import search
from zpagent.workspace import Workspace

MODES = ("fts", "vector", "hybrid")
SYSTEMS = (*MODES, "bm25s")
UNIT_RECALL = 0.8
_WORD = re.compile(r"\w+")


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(fold(text).lower()) if len(w) >= 2]


def unit_recall(unit: str, answer: str) -> float:
    """The share of the answering unit's words (folded) that the answer holds."""
    wanted, held = _words(unit), set(_words(answer))
    return sum(w in held for w in wanted) / len(wanted) if wanted else 0.0


def _ranked(gen: Generation, embedder: Embedder, text: str, mode: str) -> list[str]:
    hits = search(gen, embedder, text, mode=mode, limit=10, max_per_document=1, gate=False).hits
    return [h.document_path for h in hits]


def run_pages(ws: Workspace, gen: Generation, data: dict[str, Any]) -> dict[str, Any]:
    embedder = ws.embedder
    rows = []
    baseline = Bm25Pages(gen)
    for item in data["items"]:
        relevant = set(item.get("relevant") or [])
        served = search(gen, embedder, item["question"], mode="hybrid", limit=10)
        row: dict[str, Any] = {
            "id": item["id"],
            "category": item["category"],
            "lang": item.get("lang", "-"),
            "question": item["question"],
            "refused": not served.confident,
        }
        if relevant:
            for mode in MODES:
                ranked = _ranked(gen, embedder, item["question"], mode)
                row[mode] = m.reciprocal_rank(ranked, relevant, 10)
            row["bm25s"] = m.reciprocal_rank(baseline.ranked(item["question"]), relevant, 10)
        if item["category"] == "howto" and item.get("answer_unit"):
            answer = ws.answer(AnswerRequest(query=item["question"])).answer or ""
            row["unit_delivered"] = unit_recall(item["answer_unit"], answer) >= UNIT_RECALL
        rows.append(row)
    return summarize(rows)


def _block(rows: list[dict[str, Any]]) -> dict[str, Any]:
    on = [r for r in rows if r["category"] != "off_topic"]
    off = [r for r in rows if r["category"] == "off_topic"]

    def mean(values: list[float]) -> float | None:
        return round(sum(values) / len(values), 4) if values else None

    out: dict[str, Any] = {"items": len(rows)}
    for mode in SYSTEMS:
        out[f"mrr_{mode}"] = mean([r[mode] for r in on if mode in r])
    out["wrongly_refused"] = mean([1.0 if r["refused"] else 0.0 for r in on])
    out["off_topic_refused"] = mean([1.0 if r["refused"] else 0.0 for r in off])
    units = [1.0 if r["unit_delivered"] else 0.0 for r in rows if "unit_delivered" in r]
    out["unit_delivered"] = mean(units)
    return out


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[r["category"]].append(r)
    return {
        "overall": _block(rows),
        "categories": {c: _block(rs) for c, rs in sorted(groups.items())},
        "items": rows,
    }


def to_markdown(report: dict[str, Any], title: str) -> str:
    lines = [
        f"# {title}",
        "",
        "| category | n | MRR hybrid | MRR vector | MRR fts | MRR bm25s | wrongly refused "
        "| off-topic refused | how-to unit delivered (no LLM) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, b in [("overall", report["overall"]), *report["categories"].items()]:
        lines.append(
            f"| {name} | {b['items']} | {b['mrr_hybrid']} | {b['mrr_vector']} | {b['mrr_fts']} "
            f"| {b.get('mrr_bm25s')} "
            f"| {b['wrongly_refused']} | {b['off_topic_refused']} | {b['unit_delivered']} |"
        )
    return "\n".join(lines) + "\n"
