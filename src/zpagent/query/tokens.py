"""Words of a question with their positions, as written and folded."""

from __future__ import annotations

import re
from dataclasses import dataclass

from zpagent.ingest.text import fold

TOKEN = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class Token:
    index: int
    text: str
    folded: str
    start: int
    end: int
    # What stands between the previous word and this one: a comma or a dash
    # ("Sopková, Sedlák") parts two names, a space joins a given name and a surname.
    gap: str = " "

    @property
    def capitalized(self) -> bool:
        return self.text[:1].isupper()


def tokenize(text: str) -> list[Token]:
    out: list[Token] = []
    for i, m in enumerate(TOKEN.finditer(text)):
        gap = text[out[-1].end : m.start()] if out else ""
        out.append(Token(i, m.group(0), fold(m.group(0)), m.start(), m.end(), gap))
    return out


def joined(a: Token, b: Token) -> bool:
    """Two neighbouring words with only spaces between them (one name may span them)."""
    first, second = (a, b) if a.index < b.index else (b, a)
    return second.index == first.index + 1 and not second.gap.strip()


def covered(tokens: list[Token], spans: list[tuple[int, int]]) -> set[int]:
    """Indexes of the tokens that overlap any of the character spans."""
    return {t.index for t in tokens for a, b in spans if t.start < b and a < t.end}
