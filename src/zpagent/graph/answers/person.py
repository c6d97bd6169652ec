"""Answers about one person: theses (title, year, supervisor), works, start
of study, topics, keywords, or everything at once.

A thesis fact is stated with its own evidence lines: the title line, the
heading and the category code for the year (both kept when they disagree;
the heading wins and the conflict is a qualifier), the supervisor line with
the academic titles the page wrote. A thesis whose title the page does not
state is still a fact (kind, year, supervisor) but never an answer to
"what is the title".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from zpagent.graph.answers.resolve import add_candidates, add_rejected, resolve_mention
from zpagent.graph.answers.response import KIND_NAMES, display_name
from zpagent.graph.contract import EntityRef, GraphResponse
from zpagent.graph.model import Evidence, parse_evidence
from zpagent.graph.store import cypher as q
from zpagent.graph.understand.lexicon import PersonEntry
from zpagent.ingest.text import fold

if TYPE_CHECKING:
    from zpagent.graph.answers.context import Context

THESIS_KINDS = ("bachelor", "master", "dissertation")


def resolve_one(ctx: Context, index: int = 0) -> PersonEntry | GraphResponse:
    """The person the question is about, or the finished no_answer/ambiguous response."""
    pq, b = ctx.pq, ctx.builder
    if len(pq.persons) <= index:
        names = pq.unknown_names[index - len(pq.persons) :] if pq.unknown_names else []
        if names:
            add_rejected(b, names[0], ctx.lexicon, ctx.include_unpublished)
            return b.build("no_answer", "unknown_person")
        return b.build("no_answer", "no_matching_facts")
    leads = pq.type.startswith(("supervised", "consulted"))
    prefer = "supervisor" if leads else ("page" if pq.type != "path" else None)
    res = resolve_mention(
        pq.persons[index], pq, ctx.lexicon, b, ctx.include_unpublished, prefer=prefer
    )
    unresolved = unresolved_response(ctx, res)
    if unresolved is not None:
        return unresolved
    assert res.person is not None
    return res.person


def resolve_all(ctx: Context) -> list[PersonEntry] | GraphResponse:
    """Every person the question names ("… Jána Holpa a Petry Tóthovej?"), or the
    finished response when one of them is unknown or ambiguous. A name-shaped
    word beside them that matches nobody is ruled out with its near misses (the
    answer says so), not answered about someone else."""
    persons: list[PersonEntry] = []
    for index in range(max(1, len(ctx.pq.persons))):
        found = resolve_one(ctx, index)
        if isinstance(found, GraphResponse):
            return found
        if all(p.id != found.id for p in persons):
            persons.append(found)
    for name in ctx.pq.unknown_names:
        words = name.split()
        if len(words) >= 2 and fold(words[0]) in ctx.lexicon.first_name_forms:
            add_rejected(ctx.builder, name, ctx.lexicon, ctx.include_unpublished)
    return persons


def unresolved_response(ctx: Context, res: Any) -> GraphResponse | None:
    """The honest answer when a named person is unknown (with the near misses)
    or ambiguous (with every candidate); None when the name resolved."""
    b = ctx.builder
    if res.status == "unknown":
        add_rejected(b, res.text, ctx.lexicon, ctx.include_unpublished)
        return b.build("no_answer", "unknown_person")
    if res.status == "ambiguous":
        add_candidates(b, res.candidates, ctx.lexicon, ctx.include_unpublished)
        return b.build("ambiguous", "ambiguous_person")
    return None


def person_ref(ctx: Context, person: PersonEntry, role: str = "subject") -> EntityRef:
    return ctx.builder.entity("Person", person.id, person.name, role, person.document_path)


def _by_field(evidence: list[Evidence], *fields: str) -> list[Evidence]:
    return [e for e in evidence if e.field in fields]


def emit_theses(
    ctx: Context, rows: list[tuple[Any, ...]], owners: dict[str, EntityRef]
) -> list[dict[str, Any]]:
    """Facts for thesis rows (p.id, t.id, kind, title, year, year_heading,
    year_category, year_conflict, document_path, evidence); returns the theses."""
    b = ctx.builder
    ids = [row[1] for row in rows]
    people: dict[str, list[tuple[str, str, str, str]]] = {}
    for tid, rel, sid, sname, ev in ctx.store.query(q.THESIS_PEOPLE, ids=ids):
        people.setdefault(tid, []).append((rel, sid, sname, ev))
    out = []
    for pid, tid, kind, title, year, y_head, y_cat, conflict, path, ev_json in rows:
        evidence = parse_evidence(ev_json)
        owner = owners[pid]
        props = {"id": tid, "kind": kind, "title": title, "year": year}
        thesis = b.entity("Thesis", tid, display_name("Thesis", props), kind, path)
        b.fact(
            owner,
            "authored",
            KIND_NAMES.get(kind, kind),
            _by_field(evidence, "title") or [],
            thesis,
            {"kind": kind},
            documents=[path],
        )
        b.fact(
            thesis,
            "title",
            title,
            _by_field(evidence, "title"),
            qualifiers={"kind": kind},
            documents=[path],
        )
        qualifiers: dict[str, Any] = {
            "kind": kind,
            "year_heading": y_head,
            "year_category": y_cat,
            "year_source": "heading" if y_head else ("category" if y_cat else None),
        }
        if conflict:
            qualifiers["conflict"] = (
                f"heading says {y_head}, category code says {y_cat}; the heading is preferred"
            )
        b.fact(
            thesis,
            "year",
            year,
            _by_field(evidence, "year_heading", "year_category", "year_line"),
            qualifiers=qualifiers,
            documents=[path],
        )
        sups, cons = [], []
        for rel, sid, sname, rel_ev in people.get(tid, []):
            entry = ctx.lexicon.person_by_id.get(sid)
            ref = b.ref("Person", sid, sname, entry.document_path if entry else None)
            predicate = "supervisor" if rel == "SUPERVISED" else "consultant"
            b.fact(
                thesis,
                predicate,
                sname,
                parse_evidence(rel_ev),
                ref,
                {"kind": kind},
                documents=[path],
            )
            (sups if rel == "SUPERVISED" else cons).append(sname)
        out.append(
            {
                "id": tid,
                "kind": kind,
                "title": title,
                "year": year,
                "supervisors": sups,
                "consultants": cons,
                "person": pid,
            }
        )
    return out


def _items_of(
    ctx: Context, person: PersonEntry, query: q.Query, kinds: list[str], year_column: int
) -> tuple[list[tuple[Any, ...]], bool]:
    """A person's theses or works of the asked kinds and years, and whether the limit cut them."""
    rows = ctx.store.query(
        query,
        ids=[person.id],
        include_unpublished=ctx.include_unpublished,
        kinds=kinds,
        limit=ctx.limit + 1,
    )
    if ctx.pq.years:
        rows = [r for r in rows if r[year_column] in ctx.pq.years]
    return rows[: ctx.limit], len(rows) > ctx.limit


def _theses_of(ctx: Context, person: PersonEntry) -> tuple[list[tuple[Any, ...]], bool]:
    kinds = [k for k in ctx.pq.kinds if k in THESIS_KINDS]
    return _items_of(ctx, person, q.PERSON_THESES, kinds, year_column=4)


def supervised_count(ctx: Context, person: PersonEntry, role: str = "supervisor") -> int:
    """How many theses ``person`` supervised (or consulted, ``role="consultant"``)."""
    rows = ctx.store.query(
        q.PERSONS_BY_THESIS_COUNT,
        include_unpublished=ctx.include_unpublished,
        kinds=[],
        years=[],
        supervisor=person.id if role == "supervisor" else "",
        consultant=person.id if role == "consultant" else "",
        topic="",
        keyword="",
    )
    return int(rows[0][1]) if rows else 0


def thesis_answer(ctx: Context) -> GraphResponse:
    persons = resolve_all(ctx)
    if isinstance(persons, GraphResponse):
        return persons
    theses: list[dict[str, Any]] = []
    for person in persons:
        rows, truncated = _theses_of(ctx, person)
        if not rows and not person.has_page and len(persons) == 1:
            # A supervisor or consultant writes no thesis here: "Aké práce má X?",
            # "Kto viedol X?" about them mean the theses they led.
            from zpagent.graph.answers.lists import supervised_answer

            role = "consultant" if ctx.pq.attribute == "consultant" else "supervisor"
            if supervised_count(ctx, person, role):
                ctx.pq.type = "consulted_persons" if role == "consultant" else "supervised_persons"
                return supervised_answer(ctx, person)
        ref = person_ref(ctx, person)
        if truncated:
            ctx.builder.truncate("fact_limit")
        theses += emit_theses(ctx, rows, {person.id: ref})
    attribute = ctx.pq.attribute or "title"
    for t in theses:
        if attribute == "title":
            ctx.builder.answer(t["title"])
        elif attribute == "year":
            ctx.builder.answer(t["year"])
        elif attribute == "supervisor":
            for name in t["supervisors"]:
                ctx.builder.answer(name)
        elif attribute == "consultant":
            for name in t["consultants"]:
                ctx.builder.answer(name)
    if not ctx.builder.answers:
        return ctx.builder.build("no_answer", "no_matching_facts")
    return ctx.builder.build("ok")


def start_year_answer(ctx: Context) -> GraphResponse:
    persons = resolve_all(ctx)
    if isinstance(persons, GraphResponse):
        return persons
    b = ctx.builder
    for person in persons:
        ref = person_ref(ctx, person)
        rows = ctx.store.query(q.PERSON_CARDS, ids=[person.id])
        start, ev_json = (rows[0][6], rows[0][7]) if rows else (None, None)
        # The year folder is not a start year: only an explicit statement is.
        if start is not None:
            b.fact(
                ref,
                "start_year",
                start,
                parse_evidence(ev_json),
                documents=[person.document_path] if person.document_path else [],
            )
            b.answer(start)
    return b.build("ok") if b.answers else b.build("no_answer", "no_matching_facts")


def _work_fact(
    ctx: Context,
    ref: EntityRef,
    wid: str,
    kind: str,
    title: str,
    year: int | None,
    path: str,
    ev_json: str | None,
    extra: dict[str, Any] | None = None,
) -> None:
    """A person's work (team project, research task, ...) as an entity and its fact."""
    props = {"id": wid, "kind": kind, "title": title, "year": year}
    work = ctx.builder.entity("Work", wid, display_name("Work", props), kind, path)
    qualifiers = {"kind": kind, **(extra or {}), "year": year}
    ctx.builder.fact(
        ref, "work", title, parse_evidence(ev_json), work, qualifiers, documents=[path]
    )


def works_answer(ctx: Context) -> GraphResponse:
    person = resolve_one(ctx)
    if isinstance(person, GraphResponse):
        return person
    b = ctx.builder
    ref = person_ref(ctx, person)
    kinds = [k for k in ctx.pq.kinds if k not in THESIS_KINDS]
    rows, truncated = _items_of(ctx, person, q.PERSON_WORKS, kinds, year_column=5)
    if truncated:
        b.truncate("fact_limit")
    for _pid, wid, kind, number, title, year, path, ev_json in rows:
        _work_fact(ctx, ref, wid, kind, title, year, path, ev_json, {"number": number})
        b.answer(title)
    if not b.answers:
        return b.build("no_answer", "no_matching_facts")
    return b.build("ok")


def _memberships(ctx: Context, query: Any, label: str, predicate: str) -> GraphResponse:
    """A person's topics or keywords: one fact per membership, with its evidence."""
    person = resolve_one(ctx)
    if isinstance(person, GraphResponse):
        return person
    b = ctx.builder
    ref = person_ref(ctx, person)
    rows = ctx.store.query(query, ids=[person.id], include_unpublished=ctx.include_unpublished)
    for _pid, oid, name, path, ev_json in rows[: ctx.limit]:
        # A topic has its own page; a keyword is only a name.
        own_page = path if label == "Topic" else None
        target = b.entity(label, oid, name, label.lower(), own_page)
        b.fact(ref, predicate, name, parse_evidence(ev_json), target, documents=[path])
        b.answer(name)
    if len(rows) > ctx.limit:
        b.truncate("fact_limit")
    return b.build("ok") if b.answers else b.build("no_answer", "no_matching_facts")


def topics_answer(ctx: Context) -> GraphResponse:
    return _memberships(ctx, q.PERSON_TOPICS, "Topic", "member_of_topic")


def keywords_answer(ctx: Context) -> GraphResponse:
    return _memberships(ctx, q.PERSON_KEYWORDS, "Keyword", "has_keyword")


def profile_answer(ctx: Context) -> GraphResponse:
    """Everything known about one person (a name with no specific question)."""
    person = resolve_one(ctx)
    if isinstance(person, GraphResponse):
        return person
    if not person.has_page:
        # A supervisor: what they are in the wiki for is the theses they led.
        from zpagent.graph.answers.lists import supervised_answer

        for role, qtype in (
            ("supervisor", "supervised_persons"),
            ("consultant", "consulted_persons"),
        ):
            if supervised_count(ctx, person, role):
                ctx.pq.type = qtype
                return supervised_answer(ctx, person)
    b = ctx.builder
    ref = person_ref(ctx, person)
    rows, truncated = _theses_of(ctx, person)
    if truncated:
        b.truncate("fact_limit")
    for t in emit_theses(ctx, rows, {person.id: ref}):
        b.answer(t["title"])
    for _pid, wid, kind, _number, title, year, path, ev_json in ctx.store.query(
        q.PERSON_WORKS,
        ids=[person.id],
        include_unpublished=ctx.include_unpublished,
        kinds=[],
        limit=ctx.limit,
    ):
        _work_fact(ctx, ref, wid, kind, title, year, path, ev_json)
    for _pid, tid, title, path, ev_json in ctx.store.query(
        q.PERSON_TOPICS, ids=[person.id], include_unpublished=ctx.include_unpublished
    ):
        topic = b.entity("Topic", tid, title, "topic", path)
        b.fact(ref, "member_of_topic", title, parse_evidence(ev_json), topic, documents=[path])
    if not b.facts:
        if person.document_path:
            b.document(person.document_path)
        b.answer(person.name)
    return b.build("ok")


HANDLERS: dict[str, Callable[[Context], GraphResponse]] = {
    "thesis_title": thesis_answer,
    "thesis_year": thesis_answer,
    "thesis_supervisor": thesis_answer,
    "thesis_consultant": thesis_answer,
    "start_year": start_year_answer,
    "person_works": works_answer,
    "person_topics": topics_answer,
    "person_keywords": keywords_answer,
    "person_profile": profile_answer,
}
