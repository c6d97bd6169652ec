"""Graph first: the pages a typed query is about.

    Query -> its names checked (unknown / ambiguous) -> the set:
        persons it asks about          their own pages (theses of the clauses)
        conditions, lists, counts      the selection (graph.select): each
                                       person's page with the theses that fit,
                                       and the topic's own page as an anchor
        a reference without a set      one more hop (walk.Walker)
        nothing the graph knows        ``open``: retrieval starts from vector
                                       hits (answers.expand)

The guarantees of graph search hold here too: a name that fits several
persons is ``ambiguous`` with every candidate (ask, never guess), an
unknown name or title is ``no_answer`` with the near misses, unpublished
pages are invisible unless asked for, and the counts are over the whole
sets.
"""

from __future__ import annotations

from typing import Any

from zpagent.graph.answers.page_set import MAX_PAGES, Scope, Step, Target
from zpagent.graph.answers.resolve import add_candidates, add_rejected
from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.contract import EntityRef as RefModel
from zpagent.graph.lexicon import load_lexicon
from zpagent.graph.select import Selector, check_refs
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.query import Query
from zpagent.query.describe import describe
from zpagent.query.model import INTENTS

EVIDENCE_LIMIT = 5


def new_scope(
    store: GraphStore, query: Query, index_version: dict[str, Any] | None = None
) -> Scope:
    """An empty scope for ``query``, with its intents and a response builder."""
    builder = ResponseBuilder(store, query.text, index_version, MAX_PAGES, EVIDENCE_LIMIT)
    builder.question = query
    intents = [i for i in INTENTS if i in query.intents]
    return Scope("ok", intents=intents, question=query, builder=builder)


def _refuse(scope: Scope, status: str, reason: str) -> Scope:
    scope.status, scope.reason = status, reason
    if scope.builder is not None:
        scope.candidates = list(scope.builder.candidates)
    return scope


def _entities(scope: Scope, query: Query) -> None:
    """The supervisors, topics and keywords the set was chosen by."""
    for c in query.clauses:
        for role, refs in (("supervisor", c.supervisors), ("consultant", c.consultants)):
            for r in refs:
                if r.resolved:
                    scope.entities.append(RefModel(id=r.resolved, label="Person",
                                                   name=r.names[0] if r.names else r.text,
                                                   role=role))  # fmt: skip
    for cond in query.conditions:
        label = {"topic": "Topic", "keyword": "Keyword", "project": "Project"}.get(cond.relation)
        for r in cond.refs if label else ():
            if r.resolved:
                scope.entities.append(RefModel(id=r.resolved, label=label,
                                               name=r.names[0] if r.names else r.text,
                                               role=cond.relation))  # fmt: skip


def graph_scope(
    store: GraphStore,
    query: Query,
    *,
    include_unpublished: bool = False,
    max_pages: int = MAX_PAGES,
    index_version: dict[str, Any] | None = None,
) -> Scope:
    """The pages ``query`` is about, as far as it names them; ``open`` otherwise."""
    scope = new_scope(store, query, index_version)
    builder = scope.builder
    assert builder is not None
    lexicon = load_lexicon(store)
    status, problem = check_refs(query)
    if status == "ambiguous":
        add_candidates(builder, list(problem.ids), lexicon, include_unpublished)  # type: ignore[union-attr]
        return _refuse(scope, "ambiguous", "ambiguous_person")
    if status == "unknown" and problem is not None and problem.kind in ("topic", "keyword"):
        # Words the graph has no topic for ("spracovaním hovorenej reči"): the text
        # may still know them, so retrieval starts from vector hits.
        scope.status = "open"
        return scope
    if status == "unknown":
        assert problem is not None
        if problem.kind == "person":
            add_rejected(builder, problem.text, lexicon, include_unpublished)
            return _refuse(scope, "no_answer", "unknown_person")
        reason = "unknown_title" if problem.kind == "title" else "unknown_keyword"
        return _refuse(scope, "no_answer", reason)
    if query.unknown_names and query.ask in ("fact", "profile") and not query.subjects:
        add_rejected(builder, query.unknown_names[0], lexicon, include_unpublished)
        return _refuse(scope, "no_answer", "unknown_person")
    constrained = bool(query.conditions or query.reference) or any(
        not c.empty for c in query.clauses
    )
    if query.ask == "open" or (not query.subjects and not constrained):
        scope.status = "open"
        return scope
    selector = Selector(store, lexicon, include_unpublished)
    sel = selector.select(query)
    subjects_only = query.subjects and query.ask in ("fact", "profile")
    persons = [i for s in query.subjects for i in s.ids] if subjects_only else sel.persons
    _entities(scope, query)
    if subjects_only:
        for s in query.subjects:
            entry = lexicon.person_by_id.get(s.resolved or "")
            if entry is not None:
                scope.entities.append(RefModel(id=entry.id, label="Person", name=entry.name,
                                               role="subject",
                                               document_path=entry.document_path))  # fmt: skip
    theses_of = _theses(store, query, persons, include_unpublished) if subjects_only else sel.items
    targets = []
    for pid in persons:
        entry = lexicon.person_by_id.get(pid)
        if entry is None or not entry.document_path:
            continue
        if not (entry.published or include_unpublished):
            continue  # listed on a published page, but their own page stays hidden
        targets.append(Target(entry.document_path, pid, list(theses_of.get(pid, []))))
    for cond in query.conditions:
        if cond.relation == "topic" and not cond.negated:
            for r in cond.refs:
                topic = lexicon.topic_by_id.get(r.resolved or "")
                if topic and topic.document_path and (topic.published or include_unpublished):
                    scope.anchors.append(topic.document_path)
    ref = query.reference
    if ref is not None and ref.of.kind == "person":
        # "rovnakú tému ako X": X's page says what is shared; it is evidence, not a member.
        for pid in ref.of.ids:
            entry = lexicon.person_by_id.get(pid)
            if entry and entry.document_path and (entry.published or include_unpublished):
                scope.anchors.append(entry.document_path)
    scope.pages = len(targets)
    scope.theses = sum(len(t.theses) for t in targets) if any(t.theses for t in targets) else None
    scope.targets = targets[:max_pages]
    scope.truncated = len(targets) > max_pages
    # Keywords are tags, and tags are sparse: a set by keyword alone is a lower
    # bound unless the question asked for the tag itself.
    scope.partial = (
        any(c.relation == "keyword" for c in query.conditions)
        and "keywords" not in query.attributes
        and not query.subjects
    )
    found = f"{scope.pages} page(s), {scope.theses or 0} thesis(es)"
    for relation, why in relations_of(query, sel.leaders):
        scope.steps.append(Step(relation, f"{why}: {describe(query)}", found))
    if not scope.targets:
        scope.status, scope.reason = "ok", "no_matching_facts"
    return scope


def _filters(kinds: frozenset[str], years: frozenset[int]) -> str:
    parts = []
    if kinds:
        parts.append(f"kind IN {sorted(kinds)}")
    if years:
        parts.append(f"year IN {sorted(years)}")
    return f" {{{', '.join(parts)}}}" if parts else ""


def relations_of(query: Query, leaders: list[str]) -> list[tuple[str, str]]:
    """(relation, why) of each graph relation the set was selected by, in Cypher
    notation: what a reader checks to see why a page is in the set."""
    out: list[tuple[str, str]] = []
    ref = query.reference
    plain = [c for c in query.clauses if not (c.supervisors or c.consultants)]
    if ref is not None and ref.relation in ("supervisor", "consultant"):
        rel = "SUPERVISED" if ref.relation == "supervisor" else "CONSULTED"
        if ref.of.kind == "title":
            out.append((f"(:Thesis {{title: {ref.of.text}}})<-[:AUTHORED]-(:Person)",
                        "a thesis title in the question"))  # fmt: skip
        # The kind and year the question asks go with the theses those persons led.
        kinds = frozenset(k for c in plain if not c.negated for k in c.kinds)
        years = frozenset(y for c in plain if not c.negated for y in c.years)
        out.append((f"(:Thesis {{of: {ref.of.text}}})<-[:{rel}]-(:Person)",
                    "bridge + supervision: who led it"))  # fmt: skip
        out.append((
            f"(:Person {{id: {', '.join(leaders)}}})-[:{rel}]->(:Thesis{_filters(kinds, years)})"
            "<-[:AUTHORED]-(:Person)",
            "supervision: the theses they led",
        ))  # fmt: skip
        plain = [c for c in plain if c.negated]
    for c in query.clauses:
        filters = _filters(c.kinds, c.years)
        neg = "NOT " if c.negated else ""
        for role, refs in (("SUPERVISED", c.supervisors), ("CONSULTED", c.consultants)):
            for r in refs:
                out.append((f"{neg}(:Person {{id: {', '.join(r.ids)}}})-[:{role}]->"
                            f"(:Thesis{filters})<-[:AUTHORED]-(:Person)",
                            "supervision: the theses they led"))  # fmt: skip
        if c in plain:
            out.append((f"{neg}(:Person)-[:AUTHORED]->(:Thesis{filters})",
                        "time/kind: the theses of the asked kind and year"))  # fmt: skip
    edges = {
        "topic": "ON_TOPIC]->(:Topic",
        "keyword": "HAS_DOCUMENT]->()-[:HAS_KEYWORD]->(:Keyword",
        "project": "MEMBER_OF]->(:Project",
    }
    for cond in query.conditions:
        neg = "NOT " if cond.negated else ""
        if cond.relation in edges:
            ids = ", ".join(i for r in cond.refs for i in r.ids)
            out.append((f"{neg}(:Person)-[:{edges[cond.relation]} {{id: {ids}}})",
                        f"topic: the students of the {cond.relation}"))  # fmt: skip
        elif cond.relation == "start_year":
            out.append((f"{neg}(:Person {{start_year IN {sorted(cond.years)}}})",
                        "time: the start of study"))  # fmt: skip
    if query.subjects:
        out.append(("(:Person)-[:HAS_DOCUMENT]->(page), (:Person)-[:AUTHORED]->(:Thesis)",
                    "comparison: each person's own page" if len(query.subjects) > 1
                    else "the person's own page"))  # fmt: skip
    return out or [("(:Person)-[:HAS_DOCUMENT]->(page)", "the named set")]


def _theses(
    store: GraphStore, query: Query, persons: list[str], include_unpublished: bool
) -> dict[str, list[str]]:
    """The named persons' theses of the query's kinds and years (all without them)."""
    kinds = [k for k in query.kinds if k in ("bachelor", "master", "dissertation")]
    rows = store.query(q.PERSON_THESES, ids=persons, include_unpublished=include_unpublished,
                       kinds=kinds, limit=1000)  # fmt: skip
    years = set(query.years)
    out: dict[str, list[str]] = {}
    for row in rows:
        if not years or row[4] in years:
            out.setdefault(row[0], []).append(row[1])
    return out


__all__ = ["Scope", "graph_scope", "new_scope"]
