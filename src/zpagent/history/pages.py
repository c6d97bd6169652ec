"""Which pages the history may show, and what to call them.

A page's history is hidden exactly when the page is: when the served index
marks it unpublished, or when its front matter says ``published: false`` as
it is now (or, for a page that no longer exists, as it was last). A path
that is not a valid page path (outside the wiki, hidden folders, not
Markdown) is never shown. Titles and URLs come from the served index, or
from the configured base URL when the index does not know the page.

File contents are read from git's object store (``git cat-file --batch``),
never from the work tree, so a symlink or an uncommitted file cannot
expose anything.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from zpagent.history.errors import HistoryError
from zpagent.history.git import GitRepo
from zpagent.history.validate import check_page_path
from zpagent.index.reader import Generation
from zpagent.ingest.frontmatter import split_front_matter
from zpagent.ingest.metadata import parse_published
from zpagent.ingest.urls import source_url

# The indexer reads pages up to this size; blobs beyond it are cut the same way.
MAX_PAGE_BYTES = 4 * 1024 * 1024
MAX_BATCH_BYTES = 64 * 1024 * 1024


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


def is_published(content: bytes) -> bool:
    """The indexer's rule: only an explicit ``published: false`` hides a page."""
    text = content[:MAX_PAGE_BYTES].decode("utf-8", "replace")
    data = split_front_matter(text).data or {}
    lowered = {str(k).lower(): v for k, v in data.items()}
    return parse_published(lowered.get("published"))[0]


def read_blobs(repo: GitRepo, specs: list[str], max_bytes: int = MAX_BATCH_BYTES) -> list:
    """Contents of ``rev:path`` specs (bytes, or None when missing or not a file), in order.

    One ``git cat-file --batch`` for all of them. Specs are built from
    resolved commit ids and validated paths only.
    """
    if not specs:
        return []
    if any("\n" in s or "\r" in s for s in specs):
        raise HistoryError("a blob spec with a line break")
    data = "".join(f"{s}\n" for s in specs).encode("utf-8")
    out = repo.run(["cat-file", "--batch"], max_bytes=max_bytes, input=data)
    buf = out.stdout
    result: list = []
    pos = 0
    for _spec in specs:
        nl = buf.find(b"\n", pos)
        if nl < 0:
            result.append(None)  # cut by the byte cap: treated as unreadable
            continue
        header = buf[pos:nl].split(b" ")
        pos = nl + 1
        if len(header) != 3 or not header[2].isdigit():
            result.append(None)  # "<spec> missing" / "ambiguous"
            continue
        size = int(header[2])
        body = buf[pos : pos + size]
        pos += size + 1
        complete = len(body) == size
        result.append(body if header[1] == b"blob" and complete else None)
    return result


class Visibility:
    """Decides, and remembers for one request, which page paths may be shown."""

    def __init__(self, repo: GitRepo, catalog: PageCatalog, head: str | None) -> None:
        self.repo = repo
        self.catalog = catalog
        self.head = head
        self._known: dict[str, bool] = {}

    def visible(self, items: Iterable[tuple[str, str | None]]) -> set[str]:
        """The visible page paths among ``(path, fallback spec revision)`` pairs.

        The fallback revision (e.g. ``<sha>^`` for a deletion) is where a
        page that is gone at HEAD is read from.
        """
        items = list(items)
        todo: dict[str, str | None] = {}
        for path, fallback in items:
            if path in self._known or path in todo:
                continue
            try:
                check_page_path(path)
            except HistoryError:
                self._known[path] = False
                continue
            info = self.catalog.info(path)
            if info is not None and not info.published:
                self._known[path] = False
                continue
            todo[path] = fallback
        if todo:
            paths = list(todo)
            at_head = (
                read_blobs(self.repo, [f"{self.head}:{self.repo.repo_path(p)}" for p in paths])
                if self.head
                else [None] * len(paths)
            )
            gone = [p for p, blob in zip(paths, at_head, strict=True) if blob is None]
            for p, blob in zip(paths, at_head, strict=True):
                if blob is not None:
                    self._known[p] = is_published(blob)
            with_fallback = [p for p in gone if todo[p]]
            earlier = read_blobs(
                self.repo, [f"{todo[p]}:{self.repo.repo_path(p)}" for p in with_fallback]
            )
            for p, blob in zip(with_fallback, earlier, strict=True):
                self._known[p] = blob is not None and is_published(blob)
            for p in gone:
                self._known.setdefault(p, False)
        return {p for p, _ in items if self._known.get(p)}

    def is_visible(self, path: str, fallback: str | None = None) -> bool:
        return path in self.visible([(path, fallback)])
