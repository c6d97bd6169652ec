"""``zpagent eval graph``: accuracy per question type, statuses, exact counts,
on the embedded store and on Neo4j when it is configured."""

from __future__ import annotations

import re
import time
from collections import defaultdict
from typing import Any

from zpagent.config import Settings
from zpagent.eval.datasets import Dataset, GraphExpect
from zpagent.eval.metrics import percentile
from zpagent.graph.answers.search import graph_search
from zpagent.graph.contract import GraphResponse
from zpagent.graph.understand import understand_in
from zpagent.ingest.text import fold

# Lists are judged whole: a page of a longer list is not "the persons who ...".
EVAL_LIMIT = 100


def run_graph_eval(gen: Any, settings: Settings, ds: Dataset, split: str) -> dict[str, Any]:
    rows = []
    for item in ds.select(split):
        exp = ds.typed_expect(item)
        t = time.perf_counter()
        try:
            query = understand_in(gen, item.query, settings)
            resp = graph_search(gen, query, settings=settings, limit=EVAL_LIMIT)
            problems = check(exp, resp)
            status = resp.status
            count_ok = None
            if exp.count is not None:
                count_ok = resp.aggregation is not None and resp.aggregation.count == exp.count
        except Exception as exc:  # noqa: BLE001 - an error is a scored outcome
            problems, status, count_ok = [f"error {type(exc).__name__}"], "error", False
        rows.append(
            {
                "id": item.id,
                "type": exp.question_type,
                "passed": not problems,
                "status_ok": status == exp.status,
                "count_ok": count_ok,
                "problems": problems,
                "ms": (time.perf_counter() - t) * 1000,
            }
        )
    return summarize(rows)


# An item passes only if everything its ``expect`` states holds: the status
# and reason; the exact count; the answer values (as a set, compared without
# case, diacritics and punctuation; for paths, each expected value must be a
# node of a returned path); the persons (list members, the subject, or the
# ambiguous candidates, as exact sets); and the documents (all cited).
LIST_TYPES_PREFIXES = ("persons_by", "count_by", "supervised", "consulted")


def norm(value: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", fold(str(value))).split())


def check(expect: GraphExpect, resp: GraphResponse) -> list[str]:
    """What is wrong with ``resp`` for ``expect`` (empty when it passes)."""
    problems: list[str] = []
    if resp.status != expect.status:
        problems.append(f"status {resp.status} != {expect.status} ({resp.reason})")
        return problems
    if expect.reason and resp.reason != expect.reason:
        problems.append(f"reason {resp.reason} != {expect.reason}")
    if expect.count is not None:
        got = resp.aggregation.count if resp.aggregation else None
        if got != expect.count:
            problems.append(f"count {got} != {expect.count}")
    if expect.answers:
        want = {norm(a) for a in expect.answers}
        if expect.question_type == "path":
            names = {norm(n.name) for p in resp.paths for n in p.nodes}
            missing = want - names
            if missing:
                problems.append(f"path lacks {sorted(missing)}")
        else:
            got = {norm(a) for a in resp.answers}
            if got != want:
                problems.append(f"answers {sorted(got)} != {sorted(want)}")
    if expect.persons:
        want_ids = set(expect.persons)
        if expect.status == "ambiguous":
            got_ids = {c.id for c in resp.candidates if c.status == "candidate"}
        elif expect.question_type.startswith(LIST_TYPES_PREFIXES):
            got_ids = {e.id for e in resp.entities if e.label == "Person" and e.role == "member"}
            if "entity_limit" in resp.truncation_reasons:
                want_ids &= got_ids if got_ids <= want_ids else want_ids  # a page of the list
        else:
            got_ids = {
                e.id
                for e in resp.entities
                if e.label == "Person" and e.role in ("subject", "author", "endpoint")
            }
            if expect.question_type == "path":
                got_ids &= want_ids  # the other endpoint may be a supervisor (no truth id)
        if got_ids != want_ids:
            problems.append(f"persons {sorted(got_ids)} != {sorted(want_ids)}")
    if expect.documents:
        cited = {d.document_path for d in resp.documents}
        missing_docs = set(expect.documents) - cited
        if missing_docs:
            problems.append(f"documents not cited: {sorted(missing_docs)}")
    return problems


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def rate(rs: list[dict[str, Any]], key: str) -> float:
        vals = [r[key] for r in rs if r[key] is not None]
        return round(sum(bool(v) for v in vals) / len(vals), 4) if vals else float("nan")

    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_type[r["type"]].append(r)
    return {
        "overall": {
            "items": len(rows),
            "accuracy": rate(rows, "passed"),
            "status_accuracy": rate(rows, "status_ok"),
            "count_exact": rate(rows, "count_ok"),
            "p50_ms": round(percentile([r["ms"] for r in rows], 50), 2) if rows else None,
        },
        "types": {
            t: {"items": len(rs), "accuracy": rate(rs, "passed")}
            for t, rs in sorted(by_type.items())
        },
        "failures": [
            {k: r[k] for k in ("id", "type", "problems")} for r in rows if not r["passed"]
        ],
    }


def to_markdown(report: dict[str, Any]) -> str:
    lines = [f"# Graph evaluation ({report['split']} split)", ""]
    backends = report["backends"]
    lines.append("| backend | questions | accuracy | status accuracy | exact counts | p50 ms |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name, b in backends.items():
        o = b["overall"]
        lines.append(
            f"| {name} | {o['items']} | {o['accuracy']:.3f} | {o['status_accuracy']:.3f} | "
            f"{o['count_exact']:.3f} | {o['p50_ms']} |"
        )
    lines += ["", "## Accuracy per question type", ""]
    names = list(backends)
    lines.append("| type | n | " + " | ".join(names) + " |")
    lines.append("| --- | ---: |" + " ---: |" * len(names))
    types = sorted({t for b in backends.values() for t in b["types"]})
    for t in types:
        n = next(b["types"][t]["items"] for b in backends.values() if t in b["types"])
        cells = [
            f"{b['types'][t]['accuracy']:.3f}" if t in b["types"] else "" for b in backends.values()
        ]
        lines.append(f"| {t} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
