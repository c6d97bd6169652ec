"""The query type, the two dialects, and the registry every query joins.

``Query`` carries a shared text and its per-dialect overrides; ``_q`` makes one,
with its whitespace folded, and records it in ``QUERIES`` (the differential test
runs every query there on both engines).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

LADYBUG = "ladybug"
NEO4J = "neo4j"


@dataclass(frozen=True)
class Query:
    name: str
    text: str
    overrides: Mapping[str, str] = field(default_factory=dict)

    def for_dialect(self, dialect: str) -> str:
        return self.overrides.get(dialect, self.text)


QUERIES: dict[str, Query] = {}


def _q(name: str, text: str, **overrides: str) -> Query:
    query = Query(
        name, " ".join(text.split()), {k: " ".join(v.split()) for k, v in overrides.items()}
    )
    QUERIES[name] = query
    return query
