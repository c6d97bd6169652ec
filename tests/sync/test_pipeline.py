"""The sync pipeline on real repositories, with faults at named points and kill -9."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.conftest import make_workspace
from zpagent.errors import RetrievalUnavailable
from zpagent.faults import InjectedFault
from zpagent.index import datadir as dd
from zpagent.index.build import build_generation
from zpagent.index.serving import GenerationManager
from zpagent.ingest.scan import scan_wiki
from zpagent.search.hybrid import search
from zpagent.sync import pipeline
from zpagent.sync.publication import PublicationFailed, publish, read_marker, recover
from zpagent.sync.snapshot import SourcesChanged

NEW_PAGE = "pages/students/2019/zz999zz/README.md"
NEW_TEXT = (
    "---\ntitle: Zuzana Zelená\n---\n# Zuzana Zelená\n\n"
    "## Bakalárska práca 2022\n\nNázov práce: Kvantové žirafy\n"
)


def ws_for(repos, tmp_path, **kw):
    return make_workspace(
        tmp_path / "data",
        zpwiki_path=repos.wiki,
        expected_gitea_repository="zp/wiki",
        expected_gitea_branch="main",
        **kw,
    )


def titles(ws, query):
    with ws.open_current() as gen:
        return [h.title for h in search(gen, ws.embedder, query, limit=5).hits]


def test_sync_with_pull_publishes_the_push(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    first = ws.sync()
    assert first["git_revision"] == repos.head()
    rev = repos.push(NEW_PAGE, NEW_TEXT)
    phases = []
    result = ws.sync(pull=True, on_phase=phases.append)
    assert phases == ["waiting_for_lock", "git", "building", "publishing"]
    assert result["git_revision"] == rev == repos.head()
    assert result["index_version"]["wiki_revision"] == rev
    assert result["embedding_computed"] >= 1
    assert result["embedding_reused"] >= first["embedding_segments"] - 1
    assert result["previous_version"] == first["version"]
    assert "Zuzana Zelená" in titles(ws, "Kvantové žirafy")
    assert read_marker(ws.data) is None


@pytest.mark.parametrize("point", ["before_build", "after_build", "before_install"])
def test_failure_before_publication_keeps_the_old_generation(repos, tmp_path, monkeypatch, point):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    repos.push(NEW_PAGE, NEW_TEXT)
    monkeypatch.setenv("ZPAGENT_ENABLE_FAULT_INJECTION", "1")
    monkeypatch.setenv("ZPAGENT_FAULT", f"{point}:raise")
    with pytest.raises(InjectedFault):
        ws.sync(pull=True)
    assert dd.read_pointer(ws.data)["version"] == v1
    assert read_marker(ws.data) is None
    assert sorted(p.name for p in ws.data.generations.iterdir()) == [v1]
    assert "Zuzana Zelená" not in titles(ws, "Kvantové žirafy")
    monkeypatch.delenv("ZPAGENT_FAULT")
    assert ws.sync()["previous_version"] == v1  # and the next sync works


def test_failed_activation_restores_the_previous_generation(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    (repos.wiki / "pages/extra.md").write_text("# Extra\n\nnový obsah")
    report = build_generation(scan_wiki(repos.wiki), ws.build_inputs(), wiki_revision=None)
    staged = report.extra["staged_path"]

    def broken_verify(data, version):
        raise RuntimeError("cannot open")

    with pytest.raises(PublicationFailed):
        publish(ws.data, dd.Path(staged), report.index_version, verify=broken_verify)
    assert dd.read_pointer(ws.data)["version"] == v1
    assert read_marker(ws.data) is None
    assert not (ws.data.generations / report.version).exists()
    with ws.open_current() as gen:
        assert gen.version == v1


def test_sources_changed_during_the_build_is_detected(repos, tmp_path, monkeypatch):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]

    def edit_during_build(name):
        if name == "after_build":
            (repos.wiki / "pages/guides/git/README.md").write_text("# Git\n\nzmenené počas buildu")

    monkeypatch.setattr(pipeline, "fault_point", edit_during_build)
    with pytest.raises(SourcesChanged):
        ws.index()  # a full build (a sync of an unchanged wiki would publish nothing)
    assert dd.read_pointer(ws.data)["version"] == v1


def test_a_second_sync_waits_for_the_first(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    ws.sync()
    (repos.wiki / "pages/guides/git/README.md").write_text("# Git\n\nNová verzia návodu.\n")
    proc, fault_dir = start_sync_process(ws, repos, tmp_path, "after_build:pause")
    try:
        wait_for(fault_dir / "after_build.reached")
        done = []
        t = threading.Thread(target=lambda: done.append(ws.sync()["version"]))
        t.start()
        time.sleep(1.5)
        assert done == []  # waiting for the lock, not racing
        (fault_dir / "after_build.go").touch()
        assert proc.wait(timeout=120) == 0, (fault_dir / "sync.log").read_text()
        t.join(timeout=120)
        assert len(done) == 1
        assert dd.read_pointer(ws.data)["version"] == done[0]
    finally:
        proc.kill()


def start_sync_process(ws, repos, tmp_path, fault, pull=False, extra_env=None):
    fault_dir = tmp_path / "faults"
    fault_dir.mkdir(exist_ok=True)
    env = {
        **os.environ,
        "ZPAGENT_ENABLE_FAULT_INJECTION": "1",
        "ZPAGENT_FAULT": fault,
        "ZPAGENT_FAULT_DIR": str(fault_dir),
        "ZPWIKI_PATH": str(repos.wiki),
        "EXPECTED_GITEA_REPOSITORY": "zp/wiki",
        **(extra_env or {}),
    }
    args = [sys.executable, "-m", "zpagent", "sync", "--data", str(ws.data.root), "--json"]
    if pull:
        args.append("--pull")
    with open(fault_dir / "sync.log", "ab") as log:
        proc = subprocess.Popen(args, env=env, cwd=tmp_path, stdout=log, stderr=log)
    return proc, fault_dir


def wait_for(path, timeout=120):
    deadline = time.monotonic() + timeout
    while not path.exists():
        if time.monotonic() > deadline:
            raise TimeoutError(path)
        time.sleep(0.05)


def test_kill_during_publication_then_recovery(repos, tmp_path):
    """kill -9 right after the pointer switch: the pointer names a complete generation,
    so requests are served from it at once; recovery then removes the marker."""
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    repos.push(NEW_PAGE, NEW_TEXT)
    proc, fault_dir = start_sync_process(ws, repos, tmp_path, "after_pointer_switch:pause", True)
    wait_for(fault_dir / "after_pointer_switch.reached")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    marker = read_marker(ws.data)
    assert marker is not None and marker["from"] == v1
    new = marker["to"]
    manager = GenerationManager(ws.data)
    with manager.use() as gen:
        assert gen.version == new
    assert manager.status()["ready"] is True
    # embedded only: pointer and generation prove the state -> recovered
    result = recover(ws.data, None)
    assert result.state == "recovered"
    assert read_marker(ws.data) is None
    with manager.use() as gen:
        assert gen.version == new
    manager.close()


def test_kill_before_install_leaves_the_old_generation(repos, tmp_path):
    ws = ws_for(repos, tmp_path)
    v1 = ws.sync()["version"]
    repos.push(NEW_PAGE, NEW_TEXT)
    proc, _ = start_sync_process(ws, repos, tmp_path, "before_install:kill", True)
    assert proc.wait(timeout=120) == -signal.SIGKILL
    assert read_marker(ws.data) is None
    assert dd.read_pointer(ws.data)["version"] == v1
    assert any(ws.data.staging.iterdir())  # the dead build's leftovers
    ws.sync()
    assert not any(ws.data.staging.iterdir())  # cleaned under the sync lock


def test_readers_always_see_one_consistent_generation(repos, tmp_path):
    """Queries in a loop during repeated syncs: every answer matches its index_version."""
    page = "pages/guides/verzia/README.md"
    ws = ws_for(repos, tmp_path)
    expected: dict[str, int] = {}

    def publish_version(n: int) -> None:
        (repos.wiki / page).parent.mkdir(parents=True, exist_ok=True)
        (repos.wiki / page).write_text(f"# Verzia obsahu\n\nAktuálna verzia obsahu je číslo {n}.\n")
        result = ws.sync()
        expected[result["index_version"]["source_hash"]] = n

    publish_version(0)
    manager = GenerationManager(ws.data)
    stop = threading.Event()
    seen: list[tuple[str, int]] = []
    errors: list[BaseException] = []

    def reader() -> None:
        while not stop.is_set():
            try:
                with manager.use() as gen:
                    hits = search(gen, None, "verzia obsahu číslo", mode="fts", limit=1).hits
                    text = hits[0].text
                    number = int(text.rsplit("číslo ", 1)[1].split(".")[0])
                    seen.append((gen.index_version["source_hash"], number))
            except RetrievalUnavailable:
                pass  # refusing during the switch is allowed; mixing is not
            except BaseException as exc:  # noqa: BLE001 - collected and asserted below
                errors.append(exc)

    threads = [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    for n in range(1, 5):
        publish_version(n)
    stop.set()
    for t in threads:
        t.join(timeout=30)
    manager.close()
    assert errors == []
    assert len(seen) > 20
    for source_hash, number in seen:
        assert expected[source_hash] == number
    assert {n for _, n in seen} >= {4}
