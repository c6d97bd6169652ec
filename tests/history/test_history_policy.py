"""HISTORY_CONTENT and HISTORY_EXCLUDE_COMMITS: text removed from a page (a personal
detail, a secret) can be made unreachable through every history tool, while who
changed what and when stays; an excluded commit is never shown."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from tests.conftest import make_workspace
from tests.history.mcp_calls import tool_outputs
from tests.history.wiki_repo import HOLP, git
from zpagent.config import Settings
from zpagent.history.answer import open_history
from zpagent.history.errors import ContentHidden, UnknownRef

BASE_URL = "https://zp.example.edu/"


def workspace(git_workspace, git_wiki, **policy):
    root, _ = git_wiki
    return make_workspace(
        git_workspace.data.root, zpwiki_path=root, wiki_base_url=BASE_URL, **policy
    )


def removed_lines(root, commits) -> list[str]:
    """Lines of Holp's page at c1 that the page no longer has (c6 changed his supervisor)."""
    old = git(root, "show", f"{commits['c1']}:{HOLP}").splitlines()
    now = (root / HOLP).read_text(encoding="utf-8").splitlines()
    gone = [ln for ln in old if ln.strip() and ln not in now]
    assert gone  # the fixture removed text from the page
    return gone


def every_call(commits) -> list[tuple[str, dict]]:
    calls: list[tuple[str, dict]] = [
        ("recent_changes", {"limit": 100}),
        ("page_history", {"page": HOLP}),
        ("page_diff", {"page": HOLP}),
        ("page_blame", {"page": HOLP}),
        ("history_question", {"question": "Čo sa zmenilo na stránke Jána Holpa?"}),
        ("history_question", {"question": "Kedy sa naposledy zmenila stránka Jána Holpa?"}),
    ]
    for rev in commits.values():
        calls += [
            ("page_at_revision", {"page": HOLP, "revision": rev}),
            ("page_diff", {"page": HOLP, "from_revision": rev}),
            ("page_diff", {"page": HOLP, "from_revision": rev, "to_revision": rev}),
            ("page_blame", {"page": HOLP, "revision": rev}),
        ]
    return calls


def test_by_default_an_old_version_is_readable(git_workspace, git_wiki):
    root, commits = git_wiki
    gone = removed_lines(root, commits)
    text = "\n".join(tool_outputs(workspace(git_workspace, git_wiki), every_call(commits)))
    assert all(line in text for line in gone)


@pytest.mark.parametrize("content", ["current", "none"])
def test_removed_text_is_unreachable_but_who_and_when_stay(git_workspace, git_wiki, content):
    root, commits = git_wiki
    gone = removed_lines(root, commits)
    ws = workspace(git_workspace, git_wiki, history_content=content)
    calls = every_call(commits)
    results = tool_outputs(ws, calls)
    for (name, args), out in zip(calls, results, strict=True):
        for line in gone:
            assert line not in out, (name, args)
    by_call = dict(zip([json.dumps(c) for c in calls], results, strict=True))
    recent = by_call[json.dumps(calls[0])]
    assert commits["c6"] in recent and "Zmena vedúceho" in recent  # who and when stay
    diff = by_call[json.dumps(calls[2])]
    assert "content_hidden" in diff and '"removed_lines": 1' in diff
    old = by_call[json.dumps(("page_at_revision", {"page": HOLP, "revision": commits["c1"]}))]
    assert old.startswith("page_at_revision: history_content_hidden")
    head = tool_outputs(ws, [("page_at_revision", {"page": HOLP, "revision": "HEAD"})])[0]
    if content == "current":
        assert "Ján Staš" in head  # the page as it is now
    else:
        assert head.startswith("page_at_revision: history_content_hidden")


def test_an_excluded_commit_is_never_shown(git_workspace, git_wiki):
    _, commits = git_wiki
    c6 = commits["c6"]
    ws = workspace(git_workspace, git_wiki, history_exclude_commits=f" {c6.upper()} ,")
    calls = every_call({k: v for k, v in commits.items() if k != "c6"})
    calls += [("recent_changes", {"since": "2026-11-01"})]
    for (name, args), out in zip(calls, tool_outputs(ws, calls), strict=True):
        assert c6 not in out and c6[:10] not in out, (name, args)
        assert "Zmena vedúceho" not in out, (name, args)
    with ws.open_current() as gen:
        history = open_history(ws, gen)
        with pytest.raises(UnknownRef):
            history.page_at(HOLP, c6)
        assert history.page_at(HOLP, "HEAD").last_change is None  # c6 made it
        assert c6 not in {c.sha for c in history.page_history(HOLP).commits}
        with pytest.raises(ContentHidden):
            open_history(workspace(git_workspace, git_wiki, history_content="none"), gen).page_at(
                HOLP, "HEAD"
            )


def test_excluded_commits_must_be_full_ids():
    with pytest.raises(ValidationError):
        Settings(_env_file=None, history_exclude_commits="abc123")
    with pytest.raises(ValidationError):
        Settings(_env_file=None, history_content="some")
    ok = Settings(_env_file=None, history_exclude_commits="A" * 40 + ",")
    assert ok.history_exclude_commits == "a" * 40
