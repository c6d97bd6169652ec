"""Which page a history question is about: a path, a URL, a title or a person's name.

In this order: an explicit page path (``pages/.../README.md``) or public
URL; a quoted title; a person's name through the graph's lexicon (inflected
forms, no diacritics: "stránka Jána Holpa"); a page title written out in
the question ("História stránky Chatboty"). Only published pages count.
A name that fits several pages is ``ambiguous``; a name-shaped word that
fits nobody is ``unknown_person``; no page mentioned at all is ``none``
(the question is about the whole wiki).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from zpagent.config import Settings
from zpagent.graph.store.base import GraphUnavailable
from zpagent.graph.store.serving import graph_store
from zpagent.graph.understand.lexicon import load_lexicon
from zpagent.graph.understand.mentions import find_names, unknown_names
from zpagent.history.errors import HistoryError
from zpagent.history.intent import is_cue_word
from zpagent.history.validate import check_page_path
from zpagent.index.reader import Generation
from zpagent.ingest.text import clean_inline, fold
from zpagent.question import cues as cu
from zpagent.question.tokens import tokenize

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


def resolve_page(gen: Generation, settings: Settings, question: str) -> PageMatch:
    for m in _PATH.finditer(question):
        try:
            path = check_page_path(m.group(1))
        except HistoryError:
            continue
        return _result(_published_pages(gen, "path = ?", (path,)), path)
    for m in _URL.finditer(question):
        url = m.group(0).rstrip(".,;:!?")
        pages = _published_pages(gen, "rtrim(source_url, '/') = ?", (url.rstrip("/"),))
        return _result(pages, url)
    for m in _QUOTED.finditer(question):
        title = clean_inline(m.group(1))
        pages = [p for p in _titled(gen) if p.title and fold(p.title) == fold(title)]
        if pages:
            return _result(pages, title)
    by_name = _by_person(gen, settings, question)
    if by_name is not None and by_name.reason != "unknown_person" and by_name.status != "none":
        return by_name
    # A title may look like an unknown name ("História stránky Chatboty").
    titled = _by_title(gen, question)
    if titled is not None:
        return titled
    return by_name or PageMatch("none")


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


def _by_person(gen: Generation, settings: Settings, question: str) -> PageMatch | None:
    """A person's own page, through the graph's lexicon; None without a graph."""
    try:
        lexicon = load_lexicon(graph_store(gen, settings))
    except (GraphUnavailable, OSError, RuntimeError) as exc:
        log.info("history: names not resolved, the graph is not available (%s)", exc)
        return None
    tokens = tokenize(question)
    free = [
        not is_cue_word(t.folded) and t.folded not in cu.FUNCTION_WORDS and not t.folded.isdigit()
        for t in tokens
    ]
    mentions = find_names(tokens, free, lexicon.person_index, include_unpublished=False)
    for mention in mentions:
        if mention.match == "unknown":  # a known surname beside another given name
            return PageMatch("unknown", reason="unknown_person", name=mention.text)
        entries = [lexicon.person_by_id[i] for i in mention.candidates]
        pages = [
            PageRef(e.document_path, e.name, None)
            for e in entries
            if e.has_page and e.published and e.document_path
        ]
        if not pages:
            continue  # a supervisor without a page of their own
        refs = {p.document_path: p for p in _pages_by_path(gen, [p.document_path for p in pages])}
        return _result(
            [refs[p.document_path] for p in pages if p.document_path in refs], mention.text
        )
    if mentions:
        return PageMatch("unknown", reason="unknown_page", name=mentions[0].text)
    unknown = unknown_names(tokens, free, set(), lexicon.first_name_forms)
    if unknown:
        return PageMatch("unknown", reason="unknown_person", name=unknown[0])
    return PageMatch("none")


def _pages_by_path(gen: Generation, paths: list[str]) -> list[PageRef]:
    if not paths:
        return []
    marks = ",".join("?" * len(paths))
    return _published_pages(gen, f"path IN ({marks})", tuple(paths))
