"""The sections measured against a real ``zpagent serve``: http, chat and webhook.

Each starts a server on 127.0.0.1 and drives it from outside: a load process
at several concurrency levels, the main agent streamed, and a signed webhook
after a real push until the new commit serves.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

from zpagent.bench import load
from zpagent.bench.in_process import graph_query_fn
from zpagent.bench.measure import git
from zpagent.bench.options import BenchOptions, Say
from zpagent.bench.servers import (
    bench_workspace,
    start_server,
    stop_server,
    wait_http,
)

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
    git(origin, "init", "-q", "--bare", "-b", "main")
    shutil.copytree(opts.wiki, author)
    git(author, "init", "-q", "-b", "main")
    git(author, "add", "-A")
    git(author, "commit", "-q", "-m", "sample")
    git(author, "remote", "add", "origin", str(origin))
    git(author, "push", "-q", "origin", "main")
    git(work, "clone", "-q", str(origin), str(wiki))
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
        git(author, "commit", "-qam", "one page changed")
        git(author, "push", "-q", "origin", "main")
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
