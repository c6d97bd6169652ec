"""ZP Agent: grounded RAG + GraphRAG over a Git-hosted Markdown wiki of final theses."""

__version__ = "0.1.0"
