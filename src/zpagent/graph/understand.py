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
from zpagent.errors import RetrievalUnavailable
from zpagent.graph.lexicon import load_lexicon
from zpagent.graph.store.serving import graph_store
from zpagent.index.reader import Generation
from zpagent.query import Lexicon, Query, understand

log = logging.getLogger(__name__)


def lexicon_for(gen: Generation, settings: Settings) -> Lexicon:
    """The generation's lexicon; an empty one when its graph cannot be read."""
    try:
        return load_lexicon(graph_store(gen, settings))
    except RetrievalUnavailable:
        log.info("no graph for this generation: questions name nobody")
        return Lexicon()


def understand_in(
    gen: Generation,
    text: object,
    settings: Settings,
    include_unpublished: bool = False,
    now: dt.datetime | None = None,
) -> Query:
    """The typed query of ``text`` (``InvalidQuery`` when empty or too long); ``now``:
    the moment "za posledný týždeň" counts from (the clock by default)."""
    lexicon = lexicon_for(gen, settings)
    return understand(text, lexicon, include_unpublished=include_unpublished, now=now)
