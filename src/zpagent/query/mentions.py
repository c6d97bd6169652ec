"""Names, topics and keywords in a question: the mention finders.

A question is tokenized once; cue words, kinds and years are set aside by
the parser, and the remaining ("free") tokens are matched here against the
lexicon: person names (full, surname alone, first name alone; inflected,
without diacritics, with a small typo in a full name), phrases (topics and
keywords, by word stems), and name-shaped words that match nobody.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

import simplemma

from zpagent.ingest.text import fold
from zpagent.query.cues import CUES
from zpagent.query.inflect import forms, raw_forms
from zpagent.query.lexicon import NameIndex, PersonEntry
from zpagent.query.names import is_title_word
from zpagent.query.tokens import Token, joined


@dataclass
class Mention:
    """A name in the question and every entity it may refer to."""

    text: str
    start: int  # token index
    end: int  # exclusive token index
    candidates: list[str]
    match: str  # full | typo | surname | first_name | unknown (a whole name nobody has)
    unpublished: list[str] = field(default_factory=list)  # hidden matches


# The languages questions are asked in: a word one of them knows that starts a
# sentence ("Unrelated – git push …", "Apart from Ondrejka …") is no name.
QUESTION_LANGUAGES = ("sk", "cs", "en")

# Prepositions a supervisor's name follows: "pod Hrubou", "u Hrubej", "under Hrubá".
_PERSON_BEFORE = frozenset({"pod", "u", "under", "by"})


def is_common_word(token: Token, langs: str | tuple[str, ...] = "sk") -> bool:
    try:
        return bool(simplemma.is_known(token.text.lower(), lang=langs))
    except (ValueError, KeyError):
        return False


def is_visible(entry: PersonEntry, include_unpublished: bool) -> bool:
    return include_unpublished or entry.published


def _full_matches(
    tokens: list[Token],
    free: list[bool],
    index: NameIndex,
    typo: bool,
) -> list[tuple[int, int, set[int], str]]:
    """(start, end, entry indexes, match) of full names over adjacent free tokens."""
    found: list[tuple[int, int, set[int], str]] = []
    n = len(tokens)
    owned = _before_thesis_word(tokens)
    exact = [
        set(index.lookup(t.text, t.index in owned)) if free[t.index] else set() for t in tokens
    ]

    def fuzzy_of(i: int, entries: set[int]) -> set[tuple[int, int]]:
        return set(index.typo_within(tokens[i].text, entries, 4)) if free[i] else set()

    for length in (3, 2):
        for i in range(n - length + 1):
            span = range(i, i + length)
            if not all(free[j] for j in span):
                continue
            hits = _span_hits([exact[j] for j in span], index, length)
            match = "full"
            if not hits and typo:
                # One word exact, the others within a small typo.
                for k in span:
                    # Only the entries the other words matched exactly can be meant.
                    others = [{e for e, _ in exact[j]} for j in span if j != k]
                    entries = set.intersection(*others) if others else set()
                    if not entries:
                        continue
                    sets = [exact[j] if j != k else fuzzy_of(j, entries) for j in span]
                    hits |= _span_hits(sets, index, length)
                match = "typo"
            if hits:
                found.append((i, i + length, hits, match))
    return found


def _span_hits(sets: list[set[tuple[int, int]]], index: NameIndex, length: int) -> set[int]:
    """Entries whose distinct name words are all matched, surname included."""
    if any(not s for s in sets):
        return set()
    entries = set.intersection(*({e for e, _ in s} for s in sets))
    hits: set[int] = set()
    for e in entries:
        surname = len(index.entries[e].words) - 1
        choices = [sorted({p for ent, p in s if ent == e}) for s in sets]
        for combo in itertools.product(*choices):
            if len(set(combo)) == length and surname in combo:
                hits.add(e)
                break
    return hits


def find_names(
    tokens: list[Token],
    free: list[bool],
    index: NameIndex,
    include_unpublished: bool,
    surname_only: bool = True,
    first_names: bool = True,
    given_names: set[str] | frozenset[str] | None = None,
) -> list[Mention]:
    """Person (or author) mentions: full names first, then surnames alone.

    A name resolves only as a whole: a surname next to another given name
    ("Karola Holpa", "Jána Nováka") is an unknown person, never the person
    with that surname; a first name alone is a mention to ask about.
    """
    diacritics = any(t.folded != t.text.lower() for t in tokens)
    given = given_names if given_names is not None else index.first_names()
    owned = _before_thesis_word(tokens)
    mentions: list[Mention] = []
    used = [False] * len(tokens)
    full = _full_matches(tokens, free, index, typo=True)
    # Longer spans and exact matches first; a token belongs to one mention.
    full.sort(key=lambda f: (-(f[1] - f[0]), f[3] != "full", f[0]))
    for start, end, hits, match in full:
        if any(used[j] for j in range(start, end)):
            continue
        mention = name_mention(tokens, start, end, hits, match, index, include_unpublished)
        for j in range(start, end):
            used[j] = True
        mentions.append(mention)
    if surname_only:
        for t in tokens:
            if used[t.index] or not free[t.index] or len(t.folded) < 3:
                continue
            hits = {
                e
                for e, pos in index.lookup(t.text, t.index in owned)
                if pos == len(index.entries[e].words) - 1
            }
            # A lone surname is matched with a typo only when it is capitalized, long,
            # no common word, and one letter away from exactly one person's surname
            # ("Bielk", "Sýkorovj"): lowercase words are too often one letter away
            # from some surname. Otherwise near misses are reported instead.
            if not hits and t.capitalized and len(t.folded) >= 5 and not is_common_word(t):
                near = {
                    e
                    for e, pos in index.typo_lookup(t.text, 5)
                    if pos == len(index.entries[e].words) - 1
                }
                surnames = {fold(index.entries[e].words[-1]) for e in near}
                if len(surnames) == 1 and _given_beside(tokens, t, free, used, given):
                    # "Tomášovi Kováčikovi": a given name beside a surname one letter
                    # or two from Kováč is a whole name nobody has, not Matej Kováč.
                    _unknown_whole_name(mentions, tokens, t, free, used, given)
                elif len(surnames) == 1:
                    mentions.append(
                        name_mention(tokens, t.index, t.index + 1, near, "typo", index,
                                 include_unpublished)
                    )  # fmt: skip
                    used[t.index] = True
                continue
            if not hits:
                continue
            if not t.capitalized and is_common_word(t) and not _after_role_word(tokens, t):
                continue  # "zima", "sokol" typed in lowercase are words, not names
            if _given_beside(tokens, t, free, used, given):
                # Another given name beside the surname: nobody of that whole name.
                _unknown_whole_name(mentions, tokens, t, free, used, given)
                continue
            hits = _prefer_exact(t, hits, index, last=True, diacritics=diacritics)
            mentions.append(
                name_mention(
                    tokens, t.index, t.index + 1, hits, "surname", index, include_unpublished
                )
            )
            used[t.index] = True
    if first_names:
        mentions += _first_name_mentions(tokens, free, used, index, include_unpublished, diacritics)
    mentions.sort(key=lambda m: m.start)
    return mentions


def _after_role_word(tokens: list[Token], t: Token) -> bool:
    """A word right after a role ("veducu hrubu", "konzultanta krajca") or "pod"/"u"
    ("bakalarku pod hrubou", "u hrubej") stands where a person does: a surname that
    is also a common word reads as the name there, even typed in lowercase."""
    if t.index == 0:
        return False
    before = tokens[t.index - 1].folded.lower()
    return (
        before in _PERSON_BEFORE
        or bool(CUES["supervisor"].fullmatch(before))
        or bool(CUES["consultant"].fullmatch(before))
    )


def _given_beside(
    tokens: list[Token],
    t: Token,
    free: list[bool],
    used: list[bool],
    given: set[str] | frozenset[str],
) -> list[Token]:
    """Name-like free words next to ``t`` (a given name beside a surname)."""
    return [
        n for n in _neighbours(tokens, t)
        if free[n.index] and not used[n.index] and _name_like(n, given)
    ]  # fmt: skip


def _unknown_whole_name(
    mentions: list[Mention],
    tokens: list[Token],
    t: Token,
    free: list[bool],
    used: list[bool],
    given: set[str] | frozenset[str],
) -> None:
    """The surname ``t`` with the given name beside it: a whole name nobody has."""
    span = sorted([t, *_given_beside(tokens, t, free, used, given)], key=lambda x: x.index)
    start, end = span[0].index, span[-1].index + 1
    mentions.append(Mention(" ".join(x.text for x in tokens[start:end]), start, end, [], "unknown"))
    for j in range(start, end):
        used[j] = True


# What a possessive name may qualify: "Holpova práca", "Janinu bakalárku".
_OWNED = re.compile(r"^(?:prac|bakalar|diplom|dizert|projekt|tem|thes|uloh|stran|bp$|dp$)")


def _before_thesis_word(tokens: list[Token]) -> set[int]:
    """Indexes of tokens followed by a thesis word: only they may be possessives
    ("Vargová" alone is Mrs. Vargová, never Varga's)."""
    return {t.index for t, n in itertools.pairwise(tokens) if _OWNED.match(n.folded)}


def _neighbours(tokens: list[Token], t: Token) -> list[Token]:
    """The words beside ``t`` that may be part of one name with it (no comma between)."""
    near = [tokens[j] for j in (t.index - 1, t.index + 1) if 0 <= j < len(tokens)]
    return [n for n in near if joined(n, t)]


def _name_like(token: Token, given: set[str] | frozenset[str]) -> bool:
    """A word that names someone: a known given name, or a capitalized word inside
    the sentence ("Ružena", "Oskar" are also dictionary words, but not when
    capitalized next to a surname); at the start of a sentence, a non-word."""
    if is_title_word(token.text) or token.folded.isdigit() or len(token.folded) < 2:
        return False
    if token.folded in given:
        return True
    if not token.capitalized or token.text.isupper():
        return False
    return token.index > 0 or not is_common_word(token)


def _prefer_exact(
    token: Token, hits: set[int], index: NameIndex, last: bool, diacritics: bool
) -> set[int]:
    """Among the persons a lone word fits, those it fits best.

    When the question is typed with diacritics, forms with the same diacritics
    win ("Jána" is Ján, not Jana; "Simon" is not Šimon); then the nominative
    wins over an inflected form ("Simona" is Simona, not the genitive of Simon).
    """

    def word(e: int) -> str:
        words = index.entries[e].words
        if last:
            return words[-1]
        return next((w for w in words[:-1] if fold(token.text) in forms(w)), words[0])

    if diacritics:
        raw = {e for e in hits if token.text.lower() in raw_forms(word(e))}
        hits = raw or hits
    nominative = {e for e in hits if fold(word(e)).lower() == token.folded.lower()}
    return nominative or hits


def _first_name_mentions(
    tokens: list[Token],
    free: list[bool],
    used: list[bool],
    index: NameIndex,
    include_unpublished: bool,
    diacritics: bool,
) -> list[Mention]:
    """A capitalized first name alone ("Kto viedol Erika?"): every student so named; in a
    question typed without capitals ("ildiko diplomovka kto ju viedol"), a first name
    of four letters or more in lowercase too.

    Not when a name-shaped word stands next to it: "Jozefa Mrkvičku" is an
    unknown person, not Jozef Juhár.
    """
    out = []
    lowercase = not any(t.capitalized for t in tokens[1:])
    for t in tokens:
        if used[t.index] or not free[t.index] or len(t.folded) < 3:
            continue
        if not (t.capitalized or (lowercase and len(t.folded) >= 4)):
            continue
        found = [(e, pos) for e, pos in index.lookup(t.text) if index.entries[e].has_page]
        hits = {e for e, pos in found if pos < len(index.entries[e].words) - 1}
        if not hits:
            continue
        hits = _prefer_exact(t, hits, index, last=False, diacritics=diacritics)
        if not t.capitalized:
            # "marka" in lowercase may be Marek's first name or Marko's surname: every
            # one it may mean, to ask which.
            hits |= {e for e, pos in found if pos == len(index.entries[e].words) - 1}
        neighbours = [tokens[j] for j in (t.index - 1, t.index + 1) if 0 <= j < len(tokens)]
        if any(free[n.index] and not used[n.index] and n.capitalized for n in neighbours):
            continue
        used[t.index] = True
        out.append(
            name_mention(
                tokens, t.index, t.index + 1, hits, "first_name", index, include_unpublished
            )
        )
    return out


def name_mention(
    tokens: list[Token],
    start: int,
    end: int,
    hits: set[int],
    match: str,
    index: NameIndex,
    include_unpublished: bool,
) -> Mention:
    entries = [index.entries[e] for e in sorted(hits)]
    visible = [e.id for e in entries if is_visible(e, include_unpublished)]
    hidden = [e.id for e in entries if not is_visible(e, include_unpublished)]
    text = " ".join(t.text for t in tokens[start:end])
    return Mention(text, start, end, sorted(set(visible)), match, sorted(set(hidden)))


def unknown_names(
    tokens: list[Token],
    free: list[bool],
    phrase_tokens: set[int],
    first_names: set[str],
    sentence_starts: set[int] | frozenset[int] = frozenset({0}),
) -> list[str]:
    """Name-shaped words nobody matched: capitalized runs, or a first name + a word.
    A common word that starts a sentence ("Odteraz", "Ignoruj") is no name."""
    names: list[str] = []
    run: list[Token] = []

    def flush() -> None:
        if run:
            names.append(" ".join(t.text for t in run))
        run.clear()

    for t in tokens:
        usable = free[t.index] and t.index not in phrase_tokens and not t.folded.isdigit()
        starts_name = t.folded in first_names
        # Title case (not an acronym), and not just the capital of the first word.
        name_like = (
            t.capitalized
            and not t.text.isupper()
            and not (t.index in sentence_starts and is_common_word(t, QUESTION_LANGUAGES))
        )
        if usable and (name_like or starts_name or (run and run[0].folded in first_names)):
            run.append(t)
            if len(run) == 3:
                flush()
        else:
            flush()
    flush()
    return [n for n in names if len(n) > 2]


def leftover(tokens: list[Token], free: list[bool], phrase_tokens: set[int]) -> list[Token]:
    return [
        t for t in tokens if free[t.index] and t.index not in phrase_tokens and len(t.folded) > 2
    ]
