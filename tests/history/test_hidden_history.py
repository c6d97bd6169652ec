"""Hidden pages stay hidden in the history, however they are hidden (see ``hidden_repo``).

A version is judged as the indexer judges it (front matter over the folder's
``frontmatter.yaml`` at that commit, decoded as the indexer decodes it); a
page the served index does not know is not shown; a commit is shown only for
a visible version it made; a caller's revision is never described.
"""

from __future__ import annotations

import datetime as dt
import json
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.asking import read_history
from tests.conftest import make_workspace
from tests.history.hidden_repo import (
    ALL_PAGES,
    EXTRA,
    FLIP,
    FRESH,
    HIDDEN,
    LATER,
    MOVED,
    PUBLIC,
    SECRETS,
    UNSYNCED,
    UTF16,
    VAULT,
    add_unsynced,
    build_hidden_repo,
    build_nested_repo,
)
from tests.history.mcp_calls import tool_outputs
from tests.history.wiki_repo import git
from zpagent.agent.agent import run_agent
from zpagent.answer.gather import AnswerOptions
from zpagent.history import contract as hc
from zpagent.history.answer import history_answer
from zpagent.history.errors import UnknownPage
from zpagent.history.service import WikiHistory

BASE_URL = "https://zp.example.edu/"
NOW = dt.datetime(2025, 6, 1, tzinfo=dt.UTC)
FUTURE = dt.datetime(9999, 12, 31, tzinfo=dt.UTC)
SHOWN_MESSAGES = {"Základ wiki", "Znova verejná", "Presunutý trezor", "Úprava verejnej stránky"}


@pytest.fixture(scope="module")
def hidden(tmp_path_factory):
    """(work tree, commit ids, workspace): indexed at k12, then k13 and k14 pushed."""
    root = tmp_path_factory.mktemp("hidden-wiki")
    commits = build_hidden_repo(root)
    ws = make_workspace(
        tmp_path_factory.mktemp("hidden-data"), zpwiki_path=root, wiki_base_url=BASE_URL
    )
    ws.index(root)
    add_unsynced(root, commits)
    return root, commits, ws


@contextmanager
def opened(hidden):
    root, _, ws = hidden
    with ws.open_current() as gen:
        yield WikiHistory(root, gen, BASE_URL, ws.page_limits()), gen


@pytest.fixture
def history(hidden):
    with opened(hidden) as (h, _):
        yield h


def messages(result) -> list[str]:
    return [c.message for c in result.commits]


def assert_no_secret(text: str) -> None:
    assert "SECRET-" not in text
    for secret in SECRETS:
        assert secret not in text


def revisions(root: Path) -> list[str]:
    return git(root, "rev-list", "HEAD").split()


# --- F1: a folder's frontmatter.yaml --------------------------------------------------


def test_a_folders_frontmatter_yaml_hides_the_versions_it_covered(history, hidden):
    _, c, _ = hidden
    now = history.page_at(LATER, "HEAD")  # published since k6 removed the folder's file
    assert "Verejný text." in now.content and "SECRET-LATER" not in now.content
    assert now.last_change is None  # k5 made this version while the folder hid it
    for rev in (c["k1"], c["k5"]):
        with pytest.raises(UnknownPage):
            history.page_at(LATER, rev)
        with pytest.raises(UnknownPage):
            history.blame(LATER, revision=rev)
        with pytest.raises(UnknownPage):
            history.page_diff(LATER, from_revision=rev)
    with pytest.raises(UnknownPage):
        history.page_diff(LATER)  # no change of it may be shown
    assert history.page_history(LATER).commits == []
    blame = history.blame(LATER)
    assert blame.commits == {} and {ln.sha for ln in blame.lines} == {None}
    with pytest.raises(UnknownPage):
        history.page_at(HIDDEN, "HEAD")


def test_deleted_pages_of_a_hidden_folder_and_hidden_only_commits_are_not_listed(history):
    result = history.recent_changes(limit=100)
    assert set(messages(result)) == SHOWN_MESSAGES
    listed = {ch.path for commit in result.commits for ch in commit.changes}
    assert listed <= {PUBLIC, FLIP, MOVED}
    assert EXTRA not in listed and UTF16 not in listed  # deleted while hidden (UTF-16 too)


def test_a_hidden_commits_id_appears_nowhere_not_even_as_a_parent(hidden, history):
    root, _, ws = hidden
    shown = {c.sha for c in history.recent_changes(limit=100).commits}
    # HEAD and the indexed revision name the wiki's state (``head``, ``index_version``)
    # whatever made them; every other hidden commit must not appear.
    with ws.open_current() as gen:
        states = {revisions(root)[0], gen.index_version.get("wiki_revision")}
    hidden_ids = set(revisions(root)) - shown - states
    assert len(hidden_ids) >= 5  # the repository has hidden commits between the shown ones
    calls: list[tuple[str, dict]] = [("recent_changes", {"limit": 100})]
    calls += [("page_history", {"page": p, "limit": 100}) for p in (PUBLIC, FLIP, MOVED)]
    calls += [("history_question", {"question": "Čo sa zmenilo vo wiki?"})]
    outputs = tool_outputs(ws, calls)
    assert any("parents" in out for out in outputs)
    for (name, args), out in zip(calls, outputs, strict=True):
        for sha in hidden_ids:
            assert sha not in out and sha[:10] not in out, (name, args, sha)
    # A commit whose parent is shown keeps it.
    public = history.page_history(PUBLIC, limit=100).commits
    kept = [p for c in history.recent_changes(limit=100).commits for p in c.parents]
    assert set(kept) <= shown and all(c.merge is False for c in public)


def test_a_page_moved_out_of_a_hidden_folder_keeps_its_past_hidden(history, hidden):
    _, c, _ = hidden
    log = history.page_history(MOVED)
    assert messages(log) == ["Presunutý trezor"]
    change = log.commits[0].changes[0]
    assert (change.status, change.path, change.previous_path) == ("added", MOVED, None)
    for rev in (c["k1"], c["k7"]):
        with pytest.raises(UnknownPage):
            history.page_at(MOVED, rev)
        with pytest.raises(UnknownPage):
            history.page_diff(MOVED, from_revision=rev, to_revision="HEAD")
    with pytest.raises(UnknownPage):
        history.page_diff(MOVED)  # the version before the move was hidden
    assert "Obsah trezoru." in history.page_at(MOVED, c["k8"]).content
    assert VAULT not in json.dumps(
        hc.history_response(history.recent_changes(), history.catalog, None).model_dump()
    )


# --- F1: pushed, not yet indexed ----------------------------------------------------------


def test_pages_the_served_index_does_not_know_yet_are_not_shown(history, hidden):
    _, _, ws = hidden
    for page in (UNSYNCED, FRESH):  # in a hidden folder / no front matter at all
        for call in (
            lambda p=page: history.page_at(p, "HEAD"),
            lambda p=page: history.blame(p),
            lambda p=page: history.page_history(p),
            lambda p=page: history.page_diff(p),
        ):
            with pytest.raises(UnknownPage):
                call()
    assert not {"Nová tajná SECRET-MSG-UNSYNCED", "Čerstvá SECRET-MSG-FRESH"} & set(
        messages(history.recent_changes(limit=100))
    )
    with ws.open_current() as gen:
        turn = [{"role": "user", "content": "Čo sa zmenilo vo wiki?"}]
        reply = run_agent(gen, ws, turn, AnswerOptions())
        answer = history_answer(
            ws, gen, read_history(gen, "Aké sú posledné zmeny vo wiki?", now=NOW)
        )
    assert reply.route == "history" and reply.status == "ok"
    for text in (reply.text, answer.answer, json.dumps([s.model_dump() for s in answer.sources])):
        assert_no_secret(text)
        assert UNSYNCED not in text and FRESH not in text


# --- lesser: versions hidden by the page's own front matter ------------------------------


def test_commits_of_versions_hidden_by_the_pages_own_front_matter_are_not_shown(history, hidden):
    _, c, ws = hidden
    assert messages(history.page_history(FLIP)) == ["Znova verejná", "Základ wiki"]
    assert "Skrytá verzia SECRET-MSG-FLIP" not in messages(history.recent_changes(limit=100))
    blame = history.blame(FLIP)
    lines = {ln.text: ln.sha for ln in blame.lines}
    assert lines["Poznámka z tajnej verzie."] is None  # written in k3, while hidden
    assert lines["Verzia 1."] == c["k1"] and c["k3"] not in blame.commits
    diff = history.page_diff(FLIP, from_revision=c["k1"], to_revision="HEAD")
    assert (diff.from_commit.sha, diff.to_commit.sha) == (c["k1"], c["k4"])
    assert "+Poznámka z tajnej verzie." in diff.diff and "SECRET" not in diff.diff
    with opened(hidden) as (_, gen):
        authors = history_answer(
            ws, gen, read_history(gen, "Kto upravil stránku Prepínaná?", now=NOW)
        )
        last = history_answer(
            ws,
            gen,
            read_history(gen, "Kedy sa naposledy zmenila stránka Prepínaná?", now=NOW),
        )
    assert authors.status == "ok" and "Daniel Hládek — 2 zmeny" in authors.answer
    assert last.status == "ok" and [s.commit for s in last.sources] == [c["k4"]]
    for a in (authors, last):
        assert_no_secret(a.answer + json.dumps([s.model_dump() for s in a.sources]))


# --- F2: a caller's revision is never described -------------------------------------------


def test_enumerating_revisions_names_only_the_commits_that_made_the_page(history, hidden):
    root, c, _ = hidden
    made = {c["k1"], c["k12"]}  # the commits that changed the public page
    for n in range(len(revisions(root))):
        rev = f"HEAD~{n}"
        diff = history.page_diff(PUBLIC, from_revision=rev, to_revision=rev)
        version = history.page_at(PUBLIC, rev)
        blame = history.blame(PUBLIC, revision=rev)
        envelopes = [
            hc.diff_response(diff, history.catalog, None, history.head),
            hc.version_response(version, history.catalog, None, history.head),
            hc.blame_response(blame, history.catalog, None, history.head),
        ]
        for env in envelopes:
            assert {s.commit for s in env.sources} <= made, rev
            assert_no_secret(env.model_dump_json())


def test_the_default_diff_starts_from_the_pages_previous_change(history, hidden):
    _, c, _ = hidden
    diff = history.page_diff(PUBLIC)  # k12's parent k11 touched only a hidden page
    assert (diff.from_commit.sha, diff.to_commit.sha) == (c["k1"], c["k12"])
    assert diff.diff.count("\n+") == 3  # "+++ b/..." and the added paragraph
    assert_no_secret(hc.diff_response(diff, history.catalog, None, history.head).model_dump_json())


def test_enumerating_revisions_in_a_wiki_inside_a_larger_repository(tmp_path):
    wiki = build_nested_repo(tmp_path / "repo")
    h = WikiHistory(wiki, None, None)
    page = "pages/a/README.md"
    texts = []
    for n in range(len(revisions(wiki))):
        rev = f"HEAD~{n}"
        texts += [
            hc.diff_response(h.page_diff(page, rev, rev), h.catalog, None, h.head),
            hc.diff_response(h.page_diff(page, to_revision=rev), h.catalog, None, h.head),
            hc.version_response(h.page_at(page, rev), h.catalog, None, h.head),
            hc.blame_response(h.blame(page, revision=rev), h.catalog, None, h.head),
        ]
    texts.append(hc.history_response(h.recent_changes(), h.catalog, None))
    for env in texts:
        dumped = env.model_dump_json()
        assert "SECRET-" not in dumped and "Cudzí Autor" not in dumped
        assert {s.message for s in env.sources} <= {"Základ", "Úprava A"}


# --- lesser: a since in the future ------------------------------------------------------


def test_a_since_in_the_future_lists_nothing(history, hidden):
    _, _, ws = hidden
    for since in (FUTURE, dt.datetime(2100, 1, 1, tzinfo=dt.UTC), dt.datetime(9999, 1, 1)):
        assert history.recent_changes(since=since).commits == []
        assert history.recent_changes(since=since, page=PUBLIC).commits == []
    with opened(hidden) as (_, gen):
        a = history_answer(
            ws, gen, read_history(gen, "Čo sa zmenilo vo wiki od roku 9999?", now=NOW)
        )
    assert (a.status, a.reason, a.sources) == ("no_answer", "no_matching_commits", [])
    (out,) = tool_outputs(ws, [("recent_changes", {"since": "9999-12-31"})])
    assert '"commits": []' in out


# --- everything at once, through the MCP tools -----------------------------------------


def test_no_secret_in_any_tool_output(hidden):
    root, _, ws = hidden
    revs = revisions(root)
    calls: list[tuple[str, dict]] = [
        ("recent_changes", {"limit": 100}),
        ("recent_changes", {"since": "2025-02-01", "limit": 100}),
    ]
    for page in ALL_PAGES:
        calls += [
            ("page_history", {"page": page, "limit": 100}),
            ("recent_changes", {"page": page}),
            ("page_diff", {"page": page}),
            ("page_blame", {"page": page}),
            ("page_at_revision", {"page": page, "revision": "HEAD"}),
        ]
    # Every revision, for the pages shown at HEAD; a page hidden at HEAD is refused at
    # the same gate whatever the revision.
    for rev in revs:
        calls += [("page_at_revision", {"page": p, "revision": rev}) for p in (HIDDEN, UNSYNCED)]
        for page in (PUBLIC, FLIP, LATER, MOVED):
            calls += [
                ("page_at_revision", {"page": page, "revision": rev}),
                ("page_diff", {"page": page, "from_revision": rev, "to_revision": rev}),
                ("page_diff", {"page": page, "from_revision": rev}),
                ("page_blame", {"page": page, "revision": rev}),
            ]
    questions = [
        "Čo sa zmenilo vo wiki?",
        "Kto naposledy upravoval wiki?",
        "Čo sa zmenilo vo wiki od 1. 1. 2025?",
        *(f"Kedy sa naposledy zmenila stránka {p} a čo sa zmenilo?" for p in ALL_PAGES),
        *(f"História stránky {p}" for p in ALL_PAGES),
        *(f"Kto upravil stránku {p}?" for p in ALL_PAGES),
    ]
    calls += [("history_question", {"question": q}) for q in questions]
    outputs = tool_outputs(ws, calls)
    assert len(outputs) == len(calls)
    assert any("Druhý odsek." in out for out in outputs)  # the public page is shown
    for (name, args), out in zip(calls, outputs, strict=True):
        assert "SECRET-" not in out, (name, args, out)
        for secret in SECRETS:
            assert secret not in out, (name, args, secret)


# --- without a served index: the indexer's rule at HEAD ---------------------------------


def test_without_an_index_the_indexers_rule_decides_at_head(tmp_path):
    root = tmp_path / "w"
    (root / "open").mkdir(parents=True)
    (root / "closed").mkdir()
    (root / "open/README.md").write_text("# Otvorená\n")
    (root / "closed/README.md").write_text("# Zatvorená\n\nSECRET-CLOSED\n")
    (root / "closed/frontmatter.yaml").write_text("published: false\n")
    (root / "open/link.md").symlink_to("README.md")  # the indexer refuses links
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "Základ")
    h = WikiHistory(root, None, None)
    assert h.page_at("open/README.md", "HEAD").content == "# Otvorená\n"
    for page in ("closed/README.md", "open/link.md"):
        with pytest.raises(UnknownPage):
            h.page_at(page, "HEAD")
    listed = [ch.path for c in h.recent_changes().commits for ch in c.changes]
    assert listed == ["open/README.md"]


def test_an_old_name_is_as_hidden_as_the_page_it_became(tmp_path):
    root = tmp_path / "w"
    root.mkdir()
    (root / "a.md").write_text("# A\n\nText.\n")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "Prvá verzia SECRET-MSG-OLD-NAME")
    git(root, "mv", "a.md", "b.md")
    git(root, "commit", "-qm", "Premenovaná SECRET-MSG-RENAMED")
    (root / "b.md").write_text("---\npublished: false\n---\n# A\n\nText.\n")
    git(root, "commit", "-qam", "Skrytá SECRET-MSG-HIDDEN")
    h = WikiHistory(root, None, None)
    assert h.recent_changes().commits == []  # a.md's last version was public, b.md is not
