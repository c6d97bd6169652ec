"""Evidence from the knowledge graph, as typed facts for verification.

Graph facts are stated about nodes (a Thesis has a title, a year, a
supervisor; a Person authored a Thesis). Claims are about people, so each
thesis fact is attached to the person who wrote the thesis. Evidence lines
(the source line each fact was read from) become the sources' texts, so a
claim can be checked against the exact line as well as the typed value.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from zpagent.answer.evidence import Bundle, Fact, SourceEvidence
from zpagent.answer.gate import asked_attributes
from zpagent.config import get_settings
from zpagent.index.reader import Generation

PREDICATE_KIND = {
    "title": "thesis_title",
    "year": "thesis_year",
    "supervisor": "supervisor",
    "consultant": "consultant",
    "start_year": "start_year",
}
ATTRIBUTE_ASKED = {
    "title": "thesis_title",
    "year": "thesis_year",
    "supervisor": "supervisor",
    "consultant": "consultant",
    "start_year": "start_year",
}


def graph_available(gen: Generation) -> bool:
    try:
        from zpagent.graph.store.serving import graph_ready
    except ImportError:
        return False
    return bool(graph_ready(gen, get_settings()))


def _authors(gen: Generation, paths: list[str]) -> dict[str, list[str]]:
    if not paths:
        return {}
    marks = ",".join("?" * len(paths))
    rows = gen.db().execute(f"SELECT path, authors FROM documents WHERE path IN ({marks})", paths)
    return {r[0]: json.loads(r[1]) for r in rows}


def _facts(resp: Any) -> list[Fact]:
    """Typed facts about persons from the graph's facts."""
    owner: dict[str, tuple[str, str | None]] = {}  # thesis/work id -> (person, kind)
    for f in resp.facts:
        if f.predicate == "authored" and f.object is not None:
            owner[f.object.id] = (f.subject.name, f.qualifiers.get("kind"))
    out: list[Fact] = []
    for f in resp.facts:
        kind = f.qualifiers.get("kind")
        sids = list(f.source_ids)
        if f.predicate == "authored" and f.object is not None:
            label = (f.object.label or "").lower()
            value_kind = "work_title" if label == "work" else "thesis_title"
            out.append(Fact(value_kind, f.object.name, sids, f.subject.name, kind))
            if f.qualifiers.get("year") is not None:
                out.append(
                    Fact("thesis_year", str(f.qualifiers["year"]), sids, f.subject.name, kind)
                )
            continue
        mapped = PREDICATE_KIND.get(f.predicate)
        if mapped is None:
            if f.predicate in ("member_of_topic", "has_keyword", "wrote_page", "work"):
                target = f.object.name if f.object is not None else str(f.value)
                what = {
                    "member_of_topic": "topic",
                    "has_keyword": "keyword",
                    "wrote_page": "document",
                    "work": "work_title",
                }[f.predicate]
                out.append(Fact(what, target, sids, f.subject.name, kind))
            continue
        if f.value is None:
            continue
        if f.subject.label == "Person":
            person = f.subject.name
        else:
            person, kind = owner.get(f.subject.id, (None, kind))
        if mapped == "thesis_title" and f.subject.label == "Work":
            mapped = "work_title"
        out.append(Fact(mapped, str(f.value), sids, person, kind))
    unique: dict[tuple[Any, ...], Fact] = {}
    for fact in out:
        key = (fact.kind, fact.value, fact.subject, fact.thesis_kind)
        if key in unique:
            unique[key].source_ids = list(dict.fromkeys(unique[key].source_ids + fact.source_ids))
        else:
            unique[key] = fact
    return list(unique.values())


def graph_bundle(gen: Generation, question: str, include_unpublished: bool) -> Bundle:
    from zpagent.graph.answers.search import graph_search

    resp = graph_search(gen, question, include_unpublished=include_unpublished)
    texts: dict[str, list[str]] = defaultdict(list)
    for f in resp.facts:
        for ev in f.evidence:
            if ev.text not in texts[ev.source_id]:
                texts[ev.source_id].append(ev.text)
    for p in resp.paths:
        for sid in p.source_ids:
            texts[sid].append(p.text)
    authors = _authors(gen, [s.document_path for s in resp.sources])
    by_id = {
        s.source_id: SourceEvidence(s, authors.get(s.document_path, []), texts.get(s.source_id, []))
        for s in resp.sources
    }
    facts = _facts(resp)
    if resp.aggregation is not None:
        # Lists carry their exact size too: "Počet: 14", then the members.
        facts.append(
            Fact("count", str(resp.aggregation.count), [s.source_id for s in resp.sources][:10])
        )
    asked = asked_attributes(question)
    if resp.question and resp.question.attribute in ATTRIBUTE_ASKED:
        asked.add(ATTRIBUTE_ASKED[resp.question.attribute])
    if resp.question and resp.question.count:
        asked = (asked - {"thesis_title", "thesis_year"}) | {"count"}
    context_lines = []
    for s in resp.sources:
        context_lines.append(f"[{s.source_id}] {s.title or s.document_path}")
        context_lines.extend(by_id[s.source_id].texts)
        for fact in facts:
            if s.source_id in fact.source_ids and fact.kind != "count":
                who = f"{fact.subject}: " if fact.subject else ""
                context_lines.append(f"  fakt: {who}{fact.kind} = {fact.value}")
        context_lines.append("")
    candidates = [
        {"name": c.name, "hint": c.summary, "document_path": c.document_path, "id": c.id}
        for c in resp.candidates
        if c.status == "candidate"
    ]
    return Bundle(
        question=question,
        engine="graph",
        status=resp.status,
        reason=resp.reason,
        sources=resp.sources,
        by_id=by_id,
        facts=facts,
        aggregation=resp.aggregation.model_dump() if resp.aggregation else None,
        complete=resp.complete,
        truncated=resp.truncated,
        truncation_reasons=list(resp.truncation_reasons),
        index_version=resp.index_version,
        asked=asked,
        candidates=candidates,
        context="\n".join(context_lines).strip(),
    )
