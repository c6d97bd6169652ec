"""A page body as lines and sections, with code blocks set aside.

Metadata lives in plain lines ("Vedúci práce: ...") under section headings.
Fenced code is never metadata (the wiki's template page shows a whole
student page inside a code block), so its lines are marked and skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zpagent.ingest.text import clean_inline, fold

_FENCE = re.compile(r"^\s{0,3}(```+|~~~+)")
_ATX = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_LIST_MARKER = re.compile(r"^\s*(?:>\s*)*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?")
_QUOTE = re.compile(r"^\s*(?:>\s*)+")
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3}|`)")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_LABEL = re.compile(r"^([^:]{1,60}?)\s*:\s*(.*)$")
# Other ways pages pair a label with its value: a two-cell table row
# ("| Začiatok štúdia | 2013 |") and a spaced dash ("Začiatok štúdia - 2017").
# They are weaker evidence, so callers accept them only for labels they know.
_TABLE_PAIR = re.compile(r"^\|\s*([^|]{1,60}?)\s*\|\s*([^|]+?)\s*\|?\s*$")
_DASH_PAIR = re.compile(r"^(?:[-*+]\s+)?([^:\-–—|]{1,60}?)\s+[-–—]\s+(.+)$")


@dataclass(frozen=True)
class Line:
    number: int  # 1-based within the body
    offset: int  # character offset of the line start within the body
    text: str  # raw line, without the newline
    in_code: bool


@dataclass(frozen=True)
class Heading:
    line: Line
    level: int
    text: str  # inline-cleaned heading text


@dataclass
class Section:
    heading: Heading | None  # None for the lines before the first heading
    start: int  # index into the page's lines (the heading line itself)
    end: int  # exclusive
    parent: int | None = None  # index of the enclosing section


@dataclass(frozen=True)
class LabelLine:
    label: str  # folded label
    value: str  # cleaned value (emphasis and link syntax removed)
    raw_value: str
    colon: bool = True  # False: a table row or a dash pair (known labels only)


def split_lines(body: str) -> list[Line]:
    lines: list[Line] = []
    offset = 0
    fence: str | None = None
    for number, raw in enumerate(body.split("\n"), start=1):
        m = _FENCE.match(raw)
        if fence is None and m:
            fence = m.group(1)[0] * 3
            lines.append(Line(number, offset, raw, True))
        elif fence is not None:
            lines.append(Line(number, offset, raw, True))
            if m and m.group(1).startswith(fence):
                fence = None
        else:
            lines.append(Line(number, offset, raw, False))
        offset += len(raw) + 1
    return lines


def parse_heading(line: Line) -> Heading | None:
    if line.in_code:
        return None
    m = _ATX.match(line.text)
    if not m:
        return None
    return Heading(line, len(m.group(1)), clean_inline(strip_markup(m.group(2))))


def sections(lines: list[Line]) -> list[Section]:
    """Sections in page order; each knows its enclosing section (by level)."""
    out: list[Section] = [Section(None, 0, len(lines))]
    stack: list[int] = []  # indexes of open sections with headings
    for i, line in enumerate(lines):
        h = parse_heading(line)
        if h is None:
            continue
        while stack and out[stack[-1]].heading.level >= h.level:  # type: ignore[union-attr]
            out[stack.pop()].end = i
        if len(out) == 1:
            out[0].end = i
        out.append(Section(h, i, len(lines), parent=stack[-1] if stack else None))
        stack.append(len(out) - 1)
    return out


def strip_markup(text: str) -> str:
    """Inline Markdown to plain text: links to their text, emphasis removed."""
    text = _LINK.sub(r"\1", text)
    return _EMPHASIS.sub("", text)


def plain(line: str) -> str:
    """A line without list markers, quote markers, emphasis and link syntax."""
    text = _LIST_MARKER.sub("", line, count=1)
    text = _QUOTE.sub("", text, count=1)
    return clean_inline(strip_markup(text))


def label_line(line: Line) -> LabelLine | None:
    """``**Vedúci práce:** Ing. X`` -> (``veduci prace``, ``Ing. X``)."""
    if line.in_code or not line.text.strip():
        return None
    text = plain(line.text)
    m = _LABEL.match(text)
    colon = m is not None
    if m is None:
        m = _TABLE_PAIR.match(line.text.strip()) or _DASH_PAIR.match(text)
    if not m:
        return None
    label = fold(clean_inline(m.group(1))).strip(" .-*")
    rest = m.group(2).strip()
    if not label or "//" in m.group(2)[:2] or (rest and set(rest) <= set("-:| ")):
        return None
    value = clean_inline(m.group(2)).strip()
    value = value.strip("\"'„“”‚‘’«»").strip()
    return LabelLine(" ".join(label.split()), value, m.group(2), colon)
