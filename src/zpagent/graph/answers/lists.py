"""Lists and exact counts: persons by thesis kind and year, by work, topic,
keyword, supervisor or start of study.

The count comes from the database (``count(DISTINCT ...)``) in its own
query, so it is exact whatever the limit; the list is one page of at most
``limit`` persons, fetched with one extra row to detect truncation.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from zpagent.graph.answers.person import THESIS_KINDS, resolve_one
from zpagent.graph.answers.response import KIND_NAMES, display_name
from zpagent.graph.contract import Aggregation, Candidate, EntityRef, GraphResponse
from zpagent.graph.model import parse_evidence
from zpagent.graph.store import cypher as q
from zpagent.graph.understand.lexicon import PersonEntry
from zpagent.ingest.text import fold

if TYPE_CHECKING:
    from zpagent.graph.answers.context import Context

FACTS_PER_PERSON = 3


def _finish(
    ctx: Context,
    counts: tuple[Any, ...],
    page: list[tuple[Any, ...]],
    unit: str,
    emit: Callable[[list[tuple[Any, ...]], dict[str, EntityRef]], None],
) -> GraphResponse:
    b = ctx.builder
    persons, items = int(counts[0]), int(counts[1])
    truncated = len(page) > ctx.limit
    page = page[: ctx.limit]
    if truncated:
        b.truncate("entity_limit")
    refs: dict[str, EntityRef] = {}
    for row in page:
        pid, name = row[0], row[1]
        entry = ctx.lexicon.person_by_id.get(pid)
        refs[pid] = b.entity("Person", pid, name, "member", entry.document_path if entry else None)
    emit(page, refs)
    count = persons if unit == "persons" else items
    b.aggregation = Aggregation(
        count=count,
        complete=not truncated,
        unit=unit,
        returned=len(page),
        limit=ctx.limit,
        persons=persons,
        items=items,
    )
    if ctx.pq.count:
        b.answer(count)
        return b.build("ok")
    for row in page:
        b.answer(row[1])
    if not page:
        return b.build("no_answer", "no_matching_facts")
    return b.build("ok")


def _thesis_filters(ctx: Context, supervisor: str = "", consultant: str = "") -> dict[str, Any]:
    pq = ctx.pq
    return {
        "include_unpublished": ctx.include_unpublished,
        "kinds": [k for k in pq.kinds if k in THESIS_KINDS],
        "years": pq.years,
        "supervisor": supervisor,
        "consultant": consultant,
        "topic": pq.topics[0].id if pq.topics else "",
        "keyword": pq.keywords[0].id if pq.keywords else "",
    }


def _emit_theses(ctx: Context, params: dict[str, Any], with_people: bool = False) -> Callable:
    def emit(page: list[tuple[Any, ...]], refs: dict[str, EntityRef]) -> None:
        b = ctx.builder
        cap = FACTS_PER_PERSON * ctx.limit
        rows = ctx.store.query(q.THESES_BY_FILTER, **params, ids=list(refs), limit=cap + 1)
        if len(rows) > cap:
            b.truncate("fact_limit")
        for pid, tid, kind, title, year, y_head, y_cat, _conflict, path, ev_json in rows[:cap]:
            evidence = [
                e
                for e in parse_evidence(ev_json)
                if e.field in ("title", "year_heading", "year_category")
                or (with_people and e.field in ("supervisor", "consultant"))
            ]
            props = {"id": tid, "kind": kind, "title": title, "year": year}
            thesis = b.ref("Thesis", tid, display_name("Thesis", props), path)
            b.fact(
                refs[pid],
                "authored",
                title,
                evidence,
                thesis,
                {
                    "kind": kind,
                    "kind_name": KIND_NAMES.get(kind),
                    "year": year,
                    "year_heading": y_head,
                    "year_category": y_cat,
                },
                documents=[path],
            )

    return emit


def theses_list_answer(ctx: Context) -> GraphResponse:
    params = _thesis_filters(ctx)
    counts = ctx.store.query(q.PERSONS_BY_THESIS_COUNT, **params)[0]
    page = ctx.store.query(q.PERSONS_BY_THESIS_PAGE, **params, limit=ctx.limit + 1)
    unit = "theses" if ctx.pq.unit == "theses" else "persons"
    return _finish(ctx, counts, page, unit, _emit_theses(ctx, params))


def supervised_answer(ctx: Context, supervisor: PersonEntry | None = None) -> GraphResponse:
    if supervisor is None:
        found = resolve_one(ctx)
        if isinstance(found, GraphResponse):
            return found
        supervisor = found
    consulted = ctx.pq.type.startswith("consulted")
    params = (
        _thesis_filters(ctx, consultant=supervisor.id)
        if consulted
        else _thesis_filters(ctx, supervisor=supervisor.id)
    )
    counts = ctx.store.query(q.PERSONS_BY_THESIS_COUNT, **params)[0]
    if int(counts[1]) == 0 and ctx.pq.type in ("supervised_persons", "consulted_persons"):
        own = ctx.store.query(
            q.PERSON_THESES,
            ids=[supervisor.id],
            include_unpublished=ctx.include_unpublished,
            kinds=params["kinds"],
            limit=1,
        )
        if own:
            # "Koho viedol X" about a student: read it as "who supervised X".
            from zpagent.graph.answers.person import thesis_answer

            role = "consultant" if consulted else "supervisor"
            ctx.pq.type, ctx.pq.attribute = f"thesis_{role}", role
            return thesis_answer(ctx)
    b = ctx.builder
    role = "consultant" if consulted else "supervisor"
    b.entity("Person", supervisor.id, supervisor.name, role, supervisor.document_path)
    page = ctx.store.query(q.PERSONS_BY_THESIS_PAGE, **params, limit=ctx.limit + 1)
    unit = "theses" if ctx.pq.unit == "theses" else "persons"
    return _finish(ctx, counts, page, unit, _emit_theses(ctx, params, with_people=True))


def works_list_answer(ctx: Context) -> GraphResponse:
    params = {
        "include_unpublished": ctx.include_unpublished,
        "kinds": [k for k in ctx.pq.kinds if k not in THESIS_KINDS],
        "years": ctx.pq.years,
    }
    counts = ctx.store.query(q.PERSONS_BY_WORK_COUNT, **params)[0]
    page = ctx.store.query(q.PERSONS_BY_WORK_PAGE, **params, limit=ctx.limit + 1)

    def emit(page: list[tuple[Any, ...]], refs: dict[str, EntityRef]) -> None:
        b = ctx.builder
        cap = FACTS_PER_PERSON * ctx.limit
        rows = ctx.store.query(q.WORKS_BY_FILTER, **params, ids=list(refs), limit=cap + 1)
        if len(rows) > cap:
            b.truncate("fact_limit")
        for pid, wid, kind, number, title, year, path, ev_json in rows[:cap]:
            props = {"id": wid, "kind": kind, "title": title, "year": year}
            work = b.ref("Work", wid, display_name("Work", props), path)
            b.fact(
                refs[pid],
                "work",
                title,
                parse_evidence(ev_json),
                work,
                {"kind": kind, "number": number, "year": year},
                documents=[path],
            )

    unit = "works" if ctx.pq.unit == "theses" else "persons"
    return _finish(ctx, counts, page, unit, emit)


def _unknown_term(ctx: Context) -> GraphResponse:
    """A keyword or topic the graph does not have: near misses as rejected candidates."""
    b = ctx.builder
    term = fold(ctx.pq.unknown_term or "")
    scored = []
    inc = ctx.include_unpublished
    for entry in [*ctx.lexicon.visible_keywords(inc), *ctx.lexicon.visible_topics(inc)]:
        score = difflib.SequenceMatcher(None, term, fold(entry.name)).ratio()
        if score >= 0.6:
            label = "Topic" if entry in ctx.lexicon.topics else "Keyword"
            scored.append((round(score, 3), label, entry))
    scored.sort(key=lambda x: (-x[0], x[2].id))
    for score, label, entry in scored[:3]:
        b.candidates.append(
            Candidate(id=entry.id, name=entry.name, label=label, status="rejected", score=score)
        )
    return b.build("no_answer", "unknown_keyword")


def topic_list_answer(ctx: Context) -> GraphResponse:
    if not ctx.pq.topics:
        return _unknown_term(ctx)
    topic = ctx.pq.topics[0]
    b = ctx.builder
    b.entity("Topic", topic.id, topic.name, "topic", topic.document_path)
    params = {"include_unpublished": ctx.include_unpublished, "topic": topic.id}
    counts = ctx.store.query(q.PERSONS_BY_TOPIC_COUNT, **params)[0]
    page = ctx.store.query(q.PERSONS_BY_TOPIC_PAGE, **params, limit=ctx.limit + 1)
    topic_ref = b.ref("Topic", topic.id, topic.name)

    def emit(page: list[tuple[Any, ...]], refs: dict[str, EntityRef]) -> None:
        for pid, _name, _key, ev_json in page:
            b.fact(refs[pid], "member_of_topic", topic.name, parse_evidence(ev_json), topic_ref)

    return _finish(ctx, counts, page, "persons", emit)


def keyword_list_answer(ctx: Context) -> GraphResponse:
    if not ctx.pq.keywords:
        return _unknown_term(ctx)
    keyword = ctx.pq.keywords[0]
    b = ctx.builder
    b.entity("Keyword", keyword.id, keyword.name, "keyword")
    params = {"include_unpublished": ctx.include_unpublished, "keyword": keyword.id}
    counts = ctx.store.query(q.PERSONS_BY_KEYWORD_COUNT, **params)[0]
    page = ctx.store.query(q.PERSONS_BY_KEYWORD_PAGE, **params, limit=ctx.limit + 1)
    kw_ref = b.ref("Keyword", keyword.id, keyword.name)

    def emit(page: list[tuple[Any, ...]], refs: dict[str, EntityRef]) -> None:
        for pid, _name, _key, path, ev_json in page:
            b.fact(
                refs[pid],
                "has_keyword",
                keyword.name,
                parse_evidence(ev_json),
                kw_ref,
                documents=[path],
            )

    return _finish(ctx, counts, page, "persons", emit)


def start_list_answer(ctx: Context) -> GraphResponse:
    params = {"include_unpublished": ctx.include_unpublished, "years": ctx.pq.years}
    counts = ctx.store.query(q.PERSONS_BY_START_COUNT, **params)[0]
    page = ctx.store.query(q.PERSONS_BY_START_PAGE, **params, limit=ctx.limit + 1)

    def emit(page: list[tuple[Any, ...]], refs: dict[str, EntityRef]) -> None:
        for pid, _name, _key, start, path, ev_json in page:
            ctx.builder.fact(
                refs[pid],
                "start_year",
                start,
                parse_evidence(ev_json),
                documents=[path] if path else [],
            )

    return _finish(ctx, counts, page, "persons", emit)


HANDLERS: dict[str, Callable[[Context], GraphResponse]] = {
    "persons_by_thesis": theses_list_answer,
    "count_by_thesis": theses_list_answer,
    "supervised_persons": supervised_answer,
    "supervised_count": supervised_answer,
    "consulted_persons": supervised_answer,
    "consulted_count": supervised_answer,
    "persons_by_work": works_list_answer,
    "count_by_work": works_list_answer,
    "persons_by_topic": topic_list_answer,
    "count_by_topic": topic_list_answer,
    "persons_by_keyword": keyword_list_answer,
    "count_by_keyword": keyword_list_answer,
    "persons_by_start_year": start_list_answer,
    "count_by_start_year": start_list_answer,
}
