"""What a question can name, built from the wiki itself.

One ``Lexicon`` per published generation: every person (page subjects,
supervisors, consultants) with their login and name words, page authors,
topics, keywords, team projects, thesis titles and the years the wiki's
theses have. The graph layer fills it from its store once per generation
(``zpagent.graph.lexicon``); nothing here is fitted to one wiki's format:
a login is whatever the page's folder is called, a topic whatever its page
is titled.

Person names are indexed by every inflected form of every name word
(``inflect.forms``); typos fall back to a scan of words with the same first
letter. ``facts`` answers what the wiki states of given persons (kinds,
years, supervisors of their theses, topics, ...), so that namesakes can be
told apart by anything else a question says.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from zpagent.ingest.text import fold
from zpagent.lexical import lemma, stem
from zpagent.query.inflect import forms, possessive_forms, typo_match


@dataclass(frozen=True)
class PersonEntry:
    id: str
    name: str
    words: tuple[str, ...]  # the name's words as written
    has_page: bool  # the subject of a page (a student), not only a supervisor
    published: bool
    document_path: str | None
    login: str | None
    leads: bool = False  # supervised or consulted a thesis, or led a work

    @property
    def surname(self) -> str:
        return self.words[-1] if self.words else ""

    @property
    def given(self) -> tuple[str, ...]:
        return self.words[:-1]


@dataclass(frozen=True)
class PhraseEntry:
    """A topic, keyword, team project or title: its display text and word keys."""

    id: str
    name: str
    stems: tuple[frozenset[str], ...]  # the keys of each word (``word_keys``)
    published: bool = True
    keyword: str | None = None  # a topic's keyword
    document_path: str | None = None  # a topic's or project's page


@dataclass(frozen=True)
class ThesisCard:
    """One thesis or work of a person, as the graph states it."""

    id: str
    kind: str
    year: int | None
    title: str | None
    supervisors: tuple[str, ...] = ()  # person ids
    consultants: tuple[str, ...] = ()


@dataclass(frozen=True)
class PersonFacts:
    """What the wiki states of one person: enough to tell namesakes apart."""

    id: str
    theses: tuple[ThesisCard, ...] = ()
    topics: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    start_year: int | None = None


FactsLookup = Callable[[Iterable[str]], dict[str, PersonFacts]]


def word_keys(word: str) -> frozenset[str]:
    """Comparison keys of a word in a phrase: its folded stem and its lemma's stem.

    Two keys because the lemmatizer knows ``vyhľadávanie`` but guesses wildly
    for ``vyhladavanie`` typed without diacritics; words match when any key does.
    """
    folded = fold(word).lower()
    if len(folded) <= 3:
        return frozenset({folded})
    return frozenset({stem(folded), stem(fold(lemma(word.lower())))})


def phrase(id_: str, name: str, **extra: object) -> PhraseEntry:
    return PhraseEntry(id_, name, tuple(word_keys(w) for w in words_of(name)), **extra)  # type: ignore[arg-type]


def role_key(role: str) -> str:
    """The matching key of a team member's role: folded, lower case, single spaces."""
    return " ".join(fold(role).lower().split())


def words_of(text: str) -> list[str]:
    return re.findall(r"\w+", text)


class NameIndex:
    """Inflected-form index of person names (one per entry list)."""

    def __init__(self, entries: list[PersonEntry]) -> None:
        self.entries = entries
        self._first_names: frozenset[str] | None = None
        self._forms: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self._possessive: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self._by_initial: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
        for i, entry in enumerate(entries):
            for pos, word in enumerate(entry.words):
                for form in forms(word):
                    self._forms[form].append((i, pos))
                for form in possessive_forms(word):
                    self._possessive[form].append((i, pos))
                folded = fold(word)
                if folded:
                    self._by_initial[folded[0]].append((word, i, pos))

    def lookup(self, token: str, possessive: bool = False) -> list[tuple[int, int]]:
        """(entry index, word position) of every name word ``token`` is a form of;
        with ``possessive`` (a thesis word follows: "Holpova práca"), a possessive
        adjective too, when it is no name's own form."""
        key = fold(token)
        found = self._forms.get(key)
        written = token.lower()
        if found and possessive and written != key and written.endswith("ova"):
            # "Mojžišova diplomovka" typed with its diacritics: the short "a" is
            # Mojžiš's possessive, not Mojžišová (whose name ends in "á").
            found = [(i, p) for i, p in found
                     if not self.entries[i].words[p].lower().endswith("ová")]  # fmt: skip
        if found or not possessive:
            return found or []
        return self._possessive.get(key, [])

    def typo_lookup(self, token: str, min_length: int = 5) -> list[tuple[int, int]]:
        folded = fold(token)
        if not folded:
            return []
        return [
            (i, pos)
            for word, i, pos in self._by_initial.get(folded[0], [])
            if typo_match(token, word, min_length)
        ]

    def typo_within(
        self, token: str, entries: set[int], min_length: int = 5
    ) -> list[tuple[int, int]]:
        """``typo_lookup`` over the words of ``entries`` only: a name whose other
        words matched exactly (a list of 20,000 names would otherwise compare each
        word with every name)."""
        return [
            (i, pos)
            for i in entries
            for pos, word in enumerate(self.entries[i].words)
            if typo_match(token, word, min_length)
        ]

    def first_names(self) -> frozenset[str]:
        """Folded forms of every first name: a cue that a name follows (computed once:
        the index does not change, and a list page asks for every line)."""
        if self._first_names is None:
            out: set[str] = set()
            for entry in self.entries:
                if len(entry.words) >= 2:
                    out.update(forms(entry.words[0]))
            self._first_names = frozenset(out)
        return self._first_names


def family_stem(surname: str) -> str:
    """The stem a family name is made of: Ďurica, Ďuricová -> ďuric; Kováč -> kovac."""
    s = fold(surname)
    if s.endswith("ova") and len(s) > 5:
        return s[:-3]
    if s.endswith(("a", "o")) and len(s) > 3:
        return s[:-1]
    return s


def _no_facts(ids: Iterable[str]) -> dict[str, PersonFacts]:
    return {}


@dataclass
class Lexicon:
    persons: list[PersonEntry] = field(default_factory=list)
    authors: list[PersonEntry] = field(default_factory=list)
    topics: list[PhraseEntry] = field(default_factory=list)
    keywords: list[PhraseEntry] = field(default_factory=list)
    projects: list[PhraseEntry] = field(default_factory=list)
    titles: list[PhraseEntry] = field(default_factory=list)
    # Roles team members have on project pages ("vizualizácia", "backend"): the id
    # is the role's key (``role_key``), the name as first written.
    roles: list[PhraseEntry] = field(default_factory=list)
    years: frozenset[int] = frozenset()  # years of the wiki's theses and works
    facts: FactsLookup = _no_facts
    # Links a phrase in another language to a topic, project or role by meaning
    # (``query.meaning.PhraseMeaning``); None: by their words only.
    meaning: Any = None
    # The paths of the pages whose text says some words as one phrase
    # (``search.said.SaidIn``): a dataset or tool named only in prose; None: unknown.
    said: Any = None

    def __post_init__(self) -> None:
        self.person_index = NameIndex(self.persons)
        self.author_index = NameIndex(self.authors)
        self.first_name_forms = self.person_index.first_names() | COMMON_FIRST_NAME_FORMS
        self.person_by_id = {p.id: p for p in self.persons}
        self.person_by_path = {p.document_path: p for p in self.persons if p.document_path}
        self.person_by_login: dict[str, list[PersonEntry]] = defaultdict(list)
        for p in self.persons:
            if p.login:
                self.person_by_login[fold(p.login)].append(p)
        self.topic_by_id: dict[str, PhraseEntry] = {}
        for t in self.topics:  # the first entry of a topic is its page's title
            self.topic_by_id.setdefault(t.id, t)
        self.keyword_by_id = {k.id: k for k in self.keywords}
        self.project_by_id = {p.id: p for p in self.projects}
        self.title_by_id = {t.id: t for t in self.titles}
        # Family stems -> persons of that family ("Ďuricovci": Ďurica, Ďuricová).
        self.families: dict[str, list[PersonEntry]] = defaultdict(list)
        for p in self.persons:
            if p.surname and p.has_page:
                self.families[family_stem(p.surname)].append(p)

    def visible(self, entries: list[PhraseEntry], include_unpublished: bool) -> list[PhraseEntry]:
        """Entries a caller may know of: those of published pages, unless asked for all."""
        return entries if include_unpublished else [e for e in entries if e.published]

    def students(self, include_unpublished: bool) -> list[PersonEntry]:
        """Everyone a list or count of students ranges over: page subjects, and the
        persons a topic or project page lists without a page of their own (who lead
        nothing)."""
        return [
            p
            for p in self.persons
            if (p.has_page or not p.leads) and (include_unpublished or p.published)
        ]

    def name_of(self, id_: str) -> str:
        entry = self.person_by_id.get(id_)
        return entry.name if entry else id_


# Common Slovak and Czech first names (nominative): with their inflected forms
# they tell that the next word is probably a surname, also of a person the
# wiki does not know ("Jozefa Mrkvičku").
_COMMON_FIRST_NAMES = """
Adam Adrián Albert Alexander Andrej Anton Boris Branislav Daniel Dávid Denis Dominik
Dušan Eduard Emil Erik Filip František Gabriel Igor Ivan Jakub Ján Jan Jaroslav Jozef Josef
Juraj Jiří Kamil Karol Karel Kristián Ladislav Lukáš Ľubomír Ľuboš Marek Marián Martin Matej
Matěj Matúš Michal Milan Miroslav Norbert Ondrej Ondřej Oliver Patrik Pavol Pavel Peter Petr
Radoslav Rastislav Richard Róbert Robert Roman Rudolf Samuel Sebastián Šimon Štefan Tibor
Timotej Tomáš Viktor Vladimír Vojtech Vojtěch Zoltán Adriána Alena Alexandra Alžbeta Andrea
Anna Barbora Bianka Diana Dominika Ema Emília Eva Gabriela Hana Helena Ivana Jana Júlia
Katarína Kateřina Kristína Laura Lenka Lucia Lucie Ľudmila Mária Marie Martina Michaela
Miriam Monika Natália Nikola Nina Petra Renáta Silvia Simona Sofia Soňa Tatiana Terézia
Tereza Veronika Viktória Zuzana Marta Magdaléna Klára Karolína Denisa Nikoleta Paulína
Iveta Jarmila Beáta Daniela Lívia Lýdia Kristián Lukas Marco Luca Anna Maria Jakob Julia
Sára Stanislav Vladislav Jozefína Aneta Adéla Tomas Peter Attila Gábor Csaba Krisztina
Radovan Radomír Radim Radek Rastislava Radka Romana Dalibor Drahomír Dana Darina Dagmar
Zdenko Zdeněk Zdenka Zdeňka Viera Věra Vlasta Vlastimil Bohumil Bohuslav Bohdan Blažej Cyril
Metod Ctibor Svätopluk Slavomír Svetozár Svetlana Stanislava Miloš Miloslav Miloslava Milena
Milada Mojmír Marcel Marcela Mikuláš Oto Otakar Oskar Leopold Ľudovít Ľubica Ľubomíra Lujza
Margita Magda Oľga Olga Nadežda Nataša Nora Olívia Pavlína Rebeka Regína Rozália Sabína
Tadeáš Teodor Tobiáš Urban Valentín Valéria Vanda Vavrinec Vendelín Vincent Viliam Vít
Vratislav Zita Alojz Augustín Bartolomej Benjamín Bernard Blanka Božena Brigita Cecília
Dezider Dorota Edita Elena Eliška Ernest Ervín Eugen Félix Florián Gejza Gizela Gustáv
Henrich Hedviga Hubert Ignác Ida Ingrida Irena Izabela Jolana Jonáš Judita Justína Kazimír
Klaudia Koloman Kornel Kvetoslav Kvetoslava Liliana Lea Libor Luboš Lubomír Luděk Matyáš
Kryštof Štěpán Štěpánka Jiřina Přemysl Aleš Hynek Zbyněk Vítězslav Jaromír Jindřich
Šárka Alžběta Markéta Vendula Kamila Ester Žofia Zora Zlatica Zoja Žaneta
Timea Sandra Stela Viola Uršula Valentína Vanesa Ákos Balázs Gergely Levente Zsolt Tamás
Péter Zsófia Katalin Erzsébet Réka Ildikó Szilvia Mónika Orsolya
""".split()
COMMON_FIRST_NAME_FORMS: set[str] = {f for n in _COMMON_FIRST_NAMES for f in forms(n)}
