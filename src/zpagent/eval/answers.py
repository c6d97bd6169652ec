"""``zpagent eval answers``: checked answers against an answer dataset.

For each item: should it answer or refuse, do the expected facts appear in
the delivered text, are the expected pages cited; plus latency and LLM
tokens. Runs against any configured LLM endpoint, the built-in scripted
stand-in (CI) or no LLM at all (deterministic and extractive answers).
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from typing import Any

from zpagent.answer.gather import AnswerOptions
from zpagent.answer.service import answer
from zpagent.eval import metrics as m
from zpagent.eval.datasets import Dataset
from zpagent.eval.metrics import text_norm
from zpagent.graph.understand import understand_in


def _cited_paths(resp: Any) -> set[str]:
    ids = set(re.findall(r"\[(S\d+)\]", resp.answer))
    return {s.document_path for s in resp.sources if s.source_id in ids}


def run_answers(
    gen: Any, embedder: Any, ds: Dataset, split: str, client: Any, cache: Any, base: AnswerOptions
) -> dict[str, Any]:
    rows = []
    for item in ds.select(split):
        exp = ds.typed_expect(item)
        opts = AnswerOptions(**{**base.__dict__, "engine": exp.engine})
        t = time.perf_counter()
        try:
            query = understand_in(gen, item.query, opts.config)
            resp = answer(gen, embedder, query, opts, client=client, cache=cache)
            error = None
        except Exception as exc:  # noqa: BLE001 - an error is a result here
            resp, error = None, getattr(exc, "reason", type(exc).__name__)
        ms = (time.perf_counter() - t) * 1000
        row: dict[str, Any] = {"id": item.id, "category": item.category, "ms": round(ms, 1)}
        if resp is None:
            row.update(passed=False, strict=False, answered=False, error=error)
        else:
            answered = (
                resp.status == "ok"
                and resp.accepted_for_delivery
                and resp.mode not in ("not_found", "clarify", "small_talk")
            )
            text = text_norm(resp.answer)
            facts_ok = all(text_norm(f) in text for f in exp.facts)
            docs_ok = set(exp.documents) <= _cited_paths(resp) if exp.documents else True
            if exp.should_answer:
                passed = answered and facts_ok
                strict = passed and docs_ok and not resp.failures
            else:
                passed = strict = not answered
            row.update(
                passed=passed,
                strict=strict,
                answered=answered,
                status=resp.status,
                mode=resp.mode,
                engine_used=resp.engine_used,
                accepted=resp.accepted_for_delivery,
                tokens=resp.llm.prompt_tokens + resp.llm.completion_tokens,
                llm_calls=resp.llm.calls,
            )
        rows.append(row)
    return summarize(rows, split, gen.index_version)


def _rate(rows: list[dict[str, Any]], key: str) -> float:
    return round(sum(1 for r in rows if r.get(key)) / len(rows), 4) if rows else float("nan")


def summarize(rows: list[dict[str, Any]], split: str, index_version: Any) -> dict[str, Any]:
    by_cat: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_cat[r["category"]].append(r)

    def block(rs: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "items": len(rs),
            "pass_rate": _rate(rs, "passed"),
            "strict_pass_rate": _rate(rs, "strict"),
            "p50_ms": round(m.percentile([r["ms"] for r in rs], 50), 1) if rs else None,
            "tokens": sum(r.get("tokens", 0) for r in rs),
        }

    return {
        "split": split,
        "index_version": index_version,
        "overall": block(rows),
        "categories": {c: block(rs) for c, rs in sorted(by_cat.items())},
        "failures": [r for r in rows if not r["passed"]],
    }


def to_markdown(report: dict[str, Any], llm: str) -> str:
    o = report["overall"]
    lines = [
        f"# Answer evaluation ({report['split']} split, LLM: {llm})",
        "",
        f"Pass rate **{o['pass_rate']:.3f}**, strict pass rate {o['strict_pass_rate']:.3f} "
        f"over {o['items']} questions; p50 {o['p50_ms']} ms; {o['tokens']} LLM tokens.",
        "",
        "| category | n | pass | strict | p50 ms |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for cat, c in report["categories"].items():
        lines.append(
            f"| {cat} | {c['items']} | {c['pass_rate']:.3f} | {c['strict_pass_rate']:.3f} | "
            f"{c['p50_ms']} |"
        )
    return "\n".join(lines) + "\n"
