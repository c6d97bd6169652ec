"""Validate a user query and turn it into safe FTS5 expressions.

User text never reaches FTS5 syntax: terms are extracted as word tokens
and each is emitted as a quoted string, so quotes, ``AND``, ``*``,
``NEAR(`` or unbalanced parentheses are plain words, never operators.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from zpagent.errors import InvalidQuery, QueryTooLong
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


def quote(term: str) -> str:
    """A term as an FTS5 string: never an operator, whatever the user typed."""
    return '"' + term.replace('"', '""') + '"'


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    return "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text).strip()


def analyze(query: str) -> AnalyzedQuery:
    """Validate and analyze; raises ``InvalidQuery`` for empty or absurd input."""
    if not isinstance(query, str):
        raise InvalidQuery("the query must be a string")
    if len(query) > MAX_QUERY_CHARS:
        raise QueryTooLong(f"the query is too long (max {MAX_QUERY_CHARS} characters)")
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
