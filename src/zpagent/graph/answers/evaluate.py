"""Score graph answers against the graph dataset (``eval/datasets/graph.json``).

An item passes only if everything its ``expect`` states holds: the status
and reason; the exact count; the answer values (as a set, compared without
case, diacritics and punctuation; for paths, each expected value must be a
node of a returned path); the persons (list members, the subject, or the
ambiguous candidates, as exact sets); and the documents (all cited).
"""

from __future__ import annotations

import re

from zpagent.eval.datasets import GraphExpect
from zpagent.graph.contract import GraphResponse
from zpagent.ingest.text import fold

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
