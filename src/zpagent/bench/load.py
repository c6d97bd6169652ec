"""HTTP load generator, run as a separate process against 127.0.0.1 only.

    python -m zpagent.bench.load --url http://127.0.0.1:8000 --endpoint /search \
        --concurrency 16 --requests 400 --max-seconds 30 --queries q.json

Bounded in request count and in time (and stopped by SIGTERM); prints one
JSON summary on stdout.
The API key comes from the environment (ZPAGENT_BENCH_KEY), never argv.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import httpx

from zpagent.bench.stats import summarize_ms


def run_load(
    url: str,
    endpoint: str,
    queries: list[dict],
    concurrency: int,
    requests: int,
    max_seconds: float,
    timeout: float,
    key: str | None,
    honor_retry_after: bool = False,
) -> dict:
    host = urlparse(url).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the load generator only targets 127.0.0.1")
    lock = threading.Lock()
    latencies: list[float] = []
    counts: dict = {"ok": 0, "error": 0, "timeout": 0, "status": {}, "refusals": {}}
    next_index = [0]
    deadline = time.monotonic() + max_seconds
    headers = {"X-API-Key": key} if key else {}

    def worker() -> None:
        with httpx.Client(base_url=url, headers=headers, timeout=timeout) as client:
            while time.monotonic() < deadline and not STOP.is_set():
                with lock:
                    i = next_index[0]
                    if i >= requests:
                        return
                    next_index[0] += 1
                body = queries[i % len(queries)]
                t = time.perf_counter()
                try:
                    r = client.post(endpoint, json=body)
                    ms = (time.perf_counter() - t) * 1000
                    refusal = None if r.status_code == 200 else _refusal(r)
                    with lock:
                        latencies.append(ms)
                        key_ = str(r.status_code)
                        counts["status"][key_] = counts["status"].get(key_, 0) + 1
                        counts["ok" if r.status_code == 200 else "error"] += 1
                        if refusal:
                            counts["refusals"][refusal] = counts["refusals"].get(refusal, 0) + 1
                    wait = r.headers.get("retry-after") if honor_retry_after else None
                    if r.status_code == 503 and wait and wait.isdigit():
                        STOP.wait(min(float(wait), 30.0))  # as an HTTP client with retries does
                except httpx.TimeoutException:
                    with lock:
                        counts["timeout"] += 1
                except httpx.HTTPError:
                    with lock:
                        counts["error"] += 1

    t0 = time.perf_counter()
    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    sent = counts["ok"] + counts["error"] + counts["timeout"]
    return {
        "endpoint": endpoint,
        "concurrency": concurrency,
        "requests": sent,
        "seconds": round(wall, 2),
        "rps": round(sent / wall, 1) if wall else 0.0,
        "error_rate": round(counts["error"] / sent, 4) if sent else 0.0,
        "timeout_rate": round(counts["timeout"] / sent, 4) if sent else 0.0,
        "status": counts["status"],
        "refusals": counts["refusals"],
        "latency_ms": summarize_ms(latencies),
    }


def _refusal(r: httpx.Response) -> str:
    """``"503 overloaded retry-after"``: status, stable reason, whether Retry-After was sent."""
    try:
        reason = r.json().get("reason")
    except ValueError:
        reason = None
    retry = " retry-after" if r.headers.get("retry-after") else ""
    return f"{r.status_code} {reason}{retry}"


def start(
    url: str,
    endpoint: str,
    queries_file: Path,
    concurrency: int,
    requests: int,
    max_seconds: float,
    key: str,
    timeout: float | None = None,
    honor_retry_after: bool = False,
) -> subprocess.Popen:
    """This load generator in a process of its own; its stdout is the JSON summary.

    The key travels in the environment, never on the command line.
    """
    args = [sys.executable, "-m", "zpagent.bench.load", "--url", url, "--endpoint", endpoint]
    args += ["--queries", str(queries_file), "--concurrency", str(concurrency)]
    args += ["--requests", str(requests), "--max-seconds", str(max_seconds)]
    if timeout is not None:
        args += ["--timeout", str(timeout)]
    if honor_retry_after:
        args.append("--honor-retry-after")
    env = {**os.environ, "ZPAGENT_BENCH_KEY": key}
    return subprocess.Popen(args, env=env, stdout=subprocess.PIPE, text=True)


def result_of(proc: subprocess.Popen, timeout: float) -> dict:
    """Wait for a started load generator and read its summary."""
    out, _ = proc.communicate(timeout=timeout)
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, proc.args, out)
    return json.loads(out)


# Set by SIGTERM (``main``): the clients stop and the summary is still printed.
STOP = threading.Event()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--url", required=True)
    p.add_argument("--endpoint", default="/search")
    p.add_argument("--queries", required=True, help="JSON list of request bodies")
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--requests", type=int, default=200)
    p.add_argument("--max-seconds", type=float, default=30.0)
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument(
        "--honor-retry-after",
        action="store_true",
        help="After a 503 with Retry-After, wait that long before the next request.",
    )
    args = p.parse_args(argv)
    with open(args.queries, encoding="utf-8") as fh:
        queries = json.load(fh)
    signal.signal(signal.SIGTERM, lambda *_: STOP.set())
    result = run_load(
        args.url,
        args.endpoint,
        queries,
        args.concurrency,
        args.requests,
        args.max_seconds,
        args.timeout,
        os.environ.get("ZPAGENT_BENCH_KEY"),
        args.honor_retry_after,
    )
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
