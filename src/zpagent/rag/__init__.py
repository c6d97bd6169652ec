"""RAG: evidence from hybrid retrieval, grounding rules, a token budget."""
