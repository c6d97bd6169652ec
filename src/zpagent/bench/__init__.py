"""Benchmarks: index build, incremental sync, query latency, HTTP load, scaling."""
