"""Vector entry: when a question names nothing the graph knows, the best text
hits lead into the graph.

    best chunks -[:ABOUT|MENTIONS|EVIDENCE_FOR]-> persons, theses, topics
      supervision + bridge  -> who led the best hit's thesis -> what else they led
      topic                 -> the topic the hits are about -> its students
      who / which students  -> a topic's own page among the hits -> its students
      topic + a list asked  -> the topic the hit persons share -> its students
      otherwise             -> the pages the hits are about or mention

Only the best ``ENTRY_CHUNKS`` hits are followed, and each branch follows
one relation for a reason stated in the scope's steps.
"""

from __future__ import annotations

from zpagent.graph.answers.page_set import Scope, Seeds, Step
from zpagent.graph.answers.walk import Walker
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.query.lexicon import Lexicon

ENTRY_CHUNKS = 3


def expand_from_chunks(
    store: GraphStore,
    lexicon: Lexicon,
    question_scope: Scope,
    chunk_ids: list[str],
    *,
    include_unpublished: bool,
    max_pages: int,
) -> Scope:
    """The set the best hits (``chunk_ids``, best first) lead to, for the question
    of ``question_scope`` (its intents, parse and sources); ``open`` when they
    lead nowhere in the graph."""
    query = question_scope.question
    assert query is not None
    scope = Scope(
        "ok",
        route="vector_entry",
        intents=question_scope.intents,
        question=query,
        builder=question_scope.builder,
    )
    entry = chunk_ids[:ENTRY_CHUNKS]
    rows = store.query(q.CHUNK_LINKS, ids=entry, include_unpublished=include_unpublished)
    rank = {c: i for i, c in enumerate(entry)}
    # Best hit first; what a chunk is about before what it mentions.
    rows.sort(key=lambda r: (rank[r[0]], r[1] != "ABOUT", r[1], r[2], r[3]))
    persons: dict[str, str] = {}  # person id -> page
    theses: dict[str, tuple[str, str]] = {}  # thesis id -> (chunk, page)
    topics: list[str] = []  # mentioned or written about
    topic_pages: list[str] = []  # topics whose own page is among the hits
    for chunk, rel, label, xid, page in rows:
        if label == "Person" and page:
            persons.setdefault(xid, page)
        elif label == "Thesis" and page:
            theses.setdefault(xid, (chunk, page))
        elif label == "Topic":
            topics += [xid] if xid not in topics else []
            topic_pages += [xid] if rel == "ABOUT" and xid not in topic_pages else []
    scope.steps.append(
        Step(
            f"(:Chunk {{the best {len(entry)} text hits}})-[:ABOUT|MENTIONS|EVIDENCE_FOR]->()",
            "vector entry: the text hits lead into the graph",
            f"{len(persons)} person(s), {len(theses)} thesis(es), {len(topics)} topic(s)",
        )
    )
    walker = Walker(store, lexicon, query, scope, include_unpublished, max_pages)
    intents = set(scope.intents)
    owner = {page: pid for pid, page in persons.items()}
    if "supervision" in intents and "bridge" in intents and theses:
        first_chunk = next(iter(theses.values()))[0]
        best = [
            (tid, owner.get(page, ""), page)
            for tid, (chunk, page) in theses.items()
            if chunk == first_chunk
        ]
        return walker.same_supervisor(Seeds(theses=best, source="the best hit's thesis"))
    if "topic" in intents and topics:
        return walker.topic_members(topics[0], "the topic of the best hits")
    if topic_pages and query.listing:
        # "Ktorí študenti ...?" answered by a topic's page: its students.
        return walker.topic_members(topic_pages[0], "the topic page among the best hits")
    named = [(pid, _name(lexicon, pid), page) for pid, page in persons.items()]
    if "topic" in intents and named and query.listing:
        return walker.same_topic(Seeds(persons=named, source="the persons of the best hits"))
    seeds = Seeds(
        persons=named[:max_pages],
        theses=[(tid, owner.get(page, ""), page) for tid, (_c, page) in theses.items()],
        source="the best text hits",
    )
    if not seeds.persons and not seeds.theses:
        scope.status = "open"  # the hits lead nowhere in the graph
        return scope
    scope.connected = True
    return walker.own_pages(seeds)


def _name(lexicon: Lexicon, person_id: str) -> str:
    entry = lexicon.person_by_id.get(person_id)
    return entry.name if entry else person_id
