"""Graph extraction against a generator's ground truth: precision and recall per relation.

The truth file is what ``tools/wikigen`` writes beside a generated wiki: every
relation the pages state, with the page that states it. Only relations whose
evidence page is published count (a hidden page's facts are not in the graph).
Both sides are reduced to comparable keys: a student by the login of their page
folder (or their folded name when they have no page), a supervisor by folded
name, a topic by its folder slug, a thesis by its kind.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from zpagent.graph.build.extract import build_payload
from zpagent.graph.model import GraphPayload
from zpagent.ingest.chunker import Chunker
from zpagent.ingest.scan import scan_wiki
from zpagent.ingest.text import fold
from zpagent.query.model import THESIS_KINDS

RELATIONS = (
    "supervised",
    "supervised_work",
    "consulted",
    "consulted_work",
    "wrote",
    "thesis_year",
    "on_topic",
    "member_of_team_project",
    "has_keyword",
    "started_in",
)


def _folder_of(path: str | None) -> str | None:
    """pages/students/2013/login/README.md -> login; pages/topics/slug/README.md -> slug."""
    if not path:
        return None
    parts = path.split("/")
    return parts[-2] if len(parts) >= 2 and parts[-1].lower() == "readme.md" else None


def truth_keys(truth: dict[str, Any]) -> dict[str, set[tuple]]:
    """The published relations of the truth file as comparable keys."""
    out: dict[str, set[tuple]] = defaultdict(set)
    for r in truth["relations"]:
        if not r.get("evidence_published", True):
            continue
        kind, subj, obj = r["relation"], r["subject"], r["object"]
        if kind in ("supervised", "consulted"):
            if r.get("object_type") == "team_project":
                out[kind + "_work"].add((fold(subj), "team_project", fold(obj)))
            elif r.get("kind") not in THESIS_KINDS:
                out[kind + "_work"].add((fold(subj), obj, r.get("kind")))
            else:
                out[kind].add((fold(subj), obj, r.get("kind")))
        elif kind == "wrote" and r.get("kind"):
            # A title on a topic page says no kind; the student's page says it.
            out[kind].add((subj, r.get("kind")))
            if r.get("kind") in THESIS_KINDS and r.get("year"):
                out["thesis_year"].add((subj, r["kind"], int(r["year"])))
        elif kind == "on_topic":
            out[kind].add((subj or fold(r.get("subject_name") or ""), obj))
        elif kind == "member_of_team_project":
            who = subj or fold(r.get("subject_name") or "")
            out[kind].add((who, fold(obj)))
        elif kind == "has_keyword":
            out[kind].add((subj, fold(obj)))
        elif kind == "started_in":
            out[kind].add((subj, int(obj)))
    return out


def payload_keys(payload: GraphPayload) -> dict[str, set[tuple]]:
    """The same keys read from a built graph payload."""
    # Hidden pages' facts are in the payload (marked unpublished) but not for users.
    nodes = {n.id: n for n in payload.nodes if n.props.get("published", True) is not False}

    def person(node_id: str) -> str | None:
        node = nodes.get(node_id)
        if node is None:
            return None
        return (
            node.props.get("login")
            or _folder_of(node.props.get("document_path"))
            or fold(node.props.get("name") or "")
        )

    def thesis_owner(node_id: str) -> str | None:
        node = nodes.get(node_id)
        return _folder_of(node.props.get("document_path")) if node else None

    out: dict[str, set[tuple]] = defaultdict(set)
    students = {
        person(n.id) for n in nodes.values() if n.label == "Person" and n.props.get("has_page")
    }
    for n in nodes.values():
        if n.label == "Thesis" and n.props.get("year"):
            owner = _folder_of(n.props.get("document_path"))
            out["thesis_year"].add((owner, n.props.get("kind"), int(n.props["year"])))
        if n.label == "Person" and n.props.get("start_year") and n.props.get("has_page"):
            out["started_in"].add((person(n.id), int(n.props["start_year"])))
    for rel in payload.rels:
        src, dst = nodes.get(rel.src), nodes.get(rel.dst)
        if src is None or dst is None:
            continue
        if rel.type in ("SUPERVISED", "CONSULTED"):
            kind = "supervised" if rel.type == "SUPERVISED" else "consulted"
            name = fold(src.props.get("name") or "")
            if dst.label == "Thesis":
                out[kind].add((name, thesis_owner(dst.id), dst.props.get("kind")))
            elif dst.label == "Work":
                out[kind + "_work"].add((name, thesis_owner(dst.id), dst.props.get("kind")))
            elif dst.label == "Project":
                out[kind + "_work"].add((name, "team_project", fold(dst.props.get("title") or "")))
        elif (rel.type == "AUTHORED" and dst.label == "Thesis") or (
            rel.type == "HAS_WORK" and dst.props.get("kind") != "team_project"
        ):
            out["wrote"].add((person(src.id), dst.props.get("kind")))
        elif rel.type == "ON_TOPIC" and dst.label == "Topic":
            out["on_topic"].add((person(src.id), _folder_of(dst.props.get("document_path"))))
        elif rel.type == "MEMBER_OF":
            out["member_of_team_project"].add((person(src.id), fold(dst.props.get("title") or "")))
        elif rel.type == "HAS_KEYWORD" and src.label in ("Thesis", "Person", "Document"):
            if src.label == "Person":
                owner = person(src.id)
            else:
                owner = _folder_of(src.props.get("document_path") or src.id)
            if owner in students:  # the truth states keywords of students' pages only
                out["has_keyword"].add((owner, fold(dst.props.get("name") or dst.id)))
    return out


def compare(truth: dict[str, set[tuple]], found: dict[str, set[tuple]]) -> dict[str, Any]:
    """Precision, recall and a few misses and extras per relation."""
    report: dict[str, Any] = {}
    for kind in RELATIONS:
        want, got = truth.get(kind, set()), found.get(kind, set())
        hit = want & got
        report[kind] = {
            "truth": len(want),
            "found": len(got),
            "precision": round(len(hit) / len(got), 3) if got else None,
            "recall": round(len(hit) / len(want), 3) if want else None,
            "missed": sorted(map(str, want - got))[:8],
            "extra": sorted(map(str, got - want))[:8],
        }
    return report


def payload_of_wiki(wiki: Path) -> GraphPayload:
    """The graph payload the index would build from ``wiki`` (no index written)."""
    docs = scan_wiki(wiki, report=False).documents
    chunker = Chunker()
    chunks = [c for d in docs for c in chunker.chunk(d.path, d.title, d.body)]
    return build_payload(docs, chunks)


def evaluate_extraction(payload: GraphPayload, truth_path: Path) -> dict[str, Any]:
    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    found = compare(truth_keys(truth), payload_keys(payload))
    return {"truth": truth_path.name, "relations": found}


def to_markdown(report: dict[str, Any]) -> str:
    lines = [
        f"# Graph extraction vs {report['truth']}",
        "",
        "| relation | truth | found | precision | recall |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for kind, row in report["relations"].items():
        lines.append(
            f"| {kind} | {row['truth']} | {row['found']} | {row['precision']} | {row['recall']} |"
        )
    return "\n".join(lines) + "\n"
