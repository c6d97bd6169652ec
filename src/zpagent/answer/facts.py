"""Typed facts of the evidence: what a claim can be bound to.

Every page in an answer's evidence gets its facts from the same
deterministic extraction that builds the graph (``graph.build.page``):
the person the page is about, each thesis or work with its kind, title,
year, supervisors and consultants, the start of study, the page's
keywords. Each fact keeps the line it was read from, so that the answer
can show the evidence's own words. Graph answers add facts the pages alone
cannot give (topic memberships, page authors, lists and counts).

A fact belongs to one subject (a person id) and, for thesis attributes, to
one item of that person (``item``): the title, year and supervisor of the
master thesis share one item, those of the bachelor thesis another.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from zpagent.graph.build.page import ItemFacts, SourceLine, read_page
from zpagent.ingest.document import Document
from zpagent.ingest.text import fold
from zpagent.query.model import THESIS_KINDS

# Attributes with one value per subject and item; a claim about them is a typed fact.
ITEM_ATTRIBUTES = ("thesis_title", "work_title", "thesis_year", "supervisor", "consultant")
TYPED = frozenset(
    {*ITEM_ATTRIBUTES, "start_year", "keyword", "topic", "document", "person", "role", "said"}
)


@dataclass(frozen=True)
class Fact:
    attribute: str  # thesis_title, work_title, thesis_year, supervisor, consultant, ...
    value: str  # as the page (or the graph) writes it
    source_id: str  # the page it was read from
    subject_id: str | None  # the person it is about (graph id, or "page:<path>")
    subject: str | None  # that person's name as written
    kind: str | None = None  # bachelor, master, dissertation, team_project, ...
    item: str | None = None  # which thesis or work of the subject
    span: str = ""  # the evidence line, verbatim

    @property
    def thesis_kind(self) -> str | None:
        return self.kind if self.kind in THESIS_KINDS else None


def value_key(attribute: str, value: str) -> str:
    """Whole-field comparison form: no case, diacritics, quotes, markup or spacing;
    names without academic titles. Never a substring match."""
    from zpagent.query.names import strip_titles

    text = fold(value).casefold()
    if attribute in ("supervisor", "consultant", "person"):
        text = fold(strip_titles(value)).casefold()
    for ch in "*_`„“”\"'»«‚‘’":
        text = text.replace(ch, " ")
    return " ".join(text.split()).strip(" .,:;!?")


def _line(source: SourceLine | None) -> str:
    return source.text.strip() if source is not None else ""


def _item_facts(item: ItemFacts, index: int, base: dict[str, Any], path: str) -> list[Fact]:
    key = f"{path}#{item.kind}#{index}"
    by_field = {s.field: s for s in item.sources}
    out: list[Fact] = []
    common = {**base, "kind": item.kind, "item": key}
    if item.title:
        attribute = "thesis_title" if item.is_thesis else "work_title"
        out.append(Fact(attribute, item.title, span=_line(by_field.get("title")), **common))
    if item.year:
        src = (
            by_field.get("year_heading")
            or by_field.get("year_category")
            or by_field.get("year_line")
        )
        out.append(Fact("thesis_year", str(item.year), span=_line(src), **common))
    for field, names in (("supervisor", item.supervisors), ("consultant", item.consultants)):
        for name in names:
            out.append(Fact(field, name, span=_line(by_field.get(field)), **common))
    return out


def page_facts(
    doc: Document, source_id: str, person_id: str | None
) -> tuple[str | None, list[Fact]]:
    """The subject of a page and its typed facts (empty when it is about nobody)."""
    page = read_page(doc)
    if not page.subject:
        return None, []
    subject_id = person_id or f"page:{doc.path}"
    base: dict[str, Any] = {
        "source_id": source_id,
        "subject_id": subject_id,
        "subject": page.subject,
    }
    facts: list[Fact] = []
    for index, item in enumerate(page.items):
        facts += _item_facts(item, index, base, doc.path)
    if page.start_year:
        facts.append(
            Fact("start_year", str(page.start_year), span=_line(page.start_source), **base)
        )
    for tag in doc.tags:
        facts.append(Fact("keyword", tag, span=f"tag: {tag}", **base))
    return page.subject, facts


class _FactCache:
    """A bounded LRU of extracted page facts, shared by a generation's requests."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._data: OrderedDict[tuple[str, str | None], tuple[str | None, list[Fact]]]
        self._data = OrderedDict()
        self._lock = threading.Lock()

    def get(self, gen: Any, path: str, person_id: str | None) -> tuple[str | None, list[Fact]]:
        key = (path, person_id)
        with self._lock:
            found = self._data.get(key)
            if found is not None:
                self._data.move_to_end(key)
                return found
        doc = load_document(gen, path)
        found = page_facts(doc, "", person_id) if doc is not None else (None, [])
        with self._lock:
            self._data[key] = found
            if len(self._data) > self.size:
                self._data.popitem(last=False)
        return found


_EXTRAS_LOCK = threading.Lock()


def facts_of_page(
    gen: Any, path: str, source_id: str, person_id: str | None
) -> tuple[str | None, list[Fact]]:
    """``page_facts`` of a page of the generation, extracted once per generation
    (a generation is immutable; the cache is bounded: a wiki of 100,000 pages must
    not end up in memory)."""
    with _EXTRAS_LOCK:
        cache = gen.extras.setdefault("answer_page_facts", _FactCache())
    subject, facts = cache.get(gen, path, person_id)
    return subject, [replace(f, source_id=source_id) for f in facts]


def load_document(gen: Any, path: str) -> Document | None:
    """A page as stored in the generation."""
    row = (
        gen.db()
        .execute(
            "SELECT path, title, title_source, published, authors, tags, categories, metadata,"
            " body, source_url, content_hash, size_bytes FROM documents WHERE path = ?",
            (path,),
        )
        .fetchone()
    )
    if row is None:
        return None
    return Document(
        path=row[0],
        title=row[1],
        title_source=row[2],
        published=bool(row[3]),
        authors=json.loads(row[4]),
        tags=json.loads(row[5]),
        categories=json.loads(row[6]),
        metadata=json.loads(row[7]),
        body=row[8],
        source_url=row[9],
        content_hash=row[10],
        size_bytes=row[11],
    )
