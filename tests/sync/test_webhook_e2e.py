"""Signed Gitea webhooks against a real uvicorn server, syncing a real Git clone."""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
import time
import uuid
from pathlib import Path

import httpx
import pytest

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
from tests.live_server import Server

PAGE = "pages/students/2019/zz999zz/README.md"


def payload(ref="refs/heads/main", repo="zp/wiki", **extra):
    body = {"ref": ref, "after": "a" * 40, "repository": {"full_name": repo}, **extra}
    return json.dumps(body).encode()


def sign(body: bytes, secret: str = WEBHOOK_SECRET) -> str:
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def hook(server, body, event="push", delivery=None, signature=None):
    headers = {
        "X-Gitea-Event": event,
        "X-Gitea-Delivery": delivery or str(uuid.uuid4()),
        "X-Gitea-Signature": signature if signature is not None else sign(body),
        "Content-Type": "application/json",
    }
    return httpx.post(f"{server.url}/webhook/gitea", content=body, headers=headers, timeout=30)


def wait_job(server, job_id, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = httpx.get(
            f"{server.url}/sync/jobs/{job_id}", headers={"X-API-Key": SYNC_KEY}, timeout=10
        ).json()
        if job["state"] in ("succeeded", "failed"):
            return job
        time.sleep(0.2)
    raise TimeoutError(job_id)


@pytest.fixture
def server(repos, tmp_path):
    env = {
        "SEARCH_API_KEY": SEARCH_KEY,
        "SYNC_API_KEY": SYNC_KEY,
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
        "ZPWIKI_PATH": str(repos.wiki),
        "EXPECTED_GITEA_REPOSITORY": "zp/wiki",
        "EXPECTED_GITEA_BRANCH": "main",
        "WEBHOOK_PULL_GIT": "true",
    }
    srv = Server(tmp_path / "data", tmp_path / "server.log", env)
    srv.wait_up()
    yield srv
    srv.stop()


def search_titles(server, query):
    r = httpx.post(
        f"{server.url}/search",
        json={"query": query},
        headers={"X-API-Key": SEARCH_KEY},
        timeout=30,
    )
    return r.status_code, [x["title"] for x in r.json().get("results", [])]


def test_push_reaches_search_through_a_signed_webhook(server, repos):
    # first sync through the API with the sync key (no index yet: 503 before)
    assert search_titles(server, "Ján Holp")[0] == 503
    r = httpx.post(f"{server.url}/sync", json={}, headers={"X-API-Key": SYNC_KEY}, timeout=30)
    assert r.status_code == 202
    first = wait_job(server, r.json()["job_id"])
    assert first["state"] == "succeeded", first
    status, titles = search_titles(server, "Ján Holp")
    assert status == 200 and titles[0] == "Ján Holp"

    repos.push(PAGE, "# Zuzana Zelená\n\n## Bakalárska práca\n\nNázov práce: Kvantové žirafy\n")
    t0 = time.monotonic()
    r = hook(server, payload())
    assert r.status_code == 202
    body = r.json()
    assert body["status"] == "accepted" and body["status_url"] == f"/sync/jobs/{body['job_id']}"
    job = wait_job(server, body["job_id"])
    elapsed = time.monotonic() - t0
    assert job["state"] == "succeeded", job
    assert job["result"]["git_revision"] == repos.head()
    assert job["result"]["embedding_reused"] > 0
    assert "Zuzana Zelená" in search_titles(server, "Kvantové žirafy")[1]
    assert elapsed < 60
    health = httpx.get(f"{server.url}/health").json()
    assert health["index_version"]["wiki_revision"] == repos.head()
    assert health["last_sync"]["state"] == "succeeded"
    status = httpx.get(f"{server.url}/sync/status", headers={"X-API-Key": SYNC_KEY}).json()
    assert status["last_success"]["job_id"] == body["job_id"]
    assert status["active"] == []


def jobs_in(data: Path) -> int:
    """How many jobs the server's queue holds (every state)."""
    with sqlite3.connect(data / "sync_jobs.sqlite") as db:
        return db.execute("SELECT COUNT(*) FROM jobs").fetchone()[0]


def test_pushes_that_change_nothing_create_no_job(server, repos, tmp_path):
    data = tmp_path / "data"  # the server fixture's data directory
    r = httpx.post(f"{server.url}/sync", json={}, headers={"X-API-Key": SYNC_KEY}, timeout=30)
    assert wait_job(server, r.json()["job_id"])["state"] == "succeeded"
    served = repos.head()
    # A flood of signed pushes of the served commit (also replays with new delivery ids,
    # which Gitea does not sign): acknowledged, no job.
    before = jobs_in(data)
    body = payload(after=served)
    answers = [hook(server, body) for _ in range(40)]
    assert {(a.status_code, a.json()["reason"]) for a in answers} == {(202, "already_served")}
    assert all(a.json()["job_id"] is None for a in answers)
    assert jobs_in(data) == before
    # A new commit: one job; the same push again while it waits or runs joins it.
    pushed = repos.push(PAGE, "# Zuzana Zelená\n\n## Bakalárska práca\n\nNázov práce: Žirafy\n")
    new = payload(after=pushed)
    first = hook(server, new).json()
    again = [hook(server, new).json() for _ in range(20)]
    job = wait_job(server, first["job_id"])
    assert job["state"] == "succeeded"
    assert {a["job_id"] for a in again if a["job_id"]} <= {first["job_id"]}
    assert all(a["coalesced"] or a["reason"] == "already_served" for a in again)
    assert jobs_in(data) == before + 1
    # Served now, and so is the commit before it (an ancestor of the served one).
    assert hook(server, new).json()["reason"] == "already_served"
    assert hook(server, payload(after=served)).json()["reason"] == "already_served"
    # A push whose commit the clone does not have yet still syncs.
    unknown = hook(server, payload(after="b" * 40)).json()
    assert unknown["job_id"] and unknown["reason"] is None


def test_redelivery_never_queues_twice(server):
    body = payload()
    a = hook(server, body, delivery="same-delivery").json()
    b = hook(server, body, delivery="same-delivery").json()
    assert a["job_id"] == b["job_id"]
    assert b["coalesced"] is True


def test_ignored_events_and_refusals(server):
    assert hook(server, payload(), event="issues").json()["reason"] == "not_a_push_event"
    assert hook(server, payload(ref="refs/heads/feature")).json()["reason"] == "other_branch"
    deleted = hook(server, payload(deleted=True, after="0" * 40))
    assert deleted.status_code == 200 and deleted.json()["reason"] == "branch_deleted"
    wrong = hook(server, payload(repo="evil/wiki"))
    assert wrong.status_code == 403 and wrong.json()["reason"] == "wrong_repository"
    bad_sig = hook(server, payload(), signature="0" * 64)
    assert bad_sig.status_code == 401 and bad_sig.json()["reason"] == "unauthorized"
    no_sig = hook(server, payload(), signature="")
    assert no_sig.status_code == 401
    other_secret = hook(server, payload(), signature=sign(payload(), SYNC_KEY))
    assert other_secret.status_code == 401
    big = b"{" + b" " * (2 * 1024 * 1024) + b"}"
    assert hook(server, big).status_code == 413
    status = httpx.get(f"{server.url}/sync/status", headers={"X-API-Key": SYNC_KEY}).json()
    assert status["active"] == [] and status["last_success"] is None


def test_sync_endpoints_need_the_sync_key(server):
    for headers in ({}, {"X-API-Key": SEARCH_KEY}, {"X-API-Key": WEBHOOK_SECRET}):
        assert httpx.post(f"{server.url}/sync", json={}, headers=headers).status_code == 401
        assert httpx.get(f"{server.url}/sync/status", headers=headers).status_code == 401
    r = httpx.get(f"{server.url}/sync/jobs/nope", headers={"X-API-Key": SYNC_KEY})
    assert r.status_code == 404 and r.json()["reason"] == "not_found"
