"""Person names as written on pages: academic titles, name shape, keys.

Supervisor lines carry degrees in every order (``doc. Ing. Ján Staš, PhD.``,
``Ing. Daniel Hládek PhD``, ``prof. Ing. Jozef Juhár, CSc.``). The graph
keeps the bare name as the entity and the original line as evidence.
"""

from __future__ import annotations

import re

from zpagent.ingest.text import clean_inline, fold, slug
from zpagent.query.inflect import forms
from zpagent.query.tokens import TOKEN

# Degrees and titles, compared case-insensitively without dots and spaces.
_TITLES = {
    "bc",
    "ing",
    "mgr",
    "rndr",
    "paeddr",
    "phdr",
    "judr",
    "mudr",
    "mvdr",
    "pharmdr",
    "thdr",
    "doc",
    "prof",
    "phd",
    "csc",
    "drsc",
    "artd",
    "dr",
    "drhc",
    "dipl",
    "msc",
    "ma",
    "ba",
    "bsc",
    "mba",
    "mph",
    "llm",
    "ingarch",
    "ingpaed",
    "akadmal",
    "doctor",
    "professor",
}
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_PARENS = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_EMPHASIS = re.compile(r"[*_`]+")
# A name word: capitalized, letters with optional inner hyphen or apostrophe.
_NAME_WORD = re.compile(r"^[A-ZÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽÖÜŐŰĚŘŮ](?:[\w'’-]*|\.)$")  # or an initial "A."
_NAME_SPLIT = re.compile(r"\s*(?:;|,|/|&|\+|\ba\b|\band\b|\bund\b)\s*")


def is_title_word(word: str) -> bool:
    key = re.sub(r"[.\s]", "", word).lower()
    return key in _TITLES


def strip_titles(text: str) -> str:
    """``doc. Ing. Ján Staš, PhD.`` -> ``Ján Staš`` (commas and degrees removed)."""
    text = _EMPHASIS.sub("", _LINK.sub(r"\1", text))
    # "Ph.D." and "Dr.h.c." are one title written with inner dots.
    text = re.sub(r"\bPh\.\s?D\.?", "PhD", text, flags=re.IGNORECASE)
    text = re.sub(r"\bDr\.\s?h\.\s?c\.?", "drhc", text, flags=re.IGNORECASE)
    words = re.split(r"[\s,]+", text)
    return clean_inline(" ".join(w for w in words if w and not is_title_word(w)))


def looks_like_name(text: str) -> bool:
    """Two to four capitalized words, no digits: the shape of a person's name."""
    words = text.split()
    if not 2 <= len(words) <= 4:
        return False
    return all(_NAME_WORD.match(w) and not any(c.isdigit() for c in w) for w in words)


def parse_person_names(value: str) -> list[str]:
    """The bare names in a supervisor or consultant value, in order.

    ``Ing. A B, PhD., Ing. C D, PhD.`` -> ``["A B", "C D"]``. Parentheses
    (affiliations, notes) are dropped; parts that are not name-shaped are
    ignored rather than guessed.
    """
    value = _EMPHASIS.sub("", _LINK.sub(r"\1", value))
    value = _PARENS.sub(" ", value)
    value = re.sub(r"\bPh\.\s?D\.?", "PhD", value, flags=re.IGNORECASE)
    # "Ing.Andrea Sýkorová,PhD." is written without spaces: give the parts theirs.
    value = re.sub(r"(?<=\w)\.(?=[^\W\d_])", ". ", value)
    value = re.sub(r",(?=\S)", ", ", value)
    names: list[str] = []
    for part in _NAME_SPLIT.split(value):
        name = strip_titles(part).strip(" .:-–")
        if looks_like_name(name) and name not in names:
            names.append(name)
    return names


def name_words(name: str) -> tuple[str, ...]:
    """The words of a name as the question tokenizer sees them: "Ahmed Al-Sayed" is
    Ahmed, Al, Sayed (a hyphen or an apostrophe splits, as in a question)."""
    return tuple(TOKEN.findall(name))


def name_key(name: str) -> str:
    """Case- and diacritics-insensitive matching key of a name."""
    return " ".join(fold(name).replace("-", " ").split())


def term_key(text: str) -> str:
    """Matching key of a keyword, category or title: folded, spaces collapsed."""
    return " ".join(fold(text).split())


def name_id(name: str) -> str:
    return slug(name)


def same_person(claimed: str, name: str | None) -> bool:
    """Whether a claimed name is the whole of ``name`` (any word order and inflection)."""
    if not name:
        return False
    want = name_key(strip_titles(name)).split()
    got = name_key(strip_titles(claimed)).split()
    if len(got) != len(want):
        return False
    return all(any(g in forms(w) for w in want) for g in got) and all(
        any(g in forms(w) for g in got) for w in want
    )


def same_or_initial(claimed: str, name: str | None) -> bool:
    """``same_person``, or the same surname after the initial of the given name ("P.
    Ondrejka" as the wiki writes Peter Ondrejka in a label)."""
    if not name:
        return False
    if same_person(claimed, name):
        return True
    want = name_key(strip_titles(name)).split()
    got = name_key(strip_titles(claimed).replace(".", " ")).split()
    if len(got) != 2 or len(want) != 2 or len(got[0]) != 1:
        return False
    return got[0] == want[0][0] and got[1] in forms(want[1])
