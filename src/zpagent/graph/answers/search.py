"""Graph search: a typed query in, a contract v1 ``GraphResponse`` out.

    Query (zpagent.query) -> by what it asks:
        fact, profile      the named persons' facts        (person)
        a project's leader
        or year            the named team project's facts  (project)
        list, count,
        who_wrote          the selection, listed, counted  (lists)
        shared, path,
        pages_by_author,
        page_author        links between entities          (links)
        anything else      no_answer: text retrieval answers it

The library raises typed errors (``GraphUnavailable`` when the store
cannot answer); transports convert them with ``error_result``. Everything
else is an envelope: ``ok``, ``no_answer`` (with the reason and the near
misses) or ``ambiguous`` (with the candidates). Never a guess.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zpagent.config import Settings, get_settings
from zpagent.graph.answers import links, lists
from zpagent.graph.answers.context import Context
from zpagent.graph.answers.person import person_facts
from zpagent.graph.answers.project import project_facts, topic_leader_facts, topics_led
from zpagent.graph.answers.resolve import add_rejected, record_match, unresolved
from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.answers.via import via_answer
from zpagent.graph.contract import GraphResponse
from zpagent.graph.coverage import load_coverage
from zpagent.graph.lexicon import load_lexicon
from zpagent.graph.store.base import GraphStore
from zpagent.graph.store.serving import graph_store, served_index_version
from zpagent.index.reader import Generation
from zpagent.ingest.text import fold
from zpagent.query import Query
from zpagent.query.lexicon import COMMON_FIRST_NAME_FORMS

DEFAULT_LIMIT = 10
MAX_LIMIT = 100
EVIDENCE_LIMIT = 5


def facts_answer(ctx: Context) -> GraphResponse:
    """``fact`` and ``profile``: every named person's asked facts."""
    b = ctx.builder
    persons = []
    for ref in ctx.query.subjects:
        if ref.status != "resolved":
            return unresolved(b, ctx.lexicon, ref.status, ref, ctx.include_unpublished)
        record_match(b, ctx.lexicon, ref)
        entry = ctx.lexicon.person_by_id[ref.resolved]  # type: ignore[index]
        if entry not in persons:
            persons.append(entry)
    for ref in ctx.query.refs():
        if ref.kind == "person" and ref.status != "resolved" and ref not in ctx.query.subjects:
            return unresolved(b, ctx.lexicon, ref.status, ref, ctx.include_unpublished)
    # A name beside them that fits nobody is ruled out with its near misses.
    for name in ctx.query.unknown_names:
        words = name.split()
        if (
            len(words) >= 2
            and fold(words[0]) in COMMON_FIRST_NAME_FORMS | ctx.lexicon.first_name_forms
        ):
            add_rejected(b, name, ctx.lexicon, ctx.include_unpublished)
    for person in persons:
        person_facts(ctx, person)
    if not b.answers:
        return b.build("no_answer", "no_matching_facts")
    return b.build("ok")


HANDLERS: dict[str, Callable[[Context], GraphResponse]] = {
    "fact": facts_answer,
    "profile": facts_answer,
    "list": lists.set_answer,
    "count": lists.set_answer,
    "who_wrote": lists.set_answer,
    **links.HANDLERS,
}


def search_store(
    store: GraphStore,
    query: Query,
    *,
    index_version: dict[str, Any] | None,
    limit: int = DEFAULT_LIMIT,
    include_unpublished: bool = False,
    evidence_limit: int = EVIDENCE_LIMIT,
) -> GraphResponse:
    """Answer ``query`` from the graph in ``store``."""
    limit = max(1, min(int(limit), MAX_LIMIT))
    lexicon = load_lexicon(store)
    builder = ResponseBuilder(store, query.text, index_version, limit, evidence_limit)
    builder.question = query
    ctx = Context(store, lexicon, query, builder, limit, include_unpublished, load_coverage(store))
    if query.via is not None:
        # "Kto konzultoval bakalárku X a ako sa volá jeho dizertačka?": two hops.
        return via_answer(ctx, facts_answer, HANDLERS.get)
    if query.asks_project:
        # "Kto bol vedúci tímového projektu X?": the project's own facts.
        return project_facts(ctx)
    if query.asks_topic_leader:
        return topic_leader_facts(ctx)  # "Kto vedie tému X?"
    if query.unit == "topics":
        return topics_led(ctx)  # "Ktoré témy vedie Bielik?"
    if query.ask in ("fact", "profile") and not query.subjects:
        return builder.build("no_answer", "no_matching_facts")
    if query.ask == "content" and (query.clauses or query.conditions or query.reference):
        # "O čom sú práce, ktoré viedol X?": the graph gives the set; text says the rest.
        return lists.set_answer(ctx)
    handler = HANDLERS.get(query.ask)
    if handler is None:
        return builder.build("no_answer", "no_matching_facts")
    return handler(ctx)


def graph_search(
    gen: Generation,
    query: Query,
    *,
    settings: Settings | None = None,
    limit: int = DEFAULT_LIMIT,
    include_unpublished: bool = False,
) -> GraphResponse:
    """Graph search over a served generation: the entry point of every transport.

    The store is the generation's (embedded) or Neo4j (``GRAPH_BACKEND``),
    opened once per generation; the ``index_version`` reported is the one
    the store carries.
    """
    settings = settings or get_settings()
    store = graph_store(gen, settings)
    # One admission per request: a request past the queue never half-runs.
    with store.session():
        index_version = served_index_version(store, gen, settings)
        response = search_store(
            store,
            query,
            index_version=index_version,
            limit=limit,
            include_unpublished=include_unpublished,
        )
        # Neo4j is rewritten by publications while requests run: an answer
        # whose graph moved under it could mix two versions, so it is refused.
        served_index_version(store, gen, settings)
    return response
