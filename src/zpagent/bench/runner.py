"""``zpagent bench``: every speed claim as a number anyone can reproduce.

Sections (each can be skipped):

- ``index``: cold build of the sample wiki (empty data dir and embedding
  cache, the shipped seed cache off) with one embedding worker (the
  sequential path of earlier versions) and with one worker per core, warm
  rebuild (same cache), and an incremental sync of one changed page;
  documents/s, chunks/s, embedding tokens/s, peak memory.
- ``hostile``: the sample wiki with and without the hostile set
  (``zpagent.bench.hostile``), each built in its own process: build time and
  peak RSS.
- ``query``: in-process latency of fts / vector / hybrid search and RAG
  (and graph when available) over the performance workload, first pass
  (cold) and second pass (warm).
- ``http``: a real ``zpagent serve`` on 127.0.0.1 and a separate load
  process at several concurrency levels; the time from a signed webhook for
  a one-page push to the new generation serving.
- ``webhook``: a real Git origin, a one-page push and a signed webhook to a
  real server: seconds until ``/health`` serves the new commit.
- ``scale``: synthetic wikis of increasing size, built with the hashing
  embedder (the model would take hours; its throughput is measured in
  ``index`` and extrapolated), build time and search p50/p99 against size.
- ``query_cpu``, ``flood``: what a query costs (``zpagent.bench.query_cost``).
- ``publication``, ``graph_load``: a real server under load while it
  publishes, and its graph engine pushed (``zpagent.bench.serving_load``).
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from zpagent.bench.in_process import bench_index, bench_queries, bench_scale
from zpagent.bench.measure import peak_rss_mb
from zpagent.bench.options import BenchOptions, Say, workload
from zpagent.bench.progressive import bench_progressive
from zpagent.bench.server_sections import _bench_chat_server, bench_http, bench_webhook
from zpagent.bench.servers import bench_workspace

log = logging.getLogger(__name__)


# --- orchestration ---------------------------------------------------------------------------

RUNTIME_SECTIONS = {"query_cpu", "flood", "publication", "graph_load"}


def run_runtime_sections(
    opts: BenchOptions, data: Path, queries: list[dict[str, Any]], work: Path, say: Say
) -> dict[str, Any]:
    from zpagent.bench.query_cost import bench_flood, bench_query_cpu
    from zpagent.bench.serving_load import bench_graph_load, bench_publication

    out: dict[str, Any] = {}
    if "query_cpu" in opts.sections:
        out["query_cpu"] = bench_query_cpu(bench_workspace(data), queries, work, say)
    if "flood" in opts.sections:
        out["flood"] = bench_flood(data, queries, work, say)
    if "publication" in opts.sections:
        out["publication"] = bench_publication(opts.wiki, work, say)
    if "graph_load" in opts.sections:
        out["graph_load"] = bench_graph_load(data, opts.datasets, work, say)
    # Sections run alone keep their figures across runs: each says which run made it.
    run = {
        "command": " ".join(["zpagent bench", *opts.extra.get("argv", [])]),
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    for section in out.values():
        section["run"] = run
    return out


def run_bench(opts: BenchOptions, say: Say = lambda s: None) -> dict[str, Any]:
    # One warning line per problem page is right for an operator, noise here.
    logging.getLogger("zpagent.ingest.scan").setLevel(logging.ERROR)
    work = opts.work_dir or Path(tempfile.mkdtemp(prefix="zpagent-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    queries = workload(opts.datasets)
    results: dict[str, Any] = {
        "started_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "command": " ".join(["zpagent bench", *opts.extra.get("argv", [])]),
    }
    index_data: Path | None = None
    if "index" in opts.sections:
        results["index"] = bench_index(opts, work, say)
        index_data = Path(results["index"].pop("data_dir"))
    if index_data is None and ({"query", "http", "chat", *RUNTIME_SECTIONS} & set(opts.sections)):
        index_data = work / "index-data"
        bench_workspace(index_data).index(opts.wiki)
    if "query" in opts.sections:
        assert index_data is not None
        results["query"] = bench_queries(bench_workspace(index_data), queries, say)
    if "http" in opts.sections:
        assert index_data is not None
        results["http"] = bench_http(opts, index_data, queries, work, say)
    if "chat" in opts.sections:
        assert index_data is not None
        results["chat"] = _bench_chat_server(opts, index_data, work, say)
    if "webhook" in opts.sections:
        results["webhook"] = bench_webhook(opts, work, say)
    if "scale" in opts.sections:
        results["scale"] = bench_scale(opts, work, say)
    if "progressive" in opts.sections:
        results["progressive"] = bench_progressive(opts, work, say)
    if "hostile" in opts.sections:
        from zpagent.bench.hostile import bench_hostile

        results["hostile"] = bench_hostile(opts.wiki, work, say)
    if RUNTIME_SECTIONS & set(opts.sections):
        assert index_data is not None
        results.update(run_runtime_sections(opts, index_data, queries, work, say))
    results["peak_rss_mb"] = peak_rss_mb()
    results["finished_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if opts.work_dir is None:
        shutil.rmtree(work, ignore_errors=True)
    return results
