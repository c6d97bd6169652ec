"""A real server under load while it changes or while its graph engine is pushed.

- ``publication``: 64 clients search while a new generation of the sample
  wiki (one more page) is published into the data directory the server
  serves; counts non-2xx answers and answers mixing two versions
  (``zpagent.bench.publication``).
- ``graph_load``: 64 clients post every question of the graph dataset
  (limit 100) to ``/graph`` for 60 s; counts statuses, bounded refusals and
  worker crashes (a worker process the supervisor had to replace), then
  asks once more.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from zpagent.bench.load import run_load
from zpagent.bench.publication import NEW_PAGE, NEW_TEXT, NEW_TITLE, Probe, publication_load
from zpagent.bench.servers import bench_workspace, start_server, stop_server, wait_http

Say = Callable[[str], None]


def bench_publication(wiki: Path, work: Path, say: Say, concurrency: int = 64) -> dict[str, Any]:
    data = work / "publication-data"
    shutil.rmtree(data, ignore_errors=True)
    copy = work / "publication-wiki"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(wiki, copy)
    ws = bench_workspace(data)
    say("publication: building the sample wiki")
    ws.index(copy)
    page = copy / NEW_PAGE
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(NEW_TEXT, encoding="utf-8")
    server, url, keys = start_server(
        data, {"SYNC_WORKER_ENABLED": "false"}, work, "publication.log"
    )
    probes = [
        Probe({"query": NEW_TITLE, "mode": "fts"}, new_title=NEW_TITLE),
        Probe({"query": "Aký názov práce má Ján Holp?"}),
    ]
    try:
        wait_http(url, server, ready=True)
        say(f"publication: {concurrency} clients searching while a new generation is published")
        result = publication_load(
            url,
            keys["SEARCH_API_KEY"],
            "/search",
            probes,
            concurrency,
            lambda: ws.index(copy)["version"],
            before_s=5.0,
            after_s=5.0,
        )
    finally:
        stop_server(server)
    return result


def bench_graph_load(
    data: Path, datasets: Path, work: Path, say: Say, concurrency: int = 64, seconds: float = 60
) -> dict[str, Any]:
    items = json.loads((datasets / "graph.json").read_text(encoding="utf-8"))["items"]
    bodies = [{"query": i["query"], "limit": 100} for i in items]
    server, url, keys = start_server(data, {"SYNC_WORKER_ENABLED": "false"}, work, "graph-load.log")
    key = keys["SEARCH_API_KEY"]
    try:
        wait_http(url, server, ready=True)
        say(f"graph_load: {concurrency} clients post /graph for {seconds:g} s")
        watch = WorkerWatch(server.pid)
        result = run_load(url, "/graph", bodies, concurrency, 10**7, seconds, 60, key)
        watch.stop()
        after = httpx.post(
            f"{url}/graph",
            json={"query": "Aký je názov diplomovej práce Jána Holpa?"},
            headers={"X-API-Key": key},
            timeout=60,
        )
        result["healthy_after"] = after.status_code == 200 and after.json()["status"] == "ok"
        result["supervisor_alive"] = server.poll() is None
    finally:
        stop_server(server)
    result["worker_crashes"] = watch.replaced()
    result["questions"] = len(bodies)
    return result


class WorkerWatch:
    """The supervisor's worker processes, sampled twice a second: a replaced one crashed."""

    def __init__(self, supervisor_pid: int) -> None:
        import threading

        self.pid = supervisor_pid
        self.seen: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._sample()
        self._first = set(self.seen)
        self._thread.start()

    def _sample(self) -> None:
        try:
            import psutil

            children = psutil.Process(self.pid).children()
            self.seen |= {p.pid for p in children if "spawn_main" in " ".join(p.cmdline())}
        except Exception:  # noqa: BLE001 - psutil missing or a process gone between calls
            pass

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            self._sample()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self._sample()

    def replaced(self) -> int:
        return len(self.seen - self._first)


__all__ = ["bench_graph_load", "bench_publication"]
