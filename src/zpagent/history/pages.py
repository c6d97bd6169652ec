"""Which pages, and which of their versions, the history may show.

Three rules, used by every question:

1. A *version* (a page path at a commit) is visible when the indexer would
   publish it from that commit: its front matter merged over its folder's
   ``frontmatter.yaml`` at that same commit, decoded as the indexer decodes
   it (``versions``).
2. A *page* is visible, with a served index (a generation), when it exists
   at HEAD and the index knows it and marks it published: a page the index
   does not know yet (pushed, not synced) is not shown. Without a
   generation: rule 1 at HEAD. A path gone at HEAD (deleted, or an old name
   of a renamed page) is judged by its last version (rule 1 at the parent of
   the commit that removed it from the main line); renamed, it is also only
   as visible as its new name. A path that is not a valid page path
   (outside the wiki, hidden folders, not Markdown) is never shown.
3. A commit is shown for a page only when the page is visible and the
   version the commit made is (for a deletion: the version before it).

Titles and URLs come from the served index, or from the configured base URL
when the index does not know the page. Contents come from git's object
store, never from the work tree.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from zpagent.history.errors import HistoryError
from zpagent.history.git import GitRepo
from zpagent.history.log import FORMAT, MAX_LOG_BYTES, parse_log, parse_name_status
from zpagent.history.validate import check_page_path
from zpagent.history.versions import Item, Versions
from zpagent.index.reader import Generation
from zpagent.ingest.limits import PageLimits
from zpagent.ingest.urls import source_url

# Renames followed forward from an old name to the page's current one.
MAX_RENAMES = 20
PATHS_PER_LOG = 100
_QUIET = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-decorate"]


@dataclass(frozen=True)
class PageInfo:
    path: str
    title: str | None
    source_url: str | None
    published: bool


class PageCatalog:
    """The served index's view of the pages (titles, URLs, publication).

    Without a generation (``gen=None``) git's front matter decides alone and
    titles are unknown.
    """

    def __init__(self, gen: Generation | None, base_url: str | None) -> None:
        self.gen = gen
        self.base_url = base_url
        self._cache: dict[str, PageInfo | None] = {}

    def info(self, path: str) -> PageInfo | None:
        if path in self._cache:
            return self._cache[path]
        info = None
        if self.gen is not None:
            try:
                row = (
                    self.gen.db()
                    .execute(
                        "SELECT title, title_source, source_url, published FROM documents "
                        "WHERE path = ?",
                        (path,),
                    )
                    .fetchone()
                )
            except sqlite3.Error:
                row = None
            if row is not None:
                title = row["title"] if row["title_source"] != "path" else None
                info = PageInfo(path, title, row["source_url"], bool(row["published"]))
        self._cache[path] = info
        return info

    def title(self, path: str) -> str | None:
        info = self.info(path)
        return info.title if info else None

    def url(self, path: str) -> str | None:
        info = self.info(path)
        if info is not None and info.source_url:
            return info.source_url
        return source_url(self.base_url, path)


def is_page_path(path: str) -> bool:
    try:
        check_page_path(path)
    except HistoryError:
        return False
    return True


class Visibility:
    """Rules 2 and 3 for one request (rule 1 is ``versions``); every verdict is remembered."""

    def __init__(
        self,
        repo: GitRepo,
        catalog: PageCatalog,
        head: str,
        limits: PageLimits | None = None,
        excluded: frozenset[str] = frozenset(),
    ) -> None:
        """``excluded``: commits never shown (HISTORY_EXCLUDE_COMMITS), nor their versions."""
        self.repo = repo
        self.catalog = catalog
        self.head = head
        self.excluded = excluded
        self.versions = Versions(repo, head, limits)
        self._pages: dict[str, bool] = {}
        self._removals: dict[str, tuple[str, str] | None] = {}
        self._renames: dict[str, dict[str, str | None]] = {}

    # --- rule 2: pages ---------------------------------------------------------------

    def pages(self, paths: Iterable[str]) -> set[str]:
        """The visible pages among ``paths``."""
        paths = list(dict.fromkeys(paths))
        self._judge(paths, 0)
        return {p for p in paths if self._pages.get(p)}

    def page(self, path: str) -> bool:
        return path in self.pages([path])

    def current_page(self, path: str) -> bool:
        """A visible page that exists at HEAD (a deleted page is no longer asked about)."""
        return self.page(path) and self.versions.exist([(self.head, path)])[(self.head, path)]

    def _judge(self, paths: list[str], depth: int) -> None:
        todo = []
        for p in paths:
            if p in self._pages:
                continue
            self._pages[p] = False  # until shown visible (this also ends rename loops)
            if not is_page_path(p):
                continue
            info = self.catalog.info(p)
            if info is None or info.published:
                todo.append(p)
        if not todo:
            return
        present = self.versions.exist((self.head, p) for p in todo)
        gone = [p for p in todo if not present[(self.head, p)]]
        if self.catalog.gen is not None:  # the served index decides the pages it serves
            for p in todo:
                info = self.catalog.info(p)
                self._pages[p] = present[(self.head, p)] and info is not None and info.published
        else:  # the indexer's rule at HEAD
            at_head = self.versions.verdicts((self.head, p) for p in todo if p not in gone)
            for item, verdict in at_head.items():
                self._pages[item[1]] = bool(verdict)
        if gone:
            self._judge_gone(gone, depth)

    def _judge_gone(self, paths: list[str], depth: int) -> None:
        removals = self._last_removals(paths)
        last = {p: (r[1], p) for p, r in removals.items() if r is not None}
        published = self.versions.visible(last.values())
        renamed: dict[str, str] = {}
        for p, item in last.items():
            if item not in published:
                continue
            new = self._renamed_to(removals[p], p)
            if new is None:
                self._pages[p] = True
            elif depth < MAX_RENAMES:
                renamed[p] = new
        if renamed:
            self._judge(list(renamed.values()), depth + 1)
            for _ in range(len(renamed)):  # a chain of old names within one batch
                for p, new in renamed.items():
                    self._pages[p] = self._pages.get(new, False)

    def _last_removals(self, paths: list[str]) -> dict[str, tuple[str, str] | None]:
        """(commit, its first parent) that last removed each path from the main line."""
        todo = [p for p in paths if p not in self._removals]
        for i in range(0, len(todo), PATHS_PER_LOG):
            chunk = todo[i : i + PATHS_PER_LOG]
            wanted = set(chunk)
            found: dict[str, tuple[str, str]] = {}
            out = self.repo.run(
                [
                    "log",
                    "-z",
                    *_QUIET,
                    "--first-parent",
                    "--diff-merges=first-parent",
                    "--no-renames",
                    "--name-status",
                    FORMAT,
                    "--end-of-options",
                    self.head,
                    "--",
                    *[self.repo.repo_path(p) for p in chunk],
                ],
                max_bytes=MAX_LOG_BYTES,
            )
            for commit, changes in parse_log(out.stdout, complete=not out.truncated):
                for letter, path, _ in changes:
                    page = self.repo.page_path(path)
                    if letter == "D" and page in wanted and page not in found and commit.parents:
                        found[page] = (commit.sha, commit.parents[0])
            for p in chunk:
                self._removals[p] = found.get(p)  # not found: never shown
        return {p: self._removals[p] for p in paths}

    def _renamed_to(self, removal: tuple[str, str] | None, path: str) -> str | None:
        """The page's new name when the commit that removed ``path`` renamed it."""
        if removal is None:
            return None
        sha, parent = removal
        if sha not in self._renames:
            out = self.repo.run(
                [
                    "diff",
                    "-z",
                    *_QUIET[:3],
                    "-M",
                    "--name-status",
                    "--end-of-options",
                    parent,
                    sha,
                    "--",
                    *self.repo.scope(),
                ],
                max_bytes=MAX_LOG_BYTES,
            )
            renames: dict[str, str | None] = {}
            for letter, new, old in parse_name_status(out.stdout):
                old_page = self.repo.page_path(old) if old else None
                if letter == "R" and old_page:
                    renames[old_page] = self.repo.page_path(new)
            self._renames[sha] = renames
        new = self._renames[sha].get(path)
        return new if new and is_page_path(new) else None  # moved out of the wiki: deleted

    # --- rule 3: versions ------------------------------------------------------------

    def shown(self, items: Iterable[Item]) -> set[Item]:
        """The ``(commit, page path)`` versions that are published (rule 1) and not made
        by an excluded commit."""
        return self.versions.visible(
            it for it in items if is_page_path(it[1]) and it[0] not in self.excluded
        )

    def version_shown(self, rev: str, path: str) -> bool:
        return (rev, path) in self.shown([(rev, path)])
