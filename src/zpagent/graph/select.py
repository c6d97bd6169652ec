"""Execute a typed query's conditions: the persons and theses that satisfy them.

Each part of a ``Query`` is one small set from the store:

    thesis clause    (person, thesis) pairs: kind, years, supervisors,
                     consultants, "with a consultant", titles (THESIS_PAIRS),
                     or works of a kind (WORK_PAIRS; a team project's members
                     also by MEMBER_PAIRS, one project one item)
    topic, keyword   persons on a topic / with a keyword
    project          members of a team project
    role             team members with a role ("vizualizácia"), in the named projects
    start year       persons who started in the given years
    family           persons of that family (the lexicon)
    reference        the supervisors (consultants, topics) of another
                     person's theses, as a clause of their own

and the query's logic combines them in Python: every positive clause and
condition must hold (or any, for "alebo"), a negated one must not (when
works are counted, a negated clause takes out works, not persons). The
universe of a negation is every student the caller may see (or the
persons the question names: "Kto z Ďuricovcov …"). Nothing is cut: the
sets are whole, so counts are exact as far as the graph's extraction is
(``exact`` also needs the question fully understood, see ``coverage``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from zpagent.graph.build.projects import project_id
from zpagent.graph.model import parse_evidence
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.ingest.text import fold
from zpagent.query.lexicon import Lexicon, role_key
from zpagent.query.model import (
    THESIS_KINDS,
    WORK_KINDS,
    Condition,
    EntityRef,
    Query,
    Reference,
    ThesisClause,
    Via,
)

_ROLES = {"supervisor": ["SUPERVISED"], "consultant": ["CONSULTED"]}


@dataclass
class Selection:
    """What the query's conditions select, or why nothing can be selected."""

    status: str = "ok"  # ok | ambiguous | unknown
    problem: EntityRef | None = None  # the mention that is unknown or ambiguous
    persons: list[str] = field(default_factory=list)  # sorted by the lexicon's name order
    items: dict[str, list[str]] = field(default_factory=dict)  # person -> theses/works
    topics: dict[str, list[str]] = field(default_factory=dict)  # person -> topics matched
    keywords: dict[str, list[str]] = field(default_factory=dict)
    projects: dict[str, list[str]] = field(default_factory=dict)
    leaders: list[str] = field(default_factory=list)  # a reference's supervisors

    @property
    def item_count(self) -> int:
        return len({i for items in self.items.values() for i in items})


def check_refs(query: Query) -> tuple[str, EntityRef | None]:
    """The first mention that is unknown (``unknown``) or names several entries
    where one is needed (``ambiguous``); ("ok", None) when every one resolves."""
    for ref in query.refs():
        if ref.is_set:
            continue
        if not ref.ids:
            return "unknown", ref
        if len(ref.ids) > 1 and ref.kind == "person":
            return "ambiguous", ref
    return "ok", None


class Selector:
    def __init__(self, store: GraphStore, lexicon: Lexicon, include_unpublished: bool) -> None:
        self.store = store
        self.lexicon = lexicon
        self.inc = include_unpublished

    # -- the parts -------------------------------------------------------------------

    def clause_pairs(self, clause: ThesisClause) -> dict[str, set[str]]:
        """person -> the theses (or works) that satisfy ``clause``."""
        out: dict[str, set[str]] = defaultdict(set)
        thesis_kinds = sorted(clause.kinds & set(THESIS_KINDS))
        work_kinds = sorted(clause.kinds & set(WORK_KINDS))
        led = bool(clause.supervisors or clause.consultants)
        if (work_kinds or (clause.kinds and not thesis_kinds)) and not led:
            for pid, wid, kind, title in self.store.query(
                q.WORK_PAIRS,
                include_unpublished=self.inc,
                kinds=work_kinds,
                years=sorted(clause.years),
            ):
                # One team project of several members is one item, as a led one is.
                out[pid].add(self._as_project(wid, kind, title))
            if "team_project" in work_kinds:
                for pid, jid in self.store.query(
                    q.MEMBER_PAIRS, include_unpublished=self.inc, years=sorted(clause.years)
                ):
                    out[pid].add(jid)
        elif work_kinds and clause.supervisors and not clause.consultants:
            # "výskumná úloha u Bielika": works whose leader (LED) is every named one.
            for pid, wids in self.led_pairs(clause, work_kinds).items():
                out[pid] |= wids
        if (work_kinds or clause.kinds) and not thesis_kinds:
            return out
        titles = sorted({i for r in clause.titles for i in r.ids})
        if clause.titles and not titles:
            return out
        # Every named supervisor must have led the thesis: one query per name.
        groups = [list(r.ids) for r in clause.supervisors] or [[]]
        found: dict[tuple[str, str], int] = defaultdict(int)
        for sups in groups:
            for pid, tid in self.store.query(
                q.THESIS_PAIRS,
                include_unpublished=self.inc,
                kinds=thesis_kinds,
                years=sorted(clause.years),
                ids=titles,
                supervisors=sups,
                consultants=sorted({i for r in clause.consultants for i in r.ids}),
                with_consultant=bool(clause.with_consultant),
            ):
                found[(pid, tid)] += 1
        for (pid, tid), n in found.items():
            if n == len(groups):
                out[pid].add(tid)
        return out

    def led_pairs(self, clause: ThesisClause, work_kinds: list[str]) -> dict[str, set[str]]:
        """person -> the works (and team projects) that every named supervisor led.

        A team project is led on its own page (the project) or on the member's
        page (the work); either one is the person's team project."""
        found: dict[tuple[str, str], int] = defaultdict(int)
        for ref in clause.supervisors:
            rows = [
                # A member's own team-project work is the project itself when the
                # wiki has it: one project, counted once.
                (pid, self._as_project(wid, kind, title))
                for pid, wid, kind, title in self.store.query(
                    q.LED_WORK_PAIRS, include_unpublished=self.inc, leaders=list(ref.ids),
                    kinds=work_kinds, years=sorted(clause.years))
            ]  # fmt: skip
            if "team_project" in work_kinds:
                rows = rows + self.store.query(q.LED_PROJECT_PAIRS, include_unpublished=self.inc,
                                               leaders=list(ref.ids),
                                               years=sorted(clause.years))  # fmt: skip
            for pair in dict.fromkeys(tuple(r) for r in rows):
                found[pair] += 1
        out: dict[str, set[str]] = defaultdict(set)
        for (pid, item), n in found.items():
            if n == len(clause.supervisors):
                out[pid].add(item)
        return out

    def _as_project(self, wid: str, kind: str, title: str | None) -> str:
        jid = project_id(title) if kind == "team_project" and title else None
        return jid if jid in self.lexicon.project_by_id else wid

    def condition_persons(
        self, cond: Condition, projects: frozenset[str] = frozenset()
    ) -> dict[str, list[str]]:
        """person -> what of the condition they have (topics, keywords, projects; for
        a role, the team projects they had it in, only ``projects`` when given)."""
        ids = sorted({i for r in cond.refs for i in r.ids})
        out: dict[str, list[str]] = defaultdict(list)
        if cond.relation == "role":
            for pid, jid, ev_json, visible in self.store.query(q.MEMBER_ROLES):
                if (visible or self.inc) and (not projects or jid in projects):
                    roles = {role_key(e.value) for e in parse_evidence(ev_json) if e.value}
                    if roles & set(ids):
                        out[pid].append(jid)
            return out
        if cond.relation in ("family", "person", "mentions"):
            for pid in ids:
                out[pid] = []
            return out
        if cond.relation == "start_year":
            for pid, year in self.store.query(
                q.STARTED_IN, years=sorted(cond.years), include_unpublished=self.inc
            ):
                out[pid].append(str(year))
            return out
        if cond.relation == "keyword":
            for pid, oid in self.store.query(
                q.KEYWORD_HOLDERS, ids=ids, include_unpublished=self.inc
            ):
                out[pid].append(oid)
            return out
        members = q.TOPIC_MEMBERS if cond.relation == "topic" else q.PROJECT_MEMBERS
        for row in self.store.query(members, ids=ids, include_unpublished=self.inc):
            if self.inc or listed_publicly(row):
                out[row[0]].append(row[1])
        return out

    def page_order(self, cond: Condition, persons: list[str]) -> list[str]:
        """``persons`` in the order the topic's (project's) own page lists them; those it
        does not list keep their order, after them."""
        ids = sorted({i for r in cond.refs for i in r.ids})
        line: dict[str, int] = {}
        for pid, ev_json, path in self.store.query(q.MEMBER_LINES, ids=ids):
            for ev in parse_evidence(ev_json):
                if ev.document_path == path and ev.line is not None:
                    line[pid] = min(line.get(pid, ev.line), ev.line)
        rank = {pid: i for i, pid in enumerate(persons)}
        return sorted(persons, key=lambda p: (p not in line, line.get(p, 0), rank[p]))

    def by_year(self, persons: list[str], items: dict[str, list[str]], order: str) -> list[str]:
        """Persons by the year of the theses that made them fit (all their theses
        when no clause chose any): oldest first, or newest first; no year last."""
        known = self.lexicon.facts(persons)

        def years(pid: str) -> list[int]:
            facts = known.get(pid)
            cards = facts.theses if facts else ()
            chosen = set(items.get(pid, []))
            return [c.year for c in cards if c.year and (not chosen or c.id in chosen)]

        def key(pid: str) -> tuple[int, int]:
            ys = years(pid)
            if not ys:
                return (1, 0)
            return (0, min(ys) if order == "oldest" else -max(ys))

        return sorted(persons, key=key)  # stable: ties keep the lexicon's order

    def leaders_of(self, query: Query) -> list[str]:
        """Who led (or consulted) the theses the reference names: a person's theses of
        the asked kinds, or the one thesis named by its title."""
        assert query.reference is not None
        return self.leaders_of_ref(query.reference)

    def leaders_of_ref(self, ref: Reference | Via) -> list[str]:
        """Who led (or consulted, ``ref.relation``) ``ref.of``'s theses of ``ref.kinds``."""
        if ref.relation not in _ROLES:
            return []
        if ref.of.kind == "title":
            role = _ROLES[ref.relation][0]
            rows = self.store.query(q.THESIS_PEOPLE, ids=list(ref.of.ids))
            return sorted({sid for _t, rel, sid, _n, _e in rows if rel == role})
        kinds = sorted(ref.kinds & set(THESIS_KINDS))
        rows = self.store.query(q.LEADERS_OF, ids=list(ref.of.ids), roles=_ROLES[ref.relation],
                                kinds=kinds)  # fmt: skip
        return [r[0] for r in rows]

    def shared_terms(self, query: Query) -> Condition | None:
        """ "Kto ďalší sa venuje rovnakej téme ako X?": X's topics (keywords) as a condition."""
        ref = query.reference
        assert ref is not None
        known = self.lexicon.facts(ref.of.ids)
        ids = sorted({i for f in known.values() for i in
                      (f.topics if ref.relation == "topic" else f.keywords)})  # fmt: skip
        refs = (EntityRef(ref.relation, "", None, tuple(ids)),)
        return Condition(ref.relation, refs) if ids else None

    # -- the whole ---------------------------------------------------------------------

    def universe(self, query: Query) -> set[str]:
        """Whom a list may contain: the named persons, else every visible student (and,
        added by ``select``, the members a published topic or project page lists)."""
        if self.names_the_set(query):
            return {i for s in query.subjects for i in s.ids}
        return {p.id for p in self.lexicon.students(self.inc)}

    @staticmethod
    def names_the_set(query: Query) -> bool:
        return bool(query.subjects) and query.ask in ("list", "count")

    def select(self, query: Query) -> Selection:
        status, problem = check_refs(query)
        if status != "ok":
            return Selection(status, problem)
        sel = Selection()
        universe = self.universe(query)
        sets: list[set[str]] = []
        negated: list[set[str]] = []
        items: dict[str, set[str]] = defaultdict(set)
        excluded_items: dict[str, set[str]] = defaultdict(set)
        excluded_works: set[str] = set()  # works taken out for everyone (``by_item``)
        clauses = list(query.clauses)
        conditions = list(query.conditions)
        if query.reference is not None and query.reference.relation in ("topic", "keyword"):
            shared = self.shared_terms(query)
            if shared is None:
                sets.append(set())
            else:
                conditions.append(shared)
        elif query.reference is not None:
            sel.leaders = self.leaders_of(query)
            ref = query.reference
            # Any of them: one mention that names them all.
            leaders = (EntityRef("person", "", None, tuple(sel.leaders)),)
            if not sel.leaders:
                sets.append(set())
            elif ref.relation == "consultant":
                clauses.append(ThesisClause(kinds=ref.kinds, consultants=leaders))
            elif ref.relation == "supervisor":
                clauses.append(ThesisClause(kinds=ref.kinds, supervisors=leaders))
        # "Ktoré tímové projekty neviedla Dobrovská?": works are counted, so a negated
        # clause takes out works (a team project she led, for every member), not the
        # persons who also had one.
        by_item = query.unit == "theses" and any(not c.negated and not c.empty for c in clauses)
        for clause in clauses:
            if clause.empty:
                continue
            pairs = self.clause_pairs(clause)
            if clause.negated and by_item:
                for tids in pairs.values():
                    excluded_works |= tids
            elif clause.negated:
                negated.append(set(pairs))
                for pid, tids in pairs.items():
                    excluded_items[pid] |= tids
            else:
                sets.append(set(pairs))
                for pid, tids in pairs.items():
                    items[pid] |= tids
        kept: dict[str, dict[str, list[str]]] = {}
        named_projects = frozenset(query.projects())
        for cond in conditions:
            found = self.condition_persons(cond, named_projects)
            (negated if cond.negated else sets).append(set(found))
            if not cond.negated:
                kept[cond.relation] = found
                if cond.relation in ("topic", "project") and not self.names_the_set(query):
                    # A hidden person the published topic (project) page lists is one
                    # of its members for every reader (``listed_publicly``).
                    universe |= set(found)
        if sets:
            chosen = set.union(*sets) if query.combine == "or" else set.intersection(*sets)
            chosen &= universe
        else:
            chosen = set(universe)
        for n in negated:
            chosen -= n
        if excluded_works:
            chosen = {p for p in chosen if items.get(p, set()) - excluded_works}
            for pid in chosen:
                excluded_items[pid] |= excluded_works
        ref = query.reference
        if ref is not None and ref.others and ref.of.kind == "person":
            chosen -= set(ref.of.ids)
        order = {p.id: i for i, p in enumerate(self.lexicon.persons)}
        sel.persons = sorted(chosen, key=lambda pid: order.get(pid, len(order)))
        listed = [c for c in conditions if c.relation in ("topic", "project") and not c.negated]
        if len(listed) == 1:
            # Members of one topic or team: in the order its page lists them, so that
            # "ten prvý" is the first the page (and the answer) shows.
            sel.persons = self.page_order(listed[0], sel.persons)
        sel.items = {
            pid: sorted(items[pid] - excluded_items[pid]) for pid in sel.persons if items.get(pid)
        }
        if query.order == "surname":
            # "Zoraď ich abecedne podľa priezviska": as the user asked, so that "ten
            # tretí" is the third shown.
            entries = self.lexicon.person_by_id
            sel.persons = sorted(sel.persons, key=lambda p: (
                fold(entries[p].surname).lower() if p in entries else p,
                fold(entries[p].name).lower() if p in entries else p))  # fmt: skip
        elif query.order:
            sel.persons = self.by_year(sel.persons, sel.items, query.order)
            # The theses the order went by are shown with the persons (their years).
            known = self.lexicon.facts([p for p in sel.persons if p not in sel.items])
            for pid, facts in known.items():
                dated = [c.id for c in facts.theses if c.year]
                if dated:
                    sel.items[pid] = dated
        sel.topics = {p: v for p, v in kept.get("topic", {}).items() if p in chosen}
        sel.keywords = {p: v for p, v in kept.get("keyword", {}).items() if p in chosen}
        for relation in ("project", "role"):  # the memberships a condition asked for
            for p, v in kept.get(relation, {}).items():
                if p in chosen:
                    sel.projects.setdefault(p, [])
                    sel.projects[p] += [j for j in v if j not in sel.projects[p]]
        return sel


def listed_publicly(row: tuple) -> bool:
    """A topic's (project's) member row ``(person, topic, person published, topic
    published, topic page, evidence)`` a reader may see: the person's page is
    published, or the published topic (project) page itself lists them."""
    _pid, _oid, person_published, page_published, page, ev_json = row
    if person_published:
        return True
    return bool(page_published) and any(e.document_path == page for e in parse_evidence(ev_json))
