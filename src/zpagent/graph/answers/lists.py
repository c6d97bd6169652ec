"""Lists and counts: the persons (or theses) that satisfy a query's conditions.

The sets come whole from ``graph.select``, so the count is over everything
the graph holds, whatever the limit; the list is one page of at most
``limit`` persons with the theses that made them fit (and the topic,
keyword, team project or start year a condition asked for), each with its
evidence. A count or a list is *exact* only when the question was wholly
understood and every relation it uses is known to be extracted completely
on this wiki (``graph.coverage``); otherwise ``aggregation.exact`` is false
and ``complete`` is null: the number is what the graph holds, a lower bound.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from zpagent.graph.answers.person import emit_theses, role_facts_of, start_fact, work_fact
from zpagent.graph.answers.resolve import record_match, unresolved
from zpagent.graph.contract import Aggregation, EntityRef, GraphResponse
from zpagent.graph.coverage import exact_over
from zpagent.graph.model import Evidence, parse_evidence
from zpagent.graph.select import Selection, Selector
from zpagent.graph.store import cypher as q

if TYPE_CHECKING:
    from zpagent.graph.answers.context import Context

FACTS_PER_PERSON = 3


def exactness(ctx: Context) -> tuple[bool, list[str]]:
    """Whether the query's counts and lists may be stated as exact, and why not."""
    ok, blocking = exact_over(ctx.coverage, ctx.query.relations)
    reasons = [f"coverage:{r}" for r in blocking]
    if not ctx.query.understood:
        reasons.insert(0, "not_understood")
    if ctx.query.approximate:
        reasons.append("about")  # theses named by title words or an uncalled keyword
    return ok and ctx.query.understood and not ctx.query.approximate, reasons


def select(ctx: Context) -> Selection:
    return Selector(ctx.store, ctx.lexicon, ctx.include_unpublished).select(ctx.query)


def _emit_items(ctx: Context, sel: Selection, refs: dict[str, EntityRef]) -> list[dict[str, Any]]:
    """Facts of the theses (and works) that made each listed person fit."""
    b = ctx.builder
    ids = [i for pid in refs for i in sel.items.get(pid, [])[:FACTS_PER_PERSON]]
    if any(len(sel.items.get(pid, [])) > FACTS_PER_PERSON for pid in refs):
        b.truncate("fact_limit")
    theses = [i for i in ids if "#" in i and not _is_work(i)]
    works = [i for i in ids if _is_work(i)]
    out: list[dict[str, Any]] = []
    if theses:
        rows = ctx.store.query(q.THESES_BY_IDS, ids=theses,
                               include_unpublished=ctx.include_unpublished,
                               limit=len(theses))  # fmt: skip
        rows = [(r[0], *r[2:]) for r in rows]  # drop the person's name
        rank = {pid: i for i, pid in enumerate(refs)}
        rows.sort(key=lambda r: rank.get(r[0], len(rank)))  # the selection's order
        out = emit_theses(ctx, rows, refs)
    projects = {p.id for p in ctx.lexicon.projects}
    for pid, ref in refs.items():
        # A team project its leader led on the project's page is a membership.
        _emit_projects(ctx, pid, ref, [i for i in sel.items.get(pid, []) if i in projects])
        wanted = [w for w in sel.items.get(pid, []) if w in works]
        if not wanted:
            continue
        for row in ctx.store.query(q.PERSON_WORKS, ids=[pid],
                                   include_unpublished=ctx.include_unpublished, kinds=[],
                                   limit=100):  # fmt: skip
            if row[1] in wanted:
                work_fact(ctx, ref, row)
    return out


def _emit_projects(ctx: Context, pid: str, ref: EntityRef, wanted: list[str]) -> None:
    """The person's memberships of the ``wanted`` team projects, with their evidence."""
    if not wanted:
        return
    # The role the question asked about, or each member's role when it lists the
    # members of a named team ("kto bol v tíme X?" reads best with who did what).
    roles = any(c.relation in ("role", "project") for c in ctx.query.conditions)
    for _pid, jid, title, path, ev in ctx.store.query(
        q.PERSON_PROJECTS, ids=[pid], include_unpublished=ctx.include_unpublished
    ):
        if jid in wanted:
            project = ctx.builder.ref("Project", jid, title, path)
            docs = [path] if path else []
            ctx.builder.fact(ref, "member_of_project", title, parse_evidence(ev), project,
                             documents=docs)  # fmt: skip
            if roles:  # the role the question asked about, beside the person
                role_facts_of(ctx, ref, (jid, title, path), ev)


def _is_work(item_id: str) -> bool:
    kind = item_id.rsplit("#", 1)[-1].split("-")[0]
    return kind in ("team_project", "research_task", "diploma_project", "other")


def _emit_said(ctx: Context, refs: dict[str, EntityRef]) -> None:
    """The line of each listed student's page that says the name the question asked
    about ("TurtleBot 4"): the evidence that they worked with it."""
    said = ctx.lexicon.said
    for cond in ctx.query.conditions:
        if cond.relation != "mentions" or cond.negated or said is None:
            continue
        for r in cond.refs:
            words = re.findall(r"\w+", r.text)
            for pid, path in zip(r.ids, r.pages, strict=False):
                found = said.line(words, path) if pid in refs and path else None
                if found is not None:
                    ev = Evidence("says", path, None, found[0], found[1])
                    ctx.builder.fact(refs[pid], "says", found[1], [ev], documents=[path])


def _emit_conditions(ctx: Context, sel: Selection, refs: dict[str, EntityRef]) -> None:
    """The memberships a condition asked for, with their evidence."""
    b = ctx.builder
    _emit_said(ctx, refs)
    if any(c.relation == "start_year" and not c.negated for c in ctx.query.conditions):
        for pid in refs:
            entry = ctx.lexicon.person_by_id.get(pid)
            if entry is not None:
                start_fact(ctx, entry, answer=False)
    for pid, ref in refs.items():
        for _pid, tid, title, path, ev in (
            ctx.store.query(q.PERSON_TOPICS, ids=[pid], include_unpublished=ctx.include_unpublished)
            if pid in sel.topics else []
        ):  # fmt: skip
            if tid in sel.topics[pid]:
                topic = b.ref("Topic", tid, title, path)
                b.fact(ref, "member_of_topic", title, parse_evidence(ev), topic, documents=[path])
        _emit_projects(ctx, pid, ref, sel.projects.get(pid, []))
        for kid, name, doc, ev in (
            [r[1:] for r in ctx.store.query(q.PERSON_KEYWORDS, ids=[pid],
                                            include_unpublished=ctx.include_unpublished)]
            if pid in sel.keywords else []
        ):  # fmt: skip
            if kid in sel.keywords[pid]:
                keyword = b.ref("Keyword", kid, name)
                b.fact(ref, "has_keyword", name, parse_evidence(ev), keyword, documents=[doc])


def set_answer(ctx: Context) -> GraphResponse:
    """``list``, ``count`` and ``who_wrote``: the selection, counted and listed."""
    b = ctx.builder
    for ref in ctx.query.refs():
        if ref.kind == "person" and ref.resolved:
            record_match(b, ctx.lexicon, ref)
    sel = select(ctx)
    if sel.status != "ok":
        assert sel.problem is not None
        return unresolved(b, ctx.lexicon, sel.status, sel.problem, ctx.include_unpublished)
    exact, inexact_because = exactness(ctx)
    b.exact = exact
    for ref in ctx.query.refs():
        if ref.kind == "person" and ref.resolved and ref.resolved in ctx.lexicon.person_by_id:
            entry = ctx.lexicon.person_by_id[ref.resolved]
            if entry.leads and not entry.has_page:
                b.entity("Person", entry.id, entry.name, "supervisor", entry.document_path)
    position = ctx.query.position
    if position is not None:
        # "Kto má najstaršiu prácu?": the one at that place of the ordered set.
        if not 0 < position <= len(sel.persons):
            return b.build("no_answer", "no_matching_facts")
        sel.persons = sel.persons[position - 1 : position]
    page = sel.persons[: ctx.limit]
    truncated = len(sel.persons) > ctx.limit
    if truncated:
        b.truncate("entity_limit")
    refs: dict[str, EntityRef] = {}
    role = "author" if ctx.query.ask == "who_wrote" else "member"
    for pid in page:
        entry = ctx.lexicon.person_by_id.get(pid)
        name = entry.name if entry else pid
        # A hidden member a published page lists is named, never cited by their own page.
        seen = entry is not None and (entry.published or ctx.include_unpublished)
        refs[pid] = b.entity("Person", pid, name, role, entry.document_path if seen else None)
    theses = _emit_items(ctx, sel, refs)
    _emit_conditions(ctx, sel, refs)
    unit = "theses" if ctx.query.unit == "theses" else "persons"
    positive = [c for c in ctx.query.clauses if not c.negated]
    if unit == "theses" and ctx.query.conditions and not positive:
        # "Koľko prác je na téme X?": a topic (keyword, project) holds persons; each
        # listed person stands for the work the list names.
        unit = "persons"
    count = sel.item_count if unit == "theses" else len(sel.persons)
    if position is None:
        b.aggregation = Aggregation(
            count=count,
            complete=not truncated,
            exact=exact,
            inexact_because=inexact_because,
            unit=unit,
            returned=len(page),
            limit=ctx.limit,
            persons=len(sel.persons),
            items=sel.item_count,
        )
    if ctx.query.ask == "count":
        b.answer(count)
        return b.build("ok")
    asked = ctx.query.attributes & {"supervisor", "consultant"}
    if asked and ctx.query.unit == "theses":
        for t in theses:
            for attribute in sorted(asked):
                for _sid, name in t[attribute + "s"]:
                    b.answer(name)
    else:
        for pid in page:
            b.answer(refs[pid].name)
    if not page:
        return b.build("no_answer", "no_matching_facts")
    return b.build("ok")
