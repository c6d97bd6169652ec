"""Answers without an LLM: verbatim lines from the best evidence, cited.

A quoted line is grounded by construction. The candidates and their words'
scores come from ``candidates``; here they are ranked (by words, then by
meaning when no line says the question's words), lines that only list tags
give way, and the best are quoted: the best line of each page of a set, or
the best lines (a block is a whole answer).
"""

from __future__ import annotations

import re
from dataclasses import replace

from zpagent.answer.candidates import asked_of, candidates
from zpagent.answer.evidence import Bundle
from zpagent.answer.line_words import said
from zpagent.answer.quotes import Quote, is_label_line
from zpagent.answer.unread import says_unread, unread_said, unread_stems
from zpagent.ingest.text import fold

# A unit whose meaning stands this far (z-score) above the other candidates answers
# even without the question's words ("How long should the abstract be?"), with a
# score of half a word per unit of z.
MEANING_MIN = 1.5
MEANING_WEIGHT = 0.5
_TAG_LINE = re.compile(r"^(?:klucove slova|klicova slova|key ?words?|tagy?|tags)\s*:")


def _is_tags(text: str) -> bool:
    return bool(_TAG_LINE.match(fold(text).lower()))


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


MAX_PAGES_QUOTED = 8


def _plain(quote: Quote) -> str:
    """A quote's words as scored: a table row with its header, a block with its lead."""
    return f"{quote.lead or ''} {quote.text.replace('|', ' ')}"


def _is_prose(unit: str) -> bool:
    return len(unit) >= 40 and unit[:1].isupper() and not is_label_line(unit)


def extract(bundle: Bundle, max_lines: int = 2, per_source: bool = False) -> list[Quote]:
    """Whole sentences of the evidence, best first; lower-ranked sources weigh less.

    When the question names persons, only their own pages are quoted.
    """
    a = asked_of(bundle, per_source)
    found = candidates(bundle, a, per_source)
    terms, weights, own_words, unread, by_meaning = (
        a.terms,
        a.weights,
        a.own_words,
        a.unread,
        a.by_meaning,
    )
    typed, dated = a.typed, a.dated
    scored = []
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
    return _chosen(scored, bundle, max_lines, per_source)


def _chosen(
    scored: list[tuple[float, int, str, Quote]], bundle: Bundle, max_lines: int, per_source: bool
) -> list[Quote]:
    """The quotes of the ranked candidates: the best of each page of a set, or the
    best lines (within a word of the best; a block is a whole answer)."""
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
