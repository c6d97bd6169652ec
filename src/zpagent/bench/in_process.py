"""The sections measured inside this process: index, query and scale.

A cold, warm and incremental build of the sample wiki; search, RAG and graph
latency over the workload, cold and warm; and synthetic wikis of growing size
built with the hashing embedder.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from zpagent.bench.measure import _time_calls, git, peak_rss_mb
from zpagent.bench.options import BenchOptions, Say
from zpagent.bench.servers import bench_workspace
from zpagent.bench.stats import summarize_ms
from zpagent.graph.answers.search import graph_search
from zpagent.graph.understand import understand_in
from zpagent.workspace import Workspace

# --- index -----------------------------------------------------------------------------


def _rates(result: dict[str, Any]) -> dict[str, Any]:
    secs = result["seconds"]
    embed_s = result["phase_seconds"].get("embed") or 0.0
    return {
        "embedding_workers": result.get("embedding_workers"),
        "token_counts_computed": result.get("token_counts_computed"),
        "seconds": secs,
        "documents": result["documents"],
        "chunks": result["chunks"],
        "embedding_segments": result["embedding_segments"],
        "embedding_computed": result["embedding_computed"],
        "embedding_reused": result["embedding_reused"],
        "documents_per_s": round(result["documents"] / secs, 1),
        "chunks_per_s": round(result["chunks"] / secs, 1),
        "embedding_tokens_per_s": (
            round(result["embedding_tokens_computed"] / embed_s, 1) if embed_s > 0.05 else None
        ),
        "phase_seconds": result["phase_seconds"],
    }


def bench_index(opts: BenchOptions, work: Path, say: Say) -> dict[str, Any]:
    # Cold means cold: the seed cache shipped for the sample wiki is off.
    one = work / "index-data-one-worker"
    shutil.rmtree(one, ignore_errors=True)
    say("index: cold build, one embedding worker (empty cache, no seed)")
    cold_one = bench_workspace(one, embedding_seed_cache=False, embedding_workers=1).index(
        opts.wiki
    )
    shutil.rmtree(one, ignore_errors=True)
    data = work / "index-data"
    shutil.rmtree(data, ignore_errors=True)
    ws = bench_workspace(data, embedding_seed_cache=False)
    say("index: cold build, one embedding worker per core (empty cache, no seed)")
    cold = ws.index(opts.wiki)
    say("index: warm rebuild (same embedding cache)")
    warm = ws.index(opts.wiki)
    # Incremental: a Git copy of the wiki, one page changed, one sync.
    wiki = work / "incremental-wiki"
    shutil.rmtree(wiki, ignore_errors=True)
    shutil.copytree(opts.wiki, wiki)
    git(wiki, "init", "-q", "-b", "main")
    git(wiki, "add", "-A")
    git(wiki, "commit", "-q", "-m", "sample")
    ws_inc = bench_workspace(data, zpwiki_path=wiki)
    ws_inc.sync()
    page = sorted(wiki.glob("pages/students/*/*/README.md"))[0]
    page.write_text(page.read_text(encoding="utf-8") + "\nNová poznámka zo stretnutia.\n")
    git(wiki, "commit", "-qam", "one page changed")
    say("index: incremental sync of one changed page")
    t = time.perf_counter()
    inc = ws_inc.sync()
    inc_seconds = time.perf_counter() - t
    cold_rates, one_rates = _rates(cold), _rates(cold_one)
    tok, tok_one = cold_rates["embedding_tokens_per_s"], one_rates["embedding_tokens_per_s"]
    return {
        "cold_one_worker": one_rates,
        "cold": cold_rates,
        "cold_embedding_speedup": round(tok / tok_one, 2) if tok and tok_one else None,
        "warm": _rates(warm),
        "warm_speedup": round(cold["seconds"] / warm["seconds"], 1),
        "incremental_one_page": {
            "seconds": round(inc_seconds, 2),
            "embedding_computed": inc["embedding_computed"],
            "embedding_reused": inc["embedding_reused"],
            "reuse_ratio": round(inc["embedding_reused"] / max(1, inc["embedding_segments"]), 4),
        },
        "peak_rss_mb": peak_rss_mb(),
        "data_dir": str(data),
    }


# --- in-process queries -----------------------------------------------------------------


def bench_queries(ws: Workspace, queries: list[dict[str, Any]], say: Say) -> dict[str, Any]:
    from zpagent.rag.build import rag
    from zpagent.search.hybrid import search

    texts = [q["query"] for q in queries if q["endpoint"] in ("search", "rag")]
    result: dict[str, Any] = {"queries": len(texts)}
    with ws.open_current() as gen:
        emb = ws.embedder
        for mode in ("fts", "vector", "hybrid"):
            say(f"query: in-process {mode} search over {len(texts)} queries")

            def run(q: str, mode: str = mode) -> Any:
                return search(gen, emb if mode != "fts" else None, q, mode=mode)  # type: ignore[arg-type]

            _clear_query_caches(gen, emb)
            cold = _time_calls(run, texts)
            warm = _time_calls(run, texts)
            result[mode] = {"cold": summarize_ms(cold), "warm": summarize_ms(warm)}
        say("query: in-process RAG")
        _clear_query_caches(gen, emb)
        rag_cold = _time_calls(lambda q: rag(gen, emb, q), texts)
        rag_warm = _time_calls(lambda q: rag(gen, emb, q), texts)
        result["rag"] = {"cold": summarize_ms(rag_cold), "warm": summarize_ms(rag_warm)}
        graph_fn = graph_query_fn(ws, gen)
        graph_texts = [q["query"] for q in queries if q["endpoint"] == "graph"]
        if graph_fn is not None and graph_texts:
            say(f"query: in-process graph over {len(graph_texts)} queries")
            cold = _time_calls(graph_fn, graph_texts)
            warm = _time_calls(graph_fn, graph_texts)
            result["graph"] = {"cold": summarize_ms(cold), "warm": summarize_ms(warm)}
    return result


def _clear_query_caches(gen: Any, embedder: Any) -> None:
    """Cold means: no cached query vectors and no cached posting lists."""
    from zpagent.embed.queries import query_embedder

    query_embedder(embedder).clear_memory()
    index = gen.extras.pop("fts_terms", None)
    if index is not None:
        index.close()


def graph_query_fn(ws: Workspace, gen: Any) -> Callable[[str], Any] | None:
    """The graph search as a one-argument function, when the graph part is installed."""
    return lambda q: graph_search(gen, understand_in(gen, q, ws.settings), settings=ws.settings)


# --- scale -----------------------------------------------------------------------------------


def bench_scale(opts: BenchOptions, work: Path, say: Say) -> dict[str, Any]:
    from zpagent.search.hybrid import search
    from zpagent.synthetic import generate_wiki

    points = []
    probe = [
        "diplomová práca strojový preklad",
        "rozpoznávanie reči",
        "Ján Novák bakalárska práca",
        "chatbot",
        "neurónové siete v spracovaní textu",
        "vedúci práce Hládek",
        "sumarizácia dokumentov",
        "xqzvbn wpfkjr",
    ] * 10
    for n in opts.scale_sizes:
        wiki = work / f"synthetic-{n}"
        data = work / f"synthetic-{n}-data"
        shutil.rmtree(wiki, ignore_errors=True)
        shutil.rmtree(data, ignore_errors=True)
        say(f"scale: generating a synthetic wiki of {n} students")
        generate_wiki(wiki, n, seed=7)
        ws = bench_workspace(data, embedding_model="hash")
        say(f"scale: building {n} students (hashing embedder)")
        t = time.perf_counter()
        try:
            report = ws.index(wiki)
        except Exception as exc:  # noqa: BLE001 - one failed size must not lose the others
            points.append({"students": n, "error": getattr(exc, "reason", type(exc).__name__)})
            say(f"scale: {n} students failed: {exc}")
            continue
        build_s = time.perf_counter() - t
        with ws.open_current() as gen:
            point: dict[str, Any] = {
                "students": n,
                "documents": report["documents"],
                "chunks": report["chunks"],
                "build_seconds": round(build_s, 1),
                "phase_seconds": report["phase_seconds"],
            }
            emb = ws.embedder
            for mode in ("fts", "hybrid"):

                def run(q: str, mode: str = mode, emb: Any = emb) -> Any:
                    return search(gen, emb if mode != "fts" else None, q, mode=mode)  # type: ignore[arg-type]

                _time_calls(run, probe[:8])  # warm-up
                point[mode] = summarize_ms(_time_calls(run, probe))
        point["peak_rss_mb"] = peak_rss_mb()
        points.append(point)
        shutil.rmtree(wiki, ignore_errors=True)
        shutil.rmtree(data, ignore_errors=True)
    return {"embedder": "hash/384 (documents and queries)", "points": points}
