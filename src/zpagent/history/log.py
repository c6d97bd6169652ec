"""Commits from ``git log``: the wiki's recent changes and one page's history.

Merge commits are listed with their changes against the first parent (what
the merge brought into the main line). A commit whose changes touch no
visible page (only hidden pages, images, files outside the wiki) is not
listed at all: its message could describe a hidden page.
"""

from __future__ import annotations

import datetime as dt

from zpagent.history.git import GitRepo
from zpagent.history.model import STATUS_WORDS, Commit, CommitList, PageChange
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


def parse_log(raw: bytes, complete: bool) -> list[tuple[Commit, list[tuple[str, str, str | None]]]]:
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
        tokens = [t.decode("utf-8", "replace") for t in rest.lstrip(b"\n").split(b"\0")]
        changes: list[tuple[str, str, str | None]] = []
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
        commit = Commit(sha, parents.split(), author, date, subject)
        out.append((commit, changes))
    return out


def _page_changes(
    repo: GitRepo, raw: list[tuple[str, str, str | None]]
) -> list[tuple[PageChange, str]]:
    """Changes inside the wiki as page paths, each with the letter for visibility checks."""
    out = []
    for letter, path, previous in raw:
        page = repo.page_path(path)
        if page is None:
            continue
        before = repo.page_path(previous) if previous else None
        out.append((PageChange(STATUS_WORDS.get(letter, "modified"), page, before), letter))
    return out


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
    while len(found) <= limit:
        args = [*LOG_OPTIONS, f"--max-count={batch}", f"--skip={skip}"]
        if since is not None:
            args.append(f"--since={since.isoformat()}")
        args += ["--end-of-options", head, "--", *repo.scope()]
        out = repo.run(args, max_bytes=MAX_LOG_BYTES)
        entries = parse_log(out.stdout, complete=not out.truncated)
        if out.truncated and "output_limit" not in reasons:
            reasons.append("output_limit")
        batch_changes = [(commit, _page_changes(repo, raw)) for commit, raw in entries]
        # One visibility check per batch (two cat-file calls), not per commit.
        shown = visibility.visible(
            (c.path, f"{commit.sha}^" if letter == "D" else commit.sha)
            for commit, changes in batch_changes
            for c, letter in changes
        )
        for commit, changes in batch_changes:
            kept = [c for c, _ in changes if c.path in shown]
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
    return CommitList(found, list(dict.fromkeys(reasons)), head)


def page_history(
    repo: GitRepo,
    page: str,
    head: str,
    since: dt.datetime | None = None,
    limit: int = 20,
) -> CommitList:
    """Commits that changed one (visible, validated) page, following renames, newest first."""
    limit = max(1, min(limit, MAX_COMMITS))
    args = [*LOG_OPTIONS, "--follow", f"--max-count={limit + 1}"]
    if since is not None:
        args.append(f"--since={since.isoformat()}")
    args += ["--end-of-options", head, "--", repo.repo_path(page)]
    out = repo.run(args, max_bytes=MAX_LOG_BYTES)
    reasons = ["output_limit"] if out.truncated else []
    commits = []
    for commit, raw in parse_log(out.stdout, complete=not out.truncated):
        commit.changes = [c for c, _ in _page_changes(repo, raw)][:1]
        commits.append(commit)
    if len(commits) > limit:
        commits = commits[:limit]
        reasons.append("commit_limit")
    return CommitList(commits, reasons, head, page)
