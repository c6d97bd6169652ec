"""Words of thesis titles: "práca o overovaní totožnosti podľa hlasu", "bakalárky,
ktoré neboli o preklade".

A question may name what a thesis is about with words of its title that are no
topic, keyword or project of the wiki. A run of the question's leftover words
whose stems all stand in the same thesis titles names those theses: every title
that has them all. It is an approximation (a thesis may be about something its
title does not say), so a query that uses one is never exact (``Query.approximate``).

Only words no other reading took are used, only content words of some length;
one word alone only after "o"/"about"; a run that fits too many titles (a word
every title has) names nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from zpagent.query.lexicon import PhraseEntry
from zpagent.query.tokens import Token

MIN_LETTERS = 4  # shorter words are too common to name a thesis
# One word alone names theses only after a word that says "about" ("o preklade");
# two or more words of one title name them anywhere ("robil zavlažovací systém").
ABOUT = frozenset({"o", "about", "on", "ohladom", "ohledne", "tykajuc", "regarding"})
MAX_SHARE = 0.25  # a run that fits more of the wiki's titles names nothing
MIN_TITLES_CAP = 3  # ...but a small wiki may still name three


def title_word_runs(
    tokens: list[Token],
    stems: list[frozenset[str]],
    usable: list[bool],
    skip: set[int],
    titles: list[PhraseEntry],
) -> list[tuple[int, int, list[PhraseEntry]]]:
    """Runs [start, end) of usable content words (``skip``: function words a run may
    span) whose stems all stand in the same titles, with those titles."""
    index: dict[str, set[int]] = defaultdict(set)
    for n, entry in enumerate(titles):
        for word in entry.stems:
            for key in word:
                index[key].add(n)
    cap = max(MIN_TITLES_CAP, int(len(titles) * MAX_SHARE))

    def fits(i: int) -> set[int]:
        if not usable[i] or len(tokens[i].folded) < MIN_LETTERS:
            return set()
        return set().union(*(index.get(k, set()) for k in stems[i])) if stems[i] else set()

    out: list[tuple[int, int, list[PhraseEntry]]] = []
    i = 0
    while i < len(tokens):
        common = fits(i)
        if not common:
            i += 1
            continue
        end, j = i + 1, i + 1
        while j < len(tokens):
            if j in skip:
                j += 1
                continue
            more = common & fits(j)
            if not more:
                break
            common, end, j = more, j + 1, j + 1
        content = sum(1 for k in range(i, end) if k not in skip)
        about = i > 0 and tokens[i - 1].folded in ABOUT
        if len(common) <= cap and (content >= 2 or about):
            out.append((i, end, [titles[n] for n in sorted(common)]))
        i = end
    return out


def covered_by(runs: Iterable[tuple[int, int, list[PhraseEntry]]]) -> set[int]:
    return {j for a, b, _ in runs for j in range(a, b)}
