"""``zpagent serve`` runs its workers under a supervisor that replaces a dead one.

A native engine can still crash (LadybugDB segfaulted under load before its
pool was bounded); the port must come back by itself, without an operator.
"""

from __future__ import annotations

import os
import signal
import time

import httpx
import psutil
import pytest

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
from tests.live_server import Server

ENV_KEYS = {
    "SEARCH_API_KEY": SEARCH_KEY,
    "SYNC_API_KEY": SYNC_KEY,
    "WEBHOOK_SECRET": WEBHOOK_SECRET,
    "SYNC_WORKER_ENABLED": "false",
}


def workers(server: Server) -> set[int]:
    """The supervisor's worker processes (multiprocessing children, not its resource tracker)."""
    children = psutil.Process(server.proc.pid).children()
    return {p.pid for p in children if "spawn_main" in " ".join(p.cmdline())}


def wait_ready(server: Server, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            body = httpx.get(f"{server.url}/health", timeout=2).json()
            if body.get("ready"):
                return body
        except (httpx.HTTPError, ValueError):
            pass
        time.sleep(0.2)
    raise AssertionError("the server did not come back")


def two_workers_up(server: Server) -> set[int]:
    """Wait until a ``--workers 2`` server answers and runs both workers; their pids."""
    server.wait_up()
    wait_ready(server)
    deadline = time.monotonic() + 60
    while len(workers(server)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    return workers(server)


@pytest.mark.parametrize("sig", [signal.SIGSEGV, signal.SIGKILL])
def test_a_crashed_worker_is_replaced(tiny_workspace, tmp_path, sig):
    server = Server(tiny_workspace.data.root, tmp_path / "server.log", ENV_KEYS)
    try:
        server.wait_up()
        wait_ready(server)
        (first,) = workers(server)
        os.kill(first, sig)  # what a native crash looks like from outside
        wait_ready(server)
        (second,) = workers(server)
        r = httpx.post(
            f"{server.url}/search",
            json={"query": "Ján Holp"},
            headers={"X-API-Key": SEARCH_KEY},
            timeout=30,
        )
        supervisor_alive = server.proc.poll() is None
    finally:
        server.stop()
    assert second != first
    assert supervisor_alive
    assert r.status_code == 200 and r.json()["results"][0]["title"] == "Ján Holp"
    assert f"Child process [{first}] died" in (tmp_path / "server.log").read_text()


def test_two_workers_share_the_port(tiny_workspace, tmp_path):
    server = Server(tiny_workspace.data.root, tmp_path / "server.log", ENV_KEYS, ["--workers", "2"])
    try:
        pids = two_workers_up(server)
        statuses = {
            httpx.post(
                f"{server.url}/search",
                json={"query": "Ján Holp"},
                headers={"X-API-Key": SEARCH_KEY},
                timeout=30,
            ).status_code
            for _ in range(10)
        }
    finally:
        server.stop()
    assert len(pids) == 2
    assert statuses == {200}


def test_connections_of_the_served_socket_have_nagle_off():
    """The supervisor's socket (uvicorn's ``bind_socket``, protocol 0) gets no
    ``TCP_NODELAY`` from asyncio; without it every request after the first on a
    kept-alive connection waited ~40 ms for a delayed ACK."""
    import socket

    import uvicorn

    from zpagent.api.serve import nodelay

    listener = uvicorn.Config(app=None, host="127.0.0.1", port=0).bind_socket()
    try:
        nodelay(listener)
        listener.listen(1)  # uvicorn listens in the worker
        client = socket.create_connection(listener.getsockname()[:2])
        accepted, _ = listener.accept()
        try:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        finally:
            accepted.close()
            client.close()
    finally:
        listener.close()


def test_workers_die_with_a_killed_supervisor(tiny_workspace, tmp_path):
    """``kill -9`` of the supervisor (an OOM kill, a crash) takes its workers with it,
    so a restarted server can bind the port again."""
    server = Server(tiny_workspace.data.root, tmp_path / "server.log", ENV_KEYS, ["--workers", "2"])
    try:
        pids = two_workers_up(server)
        assert len(pids) == 2
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        while any(psutil.pid_exists(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.1)
        alive = [p for p in pids if psutil.pid_exists(p)]
        for p in alive:
            os.kill(p, signal.SIGKILL)  # do not leave a stray worker behind a failing test
    finally:
        server.stop()
    assert alive == []
    # The port is free: a new server binds it and answers.
    again = Server(tiny_workspace.data.root, tmp_path / "again.log", ENV_KEYS, port=server.port)
    try:
        again.wait_up()
        assert wait_ready(again)
    finally:
        again.stop()
