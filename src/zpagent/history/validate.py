"""Validate what a caller gives before any of it reaches a git command line.

Refs: a strict commit-ish pattern (a commit id, a branch or tag name,
``HEAD``, each optionally followed by ``~N`` / ``^N``). Nothing that git
could read as an option (a leading ``-``), a range (``..``), a reflog
(``@{``), a path (``:``) or a pattern. A valid name is then verified with
``git rev-parse --verify`` and only the full commit id it resolves to is
ever passed on.

Paths: relative POSIX paths of Markdown pages inside the wiki, as the index
names them (``pages/students/2016/jh428ek/README.md``); no ``..``, no hidden
component (``.git``), no absolute path, no control characters.
"""

from __future__ import annotations

import re

from zpagent.history.errors import InvalidPath, InvalidRange, InvalidRef

MAX_REF_CHARS = 100
MAX_PATH_CHARS = 500

# A name: starts with a letter or digit; letters, digits, ``._/-`` inside.
# A suffix: any number of ``~N`` / ``^N`` (N up to 4 digits, optional).
_REF = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]*(?:[~^][0-9]{0,4})*")
_SHA = re.compile(r"[0-9a-f]{40}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def check_ref(ref: str) -> str:
    """The ref itself when it is a safe commit-ish name; ``InvalidRef`` otherwise."""
    if not isinstance(ref, str) or not ref or len(ref) > MAX_REF_CHARS:
        raise InvalidRef("empty or too long revision")
    if not _REF.fullmatch(ref):
        raise InvalidRef("revision does not match the allowed pattern")
    name = re.split(r"[~^]", ref, maxsplit=1)[0]
    if (
        ".." in name
        or "//" in name
        or "/." in name
        or name.endswith(("/", ".", ".lock"))
        or name.startswith("-")
    ):
        raise InvalidRef("revision name is not a valid ref name")
    return ref


def is_sha(value: str) -> bool:
    return bool(_SHA.fullmatch(value))


def check_page_path(path: str) -> str:
    """The normalized page path; ``InvalidPath`` unless it is a Markdown page inside the wiki."""
    if not isinstance(path, str):
        raise InvalidPath("the page path must be text")
    path = path.strip()
    if not path or len(path) > MAX_PATH_CHARS:
        raise InvalidPath("empty or too long page path")
    if _CONTROL.search(path) or "\\" in path:
        raise InvalidPath("control characters or backslashes in page path")
    if path.startswith("/") or re.match(r"^[A-Za-z]:", path):
        raise InvalidPath("absolute page path")
    if path.startswith("-"):
        raise InvalidPath("page path looks like an option")
    parts = path.split("/")
    for part in parts:
        if part in ("", ".", ".."):
            raise InvalidPath("empty, '.' or '..' component in page path")
        if part.startswith("."):
            raise InvalidPath("hidden component in page path")  # .git, .github, ...
    if not parts[-1].lower().endswith(".md") or len(parts[-1]) <= 3:
        raise InvalidPath("not a Markdown page")
    return path


def check_line_range(start: int | None, end: int | None, lines: int) -> tuple[int, int]:
    """1-based inclusive range within a file of ``lines`` lines (whole file by default)."""
    if lines == 0:
        raise InvalidRange("the page is empty")
    first = 1 if start is None else start
    last = lines if end is None else end
    if first < 1 or last < first or first > lines:
        raise InvalidRange(f"line range {first}-{last} outside 1-{lines}")
    return first, min(last, lines)
