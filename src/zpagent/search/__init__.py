"""Hybrid retrieval: FTS5/BM25 and dense vectors, fused by their confidence."""
