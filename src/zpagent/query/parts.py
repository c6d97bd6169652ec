"""What ``understand`` found in a question's text (``Parts``), before the query is
composed, and the token spans every step of composing reads."""

from __future__ import annotations

from dataclasses import dataclass

from zpagent.query.model import Span
from zpagent.query.recognize import Recognized
from zpagent.query.tokens import Token


@dataclass
class Parts:
    """What ``understand`` found in the text, before the query is composed."""

    text: str
    core: str
    folded: str
    tokens: list[Token]
    cues: dict[str, list[tuple[int, int]]]  # outside a quoted title
    kinds: list[tuple[str, int, int]]
    years: list[tuple[frozenset[int], int, int]]
    year_words: list[tuple[int, int]]  # "v roku 2021", "from 2020": char spans
    rec: Recognized
    about_content: bool
    language: str
    # Ends (in ``core``) of words written with an English possessive "'s", which the
    # core leaves out ("Kollár's thesis" -> "Kollár thesis"): hers, whoever she leads.
    possessive_ends: frozenset[int] = frozenset()


def _has(parts: Parts, cue: str) -> bool:
    return bool(parts.cues.get(cue))


def _token_span(parts: Parts, start: int, end: int) -> Span:
    return Span(parts.tokens[start].start, parts.tokens[end - 1].end)
