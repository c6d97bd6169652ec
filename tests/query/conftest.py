"""The sample wiki's graph store, shared with the graph tests: questions are read
against the lexicon of a real store."""

from tests.graph.conftest import sample_payload, sample_store

__all__ = ["sample_payload", "sample_store"]
