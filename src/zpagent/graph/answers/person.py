"""Facts of the persons a question names: their theses (title, year,
supervisor, consultant), works, start of study, topics, keywords, login,
or everything at once (a profile).

Which theses: those that satisfy the query's positive clauses (kind, year,
supervisor, consultant), all of them when it has none. A thesis fact is
stated with its own evidence lines: the title line, the heading and the
category code for the year (both kept when they disagree; the heading wins
and the conflict is a qualifier), the supervisor line with the academic
titles the page wrote. A thesis whose title the page does not state is
still a fact (kind, year, supervisor) but never an answer to "what is the
title".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from zpagent.graph.answers.response import KIND_NAMES, display_name
from zpagent.graph.build.projects import project_key
from zpagent.graph.contract import EntityRef
from zpagent.graph.model import Evidence, parse_evidence
from zpagent.graph.store import cypher as q
from zpagent.ingest.text import fold
from zpagent.query.lexicon import PersonEntry
from zpagent.query.model import THESIS_KINDS, ThesisClause

if TYPE_CHECKING:
    from zpagent.graph.answers.context import Context

# What each asked attribute reads from a thesis, for the answer values.
_THESIS_VALUES = {"title": "title", "year": "year", "supervisor": "supervisors",
                  "consultant": "consultants"}  # fmt: skip


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
        b.fact(owner, "authored", KIND_NAMES.get(kind, kind), _by_field(evidence, "title"),
               thesis, {"kind": kind}, documents=[path])  # fmt: skip
        b.fact(thesis, "title", title, _by_field(evidence, "title"), qualifiers={"kind": kind},
               documents=[path])  # fmt: skip
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
        b.fact(thesis, "year", year, _by_field(evidence, "year_heading", "year_category",
               "year_line"), qualifiers=qualifiers, documents=[path])  # fmt: skip
        sups, cons = [], []
        for rel, sid, sname, rel_ev in people.get(tid, []):
            entry = ctx.lexicon.person_by_id.get(sid)
            ref = b.ref("Person", sid, sname, entry.document_path if entry else None)
            predicate = "supervisor" if rel == "SUPERVISED" else "consultant"
            b.fact(thesis, predicate, sname, parse_evidence(rel_ev), ref, {"kind": kind},
                   documents=[path])  # fmt: skip
            (sups if rel == "SUPERVISED" else cons).append((sid, sname))
        out.append({"id": tid, "kind": kind, "title": title, "year": year,
                    "supervisors": sups, "consultants": cons, "person": pid})  # fmt: skip
    return out


def _fits(thesis: dict[str, Any], clause: ThesisClause) -> bool:
    if clause.kinds and thesis["kind"] not in clause.kinds:
        return False
    if clause.years and thesis["year"] not in clause.years:
        return False
    for refs, field in ((clause.supervisors, "supervisors"), (clause.consultants, "consultants")):
        ids = {i for r in refs for i in r.ids}
        if ids and not ids & {sid for sid, _ in thesis[field]}:
            return False
    if clause.with_consultant and not thesis["consultants"]:
        return False
    titles = {i for r in clause.titles for i in r.ids}
    return not titles or thesis["id"] in titles


def thesis_rows(ctx: Context, person: PersonEntry) -> list[tuple[Any, ...]]:
    rows = ctx.store.query(
        q.PERSON_THESES,
        ids=[person.id],
        include_unpublished=ctx.include_unpublished,
        kinds=[],
        limit=1000,
    )
    return rows


def _selected(ctx: Context, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The rows of the theses the query's positive clauses allow (all without clauses)."""
    clauses = [c for c in ctx.query.clauses if not c.negated and not c.empty]
    thesis_clauses = [c for c in clauses if not c.kinds or c.kinds & set(THESIS_KINDS)]
    if not thesis_clauses:
        return rows if not clauses else []
    people: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for tid, rel, sid, sname, _ev in ctx.store.query(q.THESIS_PEOPLE, ids=[r[1] for r in rows]):
        entry = people.setdefault(tid, {"supervisors": [], "consultants": []})
        entry["supervisors" if rel == "SUPERVISED" else "consultants"].append((sid, sname))
    kept = []
    for row in rows:
        thesis = {"id": row[1], "kind": row[2], "year": row[4],
                  **people.get(row[1], {"supervisors": [], "consultants": []})}  # fmt: skip
        if any(_fits(thesis, c) for c in thesis_clauses):
            kept.append(row)
    return kept


def _work_kinds(ctx: Context) -> list[str]:
    kinds: list[str] = []
    for c in ctx.query.clauses:
        if not c.negated:
            kinds += [k for k in c.kinds if k not in THESIS_KINDS]
    return kinds


def theses_facts(ctx: Context, person: PersonEntry, attributes: frozenset[str]) -> None:
    b = ctx.builder
    rows = _selected(ctx, thesis_rows(ctx, person))
    if len(rows) > ctx.limit:
        b.truncate("fact_limit")
        rows = rows[: ctx.limit]
    for t in emit_theses(ctx, rows, {person.id: person_ref(ctx, person)}):
        for attribute in attributes & set(_THESIS_VALUES):
            value = t[_THESIS_VALUES[attribute]]
            for v in value if isinstance(value, list) else [value]:
                b.answer(v[1] if isinstance(v, tuple) else v)


def start_fact(ctx: Context, person: PersonEntry, answer: bool = True) -> None:
    """The start of study a person's page states, as a fact (and an answer value
    when asked; a list by start year only shows it beside the person)."""
    rows = ctx.store.query(q.PERSON_CARDS, ids=[person.id])
    start, ev_json = (rows[0][6], rows[0][7]) if rows else (None, None)
    # The year folder is not a start year: only an explicit statement is.
    if start is not None:
        docs = [person.document_path] if person.document_path else []
        ctx.builder.fact(person_ref(ctx, person), "start_year", start, parse_evidence(ev_json),
                         documents=docs)  # fmt: skip
        if answer:
            ctx.builder.answer(start)


def work_fact(ctx: Context, ref: EntityRef, row: tuple[Any, ...]) -> EntityRef:
    """A person's work (team project, research task, ...) as an entity and its fact."""
    _pid, wid, kind, number, title, year, path, ev_json = row
    props = {"id": wid, "kind": kind, "title": title, "year": year}
    work = ctx.builder.entity("Work", wid, display_name("Work", props), kind, path)
    qualifiers = {"kind": kind, "number": number, "year": year}
    ctx.builder.fact(ref, "work", title, parse_evidence(ev_json), work, qualifiers,
                     documents=[path])  # fmt: skip
    return work


def leader_fact(
    ctx: Context,
    item: EntityRef,
    leader: tuple[str, str, str | None],
    kind: str,
    documents: list[str],
    answer: bool = True,
) -> None:
    """``item`` (a work, project or topic) was led by ``leader`` (id, name, evidence
    JSON): its ``supervisor`` fact, and the leader's name as an answer."""
    sid, sname, ev_json = leader
    entry = ctx.lexicon.person_by_id.get(sid)
    ref = ctx.builder.ref("Person", sid, sname, entry.document_path if entry else None)
    ctx.builder.fact(item, "supervisor", sname, parse_evidence(ev_json), ref, {"kind": kind},
                     documents=documents)  # fmt: skip
    if answer:
        ctx.builder.answer(sname)


def leader_facts(
    ctx: Context, label: str, items: dict[str, EntityRef], kinds: dict[str, str]
) -> None:
    """Who led each work or team project (``LED``), as a ``supervisor`` fact of
    the entity shown for it (``items``: work or project id -> that entity)."""
    if not items:
        return
    query = q.WORK_LEADERS if label == "Work" else q.PROJECT_LEADERS
    for item_id, sid, sname, ev in ctx.store.query(query, ids=sorted(items)):
        item = items[item_id]
        docs = [item.document_path] if item.document_path else []
        leader_fact(ctx, item, (sid, sname, ev), kinds.get(item_id, "team_project"), docs)


def role_facts_of(
    ctx: Context, ref: EntityRef, project: tuple[str, str, str | None], ev_json: str | None
) -> list[str]:
    """The roles a team membership's evidence states ("Wei Zhang – analýza dát"), as
    ``role`` facts of the member ``ref``; ``project`` is (id, title, page)."""
    jid, title, path = project
    roles = []
    for ev in parse_evidence(ev_json):
        if ev.value:
            target = ctx.builder.ref("Project", jid, title, path)
            ctx.builder.fact(ref, "role", ev.value, [ev], target, {"project": title},
                             documents=[path] if path else [])  # fmt: skip
            roles.append(ev.value)
    return roles


def works_facts(ctx: Context, person: PersonEntry, leaders: bool = False) -> None:
    """A person's works and team projects; with ``leaders``, who led each."""
    b = ctx.builder
    kinds = _work_kinds(ctx)
    years = sorted({y for c in ctx.query.clauses if not c.negated for y in c.years})
    rows = ctx.store.query(q.PERSON_WORKS, ids=[person.id],
                           include_unpublished=ctx.include_unpublished, kinds=kinds,
                           limit=ctx.limit + 1)  # fmt: skip
    rows = [r for r in rows if not years or r[5] in years]
    if len(rows) > ctx.limit:
        b.truncate("fact_limit")
    ref = person_ref(ctx, person)
    works: dict[str, EntityRef] = {}  # folded title -> the work shown
    for row in rows[: ctx.limit]:
        works[fold(row[4] or "")] = work_fact(ctx, ref, row)
        b.answer(row[4])
    if leaders:
        shown = rows[: ctx.limit]
        leader_facts(ctx, "Work", {r[1]: works[fold(r[4] or "")] for r in shown},
                     {r[1]: r[2] for r in shown})  # fmt: skip
    if kinds and "team_project" not in kinds:
        return
    # A team project whose page lists the person (her own page may not say it);
    # the same project as one of her works is shown once, led as the project says.
    projects: dict[str, EntityRef] = {}
    titles: dict[str, str] = {}
    for _pid, jid, title, path, ev_json in ctx.store.query(
        q.PERSON_PROJECTS, ids=[person.id], include_unpublished=ctx.include_unpublished
    ):
        if years:
            continue  # a year asks the person's own works
        role_facts_of(ctx, ref, (jid, title, path), ev_json)  # what the person did there
        titles[jid] = title or ""
        if fold(title or "") in works:
            projects[jid] = works[fold(title or "")]
            continue
        project = b.entity("Project", jid, title, "team_project", path)
        b.fact(ref, "member_of_project", title, parse_evidence(ev_json), project,
               documents=[path] if path else [])  # fmt: skip
        b.answer(title)
        projects[jid] = project
    if leaders:
        led = {f.subject.id for f in b.facts if f.predicate == "supervisor"}
        todo = {j: e for j, e in projects.items() if e.id not in led}
        leader_facts(ctx, "Project", todo, {})
        # Neither her page nor a project page says who led it: another member's does.
        led = {f.subject.id for f in b.facts if f.predicate == "supervisor"}
        for jid, entity in todo.items():
            if entity.id not in led:
                leaders_on_member_pages(ctx, jid, titles[jid], entity)


def leaders_on_member_pages(ctx: Context, jid: str, title: str, project: EntityRef) -> None:
    """A project without a page of its own: its leader is who its members' pages say
    led their team project of that title ("Tímový projekt …, vedúci: J. Kmeť")."""
    members = [
        r[0]
        for r in ctx.store.query(
            q.PROJECT_MEMBERS, ids=[jid], include_unpublished=ctx.include_unpublished
        )
    ]
    works = ctx.store.query(q.PERSON_WORKS, ids=members, kinds=["team_project"],
                            include_unpublished=ctx.include_unpublished, limit=1000)  # fmt: skip
    same = [w[1] for w in works if project_key(w[4] or "") == project_key(title)]
    seen: set[str] = set()
    for _wid, sid, sname, ev in ctx.store.query(q.WORK_LEADERS, ids=same):
        if sid not in seen:
            seen.add(sid)
            leader_fact(ctx, project, (sid, sname, ev), "team_project", [])


def memberships(ctx: Context, person: PersonEntry, label: str) -> None:
    """A person's topics or keywords: one fact per membership, with its evidence."""
    query, predicate = (
        (q.PERSON_TOPICS, "member_of_topic") if label == "Topic"
        else (q.PERSON_KEYWORDS, "has_keyword")
    )  # fmt: skip
    b = ctx.builder
    ref = person_ref(ctx, person)
    rows = ctx.store.query(query, ids=[person.id], include_unpublished=ctx.include_unpublished)
    for _pid, oid, name, path, ev_json in rows[: ctx.limit]:
        # A topic has its own page; a keyword is only a name.
        target = b.entity(label, oid, name, label.lower(), path if label == "Topic" else None)
        b.fact(ref, predicate, name, parse_evidence(ev_json), target, documents=[path])
        b.answer(name)
    if len(rows) > ctx.limit:
        b.truncate("fact_limit")


def role_facts(ctx: Context, person: PersonEntry) -> None:
    """A person's role in each team project (in the named ones, when the query names
    any), as its page lists the person: "Wei Zhang – analýza dát"."""
    named = set(ctx.query.projects())
    ref = person_ref(ctx, person)
    for _pid, jid, title, path, ev_json in ctx.store.query(
        q.PERSON_PROJECTS, ids=[person.id], include_unpublished=ctx.include_unpublished
    ):
        if not named or jid in named:
            for role in role_facts_of(ctx, ref, (jid, title, path), ev_json):
                ctx.builder.answer(role)


def login_fact(ctx: Context, person: PersonEntry) -> None:
    if person.login and person.document_path:
        ctx.builder.fact(person_ref(ctx, person), "login", person.login, [],
                         documents=[person.document_path])  # fmt: skip
        ctx.builder.answer(person.login)


_ASKED: dict[str, Callable[[Context, PersonEntry], None]] = {
    "start_year": start_fact,
    "works": works_facts,
    "topics": lambda ctx, p: memberships(ctx, p, "Topic"),
    "keywords": lambda ctx, p: memberships(ctx, p, "Keyword"),
    "login": login_fact,
    "role": role_facts,
}


def person_facts(ctx: Context, person: PersonEntry) -> None:
    """The asked facts of one person (everything for a profile)."""
    query = ctx.query
    asked = query.attributes
    if query.ask == "profile" or not asked:
        asked = frozenset({"title"}) if query.ask == "fact" else frozenset()
    if _work_kinds(ctx) and not asked & {"consultant", "role"}:
        # Who led a person's team project or research task: its leader (LED).
        works_facts(ctx, person, leaders="supervisor" in asked)
        return
    if query.ask == "profile":
        theses_facts(ctx, person, frozenset({"title"}))
        works_facts(ctx, person)
        memberships(ctx, person, "Topic")
        start_fact(ctx, person)
        if not ctx.builder.facts and person.document_path:
            ctx.builder.document(person.document_path)
            ctx.builder.answer(person.name)
        return
    thesis_asked = asked & set(_THESIS_VALUES)
    if thesis_asked or not asked:
        theses_facts(ctx, person, thesis_asked or frozenset({"title"}))
    for attribute in sorted(asked - set(_THESIS_VALUES)):
        handler = _ASKED.get(attribute)
        if handler is not None:
            handler(ctx, person)
