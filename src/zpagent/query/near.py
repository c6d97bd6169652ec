"""The known names closest to one that fits nobody: the near misses to show.

"Gejza Horváth" is unknown; "Juraj Horváth" is near. The surname is
compared with every inflected form of each known surname, and a matching
given name adds to the score. A conversation keeps the near misses it
showed, so that "myslel som Juraja" can pick one.
"""

from __future__ import annotations

import difflib

from zpagent.ingest.text import fold
from zpagent.query.inflect import forms
from zpagent.query.lexicon import Lexicon, PersonEntry, PhraseEntry

MIN_SCORE = 0.6


def near_misses(
    name: str, lexicon: Lexicon, include_unpublished: bool, limit: int = 3
) -> list[tuple[float, PersonEntry]]:
    """(score, person) of the known names nearest to ``name``, best first."""
    words = fold(name).split()
    if not words:
        return []
    first, last = words[0], words[-1]
    scored = []
    for entry in lexicon.persons:
        if not (include_unpublished or entry.published) or not entry.words:
            continue
        bonus = (
            0.25
            if len(words) > 1 and len(entry.words) > 1 and (first in forms(entry.words[0]))
            else 0.0
        )
        surname = fold(entry.surname)
        # Cheap bounds first: a wiki has thousands of persons.
        if not bonus and (not surname or surname[0] != last[:1]):
            continue
        matcher = difflib.SequenceMatcher(None, "", last)
        score = 0.0
        for form in forms(entry.surname):
            matcher.set_seq1(form)
            if matcher.real_quick_ratio() + bonus >= MIN_SCORE and (
                matcher.quick_ratio() + bonus >= MIN_SCORE
            ):
                score = max(score, matcher.ratio())
        score = min(1.0, score + bonus)
        if score >= MIN_SCORE:
            scored.append((round(score, 3), entry))
    scored.sort(key=lambda x: (-x[0], x[1].id))
    return scored[:limit]


def near_titles(
    title: str, lexicon: Lexicon, include_unpublished: bool, limit: int = 3
) -> list[tuple[float, PhraseEntry]]:
    """The thesis titles nearest to one that fits none (sharing a word with it)."""
    key = " ".join(fold(title).split())
    words = {w for w in key.split() if len(w) > 3}
    scored = []
    for entry in lexicon.visible(lexicon.titles, include_unpublished):
        other = " ".join(fold(entry.name).split())
        if not words & set(other.split()):
            continue  # no word in common: not a near miss
        score = difflib.SequenceMatcher(None, key, other).ratio()
        if score >= 0.5:
            scored.append((round(score, 3), entry))
    scored.sort(key=lambda x: (-x[0], x[1].id))
    return scored[:limit]


def near_terms(
    term: str, lexicon: Lexicon, include_unpublished: bool, limit: int = 3
) -> list[tuple[float, PhraseEntry]]:
    """The keywords and topics nearest to one the wiki does not have."""
    key = fold(term)
    scored: dict[str, tuple[float, PhraseEntry]] = {}
    for entry in [*lexicon.visible(lexicon.keywords, include_unpublished),
                  *lexicon.visible(lexicon.topics, include_unpublished)]:  # fmt: skip
        score = difflib.SequenceMatcher(None, key, fold(entry.name)).ratio()
        if score >= MIN_SCORE and score > scored.get(entry.id, (0.0, entry))[0]:
            # A topic is shown by its title, whichever of its names came near.
            shown = lexicon.topic_by_id.get(entry.id, entry) if entry.keyword is not None else entry
            scored[entry.id] = (round(score, 3), shown)
    return sorted(scored.values(), key=lambda x: (-x[0], x[1].id))[:limit]
