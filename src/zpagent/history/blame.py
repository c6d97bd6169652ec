"""Who last changed which lines of a page (``git blame``), by line range or by section.

A line's commit is named only when the version of the page it made may be
shown (``shown``); a line from a hidden version keeps its text (it is in the
version asked for) but names no commit.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from zpagent.history.errors import InvalidRange
from zpagent.history.git import GitRepo
from zpagent.history.model import Blame, BlameLine, Commit, Revision
from zpagent.history.sections import find_section
from zpagent.history.validate import check_line_range, is_sha

MAX_BLAME_LINES = 400
MAX_BLAME_BYTES = 4 * 1024 * 1024


def blame_lines(
    repo: GitRepo,
    page: str,
    path_at_revision: str,
    revision: Revision,
    content: str,
    start_line: int | None = None,
    end_line: int | None = None,
    section: str | None = None,
    *,
    shown: Callable[[list[tuple[str, str]]], set[str]],
) -> Blame:
    """Blame a line range (default: the whole page) or the section under a heading.

    ``shown``: given ``(commit, repository path of the file in it)`` pairs,
    the commits that may be named.
    """
    if section is not None and (start_line is not None or end_line is not None):
        raise InvalidRange("give either a line range or a section, not both")
    lines = content.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the final newline ends the last line; it does not start another
    heading = None
    if section is not None:
        first, last, heading = find_section(content, section)
    else:
        first, last = check_line_range(start_line, end_line, len(lines))
    reasons = []
    if last - first + 1 > MAX_BLAME_LINES:
        last = first + MAX_BLAME_LINES - 1
        reasons.append("line_limit")
    out = repo.run(
        [
            "blame",
            "--porcelain",
            "-L",
            f"{first},{last}",
            revision.sha,
            "--",
            repo.repo_path(path_at_revision),
        ],
        max_bytes=MAX_BLAME_BYTES,
    )
    if out.truncated:
        reasons.append("output_limit")
    blamed, commits, files = parse_porcelain(out.stdout.decode("utf-8", "replace"))
    keep = shown([(sha, files[sha]) for sha in commits if files.get(sha)])
    commits = {sha: c for sha, c in commits.items() if sha in keep}
    blamed = [BlameLine(ln.line, ln.text, ln.sha if ln.sha in keep else None) for ln in blamed]
    ordered = dict(sorted(commits.items(), key=lambda kv: kv[1].when, reverse=True))
    return Blame(page, revision, first, last, heading, blamed, ordered, reasons)


def parse_porcelain(text: str) -> tuple[list[BlameLine], dict[str, Commit], dict[str, str]]:
    """Lines, the commits they come from and the file's (repository) path in each
    commit, out of ``git blame --porcelain``."""
    lines: list[BlameLine] = []
    commits: dict[str, Commit] = {}
    info: dict[str, dict[str, str]] = {}
    current: str | None = None
    final = 0
    for raw in text.split("\n"):
        if raw.startswith("\t"):
            if current is not None:
                lines.append(BlameLine(final, raw[1:], current))
            continue
        parts = raw.split(" ")
        if len(parts) >= 3 and is_sha(parts[0]) and parts[2].isdigit():
            current, final = parts[0], int(parts[2])
            info.setdefault(current, {})
            continue
        if current is not None and parts and parts[0]:
            key, _, value = raw.partition(" ")
            info[current].setdefault(key, value)
    for sha, fields in info.items():
        commits[sha] = Commit(
            sha=sha,
            parents=[],
            author=fields.get("author", ""),
            date=_iso(fields.get("author-time"), fields.get("author-tz")),
            message=fields.get("summary", ""),
        )
    files = {sha: fields["filename"] for sha, fields in info.items() if fields.get("filename")}
    return lines, commits, files


def _iso(epoch: str | None, tz: str | None) -> str:
    try:
        seconds = int(epoch or "")
    except ValueError:
        return ""
    offset = dt.timedelta(0)
    if tz and len(tz) == 5 and tz[0] in "+-" and tz[1:].isdigit():
        sign = 1 if tz[0] == "+" else -1
        offset = sign * dt.timedelta(hours=int(tz[1:3]), minutes=int(tz[3:5]))
    return dt.datetime.fromtimestamp(seconds, dt.timezone(offset)).isoformat()
