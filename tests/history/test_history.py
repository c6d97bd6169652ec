"""The history library on a real repository with renames, deletions and a merge."""

from __future__ import annotations

import datetime as dt
import subprocess
from pathlib import Path

import pytest

from tests.history.wiki_repo import (
    HOLP,
    KOVAC,
    NOVAKOVA,
    OLD_ZUZANA,
    SECRET,
    STARY,
    ZUZANA,
    git,
)
from zpagent.errors import ZPAgentError
from zpagent.history.errors import (
    HistoryUnavailable,
    InvalidPath,
    InvalidRange,
    InvalidRef,
    PageNotAtRevision,
    UnknownPage,
    UnknownRef,
    UnknownSection,
)
from zpagent.history.git import GitRepo
from zpagent.history.service import WikiHistory


@pytest.fixture
def history(git_wiki, git_workspace):
    root, _ = git_wiki
    with git_workspace.open_current() as gen:
        yield WikiHistory(root, gen, "https://zp.example.edu/")


def messages(result) -> list[str]:
    return [c.message for c in result.commits]


def test_recent_changes_lists_visible_commits_newest_first(history, git_wiki):
    _, c = git_wiki
    result = history.recent_changes(limit=20)
    assert messages(result) == [
        "Zmena vedúceho; zmazaná stará téma",
        "Merge branch 'feature'",
        "Úprava stránky Márie",
        "Stretnutie 12. 3. 2021",
        "Premenovaná stránka Zuzany",
        "Pridané stránky",
    ]  # "Tajná zmena Kováč" touched only an unpublished page; "Návrh" is on another branch
    assert result.head == c["c7"] and result.truncated_reasons == []
    by_msg = {x.message: x for x in result.commits}
    merge = by_msg["Merge branch 'feature'"]
    assert merge.merge and merge.parents == [c["c4"], c["c3"]]
    assert [(ch.status, ch.path) for ch in merge.changes] == [("modified", HOLP)]
    deleted = by_msg["Zmena vedúceho; zmazaná stará téma"].changes
    assert {(ch.status, ch.path) for ch in deleted} == {("modified", HOLP), ("deleted", STARY)}
    renamed = by_msg["Premenovaná stránka Zuzany"].changes
    assert [(ch.status, ch.path, ch.previous_path) for ch in renamed] == [
        ("renamed", ZUZANA, OLD_ZUZANA)
    ]
    first = {ch.path for ch in by_msg["Pridané stránky"].changes}
    assert KOVAC not in first and SECRET not in first  # unpublished pages stay hidden
    assert not any(p.endswith(".png") for p in first)  # only pages
    assert by_msg["Stretnutie 12. 3. 2021"].author == "Ján Holp"


def test_recent_changes_limit_since_and_page(history):
    limited = history.recent_changes(limit=2)
    assert len(limited.commits) == 2 and limited.truncated_reasons == ["commit_limit"]
    since = history.recent_changes(since=dt.datetime(2026, 10, 6, tzinfo=dt.UTC))
    assert messages(since) == ["Zmena vedúceho; zmazaná stará téma", "Merge branch 'feature'"]
    assert history.recent_changes(since=dt.datetime(2027, 1, 1, tzinfo=dt.UTC)).commits == []
    page = history.recent_changes(page=NOVAKOVA)
    assert messages(page) == ["Úprava stránky Márie", "Pridané stránky"]


def test_page_history_follows_renames(history):
    result = history.page_history(ZUZANA)
    assert messages(result) == ["Premenovaná stránka Zuzany", "Pridané stránky"]
    assert [(ch.status, ch.path) for ch in result.commits[-1].changes] == [("added", OLD_ZUZANA)]
    holp = history.page_history(HOLP)
    assert messages(holp)[0] == "Zmena vedúceho; zmazaná stará téma"
    assert "Návrh" not in messages(holp)


def test_page_at_revision_uses_the_old_name(history, git_wiki):
    _, c = git_wiki
    version = history.page_at(ZUZANA, c["c1"])
    assert version.path_at_revision == OLD_ZUZANA
    assert "Vedúci práce: Ing. Daniel Hládek, PhD." in version.content
    assert version.last_change is not None and version.last_change.sha == c["c1"]
    now = history.page_at(HOLP, "HEAD~1")  # HEAD~1 is c6
    assert "doc. Ing. Ján Staš" in now.content and now.commit.sha == c["c6"]
    assert history.page_at(HOLP, c["c5"][:12]).commit.sha == c["c5"]


def test_page_at_revision_refusals(history, git_wiki):
    _, c = git_wiki
    with pytest.raises(UnknownRef):
        history.page_at(HOLP, "draft")  # a branch that is not the wiki's history
    with pytest.raises(UnknownRef):
        history.page_at(HOLP, c["draft"])
    with pytest.raises(UnknownRef):
        history.page_at(HOLP, "nonexistent-branch")
    with pytest.raises(UnknownPage):
        history.page_at(KOVAC, "HEAD")  # unpublished
    with pytest.raises(UnknownPage):
        history.page_at(STARY, c["c1"])  # deleted: no longer a page of the wiki
    with pytest.raises(UnknownPage):
        history.page_at("pages/none/README.md", "HEAD")


def test_page_not_at_revision(tmp_path):
    root = tmp_path / "w"
    root.mkdir()
    (root / "a.md").write_text("# A\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "a")
    (root / "b.md").write_text("# B\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "b")
    with pytest.raises(PageNotAtRevision):
        WikiHistory(root, None, None).page_at("b.md", "HEAD~1")


def test_versions_written_while_unpublished_stay_hidden(tmp_path):
    root = tmp_path / "w"
    root.mkdir()
    (root / "a.md").write_text("---\npublished: false\n---\n# Draft\n\nTajné.\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "draft")
    (root / "a.md").write_text("# Public\n\nVerejné.\n")
    git(root, "commit", "-qam", "publish")
    h = WikiHistory(root, None, None)
    assert "Verejné." in h.page_at("a.md", "HEAD").content
    with pytest.raises(UnknownPage):
        h.page_at("a.md", "HEAD~1")
    with pytest.raises(UnknownPage):
        h.page_diff("a.md")  # its last change starts from the unpublished version
    with pytest.raises(UnknownPage):
        h.blame("a.md", revision="HEAD~1")


def test_diff_of_the_last_change_names_sections(history, git_wiki):
    _, c = git_wiki
    diff = history.page_diff(HOLP)
    assert diff.to_commit.sha == c["c6"] and diff.from_commit.sha == c["c5"]
    assert (diff.added_lines, diff.removed_lines) == (1, 1)
    assert diff.sections == ["Ján Holp › Diplomová práca 2021"]
    assert "-Vedúci práce: Ing. Daniel Hládek, PhD." in diff.diff
    assert "+Vedúci práce: doc. Ing. Ján Staš, PhD." in diff.diff


def test_diff_across_a_rename_and_from_nothing(history, git_wiki):
    _, c = git_wiki
    diff = history.page_diff(ZUZANA, from_revision=c["c1"], to_revision=c["c2"])
    assert (diff.from_path, diff.to_path) == (OLD_ZUZANA, ZUZANA)
    assert (diff.added_lines, diff.removed_lines) == (1, 1)
    added = history.page_diff(NOVAKOVA, to_revision=c["c1"])  # its first version
    assert added.from_commit is None and added.removed_lines == 0 and added.added_lines > 5
    merged = history.page_diff(HOLP, to_revision=c["c5"])  # the merge brought the meeting
    assert merged.to_commit.sha == c["c5"]
    assert any("Stretnutie 12. 3. 2021" in s for s in merged.sections)


def test_blame_by_lines_and_by_section(history, git_wiki):
    _, c = git_wiki
    section = history.blame(HOLP, section="diplomová práca 2021")  # any case, no diacritics
    assert section.section == "Diplomová práca 2021"
    assert section.last_change.sha == c["c6"]
    texts = {ln.text: ln.sha for ln in section.lines}
    assert texts["Vedúci práce: doc. Ing. Ján Staš, PhD."] == c["c6"]
    assert texts["Stav: hotová kapitola o dátach."] == c["c3"]
    assert texts["## Diplomová práca 2021"] == c["c1"]
    assert section.commits[c["c3"]].author == "Ján Holp"
    lines = history.blame(HOLP, start_line=1, end_line=3)
    assert [ln.line for ln in lines.lines] == [1, 2, 3] and set(lines.commits) == {c["c1"]}
    old = history.blame(ZUZANA, revision=c["c1"], section="Bakalárska práca 2022")
    assert {ln.sha for ln in old.lines} == {c["c1"]}


def test_blame_refusals(history):
    with pytest.raises(UnknownSection):
        history.blame(HOLP, section="Neexistujúca sekcia")
    with pytest.raises(InvalidRange):
        history.blame(HOLP, start_line=500, end_line=600)
    with pytest.raises(InvalidRange):
        history.blame(HOLP, start_line=1, section="Diplomová práca 2021")


@pytest.mark.parametrize(
    "ref", ["--output=/tmp/zpagent-history-x", "-p", "--all", "HEAD..draft", "HEAD@{0}", "a b"]
)
def test_option_injection_through_refs_is_refused(history, ref):
    with pytest.raises(InvalidRef):
        history.page_at(HOLP, ref)
    with pytest.raises(InvalidRef):
        history.page_diff(HOLP, from_revision=ref)
    with pytest.raises(InvalidRef):
        history.blame(HOLP, revision=ref)
    assert not Path("/tmp/zpagent-history-x").exists()


@pytest.mark.parametrize(
    "page",
    [
        "--output=/tmp/zpagent-history-y.md",
        "-p",
        "../wiki-outside.md",
        "pages/../../etc/passwd.md",
        "/etc/passwd",
        "/etc/x.md",
        ".git/config",
        ".git/HEAD.md",
        "pages/students/2016/jh428ek/foto.png",
    ],
)
def test_option_injection_through_paths_is_refused(history, page):
    for call in (
        lambda: history.page_history(page),
        lambda: history.page_at(page, "HEAD"),
        lambda: history.page_diff(page),
        lambda: history.blame(page),
        lambda: history.recent_changes(page=page),
    ):
        with pytest.raises(InvalidPath):
            call()
    assert not Path("/tmp/zpagent-history-y.md").exists()


def test_pathspec_magic_is_literal(history):
    with pytest.raises(UnknownPage):
        history.page_history("pages/students/*/README.md")
    with pytest.raises(UnknownPage):
        history.page_history(":(glob)pages/**/README.md")


def test_errors_never_carry_paths_or_git_output(history, git_wiki):
    root, _ = git_wiki
    for call in (
        lambda: history.page_at(HOLP, "nonexistent-branch"),
        lambda: history.page_at("../x.md", "HEAD"),
        lambda: WikiHistory(root / "pages" / "nope", None, None),
    ):
        with pytest.raises(ZPAgentError) as info:
            call()
        public = f"{info.value.reason} {info.value.public_message}"
        assert str(root) not in public and "fatal" not in public


def test_wiki_in_a_subdirectory_is_confined_to_it(tmp_path):
    top = tmp_path / "repo"
    wiki = top / "wiki"
    (wiki / "pages").mkdir(parents=True)
    (wiki / "pages" / "a.md").write_text("# A\n")
    (top / "outside.md").write_text("# Outside\n")
    git(top, "init", "-q", "-b", "main")
    git(top, "add", "-A")
    git(top, "commit", "-qm", "both")
    (top / "outside.md").write_text("# Outside, changed\n")
    git(top, "commit", "-qam", "outside only")
    h = WikiHistory(wiki, None, None)
    assert h.repo.prefix == "wiki/"
    result = h.recent_changes()
    assert [c.message for c in result.commits] == ["both"]
    assert [ch.path for ch in result.commits[0].changes] == ["pages/a.md"]
    diff = h.page_diff("pages/a.md")
    assert "+++ b/pages/a.md" in diff.diff and "wiki/" not in diff.diff
    with pytest.raises(UnknownPage):
        h.page_history("outside.md")  # the repository's, not the wiki's


def test_not_a_repository_and_timeouts(tmp_path, git_wiki):
    plain = tmp_path / "plain"
    plain.mkdir()
    with pytest.raises(HistoryUnavailable):
        WikiHistory(plain, None, None)
    with pytest.raises(HistoryUnavailable):
        WikiHistory(tmp_path / "missing", None, None)
    root, _ = git_wiki
    with pytest.raises(HistoryUnavailable):
        GitRepo(root, timeout=0.0)  # every call times out: reported, never hung


def test_output_cap_is_reported(git_wiki):
    root, _ = git_wiki
    repo = GitRepo(root)
    out = repo.run(["log", "--format=%H"], max_bytes=50)
    assert out.truncated and len(out.stdout) == 50


def test_environment_cannot_redirect_git(git_wiki, tmp_path, monkeypatch):
    root, c = git_wiki
    other = tmp_path / "other"
    other.mkdir()
    subprocess.run(["git", "init", "-q", str(other)], check=True)
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    assert GitRepo(root).head() == c["c7"]
