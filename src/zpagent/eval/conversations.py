"""``zpagent eval conversations``: the main agent on multi-turn conversations.

Each conversation is played turn by turn through ``run_agent`` (the agent's
own answers become the assistant turns, as in a chat client). The last
answer passes when it has the expected status, every expected fact, and is
about the expected person (the checked answer's ``matched`` or the subjects
of its claims).
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from zpagent.agent.agent import run_agent
from zpagent.answer.gather import AnswerOptions
from zpagent.eval import metrics as m
from zpagent.eval.datasets import Dataset
from zpagent.eval.metrics import text_norm


def judge(exp: Any, status: str, text: str, about: list[str]) -> dict[str, Any]:
    """One last answer against its expectation (also used by ``zpagent bench``)."""
    norm = text_norm(text)
    missing = [f for f in exp.facts if text_norm(f) not in norm]
    wrong_person = bool(exp.person) and exp.person not in about
    return {
        "passed": status == exp.status and not missing and not wrong_person,
        "missing": missing,
        "wrong_person": wrong_person,
    }


def run_conversations(
    gen: Any, workspace: Any, ds: Dataset, split: str, base: AnswerOptions, client: Any = None
) -> dict[str, Any]:
    rows = []
    for item in ds.select(split):
        exp = ds.typed_expect(item)
        messages: list[dict[str, str]] = []
        ms = 0.0
        reply = None
        for turn in [*exp.turns, item.query]:
            messages.append({"role": "user", "content": turn})
            t = time.perf_counter()
            reply = run_agent(gen, workspace, messages, base, client=client)
            ms = (time.perf_counter() - t) * 1000
            messages.append({"role": "assistant", "content": reply.text})
        assert reply is not None
        verdict = judge(exp, reply.status, reply.text, reply.about())
        rows.append(
            {
                "id": item.id,
                "category": item.category,
                "passed": verdict["passed"],
                "status": reply.status,
                "question": reply.question,
                "missing": verdict["missing"],
                "wrong_person": verdict["wrong_person"],
                "ms": round(ms, 1),
            }
        )
    by_cat: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_cat[r["category"]].append(r)

    def block(rs: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "items": len(rs),
            "accuracy": round(sum(r["passed"] for r in rs) / len(rs), 4) if rs else None,
            "p50_ms_last_turn": round(m.percentile([r["ms"] for r in rs], 50), 1) if rs else None,
        }

    return {
        "split": split,
        "index_version": gen.index_version,
        "overall": block(rows),
        "categories": {c: block(rs) for c, rs in sorted(by_cat.items())},
        "failures": [r for r in rows if not r["passed"]],
    }


def to_markdown(report: dict[str, Any]) -> str:
    o = report["overall"]
    lines = [
        f"# Conversations ({report['split']} split)",
        "",
        f"Accuracy **{o['accuracy']}** over {o['items']} conversations (the last answer has "
        f"the expected facts and is about the expected person); last-turn p50 "
        f"{o['p50_ms_last_turn']} ms.",
        "",
        "| category | n | accuracy | p50 ms |",
        "| --- | ---: | ---: | ---: |",
    ]
    for cat, c in report["categories"].items():
        lines.append(f"| {cat} | {c['items']} | {c['accuracy']} | {c['p50_ms_last_turn']} |")
    return "\n".join(lines) + "\n"
