"""What the history may show beyond who changed what and when (HISTORY_CONTENT,
HISTORY_EXCLUDE_COMMITS).

The visibility rules (``pages``) decide which pages and versions exist for a
caller. This policy narrows them for a department that must make removed
personal data unreachable:

- ``content="all"``: every published version's text (the default);
- ``content="current"``: a version's text only when it equals the page now,
  so text removed from a page cannot be read at an old revision, diffed or
  blamed; commits, authors, dates, line counts and touched sections stay;
- ``content="none"``: no page text at all through the history;
- ``excluded``: commits that are never shown - not listed, not a parent, not
  the maker of a version, not accepted as a revision.
"""

from __future__ import annotations

from dataclasses import dataclass

from zpagent.config import Settings


@dataclass(frozen=True)
class HistoryPolicy:
    content: str = "all"  # all | current | none
    excluded: frozenset[str] = frozenset()

    @classmethod
    def from_settings(cls, settings: Settings) -> HistoryPolicy:
        ids = settings.history_exclude_commits.split(",")
        return cls(settings.history_content, frozenset(i for i in ids if i))
