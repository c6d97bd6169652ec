"""What a query costs: CPU per new and repeated question, and ordinary searches in a flood.

``query_cpu`` (in-process, one query at a time): wall and CPU milliseconds
(``time.process_time`` of the whole process, so the embedding workers
count) per hybrid search, for

- ``today``: the query embedding as it was before this benchmark existed,
  one serialized thread calling the engine with its default OpenMP threads,
  the whole query embedded;
- ``new``: ``zpagent.embed.queries`` (single-threaded workers, the token
  cap), first sight of each question;
- ``repeated``: the same questions again, from memory; and ``restarted``:
  from the persistent query-vector cache after a "restart" (a new
  embedder over the same file);
- ``busy``: today's path and the new one again on other new questions while
  one CPU-bound process per core runs beside them (a host busy with other
  requests or a build, where the engine's OpenMP threads spin and wait:
  the condition in which the old path was measured at ~39 ms CPU).

``flood`` (a real server): ordinary new questions at concurrency 4, first
quiet, then while 16 clients send long (~2,000-character) new questions,
once waiting the ``Retry-After`` of each refusal and once not.
"""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from zpagent.bench import load
from zpagent.bench.servers import start_server, stop_server, wait_http
from zpagent.bench.stats import summarize_ms
from zpagent.embed.queries import QueryEmbedder
from zpagent.embed.query_limits import QueryLimits

Say = Callable[[str], None]

WORDS = (
    "práca študent vedúci téma rok reč preklad model dáta sieť systém jazyk text "
    "obraz hlas analýza metóda výsledok návrh aplikácia webová databáza graf učenie "
    "klasifikácia rozpoznávanie slovenčina korpus hodnotenie experiment"
).split()


class TodayE5:
    """The query path as it was: ``embed_query`` on the engine's one calling thread
    (all cores per call through OpenMP), no cap, nothing batched."""

    def __init__(self, embedder: Any) -> None:
        self.inner = embedder
        self.model_id = embedder.model_id
        self.fingerprint = embedder.fingerprint + "-today"  # never shares cached vectors
        self.dim = embedder.dim
        self.max_tokens = embedder.max_tokens

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self.inner.embed_passages(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self.inner.embed_query(text)

    def token_count(self, text: str) -> int:
        return self.inner.token_count(text)


def _measure(fn: Callable[[str], Any], queries: list[str]) -> dict[str, Any]:
    wall, cpu = [], []
    for q in queries:
        t, c = time.perf_counter(), time.process_time()
        fn(q)
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return {"wall_ms": summarize_ms(wall), "cpu_ms": summarize_ms(cpu)}


def bench_query_cpu(ws: Any, queries: list[dict[str, Any]], work: Path, say: Say) -> dict[str, Any]:
    from zpagent.search.hybrid import search

    texts = [q["query"] for q in queries if q["endpoint"] in ("search", "rag")]
    store = work / "bench_query_vectors.sqlite"
    store.unlink(missing_ok=True)
    limits = QueryLimits.from_settings(ws.settings)
    today = QueryEmbedder(TodayE5(ws.embedder), QueryLimits(max_tokens=512, workers=1))
    new = QueryEmbedder(ws.embedder, limits, store=store)
    out: dict[str, Any] = {
        "queries": len(texts),
        "distinct_queries": len(set(texts)),
        "limits": dict(limits.__dict__),
    }
    with ws.open_current() as gen:
        for emb in (today, new):
            search(gen, emb, "zahrievací dotaz")  # threads and lemmas loaded, not measured
        say(f"query_cpu: {len(texts)} new questions, today's embedding path and the new one")
        out["today_new"] = _measure(lambda q: search(gen, today, q), texts)
        out["new_new"] = _measure(lambda q: search(gen, new, q), texts)
        say("query_cpu: the same questions again (memory), then after a restart (disk cache)")
        out["new_repeated"] = _measure(lambda q: search(gen, new, q), texts)
        new.close()
        restarted = QueryEmbedder(ws.embedder, limits, store=store)
        search(gen, restarted, "zahrievací dotaz")
        warm_hits = restarted.stats["store_hits"]
        out["new_restarted"] = _measure(lambda q: search(gen, restarted, q), texts)
        out["restarted_store_hits"] = restarted.stats["store_hits"] - warm_hits
        restarted.close()
        today.close()
        say("query_cpu: today's path and the new one on a busy host (a CPU hog per core)")
        busy_texts = [f"{t} {WORDS[i % len(WORDS)]} zaneprázdnený" for i, t in enumerate(texts)]
        today_busy = QueryEmbedder(TodayE5(ws.embedder), QueryLimits(max_tokens=512, workers=1))
        new_busy = QueryEmbedder(ws.embedder, limits)
        with _cpu_hogs(limits.worker_count()):
            for emb in (today_busy, new_busy):
                search(gen, emb, "zahrievací dotaz na vyťaženom stroji")
            out["today_busy"] = _measure(lambda q: search(gen, today_busy, q), busy_texts)
            out["new_busy"] = _measure(lambda q: search(gen, new_busy, q), busy_texts)
        today_busy.close()
        new_busy.close()
    for label, today_key, new_key in (
        ("cpu_p50_ratio_new_to_today", "today_new", "new_new"),
        ("busy_cpu_p50_ratio_new_to_today", "today_busy", "new_busy"),
    ):
        a, b = out[today_key]["cpu_ms"]["p50"], out[new_key]["cpu_ms"]["p50"]
        out[label] = round(b / a, 3) if a else None
    return out


@contextlib.contextmanager
def _cpu_hogs(n: int) -> Iterator[None]:
    """``n`` processes spinning on a core each, for the length of the block."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]
    try:
        time.sleep(0.5)  # running before the first measured question
        yield
    finally:
        for proc in procs:
            proc.kill()
        for proc in procs:
            proc.wait(timeout=30)


# --- a flood of long queries against a real server --------------------------------------------


def _unique_ordinary(queries: list[dict[str, Any]], n: int, seed: int) -> list[dict[str, Any]]:
    """New questions every time: a workload question plus two words (no cached vector)."""
    rng = random.Random(seed)
    base = [q["query"] for q in queries if q["endpoint"] in ("search", "rag")]
    return [
        {"query": f"{rng.choice(base)} {rng.choice(WORDS)} {rng.choice(WORDS)} {i}"}
        for i in range(n)
    ]


def _long_queries(n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        text = f"{i} " + " ".join(rng.choice(WORDS) for _ in range(400))
        out.append({"query": text[:2000]})
    return out


def _cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and its children (a server's workers), 0 once gone."""
    import psutil

    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0.0
    total = 0.0
    for proc in procs:
        try:
            t = proc.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += t.user + t.system
    return total


def bench_flood(
    data: Path, queries: list[dict[str, Any]], work: Path, say: Say, requests: int = 300
) -> dict[str, Any]:
    """Ordinary questions quiet, then during two floods of long ones: clients that wait
    the ``Retry-After`` of a refusal (as HTTP clients with retries do), and clients that
    send again at once (an attacker)."""

    server, url, keys = start_server(data, {"SYNC_WORKER_ENABLED": "false"}, work, "flood.log")
    key = keys["SEARCH_API_KEY"]

    def bodies(name: str, items: list[dict[str, Any]]) -> Path:
        path = work / f"flood-{name}.json"
        path.write_text(json.dumps(items), encoding="utf-8")
        return path

    def ordinary(seed: int, flood: subprocess.Popen | None = None) -> dict[str, Any]:
        """The ordinary clients' run, with the cores the server and the flood used meanwhile
        (all on this machine: the attacker's own clients take CPU from the server)."""
        file = bodies(f"ordinary-{seed}", _unique_ordinary(queries, requests, seed))
        t0 = time.perf_counter()
        server0, flood0 = _cpu_seconds(server.pid), flood and _cpu_seconds(flood.pid)
        result = load.result_of(load.start(url, "/search", file, 4, requests, 120, key, 60), 300)
        wall = time.perf_counter() - t0
        result["server_cores"] = round((_cpu_seconds(server.pid) - server0) / wall, 2)
        if flood is not None:
            result["flood_client_cores"] = round((_cpu_seconds(flood.pid) - flood0) / wall, 2)
        return result

    out: dict[str, Any] = {}
    try:
        wait_http(url, server, ready=True)
        warm = bodies("warm", _unique_ordinary(queries, 20, 99))
        load.result_of(load.start(url, "/search", warm, 1, 20, 60, key, 60), 180)
        say(f"flood: {requests} ordinary new questions, concurrency 4, quiet")
        out["quiet"] = ordinary(1)
        for n, (name, paced) in enumerate((("paced", True), ("unpaced", False)), start=2):
            say(f"flood: the same while 16 clients send ~2,000-character questions ({name})")
            long_file = bodies(f"long-{name}", _long_queries(20_000, 10 + n))
            flood = load.start(url, "/search", long_file, 16, 10**6, 300, key, 60, paced)
            time.sleep(2.0)  # the flood is under way
            during = ordinary(n, flood)
            flood.terminate()  # the load process stops its clients and reports
            out[name] = {"ordinary": during, "long_queries": load.result_of(flood, 120)}
    finally:
        stop_server(server)
    quiet = out["quiet"]["latency_ms"]
    for name in ("paced", "unpaced"):
        lat = out[name]["ordinary"]["latency_ms"]
        out[name]["p99_ratio"] = round(lat["p99"] / quiet["p99"], 2) if quiet.get("p99") else None
        out[name]["p50_ratio"] = round(lat["p50"] / quiet["p50"], 2) if quiet.get("p50") else None
    return out


__all__ = ["bench_flood", "bench_query_cpu"]
