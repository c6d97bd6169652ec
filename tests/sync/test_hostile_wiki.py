"""A hostile wiki pushed through a real Git origin: every hostile file is reported
with the expected problem, nothing outside the pages is served, and what is
served does not change until a good build is published."""

from __future__ import annotations

import threading

import pytest

from tests.asking import read
from tests.conftest import make_workspace
from tests.sync.conftest import git
from zpagent.bench.hostile import (
    INJECTED_NAME,
    INJECTION,
    LATIN1_TITLE,
    NOTES_SECRET,
    OUTSIDE_SECRET,
    add_special_files,
    write_hostile_pages,
    write_outside_secret,
)
from zpagent.faults import InjectedFault
from zpagent.index import datadir as dd
from zpagent.ingest.limits import PageLimits
from zpagent.ingest.scan import scan_wiki
from zpagent.search.hybrid import search

# Texts of the files the links point at: none may ever be served.
LEAKS = (OUTSIDE_SECRET, NOTES_SECRET, "root:x:0:0", "repositoryformatversion", "[core]")
# Small limits keep the real model's work small; the defaults are measured by
# ``zpagent bench --sections hostile``.
LIMITS = {"page_max_bytes": 384 * 1024, "page_max_headings": 60, "page_max_chunks": 6}


@pytest.fixture
def hostile(repos, tmp_path):
    """The hostile set committed and pushed by the author, not yet in the wiki clone."""
    secret = write_outside_secret(tmp_path / "server")
    expected = write_hostile_pages(repos.author, secret, huge_bytes=512 * 1024)
    git(repos.author, "add", "-A")
    git(repos.author, "commit", "-q", "-m", "hostile pages")
    git(repos.author, "push", "-q", "origin", "main")
    return expected


def pull_with_special_files(repos):
    git(repos.wiki, "pull", "-q", "--ff-only", "origin", "main")
    return add_special_files(repos.wiki)


def problems_by_path(warnings) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for w in warnings:
        out.setdefault(w.path, set()).add(w.kind)
    return out


def served_text(ws, query: str) -> str:
    with ws.open_current() as gen:
        hits = search(gen, ws.embedder, query, mode="fts", limit=50).hits
        return "\n".join(h.text for h in hits)


def test_the_scan_reports_each_hostile_file_as_expected(repos, hostile):
    special, sock = pull_with_special_files(repos)
    try:
        limits = PageLimits(*(LIMITS[f"page_max_{k}"] for k in ("bytes", "headings", "chunks")))
        scan = scan_wiki(repos.wiki, limits=limits, report=False)
    finally:
        sock.close()
    expected = {path: kinds for path, kinds in {**hostile, **special}.items() if kinds}
    got = problems_by_path(scan.problems())
    assert got == expected
    docs = {d.path: d for d in scan.documents}
    assert docs["pages/hostile/cp1250/README.md"].title == LATIN1_TITLE
    assert "Ťažký" in docs["pages/hostile/declared/README.md"].title
    assert docs["pages/hostile/utf16/README.md"].title == "Zuzana Ďurišová"
    assert "\ufffd" in docs["pages/hostile/garbage/README.md"].body  # reported, not guessed
    for doc in scan.documents:
        assert not any(leak in doc.body for leak in LEAKS), doc.path


def test_serving_does_not_change_until_a_good_build_is_published(repos, hostile, tmp_path, faults):
    ws = make_workspace(tmp_path / "data", zpwiki_path=repos.wiki, **LIMITS)
    v1 = ws.sync()["version"]
    before = served_text(ws, "Ján Holp")
    _, sock = pull_with_special_files(repos)
    try:
        # 1. A build of the hostile wiki that fails after building: nothing changes.
        faults("after_build:raise")
        with pytest.raises(InjectedFault):
            ws.sync()
        assert dd.read_pointer(ws.data)["version"] == v1
        assert served_text(ws, "Ján Holp") == before

        # 2. While a good build is under way, the old generation keeps serving.
        folder = faults("after_build:pause")
        result: dict = {}
        worker = threading.Thread(target=lambda: result.update(ws.sync()), daemon=True)
        worker.start()
        paused = folder / "after_build.reached"
        while not paused.exists() and worker.is_alive():
            worker.join(0.05)
        assert paused.exists(), "the build did not reach its end"
        assert dd.read_pointer(ws.data)["version"] == v1
        with ws.open_current() as gen:
            assert gen.index_version["version"] == v1
        assert served_text(ws, "Oznam katedry") == ""  # a page of the build under way
        (folder / "after_build.go").touch()
        worker.join(300)
        assert not worker.is_alive() and result["version"] != v1
    finally:
        sock.close()

    # 3. Published: every hostile file reported, nothing outside the pages served.
    assert dd.read_pointer(ws.data)["version"] == result["version"]
    warnings = result["warnings"]
    for kind in (
        "symlink_outside_wiki",
        "symlink_to_hidden",
        "symlink_to_non_markdown",
        "symlink_loop",
        "broken_symlink",
        "symlink_alias",
        "special_file",
        "front_matter_aliases",
        "broken_yaml",
        "front_matter_too_large",
        "too_large_truncated",
        "too_many_headings",
        "too_many_chunks",
        "binary_file",
        "non_utf8",
        "invalid_utf8",
    ):
        assert warnings.get(kind), kind
    assert warnings["special_file"] == 2 and warnings["binary_file"] == 2
    for leak in LEAKS:
        assert leak not in served_text(ws, leak), leak
    with ws.open_current() as gen:
        paths = {h.document_path for h in search(gen, None, "stránka", mode="fts", limit=50).hits}
        assert not any("passwd" in p or "git-" in p or "server-env" in p for p in paths)
    assert LATIN1_TITLE in served_text(ws, "Ľubomír Šťastný")


def test_injected_instructions_never_reach_the_instructions(repos, hostile, tmp_path):
    from zpagent.answer.service import answer
    from zpagent.rag.build import rag

    ws = make_workspace(tmp_path / "data", zpwiki_path=repos.wiki, **LIMITS)
    git(repos.wiki, "pull", "-q", "--ff-only", "origin", "main")
    ws.sync()
    question = "Kto viedol diplomovú prácu Jána Holpa?"
    with ws.open_current() as gen:
        resp = rag(gen, ws.embedder, question)
    assert resp.status == "ok"
    assert INJECTED_NAME not in resp.instructions and INJECTION[:30] not in resp.instructions
    with ws.open_current() as gen:
        checked = answer(
            gen,
            ws.embedder,
            read(gen, "Kto viedol diplomovú prácu Jána Holpa?"),
            ws.answer_options("rag"),
        )
    assert INJECTED_NAME not in checked.answer, checked.answer
