"""Answers to "which one?": the candidate a reply picks, or none.

When the last answer listed the persons a name may mean, the next turn may
pick one of them: by login ("mh456cd"), by a year ("ten z roku 2021": a
year of the theses the list showed, else the year the person started), by
the full name of one candidate ("Adam Szabó"), by an ordinal ("druhý",
"the first one"), or by words of a candidate's summary ("ten s
i-vektormi").

A year is never an ordinal ("2015" does not mean the second), and a year
that fits no candidate, or several, picks none. A turn that names a person
of its own ("Kto viedol prácu Jakuba Nováka v roku 2018?"), or asks
something of its own ("Kto viedol bakalársku prácu v roku 2018?"), is no
reply: it is a new question, even when its year fits a candidate.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from zpagent.answer.subjects import Names
from zpagent.ingest.text import fold
from zpagent.question import Question

ORDINALS = {
    0: ("prv", "first"),
    1: ("druh", "second"),
    2: ("tret", "third"),
    -1: ("posledn", "last"),
}
ORDINAL_NUMBERS = {"1": 0, "2": 1, "3": 2}  # a digit alone ("2", "2."), never a year's
_WORD = re.compile(r"\w+")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


class Resolver(Protocol):
    """Names resolved in the served graph, and what the graph knows of a person."""

    def __call__(self, q: Question) -> Names: ...

    def logins(self, ids: Iterable[str]) -> dict[str, str]: ...

    def start_years(self, ids: Iterable[str]) -> dict[str, int]: ...


@dataclass
class Clarification:
    question: Question  # the explicit question that was ambiguous
    candidates: list[dict[str, Any]]


def candidate_login(candidate: dict[str, Any], resolve: Resolver) -> str:
    """The login that names this candidate exactly (the graph resolves it)."""
    cid = candidate.get("id")
    login = resolve.logins([cid]).get(cid) if cid else None
    if login:
        return login
    parts = (candidate.get("document_path") or "").split("/")
    return parts[-2] if len(parts) >= 2 else str(candidate.get("name") or "")


def _words(q: Question) -> list[str]:
    return [t.folded.lower() for t in q.tokens]


def _by_year(q: Question, cands: list[dict[str, Any]], resolve: Resolver) -> dict | None:
    """The one candidate the turn's year fits: a year the list showed (its theses),
    else the year of starting; the start first when the turn speaks of starting."""
    years = {str(y) for y in q.years}

    def shown() -> list[dict[str, Any]]:
        return [c for c in cands if years & set(_YEAR.findall(str(c.get("hint") or "")))]

    def started() -> list[dict[str, Any]]:
        starts = resolve.start_years(c["id"] for c in cands if c.get("id"))
        return [c for c in cands if str(starts.get(c.get("id"), "")) in years]

    tiers = (started, shown) if "start_year" in q.asked else (shown, started)
    for tier in tiers:
        fitting = tier()
        if fitting:
            return fitting[0] if len(fitting) == 1 else None
    return None


def _by_ordinal(words: list[str], n: int) -> int | None:
    if len(words) > 4:
        return None
    picked = set()
    for w in words:
        if w in ORDINAL_NUMBERS:
            picked.add(ORDINAL_NUMBERS[w])
        elif w.isalpha():
            picked.update(i for i, stems in ORDINALS.items() if w.startswith(stems))
    if len(picked) == 1:
        (index,) = picked
        if -n <= index < n:
            return index
    return None


def _by_summary(words: list[str], cands: list[dict[str, Any]]) -> dict | None:
    content = {w for w in words if len(w) > 3 and not w.isdigit()}
    scored = sorted(
        (
            (len(content & set(_WORD.findall(fold(str(c.get("hint") or "")).lower()))), i)
            for i, c in enumerate(cands)
        ),
        reverse=True,
    )
    if scored and scored[0][0] >= 2 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
        return cands[scored[0][1]]
    return None


def choose_candidate(
    q: Question, names: Names, candidates: list[dict[str, Any]], resolve: Resolver
) -> dict[str, Any] | None:
    """The candidate a reply to "which one?" names, or None (see the module docstring).
    ``names``: the persons the turn itself names."""
    if not candidates or (q.structured and q.asked - {"start_year"}):
        return None  # a question of its own ("Kto viedol ...?"); "ten, čo začal 2015" is a reply
    cands = candidates
    if names.status in ("resolved", "ambiguous", "unknown"):
        if names.status == "unknown":
            return None  # someone else
        named = names.ids or {c.get("id") for c in names.candidates if c["status"] == "candidate"}
        cands = [c for c in candidates if c.get("id") in named]
        if not named or len(cands) != len(named):
            return None  # someone who is no candidate
        if len(cands) == 1:
            return cands[0]  # the full name of one candidate
    words = _words(q)
    by_login = [c for c in cands if candidate_login(c, resolve).lower() in words]
    if by_login:
        return by_login[0] if len(by_login) == 1 else None
    if q.years:
        return _by_year(q, cands, resolve)  # a year decides, or nothing does
    index = _by_ordinal(words, len(candidates))  # the order of the list shown
    if index is not None:
        return candidates[index] if candidates[index] in cands else None
    return _by_summary(words, cands)
