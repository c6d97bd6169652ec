"""The wiki's lexicon (``zpagent.query.lexicon``) read from a graph store.

Built once per open store (a published generation) and cached on it, so a
question costs lookups, not queries: persons with their logins and whether
they led theses, page authors, topics, keywords, team projects, thesis
titles and the years theses have. ``Lexicon.facts`` reads what the graph
states of given persons (for telling namesakes apart), cached per person.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from zpagent.graph.model import parse_evidence
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.query.lexicon import (
    Lexicon,
    PersonEntry,
    PersonFacts,
    PhraseEntry,
    ThesisCard,
    phrase,
    role_key,
)
from zpagent.query.names import name_words

_LOCK = threading.Lock()
FACTS_CACHE_SIZE = 4096


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
    leaders = {row[0] for row in store.query(q.LEADERS)}
    persons = [
        PersonEntry(
            pid,
            name,
            name_words(name),
            bool(has_page),
            bool(pub),
            path,
            login,
            leads=pid in leaders,
        )
        for pid, name, _key, has_page, pub, path, login in store.query(q.PERSONS_LEXICON)
        if name
    ]
    authors = [
        PersonEntry(aid, name, name_words(name), False, True, None, None)
        for aid, name, _key in store.query(q.AUTHORS_LEXICON)
        if name
    ]
    topics = []
    for tid, title, _key, keyword, pub, path in store.query(q.TOPICS_LEXICON):
        # A topic is named by its page's title and by its folder ("jazykove-modely"
        # for "Veľké jazykové modely"): both are the wiki's own words for it.
        for name in dict.fromkeys([title, tid.replace("-", " ")]):
            if name:
                topics.append(
                    phrase(tid, name, published=bool(pub), keyword=keyword, document_path=path)
                )
    keywords = [
        phrase(kid, name, published=bool(published))
        for kid, name, _docs, published in store.query(q.KEYWORDS_LEXICON)
        if name
    ]
    projects = [
        phrase(pid, title, published=bool(pub), document_path=path)
        for pid, title, pub, path in store.query(q.PROJECTS_LEXICON)
        if title
    ]
    titles = [
        phrase(tid, title, published=bool(pub))
        for tid, title, _key, pub in store.query(q.TITLES_LEXICON)
    ]
    roles: dict[str, PhraseEntry] = {}
    for _pid, _jid, ev_json, pub in store.query(q.MEMBER_ROLES):
        for ev in parse_evidence(ev_json):
            if ev.value:
                key = role_key(ev.value)
                seen = roles.get(key)
                visible = bool(pub) or (seen is not None and seen.published)
                roles[key] = phrase(key, seen.name if seen else ev.value, published=visible)
    years = frozenset(int(row[0]) for row in store.query(q.THESIS_YEARS) if row[0])
    return Lexicon(
        persons=persons,
        authors=authors,
        topics=topics,
        keywords=keywords,
        projects=projects,
        titles=titles,
        roles=list(roles.values()),
        years=years,
        facts=_FactsReader(store),
    )


class _FactsReader:
    """``Lexicon.facts`` over a store: what the graph states of given persons."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self._cache: dict[str, PersonFacts] = {}
        self._lock = threading.Lock()

    def __call__(self, ids: Iterable[str]) -> dict[str, PersonFacts]:
        wanted = list(dict.fromkeys(ids))
        with self._lock:
            missing = [i for i in wanted if i not in self._cache]
        if missing:
            found = self._read(missing)
            with self._lock:
                if len(self._cache) > FACTS_CACHE_SIZE:
                    self._cache.clear()
                self._cache.update(found)
        with self._lock:
            return {i: self._cache[i] for i in wanted if i in self._cache}

    def _read(self, ids: list[str]) -> dict[str, PersonFacts]:
        theses: dict[str, list[Any]] = defaultdict(list)
        rows = self.store.query(q.PERSON_THESIS_CARDS, ids=ids)
        people: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for tid, rel, sid, _name, _ev in self.store.query(
            q.THESIS_PEOPLE, ids=[r[1] for r in rows]
        ):
            people[tid][rel].append(sid)
        for pid, tid, kind, year, title in rows:
            theses[pid].append(
                ThesisCard(
                    tid,
                    kind,
                    year,
                    title,
                    tuple(people[tid]["SUPERVISED"]),
                    tuple(people[tid]["CONSULTED"]),
                )
            )
        topics: dict[str, list[str]] = defaultdict(list)
        for pid, tid in self.store.query(q.PERSON_TOPIC_IDS, ids=ids):
            topics[pid].append(tid)
        keywords: dict[str, list[str]] = defaultdict(list)
        for pid, kid, *_ in self.store.query(q.PERSON_KEYWORDS, ids=ids, include_unpublished=True):
            keywords[pid].append(kid)
        starts = {row[0]: row[6] for row in self.store.query(q.PERSON_CARDS, ids=ids)}
        return {
            i: PersonFacts(
                i,
                tuple(theses.get(i, [])),
                tuple(topics.get(i, [])),
                tuple(keywords.get(i, [])),
                starts.get(i),
            )
            for i in ids
        }
