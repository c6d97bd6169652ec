"""``zpagent bench --sections chat`` against a real server: conversations played
as a client plays them, judged like ``zpagent eval conversations``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api.conftest import SEARCH_KEY
from tests.live_server import Server
from zpagent.bench.chat import bench_chat

DATASETS = Path(__file__).resolve().parents[2] / "eval" / "datasets"


@pytest.fixture(scope="module")
def server(sample_workspace, tmp_path_factory):
    srv = Server(
        sample_workspace.data.root,
        tmp_path_factory.mktemp("bench-chat") / "log",
        {"SEARCH_API_KEY": SEARCH_KEY, "SYNC_WORKER_ENABLED": "false"},
    )
    srv.wait_up()
    yield srv
    srv.stop()


def test_the_chat_benchmark_plays_and_judges_conversations(server):
    said: list[str] = []
    report = bench_chat(server.url, SEARCH_KEY, DATASETS, said.append, limit=8)
    assert [r["concurrency"] for r in report["runs"]] == [1, 4] and len(said) == 2
    for run in report["runs"]:
        assert run["requests"] == 8
        assert run["accuracy"] == 1.0  # follow-ups answered about the right person
        lat = run["first_byte_ms"]
        assert 0 < lat["p50"] <= run["total_ms"]["p99"]


def test_a_wrong_answer_is_judged_wrong(server, tmp_path):
    """The judge reads the server's answer: a conversation expecting another fact fails."""
    import json

    data = json.loads((DATASETS / "conversations.json").read_text(encoding="utf-8"))
    item = next(i for i in data["items"] if i["expect"].get("facts") and i["expect"].get("person"))
    item["expect"]["facts"] = ["Názov, ktorý vo wiki nie je"]
    data["items"] = [item]
    (tmp_path / "conversations.json").write_text(json.dumps(data), encoding="utf-8")
    report = bench_chat(server.url, SEARCH_KEY, tmp_path, lambda _: None)
    assert [r["accuracy"] for r in report["runs"]] == [0.0, 0.0]
