"""A sync of an unchanged wiki publishes nothing; webhook input never makes a 500.

Before: four pushes without changes published four generations, a replayed
signed body under a new delivery id re-triggered syncs without end, a
deeply nested signed body and a delivery id reused after an ignored
delivery answered ``500 internal_error``.
"""

from __future__ import annotations

import json

from tests.sync.conftest import git
from tests.sync.test_pipeline import NEW_PAGE, NEW_TEXT, ws_for
from tests.sync.test_sync_more import generations, sync_app, wait_job, webhook
from tests.sync.test_webhook_e2e import payload, sign
from zpagent.index import datadir as dd


def test_a_sync_of_the_published_snapshot_publishes_nothing(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    first = ws.sync()
    assert first["outcome"] == "published"
    again = ws.sync()
    assert again["outcome"] == "unchanged" and again["version"] == first["version"]
    assert dd.read_pointer(ws.data)["version"] == first["version"]
    assert generations(ws) == [first["version"]]
    # an uncommitted edit is a change (the source hash differs) ...
    page = repos.wiki / "pages/guides/git/README.md"
    page.write_text("# Git\n\nNová verzia návodu.\n", encoding="utf-8")
    edited = ws.sync()
    assert edited["outcome"] == "published" and edited["version"] != first["version"]
    # ... so is a new commit with the same pages (another revision) ...
    git(repos.wiki, "commit", "-qam", "edit")
    committed = ws.sync()
    assert committed["outcome"] == "published"
    assert committed["index_version"]["wiki_revision"] == repos.head()
    assert ws.sync()["outcome"] == "unchanged"
    # ... and so is a setting that changes what a build produces
    other = ws_for(repos, tmp_path, wiki_base_url="https://zp.example.edu/")
    assert other.sync()["outcome"] == "published"
    # ``zpagent index`` always builds
    assert ws.index()["outcome"] == "published"


def test_a_replayed_webhook_with_a_new_delivery_id_does_not_republish(repos, tmp_path):
    repos.push(NEW_PAGE, NEW_TEXT)
    body = payload()
    with sync_app(repos, tmp_path) as client:
        first = wait_job(client, webhook(client, body, "delivery-1").json()["job_id"])
        assert first["state"] == "succeeded" and first["result"]["outcome"] == "published"
        replay = webhook(client, body, "delivery-2")
        assert replay.status_code == 202
        again = wait_job(client, replay.json()["job_id"])
        assert again["state"] == "succeeded"
        assert again["result"]["outcome"] == "unchanged"
        assert again["result"]["version"] == first["result"]["version"]
        health = client.get("/health").json()
        assert health["index_version"]["version"] == first["result"]["version"]


def test_webhook_input_that_used_to_answer_500(repos, tmp_path):
    with sync_app(repos, tmp_path, sync_worker_enabled=False) as client:
        # a signed body nested deeper than the JSON parser's recursion limit
        deep = b"[" * 100_000 + b"]" * 100_000
        r = webhook(client, deep, "delivery-deep")
        assert r.status_code == 422 and r.json()["reason"] == "invalid_request"
        deep_object = ('{"a":' * 50_000 + "1" + "}" * 50_000).encode()
        assert webhook(client, deep_object, "delivery-deep-2").status_code == 422
        # a delivery id first ignored (another branch), then reused for a push
        other = payload(ref="refs/heads/other")
        r = webhook(client, other, "delivery-reused")
        assert r.status_code == 200 and r.json()["reason"] == "other_branch"
        r = webhook(client, payload(), "delivery-reused")
        assert r.status_code == 200
        assert r.json() == {
            "status": "ignored",
            "reason": "duplicate_delivery",
            "job_id": None,
            "status_url": None,
            "coalesced": False,
        }
        # odd delivery ids: long, spaces only, unusual characters
        for delivery in (
            "x" * 5000,
            "   ",
            "ž-☃-\t-id",
            "../../etc/passwd",
            "'; DROP TABLE jobs;--",
        ):
            headers = {
                "X-Gitea-Event": "push",
                "X-Gitea-Delivery": delivery.encode("utf-8"),  # raw bytes on the wire
                "X-Gitea-Signature": sign(payload()),
                "Content-Type": "application/json",
            }
            r = client.post("/webhook/gitea", content=payload(), headers=headers)
            assert r.status_code in (200, 202), (delivery, r.status_code)
            assert json.dumps(r.json())  # a well-formed envelope, never an internal error
