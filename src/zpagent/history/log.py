"""Commits from ``git log``: the wiki's recent changes and one page's history.

Merge commits are listed with their changes against the first parent (what
the merge brought into the main line). A commit is listed for a page only
when the page is visible and so is the version of it the commit made (for a
deletion: the version before); a commit with no such change (only hidden
pages or hidden versions, images, files outside the wiki) is not listed at
all: its message could describe something hidden (see ``pages``).

A ``since`` in the future lists nothing (git would ignore a date it cannot
read, such as the year 9999, and list everything).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from zpagent.history.git import GitRepo
from zpagent.history.model import STATUS_WORDS, Commit, CommitList, PageChange

if TYPE_CHECKING:
    from zpagent.history.pages import Visibility

MAX_COMMITS = 100
MAX_CHANGES_PER_COMMIT = 50
# Commits read to fill one page of results when many are filtered out.
MAX_SCANNED = 2000
MAX_LOG_BYTES = 8 * 1024 * 1024

_SEP = b"\x1e\x1e"
FORMAT = "--format=%x1e%x1e%H%x1f%P%x1f%aN%x1f%aI%x1f%s"
LOG_OPTIONS = [
    "log",
    "-z",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    "--no-decorate",
    "--name-status",
    "-M",
    "--diff-merges=first-parent",
    FORMAT,
]

Change = tuple[str, str, str | None]  # (status letter, repo path, previous repo path)


def parse_name_status(raw: bytes) -> list[Change]:
    """``--name-status -z`` output: (letter, path, previous path for renames and copies)."""
    tokens = [t.decode("utf-8", "replace") for t in raw.lstrip(b"\n").split(b"\0")]
    changes: list[Change] = []
    i = 0
    while i < len(tokens):
        status = tokens[i].strip()
        if not status:
            i += 1
            continue
        letter = status[0]
        if letter in ("R", "C") and i + 2 < len(tokens):
            changes.append((letter, tokens[i + 2], tokens[i + 1]))
            i += 3
        elif i + 1 < len(tokens):
            changes.append((letter, tokens[i + 1], None))
            i += 2
        else:
            break
    return changes


def parse_log(raw: bytes, complete: bool) -> list[tuple[Commit, list[Change]]]:
    """(commit, [(status letter, repo path, previous repo path)]) per record.

    With ``complete=False`` (the byte cap was hit) the last record is dropped.
    """
    records = raw.split(_SEP)[1:]
    if not complete and records:
        records = records[:-1]
    out = []
    for rec in records:
        header, _, rest = rec.partition(b"\0")
        fields = header.decode("utf-8", "replace").split("\x1f", 4)
        if len(fields) != 5 or len(fields[0]) != 40:
            continue  # malformed: never guess
        sha, parents, author, date, subject = fields
        commit = Commit(sha, parents.split(), author, date, subject)
        out.append((commit, parse_name_status(rest)))
    return out


def in_future(since: dt.datetime | None) -> bool:
    if since is None:
        return False
    if since.tzinfo is None:
        since = since.replace(tzinfo=dt.UTC)
    return since > dt.datetime.now(dt.UTC)


def _page_changes(repo: GitRepo, raw: list[Change]) -> list[tuple[PageChange, str]]:
    """Changes inside the wiki as page paths, each with the letter for visibility checks."""
    out = []
    for letter, path, previous in raw:
        page = repo.page_path(path)
        if page is None:
            continue
        before = repo.page_path(previous) if previous else None
        status = STATUS_WORDS.get(letter, "modified")
        if previous and before is None:
            status = "added"  # renamed or copied from outside the wiki: new to the wiki
        out.append((PageChange(status, page, before), letter))
    return out


def made_version(commit: Commit, letter: str, path: str) -> tuple[str, str] | None:
    """The (commit, path) version a change is judged by: the one it made, or for a
    deletion the one it removed."""
    if letter == "D":
        return (commit.parents[0], path) if commit.parents else None
    return (commit.sha, path)


def _source(commit: Commit, change: PageChange) -> tuple[str, str] | None:
    """The version a rename or copy started from."""
    if change.previous_path is None or not commit.parents:
        return None
    return (commit.parents[0], change.previous_path)


Batch = list[tuple[Commit, list[tuple[PageChange, str]]]]


def visible_changes(
    visibility: Visibility, batch: Batch, pages: set[str] | None = None
) -> list[list[PageChange]]:
    """Per commit of ``batch``, the changes that may be shown (of ``pages`` only, when
    given): those whose made version is published. A rename or copy from a version
    that may not be shown is reported as the page's addition (its old name was hidden)."""
    wanted = [
        (commit, c, letter)
        for commit, changes in batch
        if commit.sha not in visibility.excluded  # a deletion is judged by its parent
        for c, letter in changes
        if pages is None or c.path in pages
    ]
    shown = visibility.shown(
        v
        for commit, c, letter in wanted
        for v in (made_version(commit, letter, c.path), _source(commit, c))
        if v is not None
    )
    kept: dict[int, list[PageChange]] = {}
    for commit, c, letter in wanted:
        if made_version(commit, letter, c.path) not in shown:
            continue
        if c.previous_path is not None and _source(commit, c) not in shown:
            c = PageChange("added", c.path, None)
        kept.setdefault(id(commit), []).append(c)
    return [kept.get(id(commit), []) for commit, _ in batch]


def shown_changes(
    repo: GitRepo, visibility: Visibility, entries: list[tuple[Commit, list[Change]]]
) -> list[tuple[Commit, list[PageChange]]]:
    """Each logged commit with the changes of visible pages it may show (none: the
    commit is not shown). A few git calls per batch (trees, blobs, removals), not per
    commit."""
    batch = [(commit, _page_changes(repo, raw)) for commit, raw in entries]
    pages = visibility.pages(c.path for _, changes in batch for c, _ in changes)
    shown = visible_changes(visibility, batch, pages)
    return [(commit, kept) for (commit, _), kept in zip(batch, shown, strict=True)]


def recent_changes(
    repo: GitRepo,
    visibility: Visibility,
    head: str,
    since: dt.datetime | None = None,
    limit: int = 20,
) -> CommitList:
    """The newest commits that changed visible pages, newest first."""
    limit = max(1, min(limit, MAX_COMMITS))
    found: list[Commit] = []
    reasons: list[str] = []
    skip = 0
    batch = (limit + 1) * 2
    while len(found) <= limit and not in_future(since):
        args = [*LOG_OPTIONS, f"--max-count={batch}", f"--skip={skip}"]
        if since is not None:
            args.append(f"--since={since.isoformat()}")
        args += ["--end-of-options", head, "--", *repo.scope()]
        out = repo.run(args, max_bytes=MAX_LOG_BYTES)
        entries = parse_log(out.stdout, complete=not out.truncated)
        if out.truncated and "output_limit" not in reasons:
            reasons.append("output_limit")
        for commit, kept in shown_changes(repo, visibility, entries):
            if not kept:
                continue
            commit.changes = kept[:MAX_CHANGES_PER_COMMIT]
            commit.changes_truncated = len(kept) > MAX_CHANGES_PER_COMMIT
            if commit.changes_truncated and "file_limit" not in reasons:
                reasons.append("file_limit")
            found.append(commit)
            if len(found) > limit:
                break
        skip += len(entries)
        if out.truncated or len(entries) < batch:
            break  # the history is exhausted (or cut by the byte cap)
        if skip >= MAX_SCANNED:
            # Stopped looking, so more matching commits may exist.
            reasons.append("commit_limit")
            break
        batch = min(batch * 2, 500)
    if len(found) > limit:
        found = found[:limit]
        reasons.append("commit_limit")
    keep_visible_parents(repo, visibility, found)
    return CommitList(found, list(dict.fromkeys(reasons)), head)


def page_changes(
    repo: GitRepo,
    visibility: Visibility,
    path: str,
    start: str,
    since: dt.datetime | None = None,
    limit: int = 20,
    first_parent: bool = False,
    deletions: bool = True,
) -> tuple[list[Commit], list[str]]:
    """The newest commits at or before ``start`` that made a visible version of the page
    named ``path`` there (renames followed), and the truncation reasons.

    ``first_parent``: only the main line (a merge stands for what it brought).
    The caller has checked that the page itself is visible.
    """
    if in_future(since):
        return [], []
    found: list[Commit] = []
    reasons: list[str] = []
    done = 0  # entries judged so far
    count = (limit + 1) * 2
    # ``--skip`` miscounts with ``--follow``: read more from the start instead.
    while len(found) <= limit:
        args = [*LOG_OPTIONS, "--follow", f"--max-count={count}"]
        if first_parent:
            args.append("--first-parent")
        if since is not None:
            args.append(f"--since={since.isoformat()}")
        args += ["--end-of-options", start, "--", repo.repo_path(path)]
        out = repo.run(args, max_bytes=MAX_LOG_BYTES)
        entries = parse_log(out.stdout, complete=not out.truncated)
        batch = [
            (commit, [(c, letter) for c, letter in _page_changes(repo, raw)[:1]])  # --follow
            for commit, raw in entries[done:]
        ]
        if not deletions:
            batch = [(commit, [ch for ch in changes if ch[1] != "D"]) for commit, changes in batch]
        for (commit, _), kept in zip(batch, visible_changes(visibility, batch), strict=True):
            if kept:
                commit.changes = kept
                found.append(commit)
        done = max(done, len(entries))
        if out.truncated:
            reasons.append("output_limit")
            break
        if len(entries) < count:
            break  # the page's whole history was read
        if count >= MAX_SCANNED:
            if len(found) <= limit:
                reasons.append("commit_limit")  # stopped looking: older ones may exist
            break
        count = min(count * 4, MAX_SCANNED)
    if len(found) > limit:
        found = found[:limit]
        reasons.append("commit_limit")
    return found, list(dict.fromkeys(reasons))


def page_history(
    repo: GitRepo,
    visibility: Visibility,
    page: str,
    head: str,
    since: dt.datetime | None = None,
    limit: int = 20,
) -> CommitList:
    """Commits that changed one (visible, validated) page, following renames, newest first."""
    limit = max(1, min(limit, MAX_COMMITS))
    commits, reasons = page_changes(repo, visibility, page, head, since=since, limit=limit)
    keep_visible_parents(repo, visibility, commits)
    return CommitList(commits, reasons, head, page)


def keep_visible_parents(repo: GitRepo, visibility: Visibility, commits: list[Commit]) -> None:
    """Drop the parents that are not shown themselves: a hidden commit's id appears
    nowhere (a listed commit may then have fewer parents, or none)."""
    listed = {c.sha for c in commits}
    unknown = sorted({p for c in commits for p in c.parents} - listed)
    visible = set(listed)
    if unknown:
        args = [*LOG_OPTIONS, "--no-walk=unsorted", "--end-of-options", *unknown]
        out = repo.run([*args, "--", *repo.scope()], max_bytes=MAX_LOG_BYTES)
        entries = parse_log(out.stdout, complete=not out.truncated)
        visible |= {c.sha for c, kept in shown_changes(repo, visibility, entries) if kept}
        # A parent cut off by the byte cap is not known to be shown: it is left out.
    for commit in commits:
        commit.parents = [p for p in commit.parents if p in visible]
