"""Answers to "which one?": the candidate a reply picks, or none.

When the last answer listed the persons a name may mean (or the near
misses of a name that fits nobody), the next turn may pick one of them by
anything that tells them apart: the full name or the given name of one
candidate ("Lukáš Lacko", "Patrik"), a login, a year ("ten z roku 2021":
a thesis or the start of study in that year), a thesis kind ("ten, čo
robil aj diplomovku"), a supervisor, a topic or keyword, or an ordinal of
the list as shown ("druhý", "the first one"). A year is never an ordinal.

A turn that asks something of its own about other persons is no reply:
it is a new question. A correction ("nie, myslel som Petra") after an
answer replaces the person by the one of that given name and the same
family, or by a near miss that was shown.
"""

from __future__ import annotations

import re

from zpagent.agent.state import Pending, State
from zpagent.query import Query
from zpagent.query.cues import FUNCTION_WORDS
from zpagent.query.inflect import forms
from zpagent.query.lexicon import Lexicon, family_stem, word_keys, words_of
from zpagent.query.narrow import fits
from zpagent.query.title_words import MIN_LETTERS

_CORRECTION = re.compile(
    r"\b(?:nie|myslel\w*|mal\w* som na mysli|mala som na mysli|i meant|no,|myslim|mienil\w*"
    r"|ne,|myslel jsem|myslela jsem)\b"
)
_ORDINALS = (
    (0, re.compile(r"^(?:prv\w*|first|prvn\w*|1\.?)$")),
    (1, re.compile(r"^(?:druh\w*|second|2\.?)$")),
    (2, re.compile(r"^(?:tret\w*|third|3\.?)$")),
    (-1, re.compile(r"^(?:posledn\w*|last)$")),
)


# "toho, čo robil klonovanie hlasu", "tú z 2021", "the one with…": a reply that
# points at one of the candidates, though its relative clause reads as a question.
_POINTS_BACK = re.compile(r"^\s*(?:a\s+)?(?:toho|ten|tu|ta|tej|tom|tou|tomu|the one)\b")


def _by_ordinal(turn: Query, n: int) -> int | None:
    if len(turn.tokens) > 5:
        return None
    picked = {i for t in turn.tokens for i, p in _ORDINALS if p.match(t.folded)}
    if len(picked) == 1:
        (index,) = picked
        if -n <= index < n:
            return index
    return None


def _named_in(turn: Query, candidates: tuple[str, ...]) -> set[str] | None:
    """The candidates the turn's names fit; None when it names nobody."""
    refs = [r for r in turn.refs() if r.kind == "person"]
    if not refs:
        return None
    fitting: set[str] = set()
    for r in refs:
        fitting |= set(r.ids) & set(candidates)
    return fitting


def _by_facts(turn: Query, candidates: tuple[str, ...], lexicon: Lexicon) -> set[str] | None:
    """The candidates whose facts fit the turn's years, kinds, supervisors, topics."""
    if not (turn.clauses or turn.conditions):
        return None
    known = lexicon.facts(candidates)
    out = {c for c in candidates if c in known and fits(known[c], turn.clauses, turn.conditions)}
    if turn.years and not out:
        # "ten, čo začal 2015": the start of study.
        out = {c for c in candidates if c in known and known[c].start_year in turn.years}
    return out


def _by_title_words(turn: Query, candidates: tuple[str, ...], lexicon: Lexicon) -> set[str]:
    """The candidates one of whose thesis titles has a content word of the reply
    ("toho, čo robil zavlažovanie"): among a few candidates a word is enough."""
    words = [word_keys(t.text) for t in turn.tokens
             if len(t.folded) >= MIN_LETTERS and t.folded not in FUNCTION_WORDS]  # fmt: skip
    if not words:
        return set()
    out = set()
    for pid, facts in lexicon.facts(candidates).items():
        stems = {k for card in facts.theses for w in words_of(card.title or "")
                 for k in word_keys(w)}  # fmt: skip
        if any(w & stems for w in words):
            out.add(pid)
    return out


def choose(turn: Query, pending: Pending, lexicon: Lexicon) -> str | None:
    """The candidate id a reply picks (see the module docstring), or None."""
    candidates = pending.ref.ids
    if not candidates or turn.ask == "small_talk":
        return None
    named = _named_in(turn, candidates)
    if named is not None:
        if not named:
            return None  # someone who is no candidate: a new question
        if len(named) == 1:
            return named.pop()
    own = turn.listing or (turn.attributes and turn.subjects)
    if own and named is None and not _POINTS_BACK.match(turn.folded):
        return None  # a question of its own ("Kto viedol bakalárske práce v 2018?")
    pool = tuple(named) if named else candidates
    found = _by_facts(turn, pool, lexicon)
    if found:
        return found.pop() if len(found) == 1 else None
    # No candidate's facts fit (a topic the graph does not link them to): a word of
    # one candidate's title may still tell them apart ("tej, čo robila odporúčacie
    # systémy" for "… v odporúčacích systémoch").
    index = _by_ordinal(turn, len(candidates))
    if index is not None:
        return candidates[index] if candidates[index] in pool else None
    titled = _by_title_words(turn, pool, lexicon)
    return titled.pop() if len(titled) == 1 else None


def corrected(turn: Query, state: State, lexicon: Lexicon) -> str | None:
    """The person a correction means ("nie, myslel som Petra"), or None."""
    if not _CORRECTION.search(turn.folded) and len(turn.tokens) > 3:
        return None
    words = [t.folded for t in turn.tokens if t.text[:1].isupper() or len(turn.tokens) <= 3]
    if not words:
        return None
    pool: list[str] = []
    if state.pending is not None and state.pending.near_misses:
        pool = list(state.pending.ref.ids)
    elif state.focus:
        families = {family_stem(lexicon.person_by_id[p].surname) for p in state.focus
                    if p in lexicon.person_by_id}  # fmt: skip
        pool = [e.id for e in lexicon.persons if e.has_page and family_stem(e.surname) in families]
    fitting = [
        pid
        for pid in pool
        if pid in lexicon.person_by_id
        and any(w in forms(given) for w in words for given in lexicon.person_by_id[pid].given)
        and pid not in state.focus
    ]
    if len(fitting) == 1:
        return fitting[0]
    return None
