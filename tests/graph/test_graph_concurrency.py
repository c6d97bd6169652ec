"""64 concurrent /graph clients for 60 s against a real server: the process survives.

Before the bounded connection pool, this load (every question of the graph
dataset, limit 100) filled LadybugDB's buffer pool: /graph answered 503
"buffer pool is full" from then on, until a new generation was published,
and the process segfaulted in 3 of 5 runs. Now: no worker dies, nothing but
200 and bounded 503s (reason ``overloaded`` with ``Retry-After``), and
/graph answers right after.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
from tests.live_server import Server
from zpagent.bench.load import run_load

GRAPH_DATASET = Path(__file__).resolve().parents[2] / "eval" / "datasets" / "graph.json"


def graph_bodies() -> list[dict]:
    items = json.loads(GRAPH_DATASET.read_text(encoding="utf-8"))["items"]
    return [{"query": i["query"], "limit": 100} for i in items]


def test_graph_survives_64_clients_for_60_seconds(sample_workspace, tmp_path):
    env = {
        "SEARCH_API_KEY": SEARCH_KEY,
        "SYNC_API_KEY": SYNC_KEY,
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
        "SYNC_WORKER_ENABLED": "false",
    }
    log = tmp_path / "server.log"
    server = Server(sample_workspace.data.root, log, env)
    try:
        server.wait_up()
        result = run_load(server.url, "/graph", graph_bodies(), 64, 10**6, 60, 60, SEARCH_KEY)
        after = httpx.post(
            f"{server.url}/graph",
            json={"query": "Aký je názov diplomovej práce Jána Holpa?"},
            headers={"X-API-Key": SEARCH_KEY},
            timeout=30,
        )
        supervisor_alive = server.proc.poll() is None
    finally:
        server.stop()
    text = log.read_text(errors="replace")
    assert supervisor_alive
    assert "died" not in text, text[-3000:]  # the supervisor logs every worker it replaces
    assert result["requests"] > 0 and result["timeout_rate"] == 0
    assert set(result["status"]) <= {"200", "503"}, result
    # Every refusal is the bounded queue's: reason and Retry-After.
    assert set(result["refusals"]) <= {"503 overloaded retry-after"}, result
    assert after.status_code == 200 and after.json()["status"] == "ok"
    assert "buffer pool is full" not in text
