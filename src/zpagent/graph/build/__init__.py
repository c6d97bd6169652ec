"""Extraction: pages -> typed facts -> the graph payload (build time)."""
