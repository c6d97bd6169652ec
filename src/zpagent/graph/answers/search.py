"""Graph search: a question in, a contract v1 ``GraphResponse`` out.

    parse (understand.parse) -> resolve names (resolve) -> run the type's
    queries (person, lists, links) -> response

The library raises typed errors (``InvalidQuery`` for an empty question,
``GraphUnavailable`` when the store cannot answer); transports convert them
with ``error_result``. Everything else is an envelope: ``ok``,
``no_answer`` (with the reason and the near misses) or ``ambiguous`` (with
the candidates). Never a guess.
"""

from __future__ import annotations

import copy
from typing import Any

from zpagent.config import Settings, get_settings
from zpagent.graph.answers import links, lists, person
from zpagent.graph.answers.context import Context
from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.contract import GraphResponse
from zpagent.graph.store.base import GraphStore
from zpagent.graph.store.serving import graph_store, served_index_version
from zpagent.graph.understand.lexicon import load_lexicon
from zpagent.graph.understand.parse import ParsedQuestion, parse_question
from zpagent.index.reader import Generation
from zpagent.question import Question, analyze

DEFAULT_LIMIT = 10
MAX_LIMIT = 100
EVIDENCE_LIMIT = 5


def search_store(
    store: GraphStore,
    query: Question | str,
    *,
    index_version: dict[str, Any] | None,
    limit: int = DEFAULT_LIMIT,
    include_unpublished: bool = False,
    evidence_limit: int = EVIDENCE_LIMIT,
    parsed: ParsedQuestion | None = None,
) -> GraphResponse:
    """Answer ``query`` from the graph in ``store`` (``parsed``: its parse, when made)."""
    question = analyze(query) if isinstance(query, str) else query
    limit = max(1, min(int(limit), MAX_LIMIT))
    lexicon = load_lexicon(store)
    if parsed is not None:
        pq = copy.copy(parsed)  # handlers may refine the type; the caller's parse stays
    else:
        pq = parse_question(question, lexicon, include_unpublished)
    builder = ResponseBuilder(store, question.text, index_version, limit, evidence_limit)
    builder.question = pq
    ctx = Context(store, lexicon, pq, builder, limit, include_unpublished)
    handlers = {
        **person.HANDLERS,
        **lists.HANDLERS,
        **links.HANDLERS,
    }
    handler = handlers.get(pq.type)
    if handler is None:
        return builder.build("no_answer", "no_matching_facts")
    return handler(ctx)


def graph_search(
    gen: Generation,
    query: Question | str,
    *,
    settings: Settings | None = None,
    limit: int = DEFAULT_LIMIT,
    include_unpublished: bool = False,
    parsed: ParsedQuestion | None = None,
) -> GraphResponse:
    """Graph search over a served generation: the entry point of every transport.

    The store is the generation's (embedded) or Neo4j (``GRAPH_BACKEND``),
    opened once per generation; the ``index_version`` reported is the one
    the store carries.
    """
    settings = settings or get_settings()
    question = analyze(query) if isinstance(query, str) else query
    store = graph_store(gen, settings)
    # One admission per request: a request past the queue never half-runs.
    with store.session():
        index_version = served_index_version(store, gen, settings)
        response = search_store(
            store,
            question,
            index_version=index_version,
            limit=limit,
            include_unpublished=include_unpublished,
            parsed=parsed,
        )
        # Neo4j is rewritten by publications while requests run: an answer
        # whose graph moved under it could mix two versions, so it is refused.
        served_index_version(store, gen, settings)
    return response
