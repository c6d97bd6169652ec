"""What every answer handler gets: the store, the lexicon, the parsed question."""

from __future__ import annotations

from dataclasses import dataclass

from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.store.base import GraphStore
from zpagent.graph.understand.lexicon import Lexicon
from zpagent.graph.understand.parse import ParsedQuestion


@dataclass
class Context:
    store: GraphStore
    lexicon: Lexicon
    pq: ParsedQuestion
    builder: ResponseBuilder
    limit: int
    include_unpublished: bool
