"""A team project named in part, with the words around it up to the team word:
"the Attendance via NFC team project", "v týmu na docházce přes NFC" (another
language's words for its title stand beside the part that matched)."""

from __future__ import annotations

from dataclasses import replace

from zpagent.query import cues as cu
from zpagent.query.roles import Phrase
from zpagent.query.tokens import Token

# Words that may stand inside a project's name in another language ("Attendance via
# NFC", "Assistant for freshmen").
_NAME_JOINERS = frozenset({"via", "for", "of", "and", "with", "pre", "a", "s", "na", "v"})


def up_to_team_word(
    p: Phrase, tokens: list[Token], free: list[bool], cue_spans: dict[str, list[tuple[int, int]]]
) -> Phrase:
    """ "the Attendance via NFC team project": a project matched in part right before
    or a few words before the team word; the free words around it up to that word
    are its name too (another language's words for it)."""
    starts = [a for a, _ in cue_spans.get("team", [])]
    after = [t.index for t in tokens if t.index >= p.end and t.start in starts]
    if not after or after[0] - p.end > 4:
        return _from_team_word(p, tokens, free, starts)
    between = range(p.end, after[0])
    if not all(free[j] or tokens[j].folded in cu.FUNCTION_WORDS for j in between):
        return p
    start = p.start
    while (
        start > 0
        and p.start - start < 4
        and (free[start - 1] or tokens[start - 1].folded in _NAME_JOINERS)
    ):
        start -= 1
    while start < p.start and tokens[start].folded in _NAME_JOINERS:
        start += 1
    return replace(p, start=start, end=after[0])


def _from_team_word(p: Phrase, tokens: list[Token], free: list[bool], starts: list[int]) -> Phrase:
    """ "v týmu na docházce přes NFC": a project matched in part a few words after the
    team word; the free words between are its name in another language's forms."""
    before = [t.index for t in tokens if t.index < p.start and t.start in starts]
    if not before or p.start - before[-1] > 5:
        return p
    between = range(before[-1] + 1, p.start)
    if not all(free[j] or tokens[j].folded in cu.FUNCTION_WORDS for j in between):
        return p
    start = before[-1] + 1
    while start < p.start and tokens[start].folded in cu.FUNCTION_WORDS:
        start += 1
    return replace(p, start=start)
