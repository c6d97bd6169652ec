"""64 concurrent /graph requests against a real server: no request may fail.

A 256 MB LadybugDB buffer pool without a bound on concurrent queries failed
about a fifth of them under this load (found by zpagent bench).
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
from tests.live_server import Server
from zpagent.bench.load import run_load

PERFORMANCE = Path(__file__).resolve().parents[2] / "eval" / "datasets" / "performance.json"


def test_graph_under_concurrency(sample_workspace, tmp_path):
    items = json.loads(PERFORMANCE.read_text(encoding="utf-8"))["items"]
    bodies = [{"query": i["query"]} for i in items if i["expect"].get("endpoint") == "graph"]
    env = {
        "SEARCH_API_KEY": SEARCH_KEY,
        "SYNC_API_KEY": SYNC_KEY,
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
        "SYNC_WORKER_ENABLED": "false",
    }
    server = Server(sample_workspace.data.root, tmp_path / "server.log", env)
    try:
        server.wait_up()
        result = run_load(server.url, "/graph", bodies, 64, 256, 60, 30, SEARCH_KEY)
    finally:
        server.stop()
    assert result["requests"] == 256
    assert result["status"] == {"200": 256}, (tmp_path / "server.log").read_text()[-3000:]
