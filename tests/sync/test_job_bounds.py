"""Sync jobs are bounded: crashes count as attempts, builds time out, jobs can be cancelled,
and the previous index serves throughout.

Before: a job interrupted by a crash was queued again on every restart
(``MAX_ATTEMPTS`` counted only caught failures), so a page that killed the
process restarted the server forever; a stalled build could not be stopped.
"""

from __future__ import annotations

import json

import httpx
from typer.testing import CliRunner

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET
from tests.live_server import Server
from tests.sync.test_pipeline import ws_for
from tests.sync.test_sync_more import SYNC, search_titles, sync_app, wait_until
from zpagent.cli.main import app as cli
from zpagent.index import datadir as dd
from zpagent.sync.jobs import MAX_ATTEMPTS, JobStore

KILLER = "pages/guides/git/README.md"


def finished(client, job_id: str) -> dict:
    def done():
        job = client.get(f"/sync/jobs/{job_id}", headers=SYNC).json()
        return job if job["state"] in ("succeeded", "failed", "cancelled") else None

    return wait_until(done, 120, f"job {job_id}")


def edit_page(repos) -> None:
    """An uncommitted edit: a sync has something to build (an unchanged wiki publishes nothing)."""
    (repos.wiki / KILLER).write_text("# Git\n\nNová verzia návodu.\n", encoding="utf-8")


def test_a_page_that_kills_the_process_fails_its_job_after_three_attempts(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    edit_page(repos)
    store = JobStore(ws.data.root / "sync_jobs.sqlite")
    job, _ = store.enqueue(False, "api")
    env = {
        "SEARCH_API_KEY": SEARCH_KEY,
        "SYNC_API_KEY": SYNC_KEY,
        "WEBHOOK_SECRET": WEBHOOK_SECRET,
        "ZPWIKI_PATH": str(repos.wiki),
        "ZPAGENT_ENABLE_FAULT_INJECTION": "1",
        "ZPAGENT_FAULT": f"page={KILLER}:kill",  # SIGKILL when the build reaches the page
        "ZPAGENT_FAULT_DIR": str(tmp_path),
    }
    log = tmp_path / "server.log"
    server = Server(ws.data.root, log, env)
    try:
        server.wait_up()
        final = wait_until(
            lambda: (j := store.get(job.id)) and j.state == "failed" and j, 600, "the failed job"
        )
        # the supervisor restarted the worker each time; the previous index still serves
        wait_until(lambda: httpx.get(f"{server.url}/health", timeout=5).json()["ready"], 120)
        r = httpx.post(
            f"{server.url}/search",
            json={"query": "Ján Holp"},
            headers={"X-API-Key": SEARCH_KEY},
            timeout=30,
        )
    finally:
        server.stop()
    assert final.attempts == MAX_ATTEMPTS and final.error_reason == "crashed"
    assert KILLER in final.error_message and "not retried" in final.error_message
    assert log.read_text(errors="replace").count(" died") == MAX_ATTEMPTS
    assert r.status_code == 200 and r.json()["index_version"]["version"] == v1
    assert dd.read_pointer(ws.data)["version"] == v1
    assert store.active() == []  # nothing left to restart
    store.close()


def test_cancel_a_running_job_over_http(repos, tmp_path, faults):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    edit_page(repos)
    folder = faults("after_build:pause")
    with sync_app(repos, tmp_path) as client:
        job_id = client.post("/sync", json={}, headers=SYNC).json()["job_id"]
        wait_until(lambda: (folder / "after_build.reached").exists(), 120, "the build")
        r = client.post(f"/sync/jobs/{job_id}/cancel", headers=SYNC)
        assert r.status_code == 202
        assert r.json()["state"] == "running" and r.json()["cancel_requested"] is True
        assert search_titles(client, "Ján Holp")[0] == 200  # serving throughout
        (folder / "after_build.go").touch()
        job = finished(client, job_id)
        assert job["state"] == "cancelled" and job["error"]["reason"] == "cancelled"
        status, _ = search_titles(client, "Ján Holp")
        assert status == 200
        assert client.get("/health").json()["index_version"]["version"] == v1
        again = client.post(f"/sync/jobs/{job_id}/cancel", headers=SYNC)
        assert again.status_code == 409 and again.json()["reason"] == "job_finished"
    assert dd.read_pointer(ws.data)["version"] == v1
    assert not any(ws.data.staging.iterdir())  # the cancelled build left nothing behind


def test_cancel_a_queued_job_and_the_errors_of_the_endpoint(repos, tmp_path):
    with sync_app(repos, tmp_path, sync_worker_enabled=False) as client:
        job_id = client.post("/sync", json={}, headers=SYNC).json()["job_id"]
        assert client.post(f"/sync/jobs/{job_id}/cancel").status_code == 401
        r = client.post(f"/sync/jobs/{job_id}/cancel", headers=SYNC)
        assert r.status_code == 202 and r.json()["state"] == "cancelled"
        missing = client.post("/sync/jobs/nope/cancel", headers=SYNC)
        assert missing.status_code == 404 and missing.json()["reason"] == "not_found"
        # a new request queues a new job: the cancelled one is not joined
        again = client.post("/sync", json={}, headers=SYNC).json()
        assert again["job_id"] != job_id and again["coalesced"] is False


def test_a_build_past_its_timeout_is_stopped(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    edit_page(repos)
    with sync_app(repos, tmp_path, sync_build_timeout=0.001) as client:
        job = finished(client, client.post("/sync", json={}, headers=SYNC).json()["job_id"])
        assert job["state"] == "failed" and job["error"]["reason"] == "build_timeout"
        assert job["attempts"] == 1  # not retried: it would time out again
        assert search_titles(client, "Ján Holp")[0] == 200
    assert dd.read_pointer(ws.data)["version"] == v1


def test_zpagent_sync_cancel(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    store = JobStore(ws.data.ensure().root / "sync_jobs.sqlite")
    first, _ = store.enqueue(False, "api")
    data = str(ws.data.root)
    res = CliRunner().invoke(cli, ["sync", "--cancel", first.id, "--data", data, "--json"])
    assert res.exit_code == 0, res.output
    assert [j["state"] for j in json.loads(res.stdout)["cancelled"]] == ["cancelled"]
    second, _ = store.enqueue(False, "api")
    res = CliRunner().invoke(cli, ["sync", "--cancel", "--data", data])  # every active job
    assert res.exit_code == 0 and f"{second.id}: cancelled" in res.stdout
    assert store.get(second.id).state == "cancelled"
    res = CliRunner().invoke(cli, ["sync", "--cancel", "nope", "--data", data, "--json"])
    assert res.exit_code == 1 and json.loads(res.stdout)["reason"] == "not_found"
    store.close()
