"""Validate a user query and turn it into safe FTS5 expressions.

User text never reaches FTS5 syntax: terms are extracted as word tokens
and each is emitted as a quoted string, so quotes, ``AND``, ``*``,
``NEAR(`` or unbalanced parentheses are plain words, never operators.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from zpagent.errors import InvalidQuery
from zpagent.ingest.text import fold
from zpagent.lexical import content_terms, lemma, stem

MAX_QUERY_CHARS = 2000
MAX_TERMS = 24
MIN_PREFIX_CHARS = 3


@dataclass(frozen=True)
class Term:
    raw: str
    folded: str
    lemma: str
    stem: str


@dataclass(frozen=True)
class AnalyzedQuery:
    text: str
    terms: tuple[Term, ...]

    def _alts(self, t: Term) -> list[str]:
        return list(dict.fromkeys([t.folded, t.lemma]))

    def all_terms(self) -> str | None:
        if not self.terms:
            return None
        parts = [" OR ".join(_quote(a) for a in self._alts(t)) for t in self.terms]
        return " AND ".join(f"({p})" for p in parts)

    def prefix_terms(self) -> str | None:
        if not self.terms:
            return None
        parts = []
        for t in self.terms:
            alts = [_quote(a) for a in self._alts(t)]
            if len(t.stem) >= MIN_PREFIX_CHARS:
                alts.append(_quote(t.stem) + "*")
            parts.append(" OR ".join(dict.fromkeys(alts)))
        return " AND ".join(f"({p})" for p in parts)

    def any_term(self) -> str | None:
        if not self.terms:
            return None
        alts: list[str] = []
        for t in self.terms:
            alts.extend(_quote(a) for a in self._alts(t))
            if len(t.stem) >= MIN_PREFIX_CHARS + 1:
                alts.append(_quote(t.stem) + "*")
        return " OR ".join(dict.fromkeys(alts))


def _quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    return "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text).strip()


def analyze(query: str) -> AnalyzedQuery:
    """Validate and analyze; raises ``InvalidQuery`` for empty or absurd input."""
    if not isinstance(query, str):
        raise InvalidQuery("the query must be a string")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidQuery(f"the query is too long (max {MAX_QUERY_CHARS} characters)")
    text = _clean(query)
    if not text:
        raise InvalidQuery("the query is empty")
    terms = []
    seen = set()
    for tok in content_terms(text):
        folded = fold(tok)
        if folded in seen:
            continue
        seen.add(folded)
        terms.append(Term(tok, folded, fold(lemma(tok)), stem(tok)))
        if len(terms) >= MAX_TERMS:
            break
    if not terms:
        raise InvalidQuery("the query contains no words")
    return AnalyzedQuery(text, tuple(terms))
