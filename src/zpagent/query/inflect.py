"""Slovak name forms: ``Jána Holpa`` is Ján Holp, ``Novákovej`` is Nováková.

Names decline by their ending. The declension class is read from the
nominative as written (with diacritics): ``-ová``/``-á`` (adjectival
feminine: Nováková -> Novákovej, Novákovou), ``-ý``/``-í`` (adjectival
masculine: Šťastný -> Šťastného), ``-a`` (Slivka -> Slivku, Lucia ->
Lucie), ``-o`` (Jurčo -> Jurča), consonants (Holp -> Holpa, Oravec ->
Oravca with the mobile ``e``). After a long syllable the adjectival
endings are short (Čierny -> Čierneho, Čierna -> Čiernej): a ``-y`` or
``-a`` there declines as an adjective too. Matching is on folded text, so forms typed
without diacritics match too. The classes keep feminine and masculine
surnames apart: ``Novákovej`` never matches Novák, ``Nováka`` never
Nováková.
"""

from __future__ import annotations

import re
from functools import lru_cache

from zpagent.ingest.text import fold

_VOWELS = set("aeiouyáäéíóôúýěů")

_ADJ_FEM = ("á", "ej", "ú", "ou", "é")  # "é": Czech genitive and dative (Novákové)
_ADJ_MASC = ("ý", "ého", "ému", "om", "ým", "í", "ieho", "iemu", "ím")
_NOUN_A = ("a", "u", "y", "e", "i", "ou", "ovi", "om", "ov", "ia", "ie", "ii", "iu", "iou", "ovho")
# Possessive adjectives: "Holpova práca", "Slivkova", "Janina bakalárka".
_POSSESSIVE = ("ov", "ova", "ovo", "ovej", "ovu", "ovho", "ovom", "ovych", "ovym", "ove")
_POSSESSIVE_A = ("in", "ina", "ino", "inej", "inu", "inho", "inom", "ine")
_NOUN_O = ("o", "a", "ovi", "om", "u", "e")
_VOWEL_END = ("", "ho", "mu", "m", "ovi", "a", "om", "ovia")
_CONSONANT = ("", "a", "ovi", "om", "e", "u", "i", "ov", "ovia", "ou", "ovcov")
# A long vowel or a diphthong in the last syllable before the ending (the rhythmic
# law shortens an adjective's ending after it: "čierny", "biela", "múdry").
_LONG_BEFORE = re.compile(r"(?:[áéíóúýô]|i[eau])[^aeiouyáäéíóôúý]*$")


@lru_cache(maxsize=100_000)
def forms(name_token: str) -> frozenset[str]:
    """Folded inflected forms of one name word (nominative included)."""
    return frozenset(fold(f) for f in raw_forms(name_token))


@lru_cache(maxsize=100_000)
def raw_forms(name_token: str) -> frozenset[str]:
    """Inflected forms of one name word, lowercase, diacritics kept."""
    word = name_token.lower()
    out: set[str] = {word}
    if len(word) < 2:
        return frozenset(out)
    if word.endswith("á") and len(word) > 3:
        stem, endings = word[:-1], _ADJ_FEM
    elif len(word) > 3 and (
        word.endswith(("ý", "í")) or (word.endswith("y") and _LONG_BEFORE.search(word[:-1]))
    ):
        stem, endings = word[:-1], _ADJ_MASC
    elif word.endswith("a"):
        stem, endings = word[:-1], _NOUN_A
        if len(word) > 3 and _LONG_BEFORE.search(stem):
            out.update(stem + e for e in _ADJ_FEM)
    elif word.endswith("o"):
        stem, endings = word[:-1], _NOUN_O
    elif word[-1] in _VOWELS:
        stem, endings = word, _VOWEL_END
    else:
        stem, endings = word, _CONSONANT
        # The mobile e/o: Oravec -> Oravca, Peter -> Petra, Pavol -> Pavla.
        if len(word) >= 4 and word[-2] in "eo" and word[-3] not in _VOWELS:
            dropped = word[:-2] + word[-1]
            out.update(dropped + e for e in endings if e)
    out.update(stem + e for e in endings)
    return frozenset(out)


@lru_cache(maxsize=100_000)
def possessive_forms(name_token: str) -> frozenset[str]:
    """Folded possessive adjectives of a name word: "Holpova práca", "Janina bakalárka".

    Secondary forms: "Holpova" typed without diacritics is also Holpová, and
    "Novákovej" is Nováková's genitive; a name's own forms win (``NameIndex``).
    """
    word = name_token.lower()
    if len(word) < 3 or word.endswith(("á", "ý", "í")):
        return frozenset()
    if word.endswith("a"):
        stem = word[:-1]
        return frozenset(fold(stem + e) for e in (*_POSSESSIVE_A, *_POSSESSIVE))
    if word.endswith("o"):  # Vaško -> Vaškove práce, Vaškových
        return frozenset(fold(word[:-1] + e) for e in _POSSESSIVE)
    if word[-1] in _VOWELS:
        return frozenset()
    return frozenset(fold(word + e) for e in _POSSESSIVE)


def matches(query_token: str, name_token: str) -> bool:
    """Whether a folded query word is a form of a name word."""
    return fold(query_token) in forms(name_token)


def damerau(a: str, b: str, limit: int = 2) -> int:
    """Optimal string alignment distance, stopping early above ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
            best = min(best, cur[j])
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def typo_limit(length: int) -> int:
    """Edits tolerated in a word of this length: none below 5 letters."""
    if length >= 9:
        return 2
    if length >= 5:
        return 1
    return 0


# A typo never crosses the line between a woman's and a man's surname:
# "Kováčová" is one letter from "Kováčovi" (Kováč's dative), "Novákovi" one
# from "Novákovú"; both are someone else, not a misspelling.
_FEMININE_OVA = re.compile(r"ov(?:a|ej|u|ou)$")
_MASCULINE_OVI = re.compile(r"ovi$")


def _other_gender(q: str, name_token: str) -> bool:
    feminine_name = fold(name_token).endswith("ova")
    if feminine_name:
        return bool(_MASCULINE_OVI.search(q))
    return bool(_FEMININE_OVA.search(q))


def typo_match(query_token: str, name_token: str, min_length: int = 5) -> bool:
    """A small typo of some form of the name word (``Holpp``, ``Novákvoej``)."""
    q = fold(query_token)
    if len(q) < min_length or _other_gender(q, name_token):
        return False
    limit = max(typo_limit(len(q)), 1 if min_length < 5 else 0)
    for form in forms(name_token):
        if form[:1] != q[:1] or abs(len(form) - len(q)) > limit:
            continue
        if damerau(q, form, limit) <= limit:
            return True
    return False
