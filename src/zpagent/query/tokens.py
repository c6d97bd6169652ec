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

    @property
    def capitalized(self) -> bool:
        return self.text[:1].isupper()


def tokenize(text: str) -> list[Token]:
    return [
        Token(i, m.group(0), fold(m.group(0)), m.start(), m.end())
        for i, m in enumerate(TOKEN.finditer(text))
    ]


def covered(tokens: list[Token], spans: list[tuple[int, int]]) -> set[int]:
    """Indexes of the tokens that overlap any of the character spans."""
    return {t.index for t in tokens for a, b in spans if t.start < b and a < t.end}
