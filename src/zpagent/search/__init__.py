"""Hybrid retrieval: FTS5/BM25 and dense vectors, fused with RRF."""
