"""Pages whose text says a phrase word for word ("TurtleBot 4", "CIC-IDS2017").

A dataset, robot or toolkit named in the prose of several students' pages is
in no lexicon the graph builds (no tag, no topic page): which students
"worked with" it is read from the text itself. FTS5 folds diacritics and case
on both sides, so the phrase matches as the pages write it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from zpagent.index.reader import Generation
from zpagent.ingest.text import fold
from zpagent.search.query import quote

MAX_PHRASE_WORDS = 6
_WORD = re.compile(r"\w+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁČĎÉÍĽĹŇÓÔŔŠŤÚÝŽ0-9])")


def pages_saying(gen: Generation, words: Sequence[str]) -> frozenset[str]:
    """Paths of the pages (published or not: the caller decides) whose text has
    ``words`` as one phrase."""
    if not words or len(words) > MAX_PHRASE_WORDS:
        return frozenset()
    phrase = " ".join(fold(w).lower() for w in words)
    rows = gen.db().execute(
        """SELECT DISTINCT d.path FROM chunks_fts f
        JOIN chunks c ON c.id = f.rowid JOIN documents d ON d.id = c.document_id
        WHERE chunks_fts MATCH ?""",
        ("text : " + quote(phrase),),
    )
    return frozenset(path for (path,) in rows)


def published_says(
    gen: Generation, prefix: str, lemma: str = "", include_unpublished: bool = False
) -> bool:
    """Some published page (any page with ``include_unpublished``) has a word that
    starts with ``prefix`` (folded), in its title, headings, text or lemmas, or
    ``lemma`` among its lemmas ("kariet" is "karta", which "karty" says)."""
    expr = quote(fold(prefix).lower()) + " *"
    if lemma:
        expr += " OR lemmas : " + quote(lemma.lower())
    row = (
        gen.db()
        .execute(
            """SELECT 1 FROM chunks_fts f
        JOIN chunks c ON c.id = f.rowid JOIN documents d ON d.id = c.document_id
        WHERE chunks_fts MATCH ? AND (d.published = 1 OR ?) LIMIT 1""",
            (expr, include_unpublished),
        )
        .fetchone()
    )
    return row is not None


MAX_CHUNKS_READ = 40
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+|\n\s*(?:[-*+]\s+|\d+\.\s+|#+\s+)?)$")


def written_as_name(gen: Generation, word: str) -> bool:
    """The pages write ``word`` (typed in lowercase: "kaldi", "turtlebot") as a name:
    with a capital inside it ("TurtleBot", "CALLHOME") or a capital that does not
    start a sentence ("v toolkite Kaldi"), in most of the places they say it. Whether
    a word is a name is the wiki's own spelling, not the question's."""
    key = fold(word).lower()
    if not key.isalnum():
        return False
    rows = gen.db().execute(
        "SELECT c.text FROM chunks_fts f JOIN chunks c ON c.id = f.rowid"
        " WHERE chunks_fts MATCH ? LIMIT ?",
        ("text : " + quote(key), MAX_CHUNKS_READ),
    )
    named = plain = 0
    for (text,) in rows:
        for m in _WORD.finditer(text):
            w = m.group()
            if fold(w).lower() != key:
                continue
            capital_inside = any(c.isupper() for c in w[1:])
            capital_inside_sentence = w[:1].isupper() and not _SENTENCE_START.search(
                text[max(0, m.start() - 8) : m.start()]
            )
            if capital_inside or capital_inside_sentence:
                named += 1
            else:
                plain += 1
    return named > 0 and named >= plain


class SaidIn:
    """``pages_saying`` of one generation, remembered per phrase (a question asks a
    few sub-phrases; the same words come back in follow-ups)."""

    def __init__(self, gen: Generation) -> None:
        self._gen = gen
        self._cached = lru_cache(maxsize=4096)(self._pages)
        self._named = lru_cache(maxsize=4096)(lambda word: written_as_name(gen, word))

    def _pages(self, words: tuple[str, ...]) -> frozenset[str]:
        return pages_saying(self._gen, words)

    def __call__(self, words: Sequence[str]) -> frozenset[str]:
        return self._cached(tuple(fold(w).lower() for w in words))

    def written_as_name(self, word: str) -> bool:
        """``written_as_name`` of this generation, remembered per word."""
        return self._named(fold(word).lower())

    def line(self, words: Sequence[str], path: str) -> tuple[int, str] | None:
        """(1-based line of the page body, its text) of the first line that says
        ``words`` as one phrase; None when no single line does."""
        return line_saying(self._gen, words, path)


def _plain(text: str) -> str:
    return " " + " ".join(_WORD.findall(fold(text).lower())) + " "


def line_saying(gen: Generation, words: Sequence[str], path: str) -> tuple[int, str] | None:
    row = gen.db().execute("SELECT body FROM documents WHERE path = ?", (path,)).fetchone()
    if row is None:
        return None
    phrase = _plain(" ".join(words))
    for n, line in enumerate(row[0].splitlines(), 1):
        if phrase in _plain(line):
            # The sentence of a paragraph that says it, not the whole paragraph.
            said = [s for s in _SENTENCE_END.split(line.strip()) if phrase in _plain(s)]
            return n, (said[0] if said else line).strip().lstrip("-*+ ").strip()
    return None
