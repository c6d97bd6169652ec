"""A publication under load, against a real server: nothing refused, no mixed answers.

Before, requests that arrived during the switch were refused with 503
(9 at concurrency 16, 288 at 64 in one switch). The benchmark runs the
same check at concurrency 64 (``zpagent bench --sections publication``).
"""

from __future__ import annotations

import shutil

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
from tests.conftest import make_workspace
from tests.live_server import Server
from zpagent.bench.publication import NEW_PAGE, NEW_TEXT, NEW_TITLE, Probe, publication_load


def test_no_request_is_refused_during_a_publication(tiny_wiki, tmp_path):
    wiki = tmp_path / "wiki"
    shutil.copytree(tiny_wiki, wiki)
    ws = make_workspace(tmp_path / "data")
    old = ws.index(wiki)["version"]
    page = wiki / NEW_PAGE
    page.parent.mkdir(parents=True)
    page.write_text(NEW_TEXT, encoding="utf-8")
    env = {
        "SEARCH_API_KEY": SEARCH_KEY,
        "SYNC_API_KEY": SYNC_KEY,
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
        "SYNC_WORKER_ENABLED": "false",
    }
    server = Server(ws.data.root, tmp_path / "server.log", env)
    probes = [
        Probe({"query": NEW_TITLE, "mode": "fts"}, new_title=NEW_TITLE),
        Probe({"query": "Ján Holp"}),
    ]
    try:
        server.wait_up()
        result = publication_load(
            server.url, SEARCH_KEY, "/search", probes, 16, lambda: ws.index(wiki)["version"]
        )
    finally:
        server.stop()
    assert result["non_2xx"] == 0 and result["transport_errors"] == 0, result
    assert result["old_versions"] == [old] and result["new_version"] != old
    assert result["versions"] == sorted([old, result["new_version"]])  # both served, nothing else
    assert result["mixed_responses"] == 0
    assert result["back_to_old_version"] == 0
    assert result["requests_during_publication"] > 0
