"""How much a line of evidence says the words of a question.

A term is a question word as (folded, lemma, stem). A line says it in one of its
forms (1), or by its root: another word of the same six-letter prefix, a compound
that ends with it ("normostrán" says "strán"), 0.75. A negated verb says the verb
("necitujte" says "citovať"): a rule often says what not to do.
"""

from __future__ import annotations

from zpagent.ingest.text import fold
from zpagent.lexical import content_terms, lemma, stem, tokens
from zpagent.query.cues import FUNCTION_WORDS

Term = tuple[str, str, str]  # (folded, lemma, stem) of one question word

_MODALS = frozenset(
    "treba netreba musi musim musime musia mozem mozeme moze mozno smiem smie must should "
    "need can could may".split()
)


def question_terms(text: str) -> list[Term]:
    """The words a line should say: (folded, lemma, stem) of the content words."""
    words = content_terms(text) if text else []
    # "Dokedy treba odovzdať…": a question word or a modal verb says nothing a line
    # must say (the question's own function words, as the query reads them).
    content = [t for t in words if fold(t) not in _MODALS | FUNCTION_WORDS] or words
    return [(fold(t), fold(lemma(t)), stem(t)) for t in content]


NEGATED = "ne"  # "necitujte" says "citovať": a rule often says what not to do


def line_words(text: str) -> tuple[set[str], set[str]]:
    toks = tokens(text)
    words, lemmas = {fold(w) for w in toks}, {fold(lemma(w)) for w in toks}
    negated = [w for w in words | lemmas if w.startswith(NEGATED) and len(w) >= 6]
    return words | {w[2:] for w in negated if w in words}, lemmas | {w[2:] for w in negated}


def matches(term: Term, words: set[str], lemmas: set[str]) -> bool:
    folded, lem, st = term
    return folded in words or lem in lemmas or any(w.startswith(st) for w in words)


PREFIX = 6  # letters two long words share when they are forms of one word
PREFIX_WEIGHT = 0.75


def shares_prefix(term: Term, words: set[str]) -> bool:
    """ "odovzdať" / "Odovzdanie", "diplomovku" / "diplomových": another word of the
    same root, not the same form; it counts less than a form of the word."""
    folded = term[0]
    if len(folded) < PREFIX:
        return False
    return any(len(w) >= PREFIX and w[:PREFIX] == folded[:PREFIX] for w in words)


COMPOUND = 5  # letters of a word that ends a compound ("strán" / "normostrán")


def ends_compound(term: Term, words: set[str]) -> bool:
    """ "normostrán" says "strán", "videohovorov" says "hovorov": a compound ends
    with the word (or its stem), at least three letters in front of it."""
    st = term[2]
    if len(st) < COMPOUND:
        return False
    return any(len(w) >= len(st) + 3 and st in w[3:] and w.find(st) >= len(w) - len(st) - 3
               for w in words)  # fmt: skip


def in_line(term: Term, words: set[str], lemmas: set[str]) -> float:
    """How much a line's own words say one term: a form of it 1, its root or the
    end of a compound 0.75."""
    if matches(term, words, lemmas):
        return 1.0
    return PREFIX_WEIGHT if shares_prefix(term, words) or ends_compound(term, words) else 0.0


def said(line: str, terms: list[Term], weights: list[float] | None = None) -> float:
    """How much of the question's words ``line`` itself says (forms 1, roots 0.75;
    times each term's weight)."""
    words, lemmas = line_words(line)
    weights = weights or [1.0] * len(terms)
    return sum(w * in_line(t, words, lemmas) for t, w in zip(terms, weights, strict=True))
