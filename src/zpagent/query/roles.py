"""Team members' roles in a question: "kto mal v tíme X na starosti vizualizáciu".

Roles are the wiki's own (what project pages write beside a member's name,
``Lexicon.roles``). In a team's context ("tím", "na starosti", "akú úlohu") a
role is read whole or by its first word ("testovanie" for "testovanie a
dokumentácia") and wins over a keyword or topic; elsewhere only a role of
several words named whole that nothing else took ("kto tam robil analýzu dát?").
"""

from __future__ import annotations

from dataclasses import dataclass

from zpagent.query.lexicon import PhraseEntry
from zpagent.query.phrases import phrase_matches, same_word


@dataclass
class Phrase:
    """A topic, keyword, project or title found over tokens [start, end)."""

    start: int
    end: int
    entries: list[PhraseEntry]


def find_roles(
    stems: list[frozenset[str]],
    free: list[bool],
    roles: list[PhraseEntry],
    cue_only: set[int],
    team: bool,
    projects: list[Phrase],
    others: list[Phrase],
) -> list[Phrase]:
    """The roles a question names (see the module docstring)."""
    if team:
        found = dedupe(phrase_matches(stems, free, roles, cue_only))
        found += _role_heads(stems, free, roles, cue_only, found)
        return [r for r in found if not inside(r, projects)]
    several = [r for r in roles if len(r.stems) >= 2]
    found = dedupe(phrase_matches(stems, free, several, cue_only))
    return [r for r in found if not overlaps(r, projects + others)]


def dedupe(found: list[tuple[int, int, PhraseEntry]]) -> list[Phrase]:
    """One phrase per token span, with every entry that has those words."""
    spans: dict[tuple[int, int], list[PhraseEntry]] = {}
    for start, end, entry in found:
        entries = spans.setdefault((start, end), [])
        if all(e.id != entry.id for e in entries):
            entries.append(entry)
    return [Phrase(a, b, es) for (a, b), es in sorted(spans.items())]


# "v robotovi sprievodcovi", "in the robot guide": a place a team works in.
IN_WORDS = frozenset({"v", "vo", "na", "in", "ve"})


def _role_heads(
    stems: list[frozenset[str]],
    free: list[bool],
    roles: list[PhraseEntry],
    skip: set[int],
    found: list[Phrase],
) -> list[Phrase]:
    """A role named by its first word ("testovanie" for "testovanie a dokumentácia"):
    every role that starts with that word, for a free word no role phrase took."""
    one_word = {p.start: p for p in found if p.end == p.start + 1}
    taken = {j for p in found for j in range(p.start, p.end)} - set(one_word)
    out = []
    for i, keys in enumerate(stems):
        if not free[i] or i in skip or i in taken:
            continue
        heads = [r for r in roles if r.stems and len(r.stems) > 1 and keys & r.stems[0]]
        if heads and i in one_word:  # "testovanie": that role and the longer ones
            one_word[i].entries += [r for r in heads if r not in one_word[i].entries]
        elif heads:
            # "detekci vozidel" (Czech) for "detekcia vozidiel": the words after the
            # head that go on the role's words are part of it, and tell roles apart.
            runs = {r.id: _run(stems, free, i + 1, r.stems[1:]) for r in heads}
            longest = max(runs.values())
            heads = [r for r in heads if runs[r.id] == longest]
            out.append(Phrase(i, i + 1 + longest, heads))
    return out


def _run(stems: list[frozenset[str]], free: list[bool], start: int,
         words: tuple[frozenset[str], ...]) -> int:  # fmt: skip
    """How many question words from ``start`` go on ``words`` one by one."""
    n = 0
    while (
        n < len(words) and start + n < len(stems) and free[start + n]
        and same_word(stems[start + n], words[n])
    ):  # fmt: skip
        n += 1
    return n


def inside(p: Phrase, others: list[Phrase]) -> bool:
    return any(o.start <= p.start and p.end <= o.end for o in others)


def overlaps(p: Phrase, others: list[Phrase]) -> bool:
    return any(o.start < p.end and p.start < o.end for o in others)
