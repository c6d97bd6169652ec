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


def truth_keys(truth: dict[str, Any]) -> tuple[dict[str, set[tuple]], dict[str, set[tuple]]]:
    """The published relations of the truth file as comparable keys.

    Returns (required, optional). Optional keys are what a page states in a
    way the format leaves open: tags in front matter whose closing ``---`` is
    missing ("index the body anyway" neither requires nor forbids recovering
    them). An optional key found is not an error, one not found is not a miss.
    """
    out: dict[str, set[tuple]] = defaultdict(set)
    optional: dict[str, set[tuple]] = defaultdict(set)
    # A student whose own page is hidden stays hidden in the graph, also where a
    # public page lists them (the relation is then reported partial and counts
    # over it are lower bounds). What public pages say of them is optional here.
    hidden = {s["login"] for s in truth.get("students", []) if not s["published"]}
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
    for student in truth.get("students", []):
        if not student.get("published"):
            continue
        login = student["login"]
        # A work the page states without a title (a heading only, or just a
        # category code) is still a work of that kind, with its year if stated.
        for work in student.get("works", []):
            if work["kind"] == "team_project":
                continue
            out["wrote"].add((login, work["kind"]))
            if work["kind"] in THESIS_KINDS and work.get("year"):
                out["thesis_year"].add((login, work["kind"], int(work["year"])))
        for tag in student.get("tags_unreadable", []):
            optional["has_keyword"].add((login, fold(tag)))
    for topic in truth.get("topics", []):
        # "Zuzana Zemanová (BP 2017)" on a topic page states the year of her
        # bachelor thesis; where her own page states another, her page wins.
        for member in topic.get("members", []):
            who = member.get("login") or fold(member["name"])
            if (who, topic["slug"]) not in out["on_topic"]:
                continue  # a hidden topic page, or a member it does not list publicly
            for work in member.get("works", []):
                if work.get("kind") in THESIS_KINDS:
                    out["wrote"].add((who, work["kind"]))
                if (
                    work.get("kind") in THESIS_KINDS
                    and work.get("year")
                    and not member.get("disagrees_with_student_page")
                ):
                    out["thesis_year"].add((who, work["kind"], int(work["year"])))
    for kind, keys in out.items():
        about_hidden = {k for k in keys if hidden & set(k)}
        optional[kind] |= about_hidden
    return out, optional


def payload_keys(payload: GraphPayload) -> dict[str, set[tuple]]:
    """The same keys read from a built graph payload."""
    # Hidden pages' facts are in the payload (marked unpublished) but not for users.
    # Keyed by label too: a page author and a person may share an id.
    nodes = {
        (n.label, n.id): n for n in payload.nodes if n.props.get("published", True) is not False
    }

    def person(node_id: str) -> str | None:
        node = nodes.get(("Person", node_id))
        if node is None:
            return None
        return (
            node.props.get("login")
            or _folder_of(node.props.get("document_path"))
            or fold(node.props.get("name") or "")
        )

    authors = {r.dst: r.src for r in payload.rels if r.type in ("AUTHORED", "HAS_WORK")}

    def thesis_owner(label: str, node_id: str) -> str | None:
        """Whose thesis or work: its author (a person a list names has no page)."""
        if node_id in authors and ("Person", authors[node_id]) in nodes:
            return person(authors[node_id])
        node = nodes.get((label, node_id))
        return _folder_of(node.props.get("document_path")) if node else None

    out: dict[str, set[tuple]] = defaultdict(set)
    students = {
        person(n.id) for n in nodes.values() if n.label == "Person" and n.props.get("has_page")
    }
    for n in nodes.values():
        if n.label == "Thesis" and n.props.get("year"):
            owner = thesis_owner("Thesis", n.id)
            out["thesis_year"].add((owner, n.props.get("kind"), int(n.props["year"])))
        if n.label == "Person" and n.props.get("start_year") and n.props.get("has_page"):
            out["started_in"].add((person(n.id), int(n.props["start_year"])))
    for rel in payload.rels:
        src, dst = nodes.get((rel.src_label, rel.src)), nodes.get((rel.dst_label, rel.dst))
        if src is None or dst is None:
            continue
        if rel.type in ("SUPERVISED", "CONSULTED"):
            kind = "supervised" if rel.type == "SUPERVISED" else "consulted"
            name = fold(src.props.get("name") or "")
            if dst.label == "Thesis":
                out[kind].add((name, thesis_owner("Thesis", dst.id), dst.props.get("kind")))
            elif dst.label == "Work":
                owner = thesis_owner("Work", dst.id)
                out[kind + "_work"].add((name, owner, dst.props.get("kind")))
            elif dst.label == "Project":
                out[kind + "_work"].add((name, "team_project", fold(dst.props.get("title") or "")))
        elif rel.type == "LED":
            name = fold(src.props.get("name") or "")
            if dst.label == "Work":
                owner = thesis_owner("Work", dst.id)
                out["supervised_work"].add((name, owner, dst.props.get("kind")))
            elif dst.label == "Project":
                title = fold(dst.props.get("title") or "")
                out["supervised_work"].add((name, "team_project", title))
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


_PERSON_KEYED = ("supervised", "supervised_work", "consulted", "consulted_work")


def _initial_fits(written: str, full: str) -> bool:
    """ "m. lackova" is a shorter name of "martina lackova" (same initial and surname)."""
    w, f = written.split(), full.split()
    return (
        len(w) == 2 and len(w[0]) == 2 and w[0].endswith(".") and len(f) >= 2
        and f[0][:1] == w[0][0] and f[-1] == w[1]
    )  # fmt: skip


def _credit_initials(want: set[tuple], got: set[tuple]) -> set[tuple]:
    """A person the pages write only with an initial ("Ing. M. Lacková") is found
    right when the initial and the surname fit the truth's full name: the pages
    do not say more. A different person with the same surname is still wrong."""
    out = set()
    for key in got:
        fits = [t for t in want if t[1:] == key[1:] and _initial_fits(key[0], t[0])]
        out.add(fits[0] if key not in want and len(fits) == 1 else key)
    return out


def compare(
    truth: dict[str, set[tuple]],
    found: dict[str, set[tuple]],
    optional: dict[str, set[tuple]] | None = None,
) -> dict[str, Any]:
    """Precision, recall and a few misses and extras per relation."""
    report: dict[str, Any] = {}
    for kind in RELATIONS:
        either = (optional or {}).get(kind, set())
        want = truth.get(kind, set()) - either
        got = found.get(kind, set()) - either
        if kind in _PERSON_KEYED:
            got = _credit_initials(want, got)
        hit = want & got
        report[kind] = {
            "truth": len(want),
            "found": len(got),
            "precision": round(len(hit) / len(got), 3) if got else None,
            "recall": round(len(hit) / len(want), 3) if want else None,
            # Keys about hidden persons and unreadable front matter: not scored.
            "optional": len(either),
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
    required, optional = truth_keys(truth)
    found = compare(required, payload_keys(payload), optional)
    return {"truth": truth_path.name, "relations": found}


def to_markdown(report: dict[str, Any]) -> str:
    lines = [
        f"# Graph extraction vs {report['truth']}",
        "",
        "| relation | truth | found | precision | recall | not scored |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for kind, row in report["relations"].items():
        lines.append(
            f"| {kind} | {row['truth']} | {row['found']} | {row['precision']} | {row['recall']}"
            f" | {row.get('optional', 0)} |"
        )
    lines += [
        "",
        "*Not scored*: what public pages say about a student whose own page is hidden",
        "(the graph keeps that person hidden and reports the relation partial), and tags",
        "in front matter without its closing `---`.",
    ]
    return "\n".join(lines) + "\n"
