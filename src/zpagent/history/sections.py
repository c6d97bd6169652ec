"""Sections of a Markdown file by its ATX headings, with line numbers of the raw file.

Line numbers count every line of the file as git stores it (front matter
included), so they match ``git blame`` and diff hunks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zpagent.history.errors import UnknownSection
from zpagent.ingest.text import clean_inline, fold

_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.+?)[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


@dataclass(frozen=True)
class Heading:
    line: int  # 1-based
    level: int
    text: str


def headings(text: str) -> list[Heading]:
    """ATX headings outside fenced code and outside the front matter."""
    lines = text.split("\n")
    out: list[Heading] = []
    start = 0
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() in ("---", "..."):
                start = i + 1
                break
    fence: str | None = None
    for i in range(start, len(lines)):
        line = lines[i]
        m = _FENCE.match(line)
        if m:
            fence = None if fence == m.group(1) else (fence or m.group(1))
            continue
        if fence:
            continue
        h = _HEADING.match(line)
        if h:
            text_ = clean_inline(h.group(2)).strip("*_ ")
            out.append(Heading(i + 1, len(h.group(1)), text_))
    return out


def heading_path(hs: list[Heading], line: int) -> list[str]:
    """The headings enclosing ``line`` (outermost first)."""
    path: list[Heading] = []
    for h in hs:
        if h.line > line:
            break
        while path and path[-1].level >= h.level:
            path.pop()
        path.append(h)
    return [h.text for h in path]


def find_section(text: str, heading: str) -> tuple[int, int, str]:
    """(first line, last line, heading as written) of the section under ``heading``.

    Matching ignores case, diacritics and Markdown emphasis; an exact match
    wins over a heading that merely starts with the words. The section ends
    before the next heading of the same or a higher level; trailing blank
    lines are not part of it.
    """
    hs = headings(text)
    want = fold(clean_inline(heading)).strip("*_ #")
    exact = [h for h in hs if fold(h.text) == want]
    prefix = [h for h in hs if want and fold(h.text).startswith(want)]
    chosen = (exact or prefix or [None])[0]
    if chosen is None or not want:
        raise UnknownSection("no section with that heading")
    lines = text.split("\n")
    end = len(lines)
    for h in hs:
        if h.line > chosen.line and h.level <= chosen.level:
            end = h.line - 1
            break
    while end > chosen.line and not lines[end - 1].strip():
        end -= 1
    return chosen.line, max(end, chosen.line), chosen.text
