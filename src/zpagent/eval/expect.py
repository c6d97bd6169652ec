"""Answer and conversation sets written by helpers from the pages alone.

The sets (``eval/heldout/ANSWERS_SCHEMA.md``, ``CONVERSATIONS_SCHEMA.md``)
say what a right reply holds, not how it is phrased: the outcome (an
answer, "not found", or a question back), the exact count, every person and
every short value it must name. A reply is graded on its text as a user
reads it, plus its outcome:

- ``answer``: every expected person (given name and surname, in any order
  and case) and value appears; an expected count appears as a number.
- ``not_found``: the reply says it found nothing (no answer, a not-found
  reply) and states no fact.
- ``clarify``: the reply asks which one is meant and names at least two of
  the candidates.

Two failures are counted on their own because they mislead: a count stated
as exact that is not the expected one (``wrong_exact``), and a fact stated
where the wiki has none (``invented``).
"""

from __future__ import annotations

import json
import re
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from zpagent.eval import metrics as m
from zpagent.ingest.text import fold
from zpagent.requests import AnswerRequest

_EXACT_COUNT = re.compile(r"Počet:\s*(\d+)\s*\(presne")
_NUMBER = re.compile(r"(?<![\d.])\d+(?![\d.])")
NOT_FOUND_MODES = frozenset({"not_found"})
NOT_FOUND_STATUSES = frozenset({"no_answer", "not_found", "person_not_found"})


def load_set(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("items"), list):
        raise ValueError(f"{path.name}: expected an object with an 'items' list")
    return data


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(text))


def names_person(text_words: set[str], folded: str, person: str) -> bool:
    """The reply names the person: the full name, or every word of it."""
    key = " ".join(_words(person))
    return key in folded or all(w in text_words for w in key.split())


def grade(expect: dict[str, Any], text: str, outcome: str) -> dict[str, Any]:
    """One reply against its expectation. ``outcome`` is answer | not_found | clarify."""
    folded = " ".join(_words(text))
    words = set(folded.split())
    want = expect.get("outcome", "answer")
    persons = expect.get("persons") or []
    missing = [p for p in persons if not names_person(words, folded, p)]
    exact = [int(n) for n in _EXACT_COUNT.findall(text)]
    count = expect.get("count")
    wrong_exact = count is not None and any(n != count for n in exact)
    if want == "not_found":
        passed = outcome == "not_found"
        return {"passed": passed, "missing": [], "wrong_exact": False, "invented": not passed
                and outcome == "answer"}  # fmt: skip
    if want == "clarify":
        named = len(persons) - len(missing)
        passed = outcome == "clarify" and (named >= min(2, len(persons)))
        return {"passed": passed, "missing": missing, "wrong_exact": False, "invented": False}
    values = [v for v in expect.get("values") or [] if " ".join(_words(v)) not in folded]
    count_ok = count is None or str(count) in _NUMBER.findall(text)
    passed = outcome == "answer" and not missing and not values and count_ok and not wrong_exact
    return {
        "passed": passed,
        "missing": missing + values + ([] if count_ok else [f"count {count}"]),
        "wrong_exact": wrong_exact,
        "invented": False,
    }


def outcome_of(status: str, mode: str | None) -> str:
    if mode == "clarify" or status == "ambiguous":
        return "clarify"
    if mode in NOT_FOUND_MODES or status in NOT_FOUND_STATUSES:
        return "not_found"
    return "answer"


def _block(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    return {
        "items": n,
        "accuracy": round(sum(r["passed"] for r in rows) / n, 4) if n else None,
        "wrong_exact": sum(r["wrong_exact"] for r in rows),
        "invented": sum(r["invented"] for r in rows),
        "p50_ms": round(m.percentile([r["ms"] for r in rows], 50), 1) if n else None,
    }


def run_answer_set(workspace: Any, data: dict[str, Any]) -> dict[str, Any]:
    """Every question through the checked answer (``Workspace.answer``)."""
    rows = []
    for item in data["items"]:
        t = time.perf_counter()
        resp = workspace.answer(AnswerRequest(query=item["question"]))
        ms = (time.perf_counter() - t) * 1000
        verdict = grade(item["expect"], resp.answer, outcome_of(resp.status, resp.mode))
        rows.append({"id": item["id"], "category": item.get("category", "-"),
                     "lang": item.get("lang", "-"), "question": item["question"],
                     "read_as": resp.interpreted_as, "mode": resp.mode, "ms": ms,
                     **verdict})  # fmt: skip
    return _report(rows, "category")


def run_conversation_set(workspace: Any, data: dict[str, Any]) -> dict[str, Any]:
    """Every conversation through the main agent (``Workspace.chat``), turn by turn."""
    rows, convs = [], []
    for conv in data["items"]:
        messages: list[dict[str, str]] = []
        ok = True
        for n, turn in enumerate(conv["turns"], 1):
            messages.append({"role": "user", "content": turn["user"]})
            t = time.perf_counter()
            reply = workspace.chat(messages)
            ms = (time.perf_counter() - t) * 1000
            messages.append({"role": "assistant", "content": reply.text})
            mode = reply.response.mode if reply.response is not None else None
            verdict = grade(turn["expect"], reply.text, outcome_of(reply.status, mode))
            ok &= verdict["passed"]
            rows.append({"id": f"{conv['id']}#{n}", "category": conv.get("kind", "-"),
                         "lang": conv.get("lang", "-"), "question": turn["user"],
                         "read_as": reply.question, "mode": mode, "ms": ms,
                         **verdict})  # fmt: skip
        convs.append({"id": conv["id"], "kind": conv.get("kind", "-"), "passed": ok})
    report = _report(rows, "category")
    report["conversations"] = {
        "items": len(convs),
        "all_turns_right": round(sum(c["passed"] for c in convs) / len(convs), 4)
        if convs
        else None,
    }
    return report


def _report(rows: list[dict[str, Any]], key: str) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    langs: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[r[key]].append(r)
        langs[r["lang"]].append(r)
    for r in rows:
        r["ms"] = round(r["ms"], 1)
    return {
        "overall": _block(rows),
        "categories": {c: _block(rs) for c, rs in sorted(groups.items())},
        "languages": {c: _block(rs) for c, rs in sorted(langs.items())},
        "failures": [r for r in rows if not r["passed"]],
    }


def to_markdown(report: dict[str, Any], title: str) -> str:
    o = report["overall"]
    lines = [f"# {title}", ""]
    line = (
        f"Right **{o['accuracy']}** of {o['items']}; wrong counts stated as exact: "
        f"**{o['wrong_exact']}**; facts stated where the wiki has none: **{o['invented']}**; "
        f"p50 {o['p50_ms']} ms."
    )
    lines.append(line)
    if "conversations" in report:
        c = report["conversations"]
        lines.append(f"Conversations with every turn right: **{c['all_turns_right']}** of "
                     f"{c['items']}.")  # fmt: skip
    lines += [
        "",
        "| group | n | right | wrong exact | invented |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, block in [*report["categories"].items(), *report["languages"].items()]:
        lines.append(
            f"| {name} | {block['items']} | {block['accuracy']} | {block['wrong_exact']} | "
            f"{block['invented']} |"
        )
    return "\n".join(lines) + "\n"
