"""Facts of a named team project: who led it and when it ran.

"Kto bol vedúci tímového projektu X?", "Kedy bežal tímový projekt X?": the
question names a project and no person, and asks its leader or its year.
The project is one entity whatever pages list its members (``Project``);
its leader is the ``LED`` edge its page states, its year the label line
("Akademický rok: 2014/2015"), shown as the page writes it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from zpagent.graph.answers.person import leader_facts
from zpagent.graph.build.projects import project_key
from zpagent.graph.contract import EntityRef, GraphResponse
from zpagent.graph.model import Evidence, parse_evidence
from zpagent.graph.store import cypher as q

if TYPE_CHECKING:
    from zpagent.graph.answers.context import Context

# What can be asked of a project itself (its members are a list, see ``lists``).
PROJECT_ATTRIBUTES = frozenset({"supervisor", "year"})


# A year range as a page writes it: "2014/2015", "2014 – 2015".
_RANGE = re.compile(r"\b\d{4}\s*[/–-]\s*\d{2,4}\b")


def _as_written(evidence: list[Evidence], year: int) -> str:
    """The year as the label line writes it ("2014/2015"), else the year."""
    for e in evidence:
        for m in _RANGE.finditer(e.text):
            if m.group(0)[-2:] == str(year)[-2:]:
                return m.group(0)
    return str(year)


def _leaders_on_member_pages(ctx: Context, jid: str, title: str, project: EntityRef) -> None:
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
        if sid in seen:
            continue
        seen.add(sid)
        entry = ctx.lexicon.person_by_id.get(sid)
        leader = ctx.builder.ref("Person", sid, sname, entry.document_path if entry else None)
        ctx.builder.fact(project, "supervisor", sname, parse_evidence(ev), leader,
                         {"kind": "team_project"})  # fmt: skip
        ctx.builder.answer(sname)


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
                _leaders_on_member_pages(ctx, jid, title, project)
    if not b.answers:
        return b.build("no_answer", "no_matching_facts")
    return b.build("ok")
