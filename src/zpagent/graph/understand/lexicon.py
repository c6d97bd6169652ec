"""The names a question can mention, loaded once per open graph store.

Persons (page subjects and supervisors), page authors, topics, keywords and
thesis titles come from the store itself, so recognition always matches the
graph that answers. Person names are indexed by every inflected form of
every name word (``inflect.forms``); typos fall back to a scan of words with
the same first letter.
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from dataclasses import dataclass, field

from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.graph.understand.inflect import forms, typo_match
from zpagent.ingest.text import fold
from zpagent.lexical import lemma, stem


@dataclass(frozen=True)
class PersonEntry:
    id: str
    name: str
    words: tuple[str, ...]  # the name's words as written
    has_page: bool
    published: bool
    document_path: str | None
    login: str | None

    @property
    def surname(self) -> str:
        return self.words[-1] if self.words else ""


@dataclass(frozen=True)
class PhraseEntry:
    """A topic or keyword: its display text and the stems of its words."""

    id: str
    name: str
    stems: tuple[frozenset[str], ...]  # the keys of each word (``word_keys``)
    published: bool = True
    keyword: str | None = None  # a topic's keyword
    document_path: str | None = None  # a topic's page


@dataclass(frozen=True)
class TitleEntry:
    id: str
    title: str
    key: str
    stems: frozenset[str]  # every key of every word of the title
    published: bool


def word_keys(word: str) -> frozenset[str]:
    """Comparison keys of a word in a phrase: its folded stem and its lemma's stem.

    Two keys because the lemmatizer knows ``vyhľadávanie`` but guesses wildly
    for ``vyhladavanie`` typed without diacritics; words match when any key does.
    """
    folded = fold(word).lower()
    if len(folded) <= 3:
        return frozenset({folded})
    return frozenset({stem(folded), stem(fold(lemma(word.lower())))})


class NameIndex:
    """Inflected-form index of person names (one per entry list)."""

    def __init__(self, entries: list[PersonEntry]) -> None:
        self.entries = entries
        self._forms: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self._by_initial: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
        for i, entry in enumerate(entries):
            for pos, word in enumerate(entry.words):
                for form in forms(word):
                    self._forms[form].append((i, pos))
                folded = fold(word)
                if folded:
                    self._by_initial[folded[0]].append((word, i, pos))

    def lookup(self, token: str) -> list[tuple[int, int]]:
        """(entry index, word position) of every name word ``token`` is a form of."""
        return self._forms.get(fold(token), [])

    def typo_lookup(self, token: str, min_length: int = 5) -> list[tuple[int, int]]:
        folded = fold(token)
        if not folded:
            return []
        return [
            (i, pos)
            for word, i, pos in self._by_initial.get(folded[0], [])
            if typo_match(token, word, min_length)
        ]

    def first_names(self) -> set[str]:
        """Folded forms of every first name: a cue that a name follows."""
        out: set[str] = set()
        for entry in self.entries:
            if len(entry.words) >= 2:
                out.update(forms(entry.words[0]))
        return out


@dataclass
class Lexicon:
    persons: list[PersonEntry]
    authors: list[PersonEntry]
    topics: list[PhraseEntry]
    keywords: list[PhraseEntry]
    titles: list[TitleEntry]
    person_index: NameIndex = field(init=False)
    author_index: NameIndex = field(init=False)
    first_name_forms: set[str] = field(init=False)

    def __post_init__(self) -> None:
        self.person_index = NameIndex(self.persons)
        self.author_index = NameIndex(self.authors)
        self.first_name_forms = self.person_index.first_names() | _COMMON_FIRST_NAME_FORMS
        self.person_by_id = {p.id: p for p in self.persons}
        self.person_by_path = {p.document_path: p for p in self.persons if p.document_path}
        self.topic_by_id = {t.id: t for t in self.topics}
        self.keyword_by_id = {k.id: k for k in self.keywords}
        self._visible_topics = [t for t in self.topics if t.published]
        self._visible_keywords = [k for k in self.keywords if k.published]

    def visible_topics(self, include_unpublished: bool) -> list[PhraseEntry]:
        """Topics a caller may know of: those of published pages, unless asked for all."""
        return self.topics if include_unpublished else self._visible_topics

    def visible_keywords(self, include_unpublished: bool) -> list[PhraseEntry]:
        """Keywords of at least one published page, unless asked for all."""
        return self.keywords if include_unpublished else self._visible_keywords


_LOCK = threading.Lock()


def load_lexicon(store: GraphStore) -> Lexicon:
    """The lexicon of ``store``'s graph, built once and cached on the store."""
    cache = store.cache()
    lex = cache.get("lexicon")
    if lex is not None:
        return lex
    with _LOCK:
        lex = cache.get("lexicon")
        if lex is None:
            lex = _build(store)
            cache["lexicon"] = lex
    return lex


def _build(store: GraphStore) -> Lexicon:
    persons = [
        PersonEntry(pid, name, tuple(name.split()), bool(has_page), bool(pub), path, login)
        for pid, name, _key, has_page, pub, path, login in store.query(q.PERSONS_LEXICON)
        if name
    ]
    authors = [
        PersonEntry(aid, name, tuple(name.split()), False, True, None, None)
        for aid, name, _key in store.query(q.AUTHORS_LEXICON)
        if name
    ]
    topics = [
        PhraseEntry(
            tid, title, tuple(word_keys(w) for w in _words(title)), bool(pub), keyword, path
        )
        for tid, title, _key, keyword, pub, path in store.query(q.TOPICS_LEXICON)
        if title
    ]
    keywords = [
        PhraseEntry(kid, name, tuple(word_keys(w) for w in _words(name)), bool(published))
        for kid, name, _docs, published in store.query(q.KEYWORDS_LEXICON)
        if name
    ]
    titles = [
        TitleEntry(
            tid, title, key, frozenset(k for w in _words(title) for k in word_keys(w)), bool(pub)
        )
        for tid, title, key, pub in store.query(q.TITLES_LEXICON)
    ]
    return Lexicon(persons, authors, topics, keywords, titles)


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


# Common Slovak first names (nominative): with their inflected forms they tell
# that the next word is probably a surname, also of a person the wiki does
# not know ("Jozefa Mrkvičku").
_COMMON_FIRST_NAMES = """
Adam Adrián Albert Alexander Andrej Anton Boris Branislav Daniel Dávid Denis Dominik
Dušan Eduard Emil Erik Filip František Gabriel Igor Ivan Jakub Ján Jaroslav Jozef Juraj
Kamil Karol Kristián Ladislav Lukáš Ľubomír Ľuboš Marek Marián Martin Matej Matúš Michal
Milan Miroslav Norbert Ondrej Oliver Patrik Pavol Peter Radoslav Rastislav Richard Róbert
Roman Rudolf Samuel Sebastián Šimon Štefan Tibor Timotej Tomáš Viktor Vladimír Vojtech
Zoltán Adriána Alena Alexandra Alžbeta Andrea Anna Barbora Bianka Diana Dominika Ema Emília
Eva Gabriela Hana Helena Ivana Jana Júlia Katarína Kristína Laura Lenka Lucia Ľudmila
Mária Martina Michaela Miriam Monika Natália Nikola Nina Petra Renáta Silvia Simona Sofia
Soňa Tatiana Terézia Veronika Viktória Zuzana
""".split()
_COMMON_FIRST_NAME_FORMS: set[str] = {f for n in _COMMON_FIRST_NAMES for f in forms(n)}
