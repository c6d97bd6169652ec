"""Read the facts of one page: its subject, theses, works and start year.

Works on one ``Document`` and knows nothing about other pages; ids and
cross-page links are assigned later (``extract``). Lines are attributed to
the section they are in: a title line under ``## Bakalárska práca 2019`` is
the bachelor thesis's title. Meeting-log sub-sections are skipped. Anything
not recognized is left out rather than guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.lines import (
    LabelLine,
    Line,
    Section,
    label_line,
    parse_heading,
    plain,
    sections,
    split_lines,
    strip_markup,
)
from zpagent.ingest.document import Document
from zpagent.ingest.text import clean_inline, fold
from zpagent.query.names import looks_like_name, parse_person_names, strip_titles


@dataclass
class SourceLine:
    field: str
    line: Line | None  # None: the value comes from the front matter
    text: str


@dataclass
class ItemFacts:
    """A thesis or a work as stated on the page."""

    kind: str
    is_thesis: bool
    heading: Line | None
    number: int | None = None
    title: str | None = None
    year_heading: int | None = None
    year_category: int | None = None
    year_line: int | None = None
    supervisors: list[str] = field(default_factory=list)
    consultants: list[str] = field(default_factory=list)
    role: str | None = None  # a team project's: what the member did in the team
    sources: list[SourceLine] = field(default_factory=list)
    category_years: list[int] = field(default_factory=list)
    # Body offsets [start, end) of the item's section with its subsections;
    # None when the item has no section (a loose label, a category code).
    span: tuple[int, int] | None = None

    @property
    def year(self) -> int | None:
        return self.year_heading or self.year_category or self.year_line


@dataclass
class PageFacts:
    document: Document
    lines: list[Line]
    subject: str | None = None
    subject_source: SourceLine | None = None
    start_year: int | None = None
    start_source: SourceLine | None = None
    items: list[ItemFacts] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# A label that names a kind starts with the kind word ("Bakalárska práca: X").
_KIND_WORD = re.compile(
    r"^(?:bakalar\w*|diplomov\w*|di[sz]ertac\w*|timov\w*|vyskumn\w*|semestraln\w*|bp|dp|"
    r"bachelor\w*|master\w*|team|research|dissertation)$"
)
_H1 = re.compile(r"^\s{0,3}#\s+(.*?)\s*#*\s*$")


def _h1(lines: list[Line]) -> Line | None:
    for line in lines:
        if not line.in_code and _H1.match(line.text):
            return line
    return None


def _name_from(text: str) -> str | None:
    """A person's name from a title, also ``Bc. Ján Holp`` or ``Ján Holp – DP``."""
    candidate = strip_titles(clean_inline(strip_markup(text)))
    if looks_like_name(candidate):
        return candidate
    for part in re.split(r"\s+[-–—|:]\s+|,\s*|\s*\(", candidate):
        part = part.strip()
        if looks_like_name(part):
            return part
    return None


def page_subject(doc: Document, lines: list[Line]) -> tuple[str | None, SourceLine | None]:
    """The person the page is about: its title, else its first heading.

    Never the page author (``taxonomy.author``): that is who wrote the page.
    """
    h1 = _h1(lines)
    title_name = _name_from(doc.title)
    if title_name:
        if h1 is not None and fold(_name_from(h1.text[1:]) or "") == fold(title_name):
            return title_name, SourceLine("subject", h1, h1.text)
        return title_name, SourceLine("subject", None, f"title: {doc.title}")
    if h1 is not None:
        h1_name = _name_from(_H1.match(h1.text).group(1))  # type: ignore[union-attr]
        if h1_name:
            return h1_name, SourceLine("subject", h1, h1.text)
    return None, None


def _is_log(section: Section) -> bool:
    return section.heading is not None and bool(pt.LOG_HEADING.search(fold(section.heading.text)))


def _owner(secs: list[Section], index: int, owners: dict[int, int]) -> int | None:
    """The item section a section belongs to (itself or the nearest ancestor)."""
    i: int | None = index
    while i is not None:
        if i in owners:
            return owners[i]
        i = secs[i].parent
    return None


def _in_log(secs: list[Section], index: int) -> bool:
    i: int | None = index
    while i is not None:
        if _is_log(secs[i]):
            return True
        i = secs[i].parent
    return False


def _kind_only(folded: str) -> bool:
    """ "Vladimír Gregor – bakalárska práca": after the dash stands the kind, no title."""
    words = folded.split()
    return pt.classify_heading(folded) is not None and len(words) <= 3


def _heading_title(text: str) -> str | None:
    """``Diplomová práca 2021: Názov`` -> ``Názov`` (a title inside the heading)."""
    m = re.search(r"[:–—]\s*(.+)$", text)
    if not m:
        return None
    rest = pt.YEAR.sub("", m.group(1)).strip(" ()-–—:")
    if len(rest.split()) < 2 or _kind_only(fold(rest)):
        return None
    return rest


def _clean_title(value: str) -> str | None:
    value = clean_inline(value).strip(" \"'„“”«»*_")
    if not value or pt.PLACEHOLDER_TITLE.match(fold(value)):
        return None
    return value


def _apply_label(item: ItemFacts, kind: str, lab_value: str, line: Line, page: PageFacts) -> None:
    if kind == "title":
        title = _clean_title(lab_value)
        if title and item.title is None:
            item.title = title
            item.sources.append(SourceLine("title", line, line.text))
        elif title and fold(title) != fold(item.title or ""):
            page.notes.append(f"second title ignored on line {line.number}")
    elif kind == "supervisor":
        # A work's leader too ("DP2 … Vedúci práce: X"): the graph keeps it apart
        # from thesis supervision (``LED``, not ``SUPERVISED``).
        names = parse_person_names(lab_value)
        new = [n for n in names if n not in item.supervisors]
        if new:
            item.supervisors.extend(new)
            item.sources.append(SourceLine("supervisor", line, line.text))
    elif kind == "consultant" and item.is_thesis:
        names = parse_person_names(lab_value)
        new = [n for n in names if n not in item.consultants]
        if new:
            item.consultants.extend(new)
            item.sources.append(SourceLine("consultant", line, line.text))
    elif kind == "role" and item.kind == "team_project" and item.role is None:
        role = clean_inline(lab_value).strip(" .*_")
        if pt.role_phrase(role):
            item.role = role
            item.sources.append(SourceLine("role", line, line.text))
    elif kind in pt.YEAR_LABELS and item.year_line is None:
        # "Akademický rok: 2016/2017": a thesis of that year is defended in 2017.
        year = pt.heading_year(lab_value)
        if year:
            item.year_line = year
            item.sources.append(SourceLine("year_line", line, line.text))


def _next_value(lines: list[Line], index: int) -> Line | None:
    """The line that carries an empty label's value: the next non-empty line, when it
    is plain text (no heading, no label, no code)."""
    for line in lines[index + 1 : index + 3]:
        text = line.text.strip()
        if not text:
            continue
        lab = label_line(line)
        if line.in_code or text.startswith("#") or (lab is not None and lab.colon):
            return None
        return line
    return None


def _innermost_sections(secs: list[Section], n_lines: int) -> list[int]:
    """For each line, the index of the innermost section containing it."""
    out = [0] * n_lines
    for si, sec in enumerate(secs):
        for li in range(sec.start, sec.end):
            out[li] = si  # later (deeper) sections overwrite their ancestors
    return out


def _kind_label(label: str) -> tuple[str, bool] | None:
    """A label that is itself a kind (``Bakalárska práca: Názov``)."""
    words = label.split()
    if not words or len(words) > 4 or not _KIND_WORD.match(words[0]):
        return None
    return pt.classify_heading(label)


def read_page(doc: Document) -> PageFacts:
    lines = split_lines(doc.body)
    page = PageFacts(doc, lines)
    page.subject, page.subject_source = page_subject(doc, lines)
    secs = sections(lines)
    items: list[ItemFacts] = []
    owners: dict[int, int] = {}  # section index -> item index
    for si, sec in enumerate(secs):
        if sec.heading is None:
            continue
        found = pt.classify_heading(fold(sec.heading.text))
        if found is None or _in_log(secs, si):
            continue
        kind, is_thesis = found
        parent_item = _owner(secs, sec.parent, owners) if sec.parent is not None else None
        if parent_item is not None and items[parent_item].kind == kind:
            # "### Zadanie bakalárskej práce" under "## Bakalárska práca"; "## BP 2017"
            # under "# Dávid Jankovič – bakalárska práca" still gives the year.
            parent = items[parent_item]
            year = pt.heading_year(sec.heading.text)
            if year and parent.year_heading is None:
                parent.year_heading = year
                parent.sources.append(SourceLine("year_heading", sec.heading.line,
                                                 sec.heading.line.text))  # fmt: skip
            continue
        heading_line = sec.heading.line
        item = ItemFacts(kind, is_thesis, heading_line)
        end = lines[sec.end].offset if sec.end < len(lines) else len(doc.body)
        item.span = (heading_line.offset, end)
        item.year_heading = pt.heading_year(sec.heading.text)
        if item.year_heading:
            item.sources.append(SourceLine("year_heading", heading_line, heading_line.text))
        if kind == "diploma_project":
            item.number = pt.project_number(fold(sec.heading.text))
        owners[si] = len(items)
        items.append(item)

    # Labels: inside item sections (not in their meeting logs) and at page level.
    loose: list[tuple[str, LabelLine, Line]] = []
    innermost = _innermost_sections(secs, len(lines))
    in_log = [_in_log(secs, i) for i in range(len(secs))]
    for li, line in enumerate(lines):
        si = innermost[li]
        is_heading = li == secs[si].start and secs[si].heading is not None
        if line.in_code or is_heading or in_log[si]:
            continue
        owner = _owner(secs, si, owners)
        lab = label_line(line)
        if lab is None:
            said = pt.START_SENTENCE.search(fold(line.text)) if page.start_year is None else None
            if said:
                page.start_year = int(said.group(1))
                page.start_source = SourceLine("start_year", line, line.text)
            continue
        kind = pt.classify_label(lab.label)
        if kind is None and not lab.colon:
            continue
        if kind is not None and not lab.value:
            # "Názov práce:" with the value on the next line: that line says it.
            nxt = _next_value(lines, li)
            if nxt is not None:
                line = nxt
                lab = LabelLine(lab.label, plain(nxt.text), nxt.text)
        if kind == "start_year":
            m = pt.YEAR.search(lab.value)
            if m and page.start_year is None:
                page.start_year = int(m.group(1))
                page.start_source = SourceLine("start_year", line, line.text)
            continue
        if kind is None:
            as_kind = _kind_label(lab.label)
            if as_kind and owner is None:
                item = ItemFacts(as_kind[0], as_kind[1], None)
                items.append(item)
                _apply_label(item, "title", lab.value, line, page)
            continue
        if owner is not None:
            item = items[owner]
            named = pt.label_kind(lab.label) if kind == "title" else None
            if named and item.is_thesis and named != item.kind:
                page.notes.append(f"title label for {named} under a {item.kind} heading")
            _apply_label(item, kind, lab.value, line, page)
        else:
            loose.append((kind, lab, line))

    # Loose labels outside any section: a kind-named title creates a thesis;
    # other labels attach to the only item that lacks them.
    for kind, lab, line in loose:
        named = pt.label_kind(lab.label) if kind == "title" else None
        if named:
            target = next((i for i in items if i.kind == named), None)
            if target is None:
                target = ItemFacts(named, True, None)
                items.append(target)
            _apply_label(target, kind, lab.value, line, page)
            continue
        if kind == "role":
            teams = [i for i in items if i.kind == "team_project"]
            if len(teams) == 1:
                _apply_label(teams[0], kind, lab.value, line, page)
            continue
        if kind == "title":
            # Only an unambiguous owner: the page's single item, still untitled.
            if len(items) == 1 and items[0].title is None:
                _apply_label(items[0], kind, lab.value, line, page)
            continue
        attr = "supervisors" if kind == "supervisor" else "consultants"
        missing = [i for i in items if i.is_thesis and not getattr(i, attr, True)]
        if kind in ("supervisor", "consultant") and len(missing) == 1:
            _apply_label(missing[0], kind, lab.value, line, page)

    # Titles written into the heading itself, when no label gave one.
    for item in items:
        if item.title is None and item.heading is not None:
            heading = parse_heading(item.heading)
            title = _heading_title(heading.text) if heading else None
            if title:
                item.title = _clean_title(title)
                item.sources.append(SourceLine("title", item.heading, item.heading.text))
    page.items = items
    _apply_categories(page)
    return page


def _apply_categories(page: PageFacts) -> None:
    """Category codes (``bp2019``) give thesis years and theses without sections."""
    codes: dict[str, list[tuple[int, str]]] = {}
    for cat in page.document.categories:
        found = pt.category_code(fold(cat))
        if found:
            codes.setdefault(found[0], []).append((found[1], cat))
    for kind, years in codes.items():
        theses = [i for i in page.items if i.is_thesis and i.kind == kind]
        if not theses:
            item = ItemFacts(kind, True, None)
            page.items.append(item)
            theses = [item]
            page.notes.append(f"{kind} thesis known only from category {years[0][1]}")
        for item in theses:
            item.category_years = [y for y, _ in years]
            chosen = next((y for y, _ in years if y == item.year_heading), None)
            if chosen is None:
                chosen = max(y for y, _ in years)
            code = next(c for y, c in years if y == chosen)
            item.year_category = chosen
            item.sources.append(SourceLine("year_category", None, f"category: {code}"))


def plain_text(line: Line) -> str:
    return plain(line.text)
