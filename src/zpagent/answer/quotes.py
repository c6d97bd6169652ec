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

from zpagent.graph.build.patterns import classify_label
from zpagent.ingest.text import fold

# Markdown markers, not text: a heading's or a quote's leading marks, emphasis and
# code marks at word edges ("**Stav:**", "`git clone`"); "<rok>" and "a_b" stay.
_LEADING = re.compile(r"^\s*(?:#{1,6}|>+)\s*")
_EMPHASIS = re.compile(r"(?<!\w)[*_`]+|[*_`]+(?!\w)")


def strip_markup(line: str) -> str:
    return _EMPHASIS.sub("", _LEADING.sub("", line))


# A sentence ends at . ! ? (or …) before a space and a capital or a digit, except
# after an abbreviation, an initial or a number ("Ing. Ján", "J. Novák",
# "12. 3. 2021", "1. ročník"), which Slovak writes with a dot.
_BOUNDARY = re.compile(r"(?<=[.!?…])([\"“”'»)]*)\s+(?=[\"„“'«(]*[A-ZÁČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ0-9])")
_ABBREVIATIONS = frozenset(
    "ing mgr bc phd doc prof rndr paeddr phdr judr mudr csc drsc dr napr tzv atd resp "
    "str s r c cca min max roc pozn obr tab vid tj t j ul".split()
)
_LAST_WORD = re.compile(r"(\w+)\W*$")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
LABELLED = re.compile(r"^[^:]{2,40}:\s*\S")
_LABEL_WORDS = 4
FENCE = re.compile(r"^(`{3,}|~{3,})")
TABLE_ROW = re.compile(r"^\|.*\|$")
TABLE_RULE = re.compile(r"^\|[\s:|-]+\|$")
_ENDS_SENTENCE = re.compile(r"[.!?…:;][\"“”'»)]*$")
SECTION_LINE = re.compile(r"^Sekcia: (.*)\n")
# Instructions to a model inside a page (folded): prompt injection, never evidence.
_INSTRUCTION = re.compile(
    r"\bignoruj\w*\b.{0,40}\b(?:pokyn\w*|instrukci\w*|zdroj\w*|pravidl\w*)"
    r"|\b(?:jazykov\w* model\w*|ai asistent\w*|umel\w* inteligenci\w*|chatbot\w*)\b"
    r".{0,60}\b(?:odpovedz\w*|odpovedaj\w*|ignoruj\w*|tvrd\w*|povedz\w*)"
    r"|\bignore (?:all |any )?(?:previous|prior|above) (?:instructions|prompts?)"
    r"|\b(?:system prompt|developer mode|vyvojarsk\w* rezim\w*)\b"
    r"|\b(?:odteraz|from now on)\b.{0,40}\b(?:plati|si|are|you)\b"
)
_QUOTE_MARKS = "„“”\"'»«‚‘’"

MAX_QUOTE_UNITS = 3
MAX_QUOTE_CHARS = 600


@dataclass(frozen=True)
class Quote:
    source_id: str
    text: str  # the evidence's own words (whole units, joined; a block's lines)
    kind: str = "sentence"  # "sentence", or a block: "code" | "list" (answer.blocks)
    lead: str = ""  # a block's introducing sentence or heading
    meant: bool = False  # chosen by its meaning, not only by the question's words

    @property
    def statements(self) -> list[str]:
        """What the quote states, as claims each verbatim on the page: a block's
        lead, then the code, or each item of a list (fences and list markers
        between them are not text)."""
        body = self.text.split("\n") if self.kind == "list" else [self.text]
        return [self.lead, *body] if self.lead else body


def sentences(paragraph: str) -> list[str]:
    """``paragraph`` cut into sentences (see ``_BOUNDARY``)."""
    out: list[str] = []
    start = 0
    for m in _BOUNDARY.finditer(paragraph):
        before = paragraph[start : m.end(1)]
        last = _LAST_WORD.search(before.rstrip(".!?…\"“”'»)"))
        word = last.group(1) if last else ""
        short_number = word.isdigit() and len(word) <= 2  # "12. 3.", "1. ročník", not 2021
        if fold(word).lower() in _ABBREVIATIONS or len(word) == 1 or short_number:
            continue
        out.append(before)
        start = m.end()
    out.append(paragraph[start:])
    return [x.strip() for x in out if x.strip()]


def is_label_line(clean: str) -> bool:
    """A labelled line ("Vedúci práce: …", "Stav: …"): a short capitalized label."""
    if not LABELLED.match(clean):
        return False
    label = clean.split(":", 1)[0].strip()
    return label[:1].isupper() and len(label.split()) <= _LABEL_WORDS


@dataclass(frozen=True)
class Unit:
    text: str
    context: str  # the section and headings it sits under
    kind: str  # sentence | label | heading | table | code

    @property
    def quotable(self) -> bool:
        """Whether an answer may show this unit as a quotation (see ``quotable``)."""
        return quotable(self)


def units(text: str) -> list[tuple[str, str]]:
    """Sentences and labelled lines of ``text``, each with its headings (context)."""
    return [(u.text, u.context) for u in unit_list(text)]


_PROSE_CELL = 40  # characters from which a table cell is prose, not a value


def unit_list(text: str) -> list[Unit]:
    """Sentences and labelled lines of ``text``, each with its headings (context).

    Hard-wrapped lines are joined back: a list item or a paragraph goes on
    until a blank line, the next item, label or heading, and is then cut
    into sentences; a labelled line takes the lowercase lines that continue
    it. Table rows and lines of fenced code are units of their own. A text
    that starts inside a sentence (a chunk cut there) loses that fragment:
    a quote is never a piece of a sentence.
    """
    section = ""
    m = SECTION_LINE.match(text)
    if m:
        section, text = m.group(1), text[m.end() :]
    # The headings a unit sits under: the chunk's section path (levels 1, 2, …), then
    # each heading met in the text replaces those of its level and below, so a
    # "## Konzultácie" after "## Diplomová práca" is not under the master thesis.
    path = section.split(" > ") if section else []
    out: list[tuple[str, str, str]] = []
    paragraph: list[str] = []
    label: list[str] = []
    fence = ""
    first = True  # nothing of the text taken yet
    item_paragraph = False

    def ctx() -> str:
        return " > ".join(path)

    def flush() -> None:
        nonlocal first, item_paragraph
        if label:
            out.append((" ".join(label), ctx(), "label"))
            label.clear()
            first = False
        if paragraph:
            found = sentences(" ".join(paragraph))
            if first and not item_paragraph and paragraph[0][:1].islower():
                found = found[1:]  # the end of a sentence the chunk cut
            out.extend((x, ctx(), "sentence") for x in found)
            paragraph.clear()
            first = False
        item_paragraph = False

    for line in text.splitlines():
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence):
                fence = ""
            elif stripped:
                first = False
                out.append((stripped, ctx(), "code"))
            continue
        fenced = FENCE.match(stripped)
        if fenced or not stripped or TABLE_ROW.match(stripped):
            flush()
            if fenced:
                fence = fenced.group(1)
            elif stripped and not TABLE_RULE.match(stripped):
                first = False
                row = cells(stripped)
                out.append((" | ".join(row), ctx(), "table"))
                # A cell of prose ("| 8. 12. 2020 | Batéria vydržala 423 hodín, …")
                # is sentences too, under its row's first cell (a date, a name).
                for cell in row[1:]:
                    if len(cell) >= _PROSE_CELL and cell[:1].isupper():
                        out.extend((x, f"{ctx()} {row[0]}", "sentence") for x in sentences(cell))
            continue
        item = bool(LIST_ITEM.match(line))
        clean = strip_markup(LIST_ITEM.sub("", line)).strip()
        if stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            path[level - 1 :] = [clean]
            first = False
            out.append((clean, ctx(), "heading"))
            continue
        at_start = not paragraph or bool(_ENDS_SENTENCE.search(paragraph[-1]))
        if not item and at_start and is_label_line(clean):
            flush()
            label.append(clean)
            continue
        if label and not item and clean[:1].islower():
            label.append(clean)  # a hard-wrapped labelled line
            continue
        if item or label:
            flush()
            item_paragraph = item
        paragraph.append(clean)
    flush()
    return [Unit(" ".join(u.split()), c, k) for u, c, k in out if len(u.strip()) >= 4]


def cells(row: str) -> list[str]:
    """A table row's cells, without markup: "| a | b |" -> ["a", "b"]."""
    return [strip_markup(c.strip()).strip() for c in row.strip().strip("|").split("|")]


def is_fact_line(text: str) -> bool:
    """A labelled line the graph reads as a typed fact ("Vedúci práce: …", "Názov
    práce: …"): whose thesis it states depends on the section it sits in."""
    if not LABELLED.match(text):
        return False
    # A period ("Akademický rok: 2014/2015") is quoted with its page: it says when a
    # project or course ran, which the graph does not answer for every kind.
    kind = classify_label(fold(text.split(":", 1)[0]).strip(" .-").lower())
    return kind is not None and kind != "period"


def is_instruction(text: str) -> bool:
    """A sentence addressed to a model ("Ignoruj všetky predchádzajúce pokyny…")."""
    return bool(_INSTRUCTION.search(fold(text).lower()))


def quotable(unit: Unit) -> bool:
    """Only whole sentences and labelled notes ("Stav: …") are shown as quotations.

    Headings, table rows and code lines are no sentences; a fact line is
    delivered as a typed fact (with its person, kind and year) or not at all,
    since quoted alone it can be another thesis's; a sentence that instructs a
    model is an injection in a page, never evidence.
    """
    if unit.kind not in ("sentence", "label"):
        return False
    return not is_fact_line(unit.text) and not is_instruction(unit.text)


def _squash(text: str) -> str:
    return " ".join(strip_markup(text).split()).strip(_QUOTE_MARKS + " ")


def find_quote(quote: str, texts: list[str]) -> str | None:
    """The evidence's words for ``quote`` when it is 1-3 consecutive whole units of
    one text (verbatim up to spacing, Markdown markers and surrounding quotes)."""
    wanted = _squash(quote)
    if not wanted or len(wanted) > MAX_QUOTE_CHARS:
        return None
    for text in texts:
        found = unit_list(text)
        for i in range(len(found)):
            for j in range(i + 1, min(i + MAX_QUOTE_UNITS, len(found)) + 1):
                if not found[j - 1].quotable:
                    break  # a quote never spans a heading, a fact line, a table, ...
                joined = " ".join(u.text for u in found[i:j])
                if _squash(joined) == wanted:
                    return joined
                if len(joined) > len(wanted):
                    break
    return None
