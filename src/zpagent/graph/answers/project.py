"""Facts of a named team project or topic: who led it and when it ran.

"Kto bol vedúci tímového projektu X?", "Kedy bežal tímový projekt X?": the
question names a project and no person, and asks its leader or its year.
The project is one entity whatever pages list its members (``Project``);
its leader is the ``LED`` edge its page states, its year the label line
("Akademický rok: 2014/2015"), shown as the page writes it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from zpagent.graph.answers.person import leader_fact, leader_facts, leaders_on_member_pages
from zpagent.graph.contract import Aggregation, GraphResponse
from zpagent.graph.model import Evidence, parse_evidence
from zpagent.graph.store import cypher as q
from zpagent.query.model import PROJECT_ATTRIBUTES

if TYPE_CHECKING:
    from zpagent.graph.answers.context import Context

# A year range as a page writes it: "2014/2015", "2014 – 2015".
_RANGE = re.compile(r"\b\d{4}\s*[/–-]\s*\d{2,4}\b")


def _as_written(evidence: list[Evidence], year: int) -> str:
    """The year as the label line writes it ("2014/2015"), else the year."""
    for e in evidence:
        for m in _RANGE.finditer(e.text):
            if m.group(0)[-2:] == str(year)[-2:]:
                return m.group(0)
    return str(year)


def project_facts(ctx: Context) -> GraphResponse:
    b = ctx.builder
    asked = ctx.query.attributes & PROJECT_ATTRIBUTES
    rows = ctx.store.query(
        q.PROJECT_CARDS, ids=ctx.query.projects(), include_unpublished=ctx.include_unpublished
    )
    for jid, title, year, path, ev_json in rows:
        project = b.entity("Project", jid, title, "team_project", path)
        evidence = parse_evidence(ev_json)
        docs = [path] if path else []
        kind = {"kind": "team_project"}
        b.fact(project, "title", title, [e for e in evidence if e.field == "title"], None, kind,
               documents=docs)  # fmt: skip
        if year is not None:
            year_ev = [e for e in evidence if e.field == "year_line"]
            shown = _as_written(year_ev, year)
            b.fact(project, "year", shown, year_ev, None, kind, documents=docs)
            if "year" in asked:
                b.answer(shown)
        if "supervisor" in asked:
            leader_facts(ctx, "Project", {jid: project}, {})
            if not ctx.builder.answers:
                leaders_on_member_pages(ctx, jid, title, project)
    if not b.answers:
        return b.build("no_answer", "no_matching_facts")
    return b.build("ok")


def topic_leader_facts(ctx: Context) -> GraphResponse:
    """Who leads the named topic, as its page says ("Garant témy: X", "Tému vedie X")."""
    b = ctx.builder
    ids = sorted({i for c in ctx.query.conditions if c.relation == "topic" for r in c.refs
                  for i in r.ids})  # fmt: skip
    for tid, title, path, sid, sname, ev in ctx.store.query(
        q.TOPIC_LEADERS, ids=ids, include_unpublished=ctx.include_unpublished
    ):
        topic = b.entity("Topic", tid, title, "topic", path)
        if not any(f.subject.id == tid and f.predicate == "title" for f in b.facts):
            b.fact(topic, "title", title, [], None, {"kind": "topic"}, documents=[path])
        leader_fact(ctx, topic, (sid, sname, ev), "topic", [path])
    if not b.answers:
        return b.build("no_answer", "no_matching_facts")
    return b.build("ok")


def topics_led(ctx: Context) -> GraphResponse:
    """The wiki's topics ("Koľko tém je na wiki?": every topic page, exact) or those the
    named leader leads ("Ktoré témy vedie Bielik?": as topic pages say; never exact,
    a topic page may name no leader)."""
    b = ctx.builder
    ids = [i for c in ctx.query.clauses for r in c.supervisors for i in r.ids]
    if not ids:
        return _all_topics(ctx)
    rows = ctx.store.query(q.TOPICS_LED_BY, ids=ids, include_unpublished=ctx.include_unpublished)
    for tid, title, path, sid, sname, ev in rows:
        topic = b.entity("Topic", tid, title, "topic", path)
        leader_fact(ctx, topic, (sid, sname, ev), "topic", [path], answer=False)
        b.fact(topic, "title", title, [], None, {"kind": "topic"}, documents=[path])
        b.answer(title)
    topics = len({r[0] for r in rows})
    b.exact = False
    b.aggregation = Aggregation(count=topics, complete=True, exact=False,
                                inexact_because=["coverage:topic_leader"], unit="topics",
                                returned=topics, limit=ctx.limit)  # fmt: skip
    if ctx.query.ask == "count":
        b.answer(topics)
        return b.build("ok")
    if not rows:
        return b.build("no_answer", "no_matching_facts")
    return b.build("ok")


def _all_topics(ctx: Context) -> GraphResponse:
    """Every topic page ("Koľko tém je na wiki?"), or those that name no leader ("Ktoré
    témy nemajú garanta?": never exact, a page may name one in words not read)."""
    b = ctx.builder
    rows = ctx.store.query(q.ALL_TOPICS, include_unpublished=ctx.include_unpublished)
    leaderless = "supervisor" in ctx.query.lacking
    if leaderless:
        led = {r[0] for r in ctx.store.query(q.LED_TOPICS)}
        rows = [r for r in rows if r[0] not in led]
    for tid, title, path in rows[: ctx.limit]:
        topic = b.entity("Topic", tid, title, "topic", path)
        b.fact(topic, "title", title, [], None, {"kind": "topic"}, documents=[path])
        b.answer(title)
    if len(rows) > ctx.limit:
        b.truncate("entity_limit")
    exact = ctx.query.understood and not leaderless
    b.exact = exact
    because = ["coverage:topic_leader"] if leaderless else [] if exact else ["not_understood"]
    b.aggregation = Aggregation(count=len(rows), complete=len(rows) <= ctx.limit, exact=exact,
                                inexact_because=because,
                                unit="topics", returned=min(len(rows), ctx.limit),
                                limit=ctx.limit)  # fmt: skip
    if ctx.query.ask == "count":
        b.answer(len(rows))
    return b.build("ok" if rows else "no_answer", None if rows else "no_matching_facts")
