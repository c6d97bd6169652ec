"""The candidate quotes of an answer without an LLM, scored by the question's words.

Every unit of the evidence (a sentence, a labelled line) and, for open questions,
every block (a list under its lead, a command, a table row) is a candidate: its
score counts the question's terms it says (fully), those only its page title or
headings say (half), and a label that names the attribute asked ("Vedúci
práce:"). ``extractive`` ranks them (by words, then by meaning) and quotes the best.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zpagent.answer.blocks import blocks
from zpagent.answer.evidence import Bundle
from zpagent.answer.line_words import (
    PREFIX_WEIGHT,
    Term,
    in_line,
    line_words,
    matches,
    question_terms,
)
from zpagent.answer.quotes import Quote, cells, is_label_line, unit_list
from zpagent.answer.unread import says_unread
from zpagent.graph.build.patterns import classify_heading
from zpagent.ingest.text import fold
from zpagent.query.cues import YEAR
from zpagent.query.names import same_person

LABELS = {
    "supervisor": re.compile(r"vedu[c]|skolitel|supervisor|kontakt|garant", re.IGNORECASE),
    "consultant": re.compile(r"konzultant", re.IGNORECASE),
    "thesis_title": re.compile(r"nazov|tema|title|projekt", re.IGNORECASE),
    "thesis_year": re.compile(r"prac|thesis", re.IGNORECASE),
    "start_year": re.compile(r"zaciatk", re.IGNORECASE),
}
YEAR_ATTRIBUTES = {"thesis_year", "start_year"}
_NOISE = re.compile(r"^(?:stránka|autor stránky|sekcia|text):", re.IGNORECASE)


CONTEXT_WEIGHT = 0.5
KIND_ROW_WEIGHT = 1.0  # a table row of the thesis kind asked (as much as one asked word)
DATE_WEIGHT = 1.0  # a date in a unit that answers "when" (as much as one asked word)
_DATE = re.compile(r"\b\d{1,2}\.\s?\d{1,2}\.(?:\s?\d{4})?|\b(?:19|20)\d\d\b")

Candidate = tuple[float, int, Quote, str]  # (words' score, source rank, quote, text scored)


@dataclass
class Asked:
    """What a question asks of the evidence's text, read once for every candidate."""

    terms: list[Term]
    weights: list[float]
    own_words: int  # the turn's own terms (the rest are an earlier question's)
    own: bool  # only the named persons' own pages are quoted
    ids: set[str]
    open_question: bool  # blocks answer too; meaning may rank
    headed: bool  # a subject's page, a word nothing read: its section may answer
    years: list[str]
    when: bool  # "kedy": a unit with a date answers
    amount: bool  # "koľko": a unit with a number answers
    asks_amount: bool
    by_meaning: bool
    unread: bool

    def dated(self, text: str) -> float:
        """A date for "kedy", a number for "koľko" (as much as one asked word)."""
        if self.when and _DATE.search(text):
            return DATE_WEIGHT
        return DATE_WEIGHT if self.amount and any(c.isdigit() for c in text) else 0.0

    def typed(self, text: str) -> bool:
        """What meaning lets stand answers with the kind of thing asked: a date when
        "kedy", a number when "koľko"/"ako dlho" ("Do kedy treba zaplatiť parkovné?"
        is not answered by a sentence about parking places)."""
        if self.when and not _DATE.search(text):
            return False
        return not self.asks_amount or any(c.isdigit() for c in text)

    def of_year(self, *texts: str) -> bool:
        return not self.years or any(y in t for t in texts for y in self.years)


def asked_of(bundle: Bundle, per_source: bool) -> Asked:
    """The question's terms and what kind of unit answers it."""
    terms = question_terms(bundle.question.core)
    # The earlier question a follow-up leans on ("a diplomovku?"): its words count
    # as much as a heading's, the turn's own fully.
    earlier = [t for t in question_terms(bundle.question.context) if t not in terms]
    own_words = len(terms)
    weights = [1.0] * own_words + [CONTEXT_WEIGHT] * len(earlier)
    # Blocks (a command, a list under its lead) answer open questions about the
    # wiki's text; a question about persons or theses is answered by their lines.
    open_question = bundle.question.ask == "open" and not bundle.subjects and not per_source
    return Asked(
        terms=terms + earlier,
        weights=weights,
        own_words=own_words,
        # A question about students quotes their own pages; a supervisor has none.
        own=bundle.about_own_pages,
        ids={s.id for s in bundle.subjects},
        open_question=open_question,
        # "kde publikovala?": the list under her page's heading that says the word
        # nothing read ("Publikácie") answers, though no item of it says the word.
        headed=bool(bundle.subjects and bundle.question.unaccounted) and not per_source,
        # "Dokedy treba odovzdať bakalárku v roku 2025/2026?": a line of the 2024/2025
        # rules answers another year; what is quoted, or its page and section, says it.
        years=[str(y) for y in bundle.question.years] if open_question else [],
        # "Kedy sú obhajoby?" asked of the text: a unit that gives a date answers it.
        when=open_question and "year" in bundle.question.attributes,
        # "Koľko strán má mať bakalárka?" asked of the text: a unit with a number.
        amount=open_question and bundle.question.asks_amount,
        asks_amount=bundle.question.asks_amount,
        # Meaning serves the wiki's texts about no one (guides, rules), where a unit
        # that shares no word with the question is a candidate too. Not on a person's
        # page: some line always stands out there, whether or not the page says what
        # was asked (measured).
        by_meaning=bundle.meaning is not None and not per_source and open_question,
        unread=bool(bundle.question.unaccounted),
    )


def candidates(bundle: Bundle, a: Asked, per_source: bool) -> list[Candidate]:
    """Every unit and block of the evidence that may answer, with its words' score;
    with meaning, also those that share no word with the question."""
    terms, weights, own, ids = a.terms, a.weights, a.own, a.ids
    open_question, headed, by_meaning, of_year = a.open_question, a.headed, a.by_meaning, a.of_year
    found: list[tuple[float, int, Quote, str]] = []
    for rank, src in enumerate(bundle.sources):
        ev = bundle.by_id[src.source_id]
        if own and ev.subject_id not in ids:
            continue
        # A set of theses (graph-guided), or a named kind of a person's theses: a
        # sentence of another thesis of the page is not about the one asked
        # ("bakalárske práce" quoted from a master's; "for the master thesis").
        kinds = _asked_kinds(bundle, src.source_id) if per_source else set(bundle.question.kinds)
        for text in ev.texts:
            for u in unit_list(text):
                unit, context = u.text, u.context
                if not u.quotable or _NOISE.match(unit):
                    continue
                in_kinds = _section_kinds(context)
                if kinds and in_kinds and not in_kinds & kinds:
                    continue
                if not of_year(unit, context, src.title or ""):
                    continue
                s = _score(unit, f"{src.title or ''} {context}", terms, bundle.asked,
                           own=not per_source, weights=weights,
                           heading=_subsection(context) if open_question else "")  # fmt: skip
                if not s and headed and says_unread(unit, bundle.question):
                    # "S jakým robotem pracoval?": the word nothing read, in another
                    # case than the line's ("robotem" / "robota UR5"), as its root.
                    s = PREFIX_WEIGHT
                if s > 0 or by_meaning:
                    found.append((s, rank, Quote(src.source_id, unit), unit))
            if open_question or headed:
                for b in blocks(text):
                    if b.navigation:
                        continue
                    if not open_question and not (b.lead and says_unread(b.lead, bundle.question)):
                        continue
                    plain = f"{b.lead} {' '.join(b.lines)}"
                    context = f"{src.title or ''} {b.context}"
                    row_kind = None
                    if b.kind == "table":
                        # A row reads as "first cell: the rest" (a labelled line), its
                        # header as context: "Odovzdanie diplomových prác: 28. 4. 2025".
                        first, *rest = cells(b.text)
                        plain = f"{first}: {' '.join(rest)}"
                        context = f"{context} {' '.join(cells(b.lead))}"
                        row_kind = classify_heading(fold(first).lower().strip())
                    if not of_year(plain, context):
                        continue
                    s = _score(plain, context, terms, bundle.asked, weights=weights,
                               heading=_subsection(b.context))  # fmt: skip
                    if b.kind == "table" and row_kind and bundle.question.kinds and s > 0:
                        # "Aký rozsah má mať dizertačka?": the row of the kind asked
                        # ("Dizertačná práca | 80 – 120 normostrán"), not the others.
                        if row_kind[0] not in bundle.question.kinds:
                            continue
                        s += KIND_ROW_WEIGHT
                    if s > 0 or by_meaning:
                        found.append((s, rank, Quote(src.source_id, b.text, b.kind, b.lead), plain))
    if headed:
        # "Na akom zariadení postavil…?": the lines that say the word nothing read
        # answer; the others only share the question's other words (its title).
        saying = [f for f in found if says_unread(f[3], bundle.question)]
        found = saying or found
    return found


def _score(
    line: str,
    context: str,
    terms: list[Term],
    asked: set[str],
    own: bool = True,
    weights: list[float] | None = None,
    heading: str = "",
) -> float:
    """Query terms in the line count fully, those only in its page title or
    headings (the person, the thesis kind) count half: a line under
    "Ján Holp > Diplomová práca 2021" answers a question about Ján Holp's
    master thesis better than the same kind of line on another page."""
    words, lemmas = line_words(line)
    ctx_words, ctx_lemmas = line_words(context)
    in_own = [in_line(t, words, lemmas) for t in terms]
    # "Čo nepatrí do gitu?" under "## Čo nepatrí do gitu": a section whose heading
    # says the question is its answer, whatever words the lines under it use.
    in_head = [0.0] * len(terms)
    if heading and terms:
        head_words, head_lemmas = line_words(heading)
        head_says = [in_line(t, head_words, head_lemmas) for t in terms]
        if 2 * sum(1 for x, h in zip(in_own, head_says, strict=True) if x or h) >= len(terms):
            in_head = [0.0 if x else h for x, h in zip(in_own, head_says, strict=True)]
    if own and terms and not any(in_own) and not any(in_head):
        # A line that says none of the question's words answers nothing of it (a page
        # of a set the graph chose is quoted by its best line, whatever it says).
        return 0.0
    score = 0.0
    for term, weight, head, base in zip(terms, in_own, in_head, weights or [1.0] * len(terms),
                                        strict=True):  # fmt: skip
        if weight or head:
            score += base * (weight or head)
        elif matches(term, ctx_words, ctx_lemmas):
            score += base * CONTEXT_WEIGHT
    # A labelled line ("Názov práce: ...", "Vedúci: ...") or a heading that
    # names what was asked is the answer itself, not just related text.
    label = is_label_line(line)
    head = fold(line.split(":", 1)[0]) if label else fold(line) if len(line) < 60 else ""
    for attr in asked:
        pattern = LABELS.get(attr)
        if attr in YEAR_ATTRIBUTES and not YEAR.search(line):
            continue  # a line without a year cannot say which year
        if pattern and head and pattern.search(head):
            score += 2.5
    return score


def _subsection(context: str) -> str:
    """The heading of the section a unit is in, when it is below the page's own."""
    return context.rsplit(">", 1)[-1] if ">" in context else ""


def _section_kinds(context: str) -> set[str]:
    """The thesis or work kinds of the sections a unit sits in ("… > Diplomová práca 2017")."""
    kinds = set()
    for part in context.split(">"):
        found = classify_heading(fold(part).lower().strip())
        if found:
            kinds.add(found[0])
    return kinds


def _asked_kinds(bundle: Bundle, source_id: str) -> set[str]:
    """Of which theses a page of a set is quoted: the kinds the question names, else
    those the named supervisor or consultant led on that page."""
    if bundle.question.kinds:
        return set(bundle.question.kinds)
    return {
        f.kind
        for f in bundle.facts
        if f.source_id == source_id
        and f.kind
        and f.attribute in ("supervisor", "consultant")
        and any(same_person(f.value, s.name) for s in bundle.subjects)
    }
