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

import json
import logging
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zpagent.bench import load
from zpagent.bench.progressive import bench_progressive
from zpagent.bench.servers import (
    bench_workspace,
    start_server,
    stop_server,
    wait_http,
)
from zpagent.bench.stats import summarize_ms
from zpagent.graph.answers.search import graph_search
from zpagent.graph.understand import understand_in
from zpagent.workspace import Workspace

log = logging.getLogger(__name__)

Say = Callable[[str], None]


@dataclass
class BenchOptions:
    wiki: Path
    datasets: Path
    out: Path = Path("benchmarks")
    sections: tuple[str, ...] = ("index", "query", "http", "scale")
    concurrency: tuple[int, ...] = (1, 4, 8, 16, 64)
    scale_sizes: tuple[int, ...] = (1000, 5000, 20000)
    http_requests: int = 300
    http_seconds: float = 30.0
    work_dir: Path | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


FALLBACK_QUERIES = [
    "Aký názov práce má Ján Holp?",
    "rozpoznávanie reči",
    "kto viedol diplomovú prácu o strojovom preklade",
    "git vetvy",
    "termín odovzdania záverečnej práce",
]


def workload(datasets: Path) -> list[dict[str, Any]]:
    """Queries of the performance dataset (falls back to the retrieval dev split)."""
    from zpagent.eval.datasets import load_dataset

    perf = datasets / "performance.json"
    if perf.exists():
        ds = load_dataset(perf)
        out = []
        for item in ds.items:
            e = ds.typed_expect(item)
            out.append(
                {
                    "query": item.query,
                    "endpoint": e.endpoint,
                    "limit": e.limit,
                    "profile": e.profile,
                }
            )
        return out
    retrieval = datasets / "retrieval.json"
    if not retrieval.exists():
        return [
            {"query": q, "endpoint": "search", "limit": 10, "profile": "short"}
            for q in FALLBACK_QUERIES
        ]
    ds = load_dataset(retrieval)
    return [
        {"query": i.query, "endpoint": "search", "limit": 10, "profile": i.category}
        for i in ds.select("dev")
    ]


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
    _git(wiki, "init", "-q", "-b", "main")
    _git(wiki, "add", "-A")
    _git(wiki, "commit", "-q", "-m", "sample")
    ws_inc = bench_workspace(data, zpwiki_path=wiki)
    ws_inc.sync()
    page = sorted(wiki.glob("pages/students/*/*/README.md"))[0]
    page.write_text(page.read_text(encoding="utf-8") + "\nNová poznámka zo stretnutia.\n")
    _git(wiki, "commit", "-qam", "one page changed")
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


def _git(cwd: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "bench",
        "GIT_AUTHOR_EMAIL": "bench@localhost",
        "GIT_COMMITTER_NAME": "bench",
        "GIT_COMMITTER_EMAIL": "bench@localhost",
    }
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, timeout=120)


# --- in-process queries -----------------------------------------------------------------


def _time_calls(fn: Callable[[str], Any], queries: list[str]) -> list[float]:
    out = []
    for q in queries:
        t = time.perf_counter()
        fn(q)
        out.append((time.perf_counter() - t) * 1000)
    return out


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


# --- HTTP --------------------------------------------------------------------------------


def _vm_hwm_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def _run_load(
    url: str, path: str, queries: Path, conc: int, requests: int, seconds: float, key: str
) -> dict[str, Any]:
    """One bounded load run from a separate process (``zpagent.bench.load``)."""
    return load.result_of(
        load.start(url, path, queries, conc, requests, seconds, key), seconds + 120
    )


def bench_http(
    opts: BenchOptions, data: Path, queries: list[dict[str, Any]], work: Path, say: Say
) -> dict[str, Any]:

    t0 = time.perf_counter()
    server, url, keys = start_server(
        data, {"SYNC_WORKER_ENABLED": "false"}, work, "bench-server.log"
    )
    try:
        wait_http(url, server, ready=True)
        startup_s = round(time.perf_counter() - t0, 2)
        results: dict[str, Any] = {"startup_seconds": startup_s, "runs": []}
        endpoints = {"search": "/search", "rag": "/rag"}
        if graph_query_fn(bench_workspace(data), None) is not None:
            endpoints["graph"] = "/graph"
        for name, path in endpoints.items():
            bodies = [
                {"query": q["query"], **({"limit": q["limit"]} if name == "search" else {})}
                for q in queries
                if q["endpoint"] == name or (name != "graph" and q["endpoint"] == "search")
            ] or [{"query": "Ján Holp"}]
            qfile = work / f"load-{name}.json"
            qfile.write_text(json.dumps(bodies, ensure_ascii=False), encoding="utf-8")
            distinct = list({json.dumps(b, sort_keys=True): b for b in bodies}.values())
            cold_file = work / f"load-{name}-cold.json"
            cold_file.write_text(json.dumps(distinct, ensure_ascii=False), encoding="utf-8")
            say(f"http: {path} cold (each distinct query once, concurrency 1)")
            cold = _run_load(
                url,
                path,
                cold_file,
                1,
                min(len(distinct), opts.http_requests),
                opts.http_seconds,
                keys["SEARCH_API_KEY"],
            )
            cold["phase"] = "cold"
            results["runs"].append(cold)
            for conc in opts.concurrency:
                say(f"http: {path} at concurrency {conc}")
                run = _run_load(
                    url,
                    path,
                    qfile,
                    conc,
                    opts.http_requests,
                    opts.http_seconds,
                    keys["SEARCH_API_KEY"],
                )
                run["phase"] = "warm"
                results["runs"].append(run)
        results["server_peak_rss_mb"] = _vm_hwm_mb(server.pid)
        return results
    finally:
        stop_server(server)


def _bench_chat_server(opts: BenchOptions, data: Path, work: Path, say: Say) -> dict[str, Any]:
    """The main agent over a real server (``zpagent.bench.chat``)."""
    from zpagent.bench.chat import bench_chat

    server, url, keys = start_server(
        data, {"SYNC_WORKER_ENABLED": "false"}, work, "bench-chat-server.log"
    )
    try:
        wait_http(url, server, ready=True)
        return bench_chat(url, keys["SEARCH_API_KEY"], opts.datasets, say)
    finally:
        stop_server(server)


# --- webhook to serving ----------------------------------------------------------------------


def bench_webhook(opts: BenchOptions, work: Path, say: Say) -> dict[str, Any]:
    """A real push to a bare origin, a signed webhook, until /health serves the new commit."""
    import hashlib
    import hmac

    import httpx

    origin = work / "gitea" / "zp" / "wiki.git"
    author, wiki, data = work / "wh-author", work / "wh-wiki", work / "wh-data"
    for d in (origin.parent, author, wiki, data):
        shutil.rmtree(d, ignore_errors=True)
    origin.mkdir(parents=True)
    _git(origin, "init", "-q", "--bare", "-b", "main")
    shutil.copytree(opts.wiki, author)
    _git(author, "init", "-q", "-b", "main")
    _git(author, "add", "-A")
    _git(author, "commit", "-q", "-m", "sample")
    _git(author, "remote", "add", "origin", str(origin))
    _git(author, "push", "-q", "origin", "main")
    _git(work, "clone", "-q", str(origin), str(wiki))
    server, url, keys = start_server(
        data,
        {
            "ZPWIKI_PATH": str(wiki),
            "EXPECTED_GITEA_REPOSITORY": "zp/wiki",
            "EXPECTED_GITEA_BRANCH": "main",
            "WEBHOOK_PULL_GIT": "true",
        },
        work,
        "webhook-server.log",
    )
    try:
        wait_http(url, server)
        sync_headers = {"X-API-Key": keys["SYNC_API_KEY"]}
        say("webhook: initial full sync through POST /sync")
        t = time.perf_counter()
        job = httpx.post(f"{url}/sync", json={}, headers=sync_headers, timeout=30).json()
        first = _wait_job(url, job["job_id"], sync_headers)
        full_s = time.perf_counter() - t
        page = sorted(author.glob("pages/students/*/*/README.md"))[0]
        page.write_text(page.read_text(encoding="utf-8") + "\nNová poznámka zo stretnutia.\n")
        _git(author, "commit", "-qam", "one page changed")
        _git(author, "push", "-q", "origin", "main")
        rev = subprocess.run(
            ["git", "-C", str(author), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        body = json.dumps(
            {"ref": "refs/heads/main", "after": rev, "repository": {"full_name": "zp/wiki"}}
        ).encode()
        sig = hmac.new(keys["WEBHOOK_SECRET"].encode(), body, hashlib.sha256).hexdigest()
        say("webhook: one-page push, signed webhook, wait until the new commit serves")
        t = time.perf_counter()
        r = httpx.post(
            f"{url}/webhook/gitea",
            content=body,
            timeout=30,
            headers={
                "X-Gitea-Event": "push",
                "X-Gitea-Signature": sig,
                "X-Gitea-Delivery": rev,
                "Content-Type": "application/json",
            },
        )
        while time.perf_counter() - t < 300:
            health = httpx.get(f"{url}/health", timeout=10).json()
            if (health.get("index_version") or {}).get("wiki_revision") == rev and health["ready"]:
                break
            time.sleep(0.05)
        elapsed = time.perf_counter() - t
        job = _wait_job(url, r.json()["job_id"], sync_headers)
        result = job.get("result") or {}
        return {
            "webhook_to_serving_seconds": round(elapsed, 2),
            "full_sync_seconds": round(full_s, 2),
            "first_sync_embedding_computed": (first.get("result") or {}).get("embedding_computed"),
            "embedding_computed": result.get("embedding_computed"),
            "embedding_reused": result.get("embedding_reused"),
            "reuse_ratio": round(
                (result.get("embedding_reused") or 0)
                / max(1, result.get("embedding_segments") or 1),
                4,
            ),
        }
    finally:
        stop_server(server)


def _wait_job(url: str, job_id: str, headers: dict[str, str]) -> dict[str, Any]:
    import httpx

    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 600:
        job = httpx.get(f"{url}/sync/jobs/{job_id}", headers=headers, timeout=10).json()
        if job["state"] in ("succeeded", "failed"):
            if job["state"] == "failed":
                raise RuntimeError(f"sync job failed: {job.get('error')}")
            return job
        time.sleep(0.1)
    raise RuntimeError("sync job did not finish")


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
