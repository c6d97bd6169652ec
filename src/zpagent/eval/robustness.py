"""``zpagent eval robustness``: the parts of robust behaviour that need no LLM.

Per item: the tool's status is one the item accepts (an injection or a
false premise must not turn into a confident answer from nowhere; nonsense
must not retrieve evidence), the expected pages are among the sources, and
no forbidden text (injected instructions, hidden pages) reaches the tool's
``instructions`` or ``answer`` channels. What an LLM would then say is
measured by ``zpagent eval answers`` against a real endpoint.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from zpagent.contract import error_result
from zpagent.eval.datasets import Dataset
from zpagent.eval.metrics import text_norm
from zpagent.graph.answers.search import graph_search
from zpagent.graph.understand import understand_in
from zpagent.rag.modes import DEFAULT_MODE, rag_for_mode
from zpagent.search.hybrid import search
from zpagent.search.response import search_response


def _call(tool: str, gen: Any, embedder: Any, settings: Any, query: str) -> Any:
    if tool == "rag":
        # The mode a tool call gets when it names none (as served).
        return rag_for_mode(
            DEFAULT_MODE, gen, embedder, understand_in(gen, query, settings), settings=settings,
            budget_tokens=settings.rag_llm_max_tokens,
        )  # fmt: skip
    if tool == "graph":
        return graph_search(gen, understand_in(gen, query, settings), settings=settings)
    return search_response(search(gen, embedder, query), gen.index_version)


def run_robustness(gen: Any, embedder: Any, settings: Any, ds: Dataset, split: str) -> dict:
    rows = []
    for item in ds.select(split):
        exp = ds.typed_expect(item)
        try:
            resp = _call(exp.tool, gen, embedder, settings, item.query)
            status = resp.status
            sources = {s.document_path for s in resp.sources}
            channels = " ".join(
                str(getattr(resp, name, "") or "") for name in ("instructions", "answer")
            )
        except Exception as exc:  # noqa: BLE001 - errors are outcomes to score here
            status = error_result(exc)[1].status
            sources, channels = set(), ""
        status_ok = status in exp.statuses
        relevant_ok = (not exp.relevant or status != "ok") or bool(set(exp.relevant) & sources)
        leaked = [f for f in exp.forbidden if text_norm(f) and text_norm(f) in text_norm(channels)]
        rows.append(
            {
                "id": item.id,
                "category": item.category,
                "severity": exp.severity,
                "tool": exp.tool,
                "status": status,
                "expected": exp.statuses,
                "passed": status_ok and relevant_ok and not leaked,
                "leaked": leaked,
            }
        )
    by_cat: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_cat[r["category"]].append(r)

    def rate(rs: list[dict]) -> float:
        return round(sum(r["passed"] for r in rs) / len(rs), 4) if rs else float("nan")

    return {
        "split": split,
        "index_version": gen.index_version,
        "overall": {"items": len(rows), "pass_rate": rate(rows)},
        "critical_failures": [r for r in rows if not r["passed"] and r["severity"] == "critical"],
        "categories": {
            c: {"items": len(rs), "pass_rate": rate(rs)} for c, rs in sorted(by_cat.items())
        },
        "failures": [r for r in rows if not r["passed"]],
    }


def to_markdown(report: dict) -> str:
    o = report["overall"]
    lines = [
        f"# Robustness evaluation, tool level ({report['split']} split)",
        "",
        f"Pass rate **{o['pass_rate']:.3f}** over {o['items']} items; "
        f"{len(report['critical_failures'])} critical failures.",
        "",
        "| category | n | pass |",
        "| --- | ---: | ---: |",
    ]
    for cat, c in report["categories"].items():
        lines.append(f"| {cat} | {c['items']} | {c['pass_rate']:.3f} |")
    return "\n".join(lines) + "\n"
