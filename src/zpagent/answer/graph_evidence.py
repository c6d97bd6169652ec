"""Evidence from the knowledge graph: its response as typed facts, paths and counts.

Graph facts are stated about nodes (a Thesis has a title, a year, a
supervisor; a Person authored a Thesis). Answers are about people, so each
thesis fact is attached to the person who wrote the thesis, with the thesis
as the fact's item. The evidence line each fact was read from is kept as
the fact's span and as its source's text.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from zpagent.answer.evidence import Bundle, GraphPathLine, SourceEvidence
from zpagent.answer.facts import Fact
from zpagent.answer.subjects import Names, candidate_rows
from zpagent.config import Settings
from zpagent.graph.answers.search import DEFAULT_LIMIT, graph_search
from zpagent.graph.contract import GraphFact, GraphResponse
from zpagent.query import Query

# The query's attributes as the answer's fact attributes.
ATTRIBUTE_FACTS = {
    "title": "thesis_title",
    "year": "thesis_year",
    "supervisor": "supervisor",
    "consultant": "consultant",
    "start_year": "start_year",
    "topics": "topic",
    "keywords": "keyword",
    "works": "work_title",
    "role": "role",
}
# Attributes of one person's own page; a question about one of them may ask several.
PERSON_ATTRIBUTES = frozenset(
    {"thesis_title", "thesis_year", "supervisor", "consultant", "start_year"}
)
_ITEM_PREDICATES = {"title": "thesis_title", "year": "thesis_year"}
_PERSON_PREDICATES = {
    "member_of_topic": "topic",
    "has_keyword": "keyword",
    "role": "role",
    "says": "said",  # a line of the student's page that says the asked name
}


def fact_attributes(query: Query) -> frozenset[str]:
    """The query's asked attributes in the answer's fact vocabulary (a person's team
    projects come with what the person did in them)."""
    mapped = {ATTRIBUTE_FACTS[a] for a in query.attributes if a in ATTRIBUTE_FACTS}
    return frozenset(mapped | ({"role"} if "works" in query.attributes else set()))


def asked_for(query: Query, names: Names) -> frozenset[str]:
    """What the query asks, as fact attributes (empty: everything the graph found).

    A person's attributes are asked only of a person the question names: "Píše
    konzultant posudok?" asks nothing of the consultants the retrieval happens to find.
    """
    mapped = fact_attributes(query)
    if query.ask == "count":
        # The count with whom it counts: a reader can check it (the graph lists a page).
        return frozenset({"count", "person"})
    if query.ask == "fact":
        if not mapped and not query.understood:
            return frozenset()  # what is asked is a word nobody read: no default title
        return mapped or frozenset({"thesis_title"})
    if query.ask in ("list", "who_wrote"):
        if query.unit == "theses" and mapped & {"supervisor", "consultant"}:
            leads = mapped & {"supervisor", "consultant"}
            # Who led the theses of the persons the graph selected: their facts; not
            # when the role word was a condition ("nemali žiadneho konzultanta").
            conditions = {"consultant" for c in query.clauses
                          if c.consultants or (c.negated and c.with_consultant)}  # fmt: skip
            # (A supervisor left out, "kdo kromě Fabiána vedl …", is no condition on
            # whom the others are.)
            conditions |= {"supervisor" for c in query.clauses if c.supervisors and not c.negated}
            return leads | {"person"} if leads - conditions else leads
        return frozenset({"person"})
    if query.ask == "shared":
        return mapped & {"topic", "keyword"} or frozenset({"topic", "keyword"})
    if query.ask in ("pages_by_author", "page_author"):
        return frozenset({"document"})
    if query.ask in ("profile", "path"):
        return frozenset()  # everything the graph found
    return mapped - PERSON_ATTRIBUTES if not names.subjects else mapped


def _span(f: GraphFact) -> tuple[str, str | None]:
    """(evidence line, its source id) of a graph fact."""
    if f.evidence:
        return f.evidence[0].text.strip(), f.evidence[0].source_id
    return "", (f.source_ids[0] if f.source_ids else None)


def facts_from_graph(resp: GraphResponse) -> list[Fact]:
    """Typed facts about persons from a graph response's facts."""
    owner: dict[str, tuple[str, str, str | None]] = {}  # item id -> (person id, name, kind)
    for f in resp.facts:
        if f.predicate == "authored" and f.object is not None:
            owner[f.object.id] = (f.subject.id, f.subject.name, f.qualifiers.get("kind"))
        elif f.predicate in ("work", "member_of_project") and f.object is not None:
            # A work's (team project's) leader is a fact of its member's work.
            kind = f.qualifiers.get("kind", "team_project")
            owner[f.object.id] = (f.subject.id, f.subject.name, kind)
    out: list[Fact] = []

    def add(attribute: str, value: Any, f: GraphFact, **who: Any) -> None:
        span, sid = _span(f)
        if value is None or sid is None:
            return
        out.append(Fact(attribute, str(value), sid, span=span, **who))

    for f in resp.facts:
        kind = f.qualifiers.get("kind")
        person = {"subject_id": f.subject.id, "subject": f.subject.name}
        if f.predicate == "authored" and f.object is not None and "kind_name" in f.qualifiers:
            # A list row: the thesis title and year travel on the authored fact.
            item = {**person, "kind": kind, "item": f.object.id}
            add("thesis_title", f.value, f, **item)
            add("thesis_year", f.qualifiers.get("year"), f, **item)
        elif f.predicate in _ITEM_PREDICATES or f.predicate in ("supervisor", "consultant"):
            pid, name, kind = owner.get(f.subject.id, (None, None, kind))
            attribute = _ITEM_PREDICATES.get(f.predicate, f.predicate)
            if attribute == "thesis_title" and f.subject.label in ("Work", "Project", "Topic"):
                attribute = "work_title"
            item_id = f.subject.id
            if f.subject.label == "Project" and pid:
                item_id = f"{f.subject.id}@{pid}"  # as its member_of_project fact
            item = {"subject_id": pid, "subject": name, "kind": kind, "item": item_id}
            add(attribute, f.value, f, **item)
        elif f.predicate == "work" and f.object is not None:
            item = {**person, "kind": kind, "item": f.object.id}
            add("work_title", f.value, f, **item)
            add("thesis_year", f.qualifiers.get("year"), f, **item)
        elif f.predicate == "start_year":
            add("start_year", f.value, f, **person)
        elif f.predicate == "member_of_project" and f.object is not None:
            # A project page's member list: the project is one of the person's works.
            item = {**person, "kind": "team_project", "item": f"{f.object.id}@{f.subject.id}"}
            add("work_title", f.value, f, **item)
        elif f.predicate == "role" and f.object is not None and f.qualifiers.get("project"):
            # A role is a role in a team: of the same membership as its member_of_project
            # fact, with the project's title ("what was his role?" names the project).
            item = {**person, "kind": "team_project", "item": f"{f.object.id}@{f.subject.id}"}
            add("role", f.value, f, **item)
            add("work_title", f.qualifiers["project"], f, **item)
        elif f.predicate in _PERSON_PREDICATES:
            add(_PERSON_PREDICATES[f.predicate], f.value, f, **person)
        elif f.predicate == "wrote_page" and f.object is not None:
            add("document", f.object.name, f, **person)
    unique: dict[tuple[Any, ...], Fact] = {}
    for fact in out:
        unique.setdefault((fact.attribute, fact.subject_id, fact.item, fact.value), fact)
    return list(unique.values())


def _authors(gen: Any, paths: list[str]) -> dict[str, list[str]]:
    if not paths:
        return {}
    marks = ",".join("?" * len(paths))
    rows = gen.db().execute(f"SELECT path, authors FROM documents WHERE path IN ({marks})", paths)
    return {r[0]: json.loads(r[1]) for r in rows}


TOPICS_LIMIT = 30


def graph_bundle(
    gen: Any, query: Query, names: Names, settings: Settings, include_unpublished: bool
) -> Bundle:
    # A wiki has tens of topics, not hundreds: "Aké témy sú na wiki?" lists them all.
    limit = TOPICS_LIMIT if query.unit == "topics" else DEFAULT_LIMIT
    resp = graph_search(
        gen, query, settings=settings, limit=limit, include_unpublished=include_unpublished
    )
    texts: dict[str, list[str]] = defaultdict(list)
    for f in resp.facts:
        for ev in f.evidence:
            if ev.text not in texts[ev.source_id]:
                texts[ev.source_id].append(ev.text)
    authors = _authors(gen, [s.document_path for s in resp.sources])
    by_id = {
        s.source_id: SourceEvidence(s, authors.get(s.document_path, []), texts.get(s.source_id, []))
        for s in resp.sources
    }
    candidates = candidate_rows(resp.candidates)
    return Bundle(
        question=query,
        engine="graph",
        status=resp.status,
        reason=resp.reason,
        sources=resp.sources,
        by_id=by_id,
        facts=facts_from_graph(resp),
        aggregation=resp.aggregation.model_dump() if resp.aggregation else None,
        paths=[GraphPathLine(p.text, list(p.source_ids)) for p in resp.paths],
        complete=resp.complete,
        truncated=resp.truncated,
        truncation_reasons=list(resp.truncation_reasons),
        index_version=resp.index_version,
        asked=asked_for(query, names),
        interpreted_as=resp.interpreted_as,
        exact=resp.interpretation.exact if resp.interpretation else None,
        subjects=list(names.subjects),
        candidates=candidates,
    )
