"""Whole sentences of the evidence: the only free text an answer may show.

``units`` cuts an evidence text into sentences and labelled lines (with
hard-wrapped lines joined back, Markdown markers dropped), each with the
headings it sits under. A model's quote is accepted only when it is one or
a few consecutive whole units of one cited source, compared verbatim up to
spacing and Markdown markers; what is shown is then the evidence's text,
never the model's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Markdown markers, not text: a heading's or a quote's leading marks, emphasis and
# code marks at word edges ("**Stav:**", "`git clone`"); "<rok>" and "a_b" stay.
_LEADING = re.compile(r"^\s*(?:#{1,6}|>+)\s*")
_EMPHASIS = re.compile(r"(?<!\w)[*_`]+|[*_`]+(?!\w)")


def strip_markup(line: str) -> str:
    return _EMPHASIS.sub("", _LEADING.sub("", line))


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ0-9])")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
LABELLED = re.compile(r"^[^:]{2,40}:\s*\S")
_SECTION_LINE = re.compile(r"^Sekcia: (.*)\n")
_QUOTE_MARKS = "„“”\"'»«‚‘’"

MAX_QUOTE_UNITS = 3
MAX_QUOTE_CHARS = 600


@dataclass(frozen=True)
class Quote:
    source_id: str
    text: str  # the evidence's own words (whole units, joined)


def units(text: str) -> list[tuple[str, str]]:
    """Sentences and labelled lines of ``text``, each with its headings (context)."""
    section = ""
    m = _SECTION_LINE.match(text)
    if m:
        section, text = m.group(1), text[m.end() :]
    heading = ""
    out: list[tuple[str, str]] = []

    def flush(paragraph: list[str]) -> None:
        for sentence in _SENTENCE.split(" ".join(paragraph)):
            out.append((sentence, f"{section} {heading}"))

    for block in re.split(r"\n\s*\n", text):
        lines = [ln for ln in block.splitlines() if ln.strip()]
        paragraph: list[str] = []
        for line in lines:
            clean = strip_markup(_LIST_ITEM.sub("", line)).strip()
            is_heading = line.lstrip().startswith("#")
            if _LIST_ITEM.match(line) or LABELLED.match(clean) or is_heading:
                if paragraph:
                    flush(paragraph)
                    paragraph = []
                if is_heading:
                    heading = clean
                out.append((clean, f"{section} {heading}"))
            else:
                paragraph.append(clean)
        if paragraph:
            flush(paragraph)
    return [(" ".join(u.split()), ctx) for u, ctx in out if len(u.strip()) >= 4]


def _squash(text: str) -> str:
    return " ".join(strip_markup(text).split()).strip(_QUOTE_MARKS + " ")


def find_quote(quote: str, texts: list[str]) -> str | None:
    """The evidence's words for ``quote`` when it is 1-3 consecutive whole units of
    one text (verbatim up to spacing, Markdown markers and surrounding quotes)."""
    wanted = _squash(quote)
    if not wanted or len(wanted) > MAX_QUOTE_CHARS:
        return None
    for text in texts:
        found = [u for u, _ in units(text)]
        for i in range(len(found)):
            for j in range(i + 1, min(i + MAX_QUOTE_UNITS, len(found)) + 1):
                joined = " ".join(found[i:j])
                if _squash(joined) == wanted:
                    return joined
                if len(joined) > len(wanted):
                    break
    return None
