"""A question read against a served generation: the edge where a ``Query`` is made.

Transports (through the facade) call ``understand_in`` once per question;
every layer below reads the query. The lexicon is the generation's graph's
(``graph.lexicon``); without a graph (an index built without one, a Neo4j
that is down) the query still knows its cue words, kinds, years, small talk
and history intent, and names nobody.
"""

from __future__ import annotations

import datetime as dt
import logging

from zpagent.config import Settings
from zpagent.embed.base import Embedder
from zpagent.errors import RetrievalUnavailable
from zpagent.graph.lexicon import load_lexicon
from zpagent.graph.store.serving import graph_store
from zpagent.index.reader import Generation
from zpagent.query import Lexicon, Query, understand
from zpagent.query.meaning import PhraseMeaning
from zpagent.search.said import SaidIn

log = logging.getLogger(__name__)


def lexicon_for(gen: Generation, settings: Settings, embedder: Embedder | None = None) -> Lexicon:
    """The generation's lexicon; an empty one when its graph cannot be read. With
    ``embedder``, it links topics, projects and roles named in another language by
    meaning (``query.meaning``), once per lexicon."""
    try:
        lexicon = load_lexicon(graph_store(gen, settings))
    except RetrievalUnavailable:
        log.info("no graph for this generation: questions name nobody")
        return Lexicon()
    if embedder is not None and lexicon.meaning is None:
        lexicon.meaning = PhraseMeaning(embedder.embed_passages, embedder.embed_query)
    if lexicon.said is None:
        lexicon.said = SaidIn(gen)
    return lexicon


def understand_in(
    gen: Generation,
    text: object,
    settings: Settings,
    include_unpublished: bool = False,
    now: dt.datetime | None = None,
    embedder: Embedder | None = None,
) -> Query:
    """The typed query of ``text`` (``InvalidQuery`` when empty or too long); ``now``:
    the moment "za posledný týždeň" counts from (the clock by default)."""
    lexicon = lexicon_for(gen, settings, embedder)
    return understand(text, lexicon, include_unpublished=include_unpublished, now=now)
