"""A page as it was at a revision, and the diff of a page between two revisions.

Revisions must lie on the served branch's history (ancestors of HEAD): other
branches of the repository are not part of the wiki. Renames are followed:
the page's name at a revision is found among the names it had. A version
the indexer would not publish (``pages``, rule 1) is hidden like the page.

A caller's revision is only a point in time: its own commit (message,
author, date) is never described, since it may have touched only hidden
pages or files outside the wiki. A version is described by the commit that
made it (``maker``), and only when that commit may be shown.
"""

from __future__ import annotations

import re

from zpagent.history.errors import PageNotAtRevision, UnknownPage, UnknownRef
from zpagent.history.git import EMPTY_TREE, GitRepo
from zpagent.history.log import FORMAT, MAX_LOG_BYTES, parse_log
from zpagent.history.model import STATUS_WORDS, Commit, PageChange
from zpagent.history.pages import Visibility, is_page_path
from zpagent.history.sections import heading_path, headings
from zpagent.history.versions import Version

MAX_CONTENT_CHARS = 60_000
MAX_DIFF_BYTES = 60_000
MAX_SECTIONS = 12
DIFF_OPTIONS = ["--no-color", "--no-ext-diff", "--no-textconv", "-M", "--unified=3"]
_HUNK = re.compile(r"^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@")


def on_branch(repo: GitRepo, sha: str, head: str) -> str:
    """``sha`` when it is HEAD or one of its ancestors; ``UnknownRef`` otherwise."""
    if sha == head:
        return sha
    out = repo.run(
        ["merge-base", "--is-ancestor", "--end-of-options", sha, head],
        max_bytes=1024,
        ok_codes=(0, 1),
    )
    if out.code != 0:
        raise UnknownRef("the revision is not on the wiki's branch")
    return sha


def maker(repo: GitRepo, visibility: Visibility, path: str, sha: str) -> Commit | None:
    """The commit that made the version of ``path`` at ``sha``, when it may be shown.

    The newest commit of the main line up to ``sha`` (first parents; a merge
    stands for what it brought) that changed ``path``; None when there is
    none, or when the version it made was hidden (its message could tell).
    """
    out = repo.run(
        [
            "log",
            "-z",
            "--no-decorate",
            "--first-parent",
            "--diff-merges=first-parent",
            "--name-status",
            "--max-count=1",
            FORMAT,
            "--end-of-options",
            sha,
            "--",
            repo.repo_path(path),
        ],
        max_bytes=MAX_LOG_BYTES,
    )
    entries = parse_log(out.stdout, complete=True)
    if not entries:
        return None
    commit = entries[0][0]
    if not visibility.version_shown(commit.sha, path):
        return None
    commit.changes = [
        PageChange(STATUS_WORDS.get(letter, "modified"), path)
        for letter, repo_path, _ in entries[0][1]
        if repo.page_path(repo_path) == path
    ][:1]
    return commit


def renamed_from(repo: GitRepo, page: str, head: str) -> list[str]:
    """Every name the page had, newest first (its current name included)."""
    out = repo.run(
        [
            "log",
            "-z",
            "--follow",
            "--name-status",
            "-M",
            "--diff-filter=R",
            "--format=%x1e%x1e%H%x1f%x1f%x1f%x1f",
            "--end-of-options",
            head,
            "--",
            repo.repo_path(page),
        ],
        max_bytes=MAX_LOG_BYTES,
    )
    names = [page]
    for _commit, changes in parse_log(out.stdout, complete=not out.truncated):
        for _letter, _path, previous in changes:
            name = repo.page_path(previous) if previous else None
            if name and name not in names:
                names.append(name)
    return names


def version_at(visibility: Visibility, names: list[str], sha: str) -> Version | None:
    """The page at ``sha``: the version under the first of its names that exists there."""
    verdicts = visibility.versions.verdicts((sha, n) for n in names)
    for name in names:
        if verdicts[(sha, name)] is not None:
            return visibility.versions.version(sha, name)
    return None


def visible_version(visibility: Visibility, names: list[str], sha: str) -> Version:
    """The page at ``sha`` when that version is published; refused otherwise."""
    found = version_at(visibility, names, sha)
    if found is None:
        raise PageNotAtRevision("the page did not exist at that revision")
    if not found.published or found.content is None or not is_page_path(found.path):
        raise UnknownPage("that version of the page is unpublished")
    return found


def decode(blob: bytes) -> str:
    return blob.decode("utf-8", "replace").replace("\r\n", "\n")


def unified_diff(
    repo: GitRepo, from_sha: str | None, from_path: str | None, to_sha: str, to_path: str
) -> tuple[str, int, int, bool]:
    """(diff text, added lines, removed lines, truncated): blob to blob across renames."""
    if from_sha is not None and from_path is not None:
        specs = [f"{from_sha}:{repo.repo_path(from_path)}", f"{to_sha}:{repo.repo_path(to_path)}"]
        tail: list[str] = []
    else:  # the page did not exist yet: everything is added
        specs = [EMPTY_TREE, to_sha]
        tail = ["--", repo.repo_path(to_path)]
    stat = repo.run(["diff", "--numstat", *DIFF_OPTIONS, "--end-of-options", *specs, *tail], 65536)
    added = removed = 0
    for line in stat.stdout.decode("utf-8", "replace").splitlines():
        parts = line.split("\t")
        if len(parts) >= 3 and parts[0].isdigit() and parts[1].isdigit():
            added += int(parts[0])
            removed += int(parts[1])
    out = repo.run(["diff", *DIFF_OPTIONS, "--end-of-options", *specs, *tail], MAX_DIFF_BYTES)
    text = out.stdout.decode("utf-8", "replace")
    if out.truncated:
        text = text[: text.rfind("\n") + 1]  # whole lines only
    return _page_paths(repo, text), added, removed, out.truncated


def _page_paths(repo: GitRepo, diff: str) -> str:
    """File headers name page paths, as everywhere else, not repository paths."""
    if not repo.prefix:
        return diff
    strip = re.compile(rf"(^|\s)(a/|b/)?{re.escape(repo.prefix)}")
    lines = diff.split("\n")
    header = False
    for i, line in enumerate(lines):
        if line.startswith("diff --git "):
            header = True
        elif line.startswith("@@"):
            header = False
        if header:
            lines[i] = strip.sub(r"\1\2", line)
    return "\n".join(lines)


def touched_sections(diff: str, old_text: str | None, new_text: str) -> list[str]:
    """Heading paths (``A › B``) of the sections the diff's changed lines fall in."""
    new_h, old_h = headings(new_text), headings(old_text or "")
    found: list[str] = []
    old_line = new_line = 0
    for line in diff.split("\n"):
        m = _HUNK.match(line)
        if m:
            old_line, new_line = int(m.group(1)), int(m.group(2))
            continue
        if not old_line and not new_line:
            continue  # file headers before the first hunk
        if line.startswith("+") and not line.startswith("+++"):
            path = heading_path(new_h, new_line)
            new_line += 1
        elif line.startswith("-") and not line.startswith("---"):
            path = heading_path(old_h, old_line)
            old_line += 1
        else:
            old_line += 1
            new_line += 1
            continue
        if not line[1:].strip():
            continue  # a blank line added or removed says nothing about a section
        label = " › ".join(path) if path else "(začiatok stránky)"
        if label not in found:
            found.append(label)
        if len(found) >= MAX_SECTIONS:
            break
    return found
