"""More of issue 5 on real components: SSH settings of git, transient and permanent job
failures through the real worker, the other branches of a lost Neo4j COMMIT
acknowledgement (over a real TCP relay that cuts the connection), a revision that
moves during the build, WEBHOOK_PULL_GIT, sync status over HTTP, result counts and
the publication lock waiting for requests in flight."""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import AUTH, SYNC_KEY, api_settings
from tests.graph.conftest import NEO4J_ENV, _neo4j_or_skip
from tests.live_server import free_port
from tests.sync.bolt_relay import BoltRelay
from tests.sync.conftest import git
from tests.sync.test_neo4j_publication import cypher, neo4j_settings
from tests.sync.test_pipeline import NEW_PAGE, NEW_TEXT, wait_for, ws_for
from tests.sync.test_webhook_e2e import payload, sign
from zpagent.api.app import create_app
from zpagent.config import Settings
from zpagent.graph.store.ladybug_store import GRAPH_FILE, LadybugStore
from zpagent.index import datadir as dd
from zpagent.index.build import INDEX_FILE
from zpagent.index.serving import GenerationManager
from zpagent.search.hybrid import search
from zpagent.sync import git as zgit
from zpagent.sync.jobs import MAX_ATTEMPTS, JobStore
from zpagent.sync.publication import PublicationFailed, StateUnverified, read_marker
from zpagent.sync.snapshot import SourcesChanged
from zpagent.sync.worker import RETRY_BACKOFF_SECONDS, SyncWorker, execute, failure_of
from zpagent.workspace import Workspace

SYNC = {"X-API-Key": SYNC_KEY}


# --- helpers ---------------------------------------------------------------------------


class Background:
    """Run ``fn`` in a thread and keep its result or exception."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None

        def target() -> None:
            try:
                self.result = fn()
            except BaseException as exc:  # noqa: BLE001 - handed to the test
                self.error = exc

        self.thread = threading.Thread(target=target, daemon=True)
        self.thread.start()

    def join(self, timeout: float = 120) -> Background:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the background sync did not finish"
        return self


def jobs_db(ws: Workspace) -> JobStore:
    return JobStore(ws.data.root / "sync_jobs.sqlite")


def not_before(store: JobStore, job_id: str) -> float:
    with sqlite3.connect(store.path) as db:
        return db.execute("SELECT not_before FROM jobs WHERE id = ?", (job_id,)).fetchone()[0]


def generations(ws: Workspace) -> list[str]:
    return sorted(p.name for p in ws.data.generations.iterdir())


def wait_until(check: Callable[[], Any], timeout: float = 120, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(what)


def wait_job(client: TestClient, job_id: str, timeout: float = 120) -> dict:
    def done():
        job = client.get(f"/sync/jobs/{job_id}", headers=SYNC).json()
        return job if job["state"] in ("succeeded", "failed") else None

    return wait_until(done, timeout, f"job {job_id}")


# --- 1. SSH settings of git --------------------------------------------------------------


def test_git_ssh_command_is_batch_mode_with_strict_host_keys(tmp_path):
    key = tmp_path / "keys dir" / "id_ed25519"  # a space: the command must stay one argument
    known = tmp_path / "known hosts"
    env = zgit._env(zgit.GitConfig("zp/wiki", "main", ssh_key=key, known_hosts=known))
    assert shlex.split(env["GIT_SSH_COMMAND"]) == [
        "ssh",
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=yes",
        "-i",
        str(key),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        f"UserKnownHostsFile={known}",
    ]
    assert env["GIT_TERMINAL_PROMPT"] == "0"
    # without a key and known_hosts it is still batch mode with strict checking
    bare = shlex.split(zgit._env(zgit.GitConfig("zp/wiki", "main"))["GIT_SSH_COMMAND"])
    assert bare == ["ssh", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes"]


def _ssh_recorder(folder: Path, log: Path) -> Path:
    """An ``ssh`` first on PATH that records its arguments, then runs the real ssh."""
    real = next(
        p / "ssh"
        for p in map(Path, os.environ["PATH"].split(os.pathsep))
        if (p / "ssh").is_file() and os.access(p / "ssh", os.X_OK)
    )
    folder.mkdir()
    shim = folder / "ssh"
    shim.write_text(
        f"#!{sys.executable}\n"
        "import json, os, sys\n"
        f"with open({str(log)!r}, 'a') as fh:\n"
        "    fh.write(json.dumps(sys.argv[1:]) + '\\n')\n"
        f"os.execv({str(real)!r}, [{str(real)!r}, *sys.argv[1:]])\n"
    )
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    return folder


def test_ssh_key_and_known_hosts_from_the_environment_reach_ssh_and_never_the_errors(
    repos, tmp_path, monkeypatch
):
    """ZPWIKI_SSH_KEY / ZPWIKI_KNOWN_HOSTS -> Settings -> the sync's git fetch -> real ssh."""
    secrets = tmp_path / "secret-ssh"
    secrets.mkdir()
    key, known = secrets / "deploy_key", secrets / "known_hosts"
    key.write_text("-----BEGIN OPENSSH PRIVATE KEY-----\nc2VjcmV0LWtleS1ieXRlcw==\n")
    key.chmod(0o600)
    known.write_text("")
    log = tmp_path / "ssh-argv.jsonl"
    bin_dir = _ssh_recorder(tmp_path / "bin", log)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("ZPWIKI_SSH_KEY", str(key))
    monkeypatch.setenv("ZPWIKI_KNOWN_HOSTS", str(known))
    port = free_port()  # nothing listens there: ssh fails like an unreachable Gitea
    git(repos.wiki, "remote", "set-url", "origin", f"ssh://git@127.0.0.1:{port}/zp/wiki.git")
    ws = ws_for(repos, tmp_path)
    assert (ws.settings.zpwiki_ssh_key, ws.settings.zpwiki_known_hosts) == (key, known)

    store = jobs_db(ws)
    job, _ = store.enqueue(True, "webhook")
    store.claim(time.time())
    assert execute(store, job.id, True, ws.sync) is False

    calls = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(calls) == 1
    argv = calls[0]
    options = [argv[i + 1] for i, a in enumerate(argv) if a == "-o"]
    assert {"BatchMode=yes", "StrictHostKeyChecking=yes", f"UserKnownHostsFile={known}"} <= set(
        options
    )
    assert argv[argv.index("-i") + 1] == str(key)
    assert "git@127.0.0.1" in argv
    assert any("git-upload-pack" in a and "zp/wiki.git" in a for a in argv)

    failed = store.get(job.id)
    assert failed.error_reason == "git_fetch_failed"  # network: transient
    assert failed.state == "queued" and failed.attempts == 1
    shown = json.dumps(failed.to_dict())
    for secret in (str(key), str(known), str(secrets), "c2VjcmV0LWtleS1ieXRlcw"):
        assert secret not in shown
    # the exception itself (logged for the operator) carries no paths or key either
    with pytest.raises(zgit.GitTransientError) as info:
        ws.sync(pull=True)
    assert "Connection refused" in str(info.value)
    for secret in (str(key), str(known), str(secrets), "c2VjcmV0LWtleS1ieXRlcw"):
        assert secret not in str(info.value)

    # A key file that is missing makes ssh name its path on stderr: the job (shown over
    # HTTP and by the CLI) still carries only the reason and our own fixed text.
    missing = secrets / "missing_key"
    monkeypatch.setenv("ZPWIKI_SSH_KEY", str(missing))
    ws = ws_for(repos, tmp_path)
    store = JobStore(tmp_path / "second_queue.sqlite")
    job, _ = store.enqueue(True, "webhook")
    store.claim(time.time())
    assert execute(store, job.id, True, ws.sync) is False
    assert json.loads(log.read_text().splitlines()[-1])[argv.index("-i") + 1] == str(missing)
    failed = store.get(job.id)
    assert (failed.error_reason, failed.error_message) == (
        "git_fetch_failed",
        zgit.GitTransientError.public_message,
    )
    shown = json.dumps(failed.to_dict())
    assert str(secrets) not in shown and "missing_key" not in shown


# --- 2. transient and permanent failures through the worker ------------------------------


def test_transient_git_failure_is_retried_with_backoff_then_stays_failed(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    repos.push(NEW_PAGE, NEW_TEXT)
    # Gitea unreachable: a real fetch against a closed port (same owner/name in the URL)
    git(repos.wiki, "remote", "set-url", "origin", f"http://127.0.0.1:{free_port()}/zp/wiki.git")
    store = jobs_db(ws)
    job, _ = store.enqueue(True, "webhook")
    clock = time.time()
    for attempt in range(1, MAX_ATTEMPTS + 1):
        claimed = store.claim(clock)
        assert claimed is not None and claimed.id == job.id and claimed.attempts == attempt
        before = time.time()
        assert execute(store, job.id, claimed.pull, ws.sync) is False
        after = store.get(job.id)
        assert after.attempts == attempt
        assert after.error_reason == "git_fetch_failed"
        if attempt < MAX_ATTEMPTS:
            assert after.state == "queued" and after.finished_at is None
            delay = RETRY_BACKOFF_SECONDS[attempt - 1]
            assert before + delay - 1 <= not_before(store, job.id) <= time.time() + delay + 1
            assert store.claim(time.time()) is None  # the backoff holds it back
            clock = not_before(store, job.id) + 0.01
        else:
            assert after.state == "failed" and after.finished_at is not None
    assert store.claim(time.time() + 3600) is None  # never a fourth attempt
    assert store.last("failed").id == job.id
    assert [j.id for j in store.active()] == []
    assert dd.read_pointer(ws.data)["version"] == v1  # the old generation keeps serving


def test_wrong_origin_fails_at_once_in_the_real_worker(repos, tmp_path):
    other = tmp_path / "gitea" / "evil" / "wiki.git"
    other.mkdir(parents=True)
    git(other, "init", "-q", "--bare", "-b", "main")
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    git(repos.wiki, "remote", "set-url", "origin", str(other))
    store = jobs_db(ws)
    worker = SyncWorker(ws, store, poll=0.05)
    worker.start()
    try:
        job, _ = store.enqueue(True, "webhook")
        worker.notify()
        wait_until(lambda: store.get(job.id).state in ("failed", "succeeded"), what="the job")
        time.sleep(0.5)  # would a retry be scheduled, the worker would claim it by now
        final = store.get(job.id)
    finally:
        worker.stop()
    assert final.state == "failed" and final.attempts == 1
    assert final.error_reason == "git_wrong_origin"
    assert final.finished_at is not None and final.result is None
    assert store.active() == []
    assert dd.read_pointer(ws.data)["version"] == v1


def test_unreachable_neo4j_at_publication_is_transient(repos, tmp_path):
    """A closed Neo4j port: the job is queued again (not failed at once), nothing is published."""
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]  # embedded first, so there is an old generation
    repos.push(NEW_PAGE, NEW_TEXT)
    down = Workspace(
        Settings(
            _env_file=None,
            zpagent_data_dir=tmp_path / "data",
            zpwiki_path=repos.wiki,
            expected_gitea_repository="zp/wiki",
            graph_backend="neo4j",
            neo4j_uri=f"bolt://127.0.0.1:{free_port()}",
            neo4j_password="unused-password",
        )
    )
    store = jobs_db(down)
    job, _ = store.enqueue(True, "webhook")
    store.claim(time.time())
    assert execute(store, job.id, True, down.sync) is False
    after = store.get(job.id)
    assert after.error_reason == "retrieval_unavailable"
    assert after.state == "queued" and after.attempts == 1  # will be retried
    assert dd.read_pointer(ws.data)["version"] == v1
    assert read_marker(ws.data) is None
    assert generations(ws) == [v1]


# --- 3. lost COMMIT acknowledgement: the commit did not happen / the state is unknown ---


@pytest.fixture
def neo4j():
    store = _neo4j_or_skip()
    store.wipe()
    yield store
    store.wipe()
    store.close()


@pytest.fixture
def relay(neo4j):
    r = BoltRelay(NEO4J_ENV["uri"])
    yield r
    r.close()


def neo4j_ws(repos, tmp_path, uri: str) -> Workspace:
    s = Settings(
        _env_file=None,
        zpagent_data_dir=tmp_path / "data",
        zpwiki_path=repos.wiki,
        expected_gitea_repository="zp/wiki",
        **{**neo4j_settings(), "neo4j_uri": uri},
    )
    return Workspace(s)


def neo4j_app(ws: Workspace, uri: str) -> TestClient:
    settings = api_settings(**{**neo4j_settings(), "neo4j_uri": uri}, sync_worker_enabled=False)
    return TestClient(create_app(settings, data_dir=ws.data.root))


def search_titles(client: TestClient, query: str) -> tuple[int, list[str]]:
    r = client.post("/search", json={"query": query}, headers=AUTH)
    return r.status_code, [x["title"] for x in r.json().get("results", [])]


def _lose_the_commit(ws, faults) -> tuple[Background, Path]:
    """Sync the pushed page; the network dies right before the Neo4j COMMIT."""
    folder = faults("neo4j_before_commit:pause")
    sync = Background(lambda: ws.sync(pull=True))
    wait_for(folder / "neo4j_before_commit.reached")
    marker = read_marker(ws.data)
    assert marker["phase"] == "remote_graph"
    return sync, folder


@pytest.mark.neo4j
def test_lost_ack_when_the_commit_did_not_happen_undoes_the_install(
    neo4j, relay, repos, tmp_path, faults
):
    ws = neo4j_ws(repos, tmp_path, relay.uri)
    v1 = ws.sync()["version"]
    repos.push(NEW_PAGE, NEW_TEXT)
    sync, folder = _lose_the_commit(ws, faults)
    relay.cut()  # the COMMIT goes into a dead connection; Neo4j rolls the transaction back
    (folder / "neo4j_before_commit.go").touch()
    sync.join()
    assert isinstance(sync.error, PublicationFailed), sync.error
    assert str(sync.error) == "the remote graph commit did not happen"
    assert failure_of(sync.error)[0] == "publication_failed"
    # the IndexState was read (through a new connection): still the old version
    assert ws.remote_graph().read_version() == v1
    assert dd.read_pointer(ws.data)["version"] == v1
    assert read_marker(ws.data) is None
    assert generations(ws) == [v1]  # the install was undone
    rows = cypher(neo4j, "MATCH (p:Person {name: 'Zuzana Zelená'}) RETURN count(p)")
    assert rows == [[0]]
    with neo4j_app(ws, relay.uri) as client:  # the old generation keeps serving
        health = client.get("/health").json()
        assert health["ready"] is True and health["index_version"]["version"] == v1
        status, found = search_titles(client, "Ján Holp")
        assert status == 200 and found[0] == "Ján Holp"
        assert "Zuzana Zelená" not in search_titles(client, "Kvantové žirafy")[1]


@pytest.mark.neo4j
def test_lost_ack_with_an_unreadable_index_state_refuses_until_a_sync_succeeds(
    neo4j, relay, repos, tmp_path, faults, monkeypatch
):
    ws = neo4j_ws(repos, tmp_path, relay.uri)
    v1 = ws.sync()["version"]
    repos.push(NEW_PAGE, NEW_TEXT)
    sync, folder = _lose_the_commit(ws, faults)
    relay.refuse = True  # and Neo4j cannot be asked what happened
    relay.cut()
    (folder / "neo4j_before_commit.go").touch()
    sync.join()
    assert isinstance(sync.error, StateUnverified), sync.error
    reason, _, transient = failure_of(sync.error)
    assert reason == "state_unverified" and transient is True
    marker = read_marker(ws.data)
    assert marker is not None and marker["phase"] == "unverified"
    assert marker["from"] == v1 and marker["to"] != v1
    assert dd.read_pointer(ws.data)["version"] == v1
    monkeypatch.delenv("ZPAGENT_FAULT")

    with neo4j_app(ws, relay.uri) as client:  # a restart cannot prove anything: refuses
        health = client.get("/health").json()
        assert health["ready"] is False
        r = client.post("/search", json={"query": "Ján Holp"}, headers=AUTH)
        assert r.status_code == 503 and r.json()["reason"] == "retrieval_unavailable"
        assert read_marker(ws.data)["phase"] == "unverified"
        relay.refuse = False  # Neo4j answers again: still refused, until a sync succeeds
        r = client.post("/search", json={"query": "Ján Holp"}, headers=AUTH)
        assert r.status_code == 503 and r.json()["reason"] == "retrieval_unavailable"
        result = ws.sync()
        assert result["recovery"]["state"] == "recovered"
        assert read_marker(ws.data) is None
        assert ws.remote_graph().read_version() == result["version"]
        assert dd.read_pointer(ws.data)["version"] == result["version"] != v1
        status, found = search_titles(client, "Kvantové žirafy")
        assert status == 200 and "Zuzana Zelená" in found
        assert client.get("/health").json()["ready"] is True


@pytest.mark.neo4j
def test_a_failed_sync_keeps_the_record_of_an_unverified_publication(
    neo4j, relay, repos, tmp_path, faults, monkeypatch
):
    ws = neo4j_ws(repos, tmp_path, relay.uri)
    ws.sync()
    repos.push(NEW_PAGE, NEW_TEXT)
    sync, folder = _lose_the_commit(ws, faults)
    relay.refuse = True
    relay.cut()
    (folder / "neo4j_before_commit.go").touch()
    sync.join()
    assert isinstance(sync.error, StateUnverified), sync.error
    unverified = read_marker(ws.data)
    assert unverified["phase"] == "unverified"
    monkeypatch.delenv("ZPAGENT_FAULT")
    # Neo4j is still unreachable: the next sync builds, cannot publish, and must
    # leave the unresolved record as it found it (not clear it on its way out).
    with pytest.raises(Exception):  # noqa: B017 - any failure; the marker is the point
        ws.sync()
    assert read_marker(ws.data) == unverified
    relay.refuse = False
    result = ws.sync()  # a sync that succeeds resolves it
    assert read_marker(ws.data) is None
    assert ws.remote_graph().read_version() == result["version"]


# --- 4. the revision moved during the build, the pages did not ---------------------------


def test_a_new_revision_with_identical_pages_during_the_build_is_refused(repos, tmp_path, faults):
    ws = ws_for(repos, tmp_path)
    first = ws.sync()
    v1, rev1 = first["version"], first["git_revision"]
    folder = faults("after_build:pause")
    sync = Background(ws.index)  # a full build: a sync of an unchanged wiki publishes nothing
    wait_for(folder / "after_build.reached")
    git(repos.wiki, "commit", "-q", "--allow-empty", "-m", "same pages, new commit")
    rev2 = repos.head()
    assert rev2 != rev1
    (folder / "after_build.go").touch()
    sync.join()
    assert isinstance(sync.error, SourcesChanged), sync.error
    assert str(sync.error) == "the wiki's revision changed during the build"
    assert failure_of(sync.error) == ("sources_changed", SourcesChanged.public_message, True)
    pointer = dd.read_pointer(ws.data)
    assert pointer["version"] == v1 and pointer["index_version"]["wiki_revision"] == rev1
    assert read_marker(ws.data) is None
    assert generations(ws) == [v1]
    # the retry builds from the new revision
    again = ws.sync()
    assert again["git_revision"] == rev2 == again["index_version"]["wiki_revision"]


# --- 5. WEBHOOK_PULL_GIT ------------------------------------------------------------------


def webhook(client: TestClient, body: bytes, delivery: str) -> Any:
    headers = {
        "X-Gitea-Event": "push",
        "X-Gitea-Delivery": delivery,
        "X-Gitea-Signature": sign(body),
        "Content-Type": "application/json",
    }
    return client.post("/webhook/gitea", content=body, headers=headers)


def sync_app(repos, tmp_path, **extra) -> TestClient:
    settings = api_settings(
        zpwiki_path=repos.wiki,
        expected_gitea_repository="zp/wiki",
        expected_gitea_branch="main",
        **extra,
    )
    return TestClient(create_app(settings, data_dir=tmp_path / "data"))


@pytest.mark.parametrize("pull", [False, True])
def test_webhook_pull_git_decides_whether_the_webhook_job_pulls(repos, tmp_path, pull):
    before = repos.head()
    pushed = repos.push(NEW_PAGE, NEW_TEXT)
    with sync_app(repos, tmp_path, webhook_pull_git=pull) as client:
        r = webhook(client, payload(), "delivery-pull")
        assert r.status_code == 202
        job = wait_job(client, r.json()["job_id"])
        assert job["state"] == "succeeded", job
        assert job["pull"] is pull and job["source"] == "webhook"
        expected = pushed if pull else before
        assert repos.head() == expected  # the checkout moved only when pulling
        assert job["result"]["git_revision"] == expected
        found = search_titles(client, "Kvantové žirafy")[1]
        assert ("Zuzana Zelená" in found) is pull


# --- 6. sync status, last failure, phases and /health over HTTP ---------------------------


def test_status_health_and_phases_over_http(repos, tmp_path, faults):
    other = tmp_path / "gitea" / "evil" / "wiki.git"
    other.mkdir(parents=True)
    git(other, "init", "-q", "--bare", "-b", "main")
    origin = git(repos.wiki, "remote", "get-url", "origin")
    with sync_app(repos, tmp_path) as client:
        ok = wait_job(client, client.post("/sync", json={}, headers=SYNC).json()["job_id"])
        assert ok["state"] == "succeeded"
        v1 = ok["result"]["version"]

        git(repos.wiki, "remote", "set-url", "origin", str(other))
        r = client.post("/sync", json={"pull": True}, headers=SYNC)
        failed = wait_job(client, r.json()["job_id"])
        assert failed["state"] == "failed" and failed["attempts"] == 1
        assert failed["error"]["reason"] == "git_wrong_origin"
        status = client.get("/sync/status", headers=SYNC).json()
        assert status["last_failure"]["job_id"] == failed["job_id"]
        assert status["last_failure"]["error"]["reason"] == "git_wrong_origin"
        assert status["last_success"]["job_id"] == ok["job_id"]
        assert status["active"] == []
        health = client.get("/health").json()
        assert health["last_sync"]["state"] == "failed"
        assert health["last_sync"]["error_reason"] == "git_wrong_origin"
        assert health["last_sync"]["finished_at"] == failed["finished_at"]
        assert health["last_sync"]["version"] is None
        assert health["ready"] is True and health["index_version"]["version"] == v1

        git(repos.wiki, "remote", "set-url", "origin", origin)
        repos.push(NEW_PAGE, NEW_TEXT)
        folder = faults("after_build:pause,after_pointer_switch:pause")
        job_id = client.post("/sync", json={"pull": True}, headers=SYNC).json()["job_id"]
        wait_for(folder / "after_build.reached")
        job = client.get(f"/sync/jobs/{job_id}", headers=SYNC).json()
        assert (job["state"], job["phase"]) == ("running", "building")
        active = client.get("/sync/status", headers=SYNC).json()["active"]
        assert [(j["job_id"], j["phase"]) for j in active] == [(job_id, "building")]
        assert search_titles(client, "Ján Holp")[0] == 200  # the old generation serves
        (folder / "after_build.go").touch()
        wait_for(folder / "after_pointer_switch.reached")
        job = client.get(f"/sync/jobs/{job_id}", headers=SYNC).json()
        assert (job["state"], job["phase"]) == ("running", "publishing")
        # mid-publication the server keeps answering, from the generation the pointer names
        new = dd.read_pointer(client.app.state.workspace.data)["version"]
        r = client.post("/search", json={"query": "Ján Holp"}, headers=AUTH)
        assert r.status_code == 200 and r.json()["index_version"]["version"] == new != v1
        assert client.get("/health").json()["ready"] is True
        (folder / "after_pointer_switch.go").touch()
        done = wait_job(client, job_id)
        assert done["state"] == "succeeded" and done["phase"] is None
        health = client.get("/health").json()
        assert health["last_sync"]["state"] == "succeeded"
        assert health["last_sync"]["version"] == done["result"]["version"] != v1
        assert health["index_version"]["version"] == done["result"]["version"]
        assert health["ready"] is True
        status = client.get("/sync/status", headers=SYNC).json()
        assert status["last_success"]["job_id"] == job_id
        assert status["last_failure"]["job_id"] == failed["job_id"]  # still visible


# --- 7. result counts match the published generation ---------------------------------


def generation_counts(ws: Workspace, version: str) -> dict[str, int]:
    gen = ws.data.generations / version
    db = sqlite3.connect(f"file:{gen / INDEX_FILE}?mode=ro", uri=True)
    try:
        counts = {
            t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("documents", "chunks", "segments")
        }
        state = json.loads(db.execute("SELECT index_version FROM index_state").fetchone()[0])
    finally:
        db.close()
    store = LadybugStore(gen / GRAPH_FILE)
    try:
        nodes, rels = store.counts()
    finally:
        store.close()
    return {
        **counts,
        "nodes": sum(nodes.values()),
        "relationships": sum(rels.values()),
        "index_version": state,
    }


def test_job_result_counts_match_the_published_generation(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    store = jobs_db(ws)
    results = []
    for push in (None, (NEW_PAGE, NEW_TEXT)):
        if push:
            repos.push(*push)
        job, _ = store.enqueue(bool(push), "api")
        store.claim(time.time())
        t0 = time.perf_counter()
        assert execute(store, job.id, bool(push), ws.sync) is True
        wall = time.perf_counter() - t0
        result = store.get(job.id).result  # as stored in the durable queue (JSON)
        version = result["version"]
        counts = generation_counts(ws, version)
        assert result["documents"] == counts["documents"] == len(list(repos.wiki.rglob("*.md")))
        assert result["chunks"] == counts["chunks"] >= result["documents"]
        assert result["embedding_segments"] == counts["segments"] >= result["chunks"]
        segments = result["embedding_segments"]
        shared = result["embedding_duplicates"]  # copies share one vector
        assert result["embedding_computed"] + result["embedding_reused"] + shared == segments
        assert result["extra"]["graph"]["nodes"] == counts["nodes"] > result["documents"]
        assert result["extra"]["graph"]["relationships"] == counts["relationships"] > 0
        assert 0 < result["seconds"] <= wall
        pointer = dd.read_pointer(ws.data)
        assert pointer["version"] == version == result["index_version"]["version"]
        assert result["index_version"] == counts["index_version"] == pointer["index_version"]
        results.append(result)
    first, second = results
    assert (first["embedding_computed"], first["embedding_reused"]) == (
        first["embedding_segments"],
        0,
    )
    # one new page: its segments are computed, every old one comes from the cache
    assert second["documents"] == first["documents"] + 1
    assert second["embedding_reused"] == first["embedding_segments"]
    assert (
        second["embedding_computed"] == second["embedding_segments"] - first["embedding_segments"]
    )
    assert second["previous_version"] == first["version"]


# --- 8. publication never refuses: requests see exactly one generation ------------------


def test_requests_during_publication_are_served_by_the_active_generation(repos, tmp_path, faults):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    manager = GenerationManager(ws.data)
    with sync_app(repos, tmp_path, sync_worker_enabled=False) as client:
        assert search_titles(client, "Ján Holp")[0] == 200
        (repos.wiki / "pages/guides/novy/README.md").parent.mkdir(parents=True)
        (repos.wiki / "pages/guides/novy/README.md").write_text(
            "# Nový návod\n\nKvantové žirafy v laboratóriu.\n", encoding="utf-8"
        )
        git(repos.wiki, "add", "-A")
        git(repos.wiki, "commit", "-q", "-m", "new guide")
        folder = faults("after_pointer_switch:pause")
        with manager.use() as in_flight:  # a request that started before the publication
            sync = Background(ws.sync)
            wait_until(lambda: (folder / "after_pointer_switch.reached").exists(), 120, "switch")
            # mid-publication: the marker is down, the pointer already names v2
            assert read_marker(ws.data)["phase"] == "pointer"
            v2 = dd.read_pointer(ws.data)["version"]
            assert v2 != v1
            # the request in flight keeps working on its generation
            assert in_flight.version == v1
            hits = search(in_flight, None, "Ján Holp", mode="fts", limit=1).hits
            assert hits[0].title == "Ján Holp"
            # a new request is served, by the generation active when it starts
            r = client.post("/search", json={"query": "Kvantové žirafy"}, headers=AUTH)
            assert r.status_code == 200 and r.json()["index_version"]["version"] == v2
            with manager.use() as gen:
                assert gen.version == v2
            assert client.get("/health").json()["ready"] is True
            (folder / "after_pointer_switch.go").touch()
        sync.join()
        assert sync.error is None, sync.error
        assert sync.result["version"] == v2 == dd.read_pointer(ws.data)["version"]
        assert read_marker(ws.data) is None
        status, found = search_titles(client, "Kvantové žirafy")
        assert status == 200 and found[0] == "Nový návod"
    manager.close()
