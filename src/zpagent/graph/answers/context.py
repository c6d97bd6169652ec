"""What every answer handler gets: the store, the lexicon, the typed query."""

from __future__ import annotations

from dataclasses import dataclass, field

from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.coverage import RelationCoverage
from zpagent.graph.store.base import GraphStore
from zpagent.query import Query
from zpagent.query.lexicon import Lexicon


@dataclass
class Context:
    store: GraphStore
    lexicon: Lexicon
    query: Query
    builder: ResponseBuilder
    limit: int
    include_unpublished: bool
    coverage: dict[str, RelationCoverage] = field(default_factory=dict)
