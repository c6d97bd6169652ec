"""Find Markdown headings line by line, outside fenced code.

Serves the title fallback and the per-page heading limit, both of which run
on every page before chunking and must be cheap on a 2 MB page, so this is
a linear line scan rather than a full Markdown parse. It follows CommonMark
where it matters here: a ``# comment`` inside a fenced code block (shell
snippets, Python) is not a heading; ATX headings allow up to three spaces
of indentation (four make indented code); a paragraph line underlined with
``===`` is an H1 and with ``---`` an H2 (setext headings).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_BLOCK_START = re.compile(r"^ {0,3}(?:[>*+-]|\d{1,9}[.)])(?:[ \t]|$)")


@dataclass(frozen=True)
class Heading:
    offset: int  # character offset of the heading's first line in the text
    level: int
    text: str


def iter_headings(text: str) -> Iterator[Heading]:
    fence: str | None = None  # the opening fence while inside a code block
    prev: tuple[int, str] | None = None  # (offset, line) of a paragraph line
    offset = 0
    for line in text.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        line = line.rstrip("\r\n")
        if fence is not None:
            m = _FENCE.match(line)
            # A fence closes with the same character, at least as long, and no info string.
            if (
                m
                and m.group(1)[0] == fence[0]
                and len(m.group(1)) >= len(fence)
                and not m.group(2).strip()
            ):
                fence = None
            continue
        m = _FENCE.match(line)
        if m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
            fence, prev = m.group(1), None
            continue
        atx = _ATX.match(line)
        if atx:
            yield Heading(start, len(atx.group(1)), (atx.group(2) or "").strip())
            prev = None
            continue
        setext = _SETEXT.match(line)
        if setext and prev is not None:
            yield Heading(prev[0], 1 if setext.group(1)[0] == "=" else 2, prev[1].strip())
            prev = None
            continue
        if not line.strip() or line.startswith("    ") or line.startswith("\t"):
            prev = None
        elif prev is None and not _BLOCK_START.match(line):
            prev = (start, line)
        # Later lines of a multi-line paragraph keep ``prev`` at its first line;
        # the heading text is then only that line, which is enough for a title.


def first_h1(text: str) -> str | None:
    """The text of the first level-1 heading, or None."""
    for heading in iter_headings(text):
        if heading.level == 1 and heading.text:
            return heading.text
    return None


def cut_after_headings(text: str, limit: int) -> tuple[str, bool]:
    """The text up to (not including) heading number ``limit + 1``; whether it was cut."""
    for n, heading in enumerate(iter_headings(text), start=1):
        if n > limit:
            return text[: heading.offset], True
    return text, False
