"""One typed query per question: ``understand(text, lexicon) -> Query``.

See ``model`` for what a query holds, ``understand`` for how it is read,
``describe`` for how it is said back. Every other layer reads the query,
never the raw text.
"""

from zpagent.query.describe import describe
from zpagent.query.lexicon import Lexicon
from zpagent.query.model import Condition, EntityRef, Query, Reference, ThesisClause
from zpagent.query.understand import understand, validate

__all__ = [
    "Condition",
    "EntityRef",
    "Lexicon",
    "Query",
    "Reference",
    "ThesisClause",
    "describe",
    "understand",
    "validate",
]
