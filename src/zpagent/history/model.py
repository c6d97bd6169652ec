"""What the history library returns: plain dataclasses (pydantic lives at the edges)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

# git's one-letter change status -> the word the contract uses.
STATUS_WORDS = {
    "A": "added",
    "M": "modified",
    "D": "deleted",
    "R": "renamed",
    "C": "copied",
    "T": "type_changed",
}


@dataclass(frozen=True)
class PageChange:
    status: str  # added | modified | deleted | renamed | copied | type_changed
    path: str  # the page path after the change (before it, for a deletion)
    previous_path: str | None = None  # renames and copies


@dataclass
class Commit:
    sha: str
    parents: list[str]
    author: str
    date: str  # author date, ISO 8601 with offset
    message: str  # the subject line
    changes: list[PageChange] = field(default_factory=list)
    changes_truncated: bool = False

    @property
    def short(self) -> str:
        return self.sha[:10]

    @property
    def merge(self) -> bool:
        return len(self.parents) > 1

    @property
    def when(self) -> dt.datetime:
        """The author date as a datetime (the epoch when git gave none)."""
        try:
            return dt.datetime.fromisoformat(self.date)
        except ValueError:
            return dt.datetime.fromtimestamp(0, dt.UTC)


@dataclass
class CommitList:
    commits: list[Commit]
    truncated_reasons: list[str] = field(default_factory=list)
    head: str | None = None
    page: str | None = None


@dataclass
class PageVersion:
    page: str  # the page's current path
    path_at_revision: str  # its path at that revision (renames followed)
    commit: Commit  # the revision asked for
    last_change: Commit | None  # the last commit that changed the page at or before it
    content: str
    truncated_reasons: list[str] = field(default_factory=list)


@dataclass
class PageDiff:
    page: str
    from_commit: Commit | None  # None: the page did not exist yet (diff from nothing)
    to_commit: Commit
    from_path: str | None
    to_path: str
    diff: str
    added_lines: int
    removed_lines: int
    sections: list[str]  # headings of the sections the change touches
    truncated_reasons: list[str] = field(default_factory=list)


@dataclass
class BlameLine:
    line: int
    text: str
    sha: str


@dataclass
class Blame:
    page: str
    revision: Commit
    start_line: int
    end_line: int
    section: str | None
    lines: list[BlameLine]
    commits: dict[str, Commit]  # by sha: who changed the lines, newest first
    truncated_reasons: list[str] = field(default_factory=list)

    @property
    def last_change(self) -> Commit | None:
        return next(iter(self.commits.values()), None)
