"""``zpagent eval small-talk``: the question gate on small-talk turns and real questions.

Two error rates: small talk taken for a question (it would reach retrieval
and be answered with quotes of pages that say "Ahoj"), and a real question
taken for small talk (it would get a greeting instead of an answer).
"""

from __future__ import annotations

import time
from typing import Any

from zpagent.eval import metrics as m
from zpagent.eval.datasets import Dataset
from zpagent.query import understand


def run_small_talk(ds: Dataset, split: str) -> dict[str, Any]:
    rows = []
    for item in ds.select(split):
        exp = ds.typed_expect(item)
        t = time.perf_counter()
        talk = understand(item.query).small_talk
        us = (time.perf_counter() - t) * 1e6
        got = talk is not None
        rows.append(
            {
                "id": item.id,
                "category": item.category,
                "query": item.query,
                "expected": exp.small_talk,
                "got": got,
                "kinds": list(talk.kinds) if talk else [],
                "us": us,
            }
        )
    talk_rows = [r for r in rows if r["expected"]]
    question_rows = [r for r in rows if not r["expected"]]

    def rate(rs: list[dict[str, Any]]) -> float | None:
        return round(sum(r["got"] != r["expected"] for r in rs) / len(rs), 4) if rs else None

    return {
        "split": split,
        "items": len(rows),
        "small_talk_items": len(talk_rows),
        "question_items": len(question_rows),
        "small_talk_missed": rate(talk_rows),
        "questions_taken_for_small_talk": rate(question_rows),
        "p50_us": round(m.percentile([r["us"] for r in rows], 50), 1) if rows else None,
        "failures": [
            {k: r[k] for k in ("id", "query", "expected", "got")}
            for r in rows
            if r["got"] != r["expected"]
        ],
    }


def to_markdown(report: dict[str, Any]) -> str:
    lines = [
        f"# Small-talk gate ({report['split']} split)",
        "",
        "| items | small talk | questions | small talk missed | questions taken for small talk "
        "| p50 µs |",
        "| ---: | ---: | ---: | ---: | ---: | ---: |",
        f"| {report['items']} | {report['small_talk_items']} | {report['question_items']} | "
        f"{report['small_talk_missed']} | {report['questions_taken_for_small_talk']} | "
        f"{report['p50_us']} |",
    ]
    if report["failures"]:
        lines += ["", "Errors:", ""]
        lines += [f"- `{f['id']}`: {f['query']}" for f in report["failures"]]
    return "\n".join(lines) + "\n"
