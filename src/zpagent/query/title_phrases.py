"""Thesis titles a question names: quoted, announced ("s názvom …"), after a thesis
noun in a "who wrote" question, or by most of their words.

A title needs at least ``TITLE_MIN_WORDS`` of its words and most of them
(``TITLE_MIN_SHARE``) among consecutive free words of the question, so that a
topic word or two does not name a whole thesis.
"""

from __future__ import annotations

import re

from zpagent.ingest.text import clean_inline, fold
from zpagent.query import cues as cu
from zpagent.query.lexicon import Lexicon, PhraseEntry, word_keys, words_of
from zpagent.query.roles import Phrase
from zpagent.query.tokens import Token, covered

TITLE_MIN_WORDS = 3
TITLE_MIN_SHARE = 0.75


def quoted_title(text: str) -> str | None:
    m = cu.QUOTED.search(text)
    return clean_inline(m.group(1)) if m else None


def announced_title(text: str, folded: str) -> str | None:
    """The words after "s názvom", "nazvanú", "titled" ... (or a colon)."""
    m = re.search(
        r"(?:\bs nazvom|\bs nazvem|\bnazvan\w*|\bnazyva\w* sa|\btitled|\bcalled|:)\s+(.{3,})$",
        folded,
    )
    if not m:
        return None
    return clean_inline(text[m.start(1) :]).rstrip("?!. ")


_THESIS_NOUN = re.compile(
    r"\b(?:prac\w*|bakalar\w*|diplomov\w*|dizertac\w*|thesis|prace)\s+(.{3,})$"
)
_WROTE = re.compile(r"\b(?:robil\w*|riesil\w*|mal\w*|wrote|psal\w*|napsal\w*)\b")


def asks_who_wrote(cue_spans: dict[str, list[tuple[int, int]]], folded: str) -> bool:
    """ "Kto napísal prácu …?", "Who wrote the thesis …?": a title may follow."""
    asks = cue_spans.get("who") or cue_spans.get("author") or cue_spans.get("list")
    return bool(asks) and bool(cue_spans.get("author") or _WROTE.search(folded))


def title_after_thesis_noun(
    tokens: list[Token], text: str, folded: str, lexicon: Lexicon
) -> str | None:
    """``Kto napísal prácu Rozpoznávanie reči v call centrách?`` -> the rest, unless the
    rest is a person's name ("prácu Jána Holpa")."""
    m = _THESIS_NOUN.search(folded)
    if not m:
        return None
    rest = clean_inline(text[m.start(1) :]).rstrip("?!. ")
    words = [w for w in words_of(rest) if fold(w) not in cu.FUNCTION_WORDS and not w.isdigit()]
    if len(words) < 2 or not rest[:1].isupper():
        return None  # titles start with a capital: ", ktorú napísala …" is no title
    first = words_of(rest)[:2]
    given = lexicon.first_name_forms
    if len(first) == 2 and fold(first[0]) in given and first[1][:1].isupper():
        return None  # "prácu Jozefa Mrkvičku": a person, even one nobody is
    first = [t for t in tokens if t.start >= m.start(1)][:2]
    if (
        len(first) == 2
        and set(lexicon.person_index.lookup(first[0].text))
        and set(lexicon.person_index.lookup(first[1].text))
    ):
        return None  # "prácu Jána Holpa": a person, not a title
    if first and set(lexicon.person_index.lookup(first[0].text)):
        after = text[first[0].end :].lstrip()
        if not after[:1].isalnum() or (len(first) == 2 and first[1].folded in cu.FUNCTION_WORDS):
            return None  # "na bakalárke Dobrovskú, ale …": a supervisor, not a title
    return rest


def titles_named(title: str, titles: list[PhraseEntry]) -> list[PhraseEntry]:
    """The theses a quoted or announced title names: the whole title as written, else
    a title that contains it, else the titles that have every content word of it."""
    key = " ".join(fold(title).split())
    exact = [t for t in titles if " ".join(fold(t.name).split()) == key]
    if exact:
        return exact
    within = [t for t in titles if key and key in " ".join(fold(t.name).split())]
    if within:
        return within
    wanted = [
        word_keys(w)
        for w in words_of(title)
        if fold(w) not in cu.FUNCTION_WORDS and not w.isdigit() and len(w) > 1
    ]
    return [t for t in titles if wanted and all(any(k & s for s in t.stems) for k in wanted)]


def span_tokens(tokens: list[Token], text: str, part: str) -> tuple[int, int] | None:
    i = fold(text).find(fold(part))
    if i < 0:
        return None
    idx = sorted(covered(tokens, [(i, i + len(part))]))
    return (idx[0], idx[-1] + 1) if idx else None


def title_matches(
    tokens: list[Token], free: list[bool], titles: list[PhraseEntry], words: set[int] | None = None
) -> Phrase | None:
    """The thesis titles most of whose words the question has, in one run.

    A title needs at least three of its words and most of them
    (``TITLE_MIN_SHARE``) among consecutive free words of the question, so
    that a topic word or two does not name a whole thesis.
    """
    pool = [t for t in tokens if (free[t.index] if words is None else t.index in words)]
    if len(pool) < TITLE_MIN_WORDS:
        return None
    keys = {t.index: word_keys(t.text) for t in pool}
    best: list[tuple[float, int, int, PhraseEntry]] = []
    for entry in titles:
        content = [
            k
            for w, k in zip(words_of(entry.name), entry.stems, strict=False)
            if len(w) > 2 and fold(w) not in cu.FUNCTION_WORDS
        ]
        if len(content) < 2:
            continue
        hit = [i for i, ks in keys.items() if any(ks & k for k in content)]
        if len(hit) < min(TITLE_MIN_WORDS, len(content)):
            continue
        share = len({j for j, k in enumerate(content) if any(keys[i] & k for i in hit)}) / len(
            content
        )
        if share >= TITLE_MIN_SHARE:
            best.append((share, min(hit), max(hit) + 1, entry))
    if not best:
        return None
    top = max(b[0] for b in best)
    chosen = [b for b in best if b[0] == top]
    return Phrase(min(b[1] for b in chosen), max(b[2] for b in chosen), [b[3] for b in chosen])
