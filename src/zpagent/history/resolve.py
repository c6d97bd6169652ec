"""Which page a history question is about: a path, a URL, a title or a person's name.

In this order: an explicit page path (``pages/.../README.md``) or public
URL written in the question; a quoted title; a person the typed query
names ("stránka Jána Holpa"); a page title written out in the question
("História stránky Chatboty"). Only published pages count. A name that
fits several pages is ``ambiguous``; a name that fits nobody is
``unknown_person``; words naming a page the wiki does not have ("stránka o
kvantovej gravitácii") are ``unknown_page``, with the pages whose titles
are nearest; only a question that names no page at all is about the whole
wiki (``none``).
"""

from __future__ import annotations

import difflib
import logging
import re
from dataclasses import dataclass, field

from zpagent.history.errors import HistoryError
from zpagent.history.validate import check_page_path
from zpagent.index.reader import Generation
from zpagent.ingest.text import clean_inline, fold
from zpagent.query import Query

log = logging.getLogger(__name__)

_PATH = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]+\.md)\b", re.IGNORECASE)
_URL = re.compile(r"https?://[^\s\"'<>)]+")
_QUOTED = re.compile(r"[„“\"”»«']([^„“\"”»«']{3,200})[“”\"«»']")
MIN_TITLE_CHARS = 4


@dataclass(frozen=True)
class PageRef:
    document_path: str
    title: str | None
    source_url: str | None


@dataclass
class PageMatch:
    status: str  # resolved | ambiguous | unknown | none
    pages: list[PageRef] = field(default_factory=list)
    reason: str | None = None  # unknown_page | unknown_person
    name: str | None = None  # the words that named the page

    @property
    def page(self) -> PageRef | None:
        return self.pages[0] if self.status == "resolved" else None


def _published_pages(gen: Generation, where: str, args: tuple) -> list[PageRef]:
    rows = gen.db().execute(
        "SELECT path, title, title_source, source_url FROM documents "
        f"WHERE published = 1 AND {where} ORDER BY path",
        args,
    )
    return [
        PageRef(r["path"], r["title"] if r["title_source"] != "path" else None, r["source_url"])
        for r in rows
    ]


def _result(pages: list[PageRef], name: str) -> PageMatch:
    unique = list({p.document_path: p for p in pages}.values())
    if len(unique) == 1:
        return PageMatch("resolved", unique, name=name)
    if unique:
        return PageMatch("ambiguous", unique[:10], name=name)
    return PageMatch("unknown", reason="unknown_page", name=name)


def resolve_page(gen: Generation, query: Query) -> PageMatch:
    text = query.core
    for m in _PATH.finditer(text):
        try:
            path = check_page_path(m.group(1))
        except HistoryError:
            continue
        return _result(_published_pages(gen, "path = ?", (path,)), path)
    for m in _URL.finditer(text):
        url = m.group(0).rstrip(".,;:!?")
        pages = _published_pages(gen, "rtrim(source_url, '/') = ?", (url.rstrip("/"),))
        return _result(pages, url)
    for m in _QUOTED.finditer(text):
        title = clean_inline(m.group(1))
        pages = [p for p in _titled(gen) if p.title and fold(p.title) == fold(title)]
        if pages:
            return _result(pages, title)
    by_name = _by_person(gen, query)
    if by_name is not None and by_name.reason != "unknown_person" and by_name.status != "none":
        return by_name
    # A title may look like an unknown name ("História stránky Chatboty").
    titled = _by_title(gen, text)
    if titled is not None:
        return titled
    if by_name is not None:
        return by_name
    if query.unaccounted and not _WIKI.search(query.folded):
        # Words that name a page the wiki does not have: never the whole wiki's history.
        words = " ".join(query.unaccounted_words)
        return PageMatch("unknown", _near_titles(gen, words), "unknown_page", words)
    return PageMatch("none")


_WIKI = re.compile(r"\bwiki\w*\b")


def _near_titles(gen: Generation, words: str, limit: int = 3) -> list[PageRef]:
    """The published pages whose titles are nearest to ``words``: near misses."""
    key = fold(words)
    scored = []
    for page in _titled(gen):
        score = difflib.SequenceMatcher(None, key, fold(page.title or "")).ratio()
        if score >= 0.5:
            scored.append((-score, page.document_path, page))
    return [p for *_k, p in sorted(scored)[:limit]]


def _titled(gen: Generation) -> list[PageRef]:
    return _published_pages(gen, "title_source != 'path'", ())


def _by_title(gen: Generation, question: str) -> PageMatch | None:
    """The longest page title written out in the question (whole words)."""
    folded = f" {_words(question)} "
    best: list[PageRef] = []
    best_len = 0
    for page in _titled(gen):
        key = _words(page.title or "")
        if len(key) < MIN_TITLE_CHARS or f" {key} " not in folded:
            continue
        if len(key) > best_len:
            best, best_len = [page], len(key)
        elif len(key) == best_len:
            best.append(page)
    return _result(best, best[0].title or "") if best else None


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(text)))


def _by_person(gen: Generation, query: Query) -> PageMatch | None:
    """A person's own page, as the typed query names them; None when it names nobody."""
    for ref in query.persons():
        if not ref.ids and ref.hidden:
            # Someone whose page is hidden: no page to speak of, and no hint that they exist.
            return PageMatch("unknown", reason="unknown_page", name=ref.text)
        if not ref.ids:
            return PageMatch("unknown", reason="unknown_person", name=ref.text)
        pages = _pages_by_path(gen, [p for p in ref.pages if p])
        if not pages:
            continue  # a supervisor without a page of their own
        return _result(pages, ref.text)
    if query.persons():
        return PageMatch("unknown", reason="unknown_page", name=query.persons()[0].text)
    if query.unknown_names:
        return PageMatch("unknown", reason="unknown_person", name=query.unknown_names[0])
    return None


def _pages_by_path(gen: Generation, paths: list[str]) -> list[PageRef]:
    if not paths:
        return []
    marks = ",".join("?" * len(paths))
    return _published_pages(gen, f"path IN ({marks})", tuple(paths))
