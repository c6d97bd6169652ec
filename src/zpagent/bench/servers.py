"""Real servers and workspaces for the benchmarks: ``zpagent serve`` on a free port
with fresh keys, waited for and stopped (shared by every benchmark section)."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from zpagent.config import Settings
from zpagent.workspace import Workspace


def bench_workspace(data: Path, **overrides: Any) -> Workspace:
    return Workspace(Settings(_env_file=None, zpagent_data_dir=data, **overrides))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    data: Path, extra_env: dict[str, str], work: Path, log_name: str
) -> tuple[subprocess.Popen, str, dict[str, str]]:
    """A real ``zpagent serve`` on a free 127.0.0.1 port with fresh keys."""
    port = free_port()
    keys = {
        name: secrets.token_urlsafe(32)
        for name in ("SEARCH_API_KEY", "SYNC_API_KEY", "WEBHOOK_SECRET")
    }
    env = {**os.environ, **keys, **extra_env}
    args = [
        sys.executable,
        "-m",
        "zpagent",
        "serve",
        "--port",
        str(port),
        "--data",
        str(data),
        "--log-level",
        "warning",
    ]
    with open(work / log_name, "wb") as fh:
        server = subprocess.Popen(args, stdout=fh, stderr=subprocess.STDOUT, env=env, cwd=work)
    return server, f"http://127.0.0.1:{port}", keys


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()


def wait_http(url: str, server: subprocess.Popen, ready: bool = False) -> None:
    """Until /health answers (and says ready, when asked)."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 120:
        if server.poll() is not None:
            raise RuntimeError("the benchmark server exited")
        try:
            health = httpx.get(f"{url}/health", timeout=2).json()
            if not ready or health.get("ready"):
                return
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.2)
    raise RuntimeError("the benchmark server did not start")
