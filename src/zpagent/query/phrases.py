"""Topics, keywords, team projects and roles in a question: phrases of the wiki's
own lexicon matched over the free words of a question, by word stems.

A phrase is matched whole (``phrase_matches``: its words in order), by a run of
its words after a team word ("tím Parkovanie v kampuse": ``partial``), or by
its words in any order ("tím NFC dochádzka": ``bag``); two words are the same
when they share a stem, or, for long words, their first six letters with a
Slovak "ie" read as a Czech "e".
"""

from __future__ import annotations

from zpagent.query.lexicon import PhraseEntry


def same_word(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two words of a project title are the same: a shared stem, or the same first
    six letters of long stems (Czech "přednášek" for Slovak "prednášok"). Only for
    a project named in part after a team word; topics and keywords match by stem."""
    return bool(a & b) or any(
        len(x) >= 6 and len(y) >= 6 and _czech(x)[:6] == _czech(y)[:6] for x in a for y in b
    )


def _czech(stem: str) -> str:
    """A Slovak "ie" is often a Czech "e" ("vozidiel" / "vozidel", "riešenie" / "řešení")."""
    return stem.replace("ie", "e")


def phrase_matches(
    stems: list[frozenset[str]],
    free: list[bool],
    entries: list[PhraseEntry],
    cue_only: set[int] = frozenset(),  # type: ignore[assignment]
) -> list[tuple[int, int, PhraseEntry]]:
    found = []
    for entry in entries:
        k = len(entry.stems)
        if k == 0:
            continue
        for i in range(len(stems) - k + 1):
            span = range(i, i + k)
            if not all(stems[j] & entry.stems[j - i] for j in span):
                continue
            usable = all(free[j] or j in cue_only for j in span)
            if usable and any(free[j] for j in span):
                found.append((i, i + k, entry))
    # Longest first; a token belongs to one phrase.
    found.sort(key=lambda f: (-(f[1] - f[0]), f[0], f[2].id))
    taken: set[int] = set()
    out = []
    for start, end, entry in found:
        if taken & set(range(start, end)):
            continue
        taken |= set(range(start, end))
        out.append((start, end, entry))
    return sorted(out, key=lambda f: f[0])


def partial_phrase_matches(
    stems: list[frozenset[str]],
    free: list[bool],
    entries: list[PhraseEntry],
    skip: set[int],
) -> list[tuple[int, int, PhraseEntry]]:
    """A team project named by part of its title ("tím Parkovanie v kampuse" for
    "Inteligentné parkovanie v kampuse"): the longest run of free question words
    that is a run of the title's words, with at least two words that are not in
    ``skip`` (function words), when exactly one entry has the longest run."""
    best: list[tuple[int, int, PhraseEntry]] = []
    best_len = 1
    for entry in entries:
        k = len(entry.stems)
        for i in range(len(stems)):
            for e in range(k):
                n = 0
                while (
                    i + n < len(stems)
                    and e + n < k
                    and (free[i + n] or i + n in skip)
                    and same_word(stems[i + n], entry.stems[e + n])
                ):
                    n += 1
                content = sum(1 for j in range(i, i + n) if j not in skip)
                if content < 2 or n < best_len or i in skip or not free[i]:
                    continue
                if n > best_len:
                    best, best_len = [], n
                best.append((i, i + n, entry))
    if len({entry.id for _, _, entry in best}) != 1:
        return []
    return best[:1]


def with_shortened_word(
    found: list[tuple[int, int, PhraseEntry]],
    stems: list[frozenset[str]],
    free: list[bool],
    skip: set[int],
) -> list[tuple[int, int, PhraseEntry]]:
    """A project named in part takes the word right after it when that word is one
    of the title's other words said short ("… energie v labákoch" for "… energie v
    laboratóriách"): a free word starting with the same three letters as a title
    word no question word matched. Only after a run that already named the project,
    so a short word never names a project by itself."""
    out = []
    for start, end, entry in found:
        matched = {i for i, w in enumerate(entry.stems) for j in range(start, end)
                   if same_word(stems[j], w)}  # fmt: skip
        rest = [w for i, w in enumerate(entry.stems) if i not in matched]
        at = end
        while at < len(stems) and at in skip:  # "… energie v labákoch"
            at += 1
        short = (
            at < len(stems)
            and free[at]
            and any(
                len(x) >= 3 and len(y) >= 3 and x[:3] == y[:3]
                for x in stems[at]
                for w in rest
                for y in w
            )
        )
        out.append((start, at + 1 if short else end, entry))
    return out


def bag_phrase_matches(
    stems: list[frozenset[str]],
    free: list[bool],
    entries: list[PhraseEntry],
    skip: set[int],
) -> list[tuple[int, int, PhraseEntry]]:
    """A team project named by words of its title in any order, after a team word
    ("tím NFC dochádzka", "projekt evidencia dochádzky cez NFC" for "Evidencia
    dochádzky pomocou NFC"): the longest run of free question words (function
    words may stand between) each of which is a word of the title, with at least
    two such words, when exactly one entry has the longest run."""
    best: list[tuple[int, int, PhraseEntry]] = []
    best_n = 1
    for entry in entries:
        start, n = None, 0
        for i in range(len(stems) + 1):
            hit = (
                i < len(stems)
                and free[i]
                and i not in skip
                and any(same_word(stems[i], w) for w in entry.stems)
            )
            if hit:
                start = i if start is None else start
                n += 1
                end = i + 1
            elif i < len(stems) and i in skip and start is not None:
                continue
            if not hit and start is not None:
                if n > best_n:
                    best, best_n = [], n
                if n == best_n:
                    best.append((start, end, entry))
                start, n = None, 0
    if len({entry.id for _, _, entry in best}) != 1:
        return []
    return best[:1]
