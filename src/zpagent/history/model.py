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
    # Fixed when read: ``parents`` may later lose the ids that may not be shown.
    merge: bool = field(init=False)

    def __post_init__(self) -> None:
        self.merge = len(self.parents) > 1

    @property
    def short(self) -> str:
        return self.sha[:10]

    @property
    def when(self) -> dt.datetime:
        """The author date as a datetime (the epoch when git gave none)."""
        try:
            return dt.datetime.fromisoformat(self.date)
        except ValueError:
            return dt.datetime.fromtimestamp(0, dt.UTC)


@dataclass(frozen=True)
class Revision:
    """A revision a caller asked for: its id only. Its own commit is never described
    (its message could be about hidden pages or files outside the wiki)."""

    sha: str


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
    commit: Revision  # the revision asked for (its id only)
    # The commit that made this version (the page's last change at or before the
    # revision); None when there is none that may be shown.
    last_change: Commit | None
    content: str
    truncated_reasons: list[str] = field(default_factory=list)


@dataclass
class PageDiff:
    page: str
    # The commits that made the two versions; None: not shown (the version was
    # made while hidden), or for the older side with from_path None too: the
    # page did not exist yet (diff from nothing).
    from_commit: Commit | None
    to_commit: Commit | None
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
    sha: str | None  # None: the commit is not shown (it made a hidden version)


@dataclass
class Blame:
    page: str
    revision: Revision
    start_line: int
    end_line: int
    section: str | None
    lines: list[BlameLine]
    commits: dict[str, Commit]  # by sha: who changed the lines (shown ones), newest first
    truncated_reasons: list[str] = field(default_factory=list)

    @property
    def last_change(self) -> Commit | None:
        return next(iter(self.commits.values()), None)
