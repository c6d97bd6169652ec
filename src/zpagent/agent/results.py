"""What an answer to a query shows, in order: the items a follow-up can point at.

"a kto viedol toho posledného?" needs the last list as it was shown. The
items are the graph's selection for lists and counts (persons in the
order the graph lists them, each with the theses that made them fit), and
the named persons' theses for facts. Only the graph is asked, never text
retrieval or a model: this runs for every earlier turn of a conversation.
"""

from __future__ import annotations

from zpagent.agent.state import Item
from zpagent.graph.select import Selector
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.query import EntityRef, Query
from zpagent.query.lexicon import Lexicon, PersonFacts, ThesisCard
from zpagent.query.narrow import fits

MAX_ITEMS = 50


def items_of(
    query: Query, store: GraphStore | None, lexicon: Lexicon, include_unpublished: bool
) -> list[Item]:
    if store is None:
        return []
    if query.ask in ("list", "count", "who_wrote"):
        sel = Selector(store, lexicon, include_unpublished).select(query)
        if sel.status != "ok":
            return []
        out: list[Item] = []
        persons = sel.persons
        if query.position is not None:  # the one the answer showed
            persons = persons[query.position - 1 : query.position]
        for pid in persons[:MAX_ITEMS]:
            theses = sel.items.get(pid, [])
            if query.unit == "theses" and theses:
                out += [Item(pid, tid) for tid in theses]
            else:
                out.append(Item(pid))
        return out
    if query.ask in ("fact", "profile"):
        ids = [s.resolved for s in query.subjects if s.resolved]
        known = lexicon.facts(ids)
        out = []
        for pid in ids:
            facts = known.get(pid)
            theses = [t for t in facts.theses if _fits(t, query)] if facts else []
            # As the answer shows them: by year, a thesis without one first.
            theses.sort(key=lambda t: (t.year is not None, t.year or 0))
            out += [Item(pid, t.id, t.kind) for t in theses] or [Item(pid)]
        return out
    return []


def things_of(
    query: Query, store: GraphStore | None, lexicon: Lexicon, include_unpublished: bool
) -> tuple[EntityRef, ...]:
    """The team projects and topics an answer was about: those the query named, or
    the team projects of the one person a question about works was asked of."""
    named = tuple(
        r for c in query.conditions if not c.negated and c.relation in ("project", "topic")
        for r in c.refs if r.resolved
    )  # fmt: skip
    if named or store is None:
        return named
    if query.unit == "topics":
        # "Ktorú z nich vedie Bielik?": the topics the answer listed.
        leaders = [i for c in query.clauses for r in c.supervisors for i in r.ids]
        rows = (store.query(q.TOPICS_LED_BY, ids=leaders, include_unpublished=include_unpublished)
                if leaders else [])  # fmt: skip
        return tuple(dict.fromkeys(
            EntityRef("topic", r[1], None, (r[0],), "context", names=(r[1],)) for r in rows
        ))  # fmt: skip
    subjects = [s.resolved for s in query.subjects if s.resolved]
    if len(subjects) == 1 and query.ask in ("fact", "profile") and "topics" in query.attributes:
        rows = store.query(q.PERSON_TOPICS, ids=subjects, include_unpublished=include_unpublished)
        return tuple(EntityRef("topic", r[2], None, (r[1],), "context", names=(r[2],))
                     for r in rows)  # fmt: skip
    about_works = "works" in query.attributes or "team_project" in query.kinds
    if len(subjects) != 1 or query.ask not in ("fact", "profile") or not about_works:
        return ()
    rows = store.query(q.PERSON_PROJECTS, ids=subjects, include_unpublished=include_unpublished)
    return tuple(
        EntityRef("project", title, None, (jid,), "context", names=(title,))
        for _pid, jid, title, _path, _ev in rows
    )


def _fits(thesis: ThesisCard, query: Query) -> bool:
    clauses = [c for c in query.clauses if not c.negated and not c.empty]
    return not clauses or fits(PersonFacts(thesis.id, (thesis,)), tuple(clauses), ())


def leaders_of(
    query: Query, store: GraphStore | None, include_unpublished: bool
) -> tuple[str, ...]:
    """ "Kto vedie tému konverzačné systémy?": the one leader the answer named, whom
    "koľko prác viedol v roku 2023?" is about next."""
    if store is None or not query.asks_topic_leader:
        return ()
    topics = [i for c in query.conditions if c.relation == "topic" and not c.negated
              for r in c.refs for i in r.ids]  # fmt: skip
    rows = store.query(q.TOPIC_LEADERS, ids=topics, include_unpublished=include_unpublished)
    leaders = tuple(dict.fromkeys(r[3] for r in rows))
    return leaders if len(leaders) == 1 else ()
