"""Graph build and query timings: ``python -m zpagent.bench.graph_scale``.

Measures, for the sample wiki and for a synthetic wiki of N students:
payload extraction, the LadybugDB load, the Neo4j write (when NEO4J_URI is
set), and graph query latency (p50/p95) over the graph dataset's questions,
in-process, on a warm store. Embeddings are not part of the graph and are
not computed here.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from zpagent.graph.answers.search import search_store
from zpagent.graph.build.extract import build_payload
from zpagent.graph.store.base import GraphStore
from zpagent.graph.store.ladybug_store import LadybugStore
from zpagent.ingest.chunker import Chunker
from zpagent.ingest.scan import scan_wiki

REPO = Path(__file__).resolve().parents[3]
SAMPLE = REPO / "examples" / "zpwiki"
DATASET = REPO / "eval" / "datasets" / "graph.json"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def latency(store: GraphStore, questions: list[str], rounds: int = 2) -> dict[str, float]:
    index_version = {"version": "bench"}
    t0 = time.perf_counter()
    search_store(store, questions[0], index_version=index_version)  # lexicon load
    first = (time.perf_counter() - t0) * 1000
    times = []
    for _ in range(rounds):
        for question in questions:
            t = time.perf_counter()
            search_store(store, question, index_version=index_version)
            times.append((time.perf_counter() - t) * 1000)
    return {
        "first_query_ms": round(first, 2),
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(percentile(times, 95), 2),
        "queries": len(times),
    }


def measure(wiki: Path, questions: list[str], work: Path) -> dict[str, Any]:
    t = time.perf_counter()
    docs = scan_wiki(wiki).documents
    chunker = Chunker()
    chunks = [c for d in docs for c in chunker.chunk(d.path, d.title, d.body)]
    scan_chunk = time.perf_counter() - t
    t = time.perf_counter()
    payload = build_payload(docs, chunks)
    payload_s = time.perf_counter() - t
    store, report = LadybugStore.build(work / "graph.lbug", payload, {"version": "bench"})
    store.close()
    out: dict[str, Any] = {
        "documents": len(docs),
        "chunks": len(chunks),
        "nodes": len(payload.nodes) + 1,
        "relationships": len(payload.rels),
        "scan_and_chunk_s": round(scan_chunk, 3),
        "payload_s": round(payload_s, 3),
        "ladybug_load_s": report.seconds,
    }
    embedded = LadybugStore(work / "graph.lbug")
    try:
        out["embedded"] = latency(embedded, questions)
    finally:
        embedded.close()
    if os.environ.get("NEO4J_URI"):
        from zpagent.graph.store.neo4j_store import Neo4jStore

        neo = Neo4jStore(
            os.environ["NEO4J_URI"],
            os.environ.get("NEO4J_USER", "neo4j"),
            os.environ.get("NEO4J_PASSWORD"),
            os.environ.get("NEO4J_DATABASE", "neo4j"),
        )
        try:
            out["neo4j_write_s"] = neo.replace_graph(payload, {"version": "bench"}).seconds
            out["neo4j"] = latency(neo, questions, rounds=1)
        finally:
            neo.close()
    return out


def sample_questions() -> list[str]:
    data = json.loads(DATASET.read_text(encoding="utf-8"))
    return [item["query"] for item in data["items"]]


def synthetic_questions(truth: dict[str, Any]) -> list[str]:
    """The graph dataset's question templates over the synthetic wiki's truth."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_graph_dataset", REPO / "eval" / "datasets" / "make_graph_dataset.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # The generator pairs persons (quadratic): questions about a sample of them.
    persons = truth["persons"][:400]
    ids = {p["id"] for p in persons}
    ambiguous = [a for a in truth["ambiguous_names"] if set(a["person_ids"]) <= ids]
    topics = [{**t, "students": [s for s in t["students"] if s in ids]} for t in truth["topics"]]
    sample = {**truth, "persons": persons, "ambiguous_names": ambiguous, "topics": topics}
    items = module.build(sample)["items"]
    return [item["query"] for item in items][::2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m zpagent.bench.graph_scale", description=__doc__
    )
    parser.add_argument("--students", type=int, default=5000, help="synthetic wiki size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-synthetic", action="store_true")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="zpagent-graph-bench-") as tmp:
        work = Path(tmp)
        (work / "sample").mkdir()
        results["sample"] = measure(SAMPLE, sample_questions(), work / "sample")
        if not args.skip_synthetic:
            from zpagent.synthetic import generate_wiki

            t = time.perf_counter()
            truth = generate_wiki(work / "wiki", args.students, seed=args.seed)
            generated = time.perf_counter() - t
            (work / "synthetic").mkdir()
            synthetic = measure(work / "wiki", synthetic_questions(truth), work / "synthetic")
            synthetic["students"] = args.students
            synthetic["generate_s"] = round(generated, 2)
            results["synthetic"] = synthetic
    sys.stdout.write(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
