"""Answers without an LLM: verbatim lines from the best evidence, cited.

A quoted line is grounded by construction. Lines are scored by the query
terms they contain (folded, lemmatized, prefix stems), terms found only in
the page title or the headings above the line count half, and labelled
lines that match the asked attribute ("Vedúci práce:", "Názov práce:") get
a bonus.
"""

from __future__ import annotations

import re
from dataclasses import replace

from zpagent.answer.blocks import blocks
from zpagent.answer.evidence import Bundle
from zpagent.answer.line_words import (
    PREFIX_WEIGHT,
    Term,
    in_line,
    line_words,
    matches,
    question_terms,
    said,
)
from zpagent.answer.quotes import Quote, cells, is_label_line, unit_list
from zpagent.answer.unread import says_unread, unread_said, unread_stems
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
# A unit whose meaning stands this far (z-score) above the other candidates answers
# even without the question's words ("How long should the abstract be?"), with a
# score of half a word per unit of z.
MEANING_MIN = 1.5
MEANING_WEIGHT = 0.5
_TAG_LINE = re.compile(r"^(?:klucove slova|klicova slova|key ?words?|tagy?|tags)\s*:")
KIND_ROW_WEIGHT = 1.0  # a table row of the thesis kind asked (as much as one asked word)
DATE_WEIGHT = 1.0  # a date in a unit that answers "when" (as much as one asked word)
_DATE = re.compile(r"\b\d{1,2}\.\s?\d{1,2}\.(?:\s?\d{4})?|\b(?:19|20)\d\d\b")


def _is_tags(text: str) -> bool:
    return bool(_TAG_LINE.match(fold(text).lower()))


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


def _lead_to_its_block(scored: list[tuple[float, int, str, Quote]]) -> None:
    """ "Do repozitára nedávajte:" and the list it leads scored as much: the block (the
    lead with its items, the command after its sentence) takes the lead's place."""
    i = 0
    while i < len(scored):
        lead = scored[i]
        if lead[3].kind == "sentence":
            for j in range(i + 1, len(scored)):
                x = scored[j]
                if x[0] < lead[0]:
                    break
                if x[3].kind != "sentence" and x[3].lead.strip() == lead[3].text.strip():
                    scored.insert(i, scored.pop(j))
                    break
        i += 1


def _subsection(context: str) -> str:
    """The heading of the section a unit is in, when it is below the page's own."""
    return context.rsplit(">", 1)[-1] if ">" in context else ""


MAX_PAGES_QUOTED = 8


def _plain(quote: Quote) -> str:
    """A quote's words as scored: a table row with its header, a block with its lead."""
    return f"{quote.lead or ''} {quote.text.replace('|', ' ')}"


def _is_prose(unit: str) -> bool:
    return len(unit) >= 40 and unit[:1].isupper() and not is_label_line(unit)


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


def extract(bundle: Bundle, max_lines: int = 2, per_source: bool = False) -> list[Quote]:
    """Whole sentences of the evidence, best first; lower-ranked sources weigh less.

    When the question names persons, only their own pages are quoted.
    """
    terms = question_terms(bundle.question.core)
    # The earlier question a follow-up leans on ("a diplomovku?"): its words count
    # as much as a heading's, the turn's own fully.
    earlier = [t for t in question_terms(bundle.question.context) if t not in terms]
    own_words = len(terms)
    weights = [1.0] * own_words + [CONTEXT_WEIGHT] * len(earlier)
    terms += earlier
    # A question about students quotes their own pages; a supervisor has none.
    own = bundle.about_own_pages
    ids = {s.id for s in bundle.subjects}
    # Blocks (a command, a list under its lead) answer open questions about the
    # wiki's text; a question about persons or theses is answered by their lines.
    open_question = bundle.question.ask == "open" and not bundle.subjects and not per_source
    # "kde publikovala?": the list under her page's heading that says the word nothing
    # read ("Publikácie") answers, though no item of it says the word.
    headed = bool(bundle.subjects and bundle.question.unaccounted) and not per_source
    # "Dokedy treba odovzdať bakalárku v roku 2025/2026?": a line of the 2024/2025 rules
    # answers another year; what is quoted, or the page and section it is in, says it.
    years = [str(y) for y in bundle.question.years] if open_question else []

    # "Kedy sú obhajoby?" asked of the text: a unit that gives a date answers it.
    when = open_question and "year" in bundle.question.attributes

    # "Koľko strán má mať bakalárka?" asked of the text: a unit with a number answers it.
    amount = open_question and bundle.question.asks_amount

    def dated(text: str) -> float:
        """A date for "kedy", a number for "koľko" (as much as one asked word)."""
        if when and _DATE.search(text):
            return DATE_WEIGHT
        return DATE_WEIGHT if amount and any(c.isdigit() for c in text) else 0.0

    def typed(text: str) -> bool:
        """What meaning lets stand answers with the kind of thing asked: a date when
        "kedy", a number when "koľko"/"ako dlho" ("Do kedy treba zaplatiť parkovné?"
        is not answered by a sentence about parking places)."""
        if when and not _DATE.search(text):
            return False
        return not bundle.question.asks_amount or any(c.isdigit() for c in text)

    def of_year(*texts: str) -> bool:
        return not years or any(y in t for t in texts for y in years)

    scored = []
    # (words' score, source rank, quote, its text as scored) of every candidate unit;
    # with meaning, also those that share no word with the question.
    found: list[tuple[float, int, Quote, str]] = []
    # Meaning serves the wiki's texts about no one (guides, rules), where a unit that
    # shares no word with the question is a candidate too. Not on a person's page:
    # some line always stands out there, whether or not the page says what was asked
    # (measured).
    by_meaning = bundle.meaning is not None and not per_source and open_question
    unread = bool(bundle.question.unaccounted)
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
    # Each unit's words, and how far its meaning stands out among the candidates.
    need = 0.5 * own_words  # half the turn's own words (a line ranked without the gate)

    def words_answer(s: float, plain: str) -> bool:
        return s > 0 and (not bundle.ungated or said(plain, terms, weights) >= need)

    # Embedding units costs a second or so the first time a page is read: only when no
    # line answers by the question's words.
    by_meaning = by_meaning and not any(words_answer(s, p) for s, _r, _q, p in found)
    meant = bundle.meaning([f[3] for f in found]) if by_meaning else [0.0] * len(found)
    for (s, rank, quote, plain), z in zip(found, meant, strict=True):
        # A line says what nobody read ("prezentáciu" in "Prezentácia trvá …"), or the
        # question has no such word: meaning alone never answers "Do kedy treba
        # zaplatiť parkovné?" with a deadline of something else.
        if (
            z >= MEANING_MIN
            and (not unread or says_unread(plain, bundle.question))
            and typed(plain)
        ):
            # Meaning ranks no line above one that says the question's words (a
            # bonus to those put a guide's sentence above its command, measured); it
            # lets a line stand that says them in other words or another language.
            quote = replace(quote, meant=True)
            s = s or MEANING_WEIGHT * z
        s += dated(plain) if s > 0 else 0.0
        if s > 0:
            scored.append((s - 0.75 * rank, -rank, quote.source_id, quote))
    # "Kľúčové slová: …, BLEU, …" names the word and says nothing of it: a line of
    # tags answers only when no other line says the question's words.
    said_elsewhere = [x for x in scored if not _is_tags(x[3].text)]
    scored = said_elsewhere or scored
    if bundle.ungated:
        # Ranked without the gate: only a unit that says half the question's words.
        meant = not bundle.by_words
        scored = [
            x for x in scored
            if (meant and x[3].meant) or said(_plain(x[3]), terms, weights) >= need
        ]  # fmt: skip
        if bundle.by_words and unread:
            # The gate doubted it: a line answers only when it also says at least
            # half the words nothing else read ("blockchaine" is what a line of the
            # guides must say; "max dĺžka jednej úlohy v slurme" is not "úlohy").
            scored = [x for x in scored if 2 * unread_said(_plain(x[3]), bundle.question)
                      >= len(unread_stems(bundle.question))]  # fmt: skip
    if not scored:
        return []
    scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
    _lead_to_its_block(scored)
    if per_source:
        # A set of pages (graph-guided evidence): the best sentence of each page,
        # a whole sentence of its text rather than a label line ("Vedúci: …") or a
        # fragment a chunk boundary cut.
        best_of: dict[str, Quote] = {}
        for prose in (True, False):
            for _s, _r, sid, quote in scored:
                if prose and not _is_prose(quote.text):
                    continue
                best_of.setdefault(sid, quote)
        order = {src.source_id: i for i, src in enumerate(bundle.sources)}
        return sorted(best_of.values(), key=lambda q: order[q.source_id])[:MAX_PAGES_QUOTED]
    best = scored[0][0]
    out, seen = [], set()
    for s, _r, _sid, quote in scored:
        if s < best - 1.0 or quote.text in seen:
            continue
        seen.add(quote.text)
        if quote.lead:
            # A block is quoted with its lead sentence: that sentence is not said twice.
            out = [q for q in out if q.text.strip() != quote.lead.strip()]
        out.append(quote)
        if quote.kind != "sentence" or len(out) >= max_lines:
            break  # a block is a whole answer: nothing is quoted after it
    return out
