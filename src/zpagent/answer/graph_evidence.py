"""Evidence from the knowledge graph, as typed facts for verification."""

from __future__ import annotations

from zpagent.answer.evidence import Bundle
from zpagent.errors import RetrievalUnavailable
from zpagent.index.reader import Generation


def graph_available(gen: Generation) -> bool:
    try:
        import zpagent.graph.search  # noqa: F401
    except ImportError:
        return False
    return True


def graph_bundle(gen: Generation, question: str, include_unpublished: bool) -> Bundle:
    raise RetrievalUnavailable("the graph is not available in this build")
