"""Text evidence about different people: ask which one was meant.

The graph says ``ambiguous`` when a name fits several persons. Text
retrieval has no such notion: for "Aký názov práce má Martin Horváth?" it
returns the pages of both Martin Horváths, and an answer built from either
would be a guess. So, for a question about one person's attribute, the
person pages among the sources whose subject fits the names in the question
are grouped into clusters: two pages share a cluster when a path of at most
``CLUSTER_MAX_HOPS`` relationships of ``CLUSTER_REL_TYPES`` joins them in
the graph (the same person, thesis or team project). More than one cluster
means the evidence is about different people: the answer asks which one.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from zpagent.answer.evidence import Bundle
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.graph.understand.inflect import matches, typo_match
from zpagent.lexical import tokens
from zpagent.question.cues import YEAR

# Attributes of one person: a question asking one of these is about one subject.
PERSON_ATTRIBUTES = {"thesis_title", "thesis_year", "supervisor", "consultant", "start_year"}
# At most this many candidate pages are compared (pairs grow quadratically).
MAX_CANDIDATES = 6


@dataclass
class Candidate:
    person_id: str
    name: str
    document_path: str
    source_id: str
    score: float


def _name_score(question_words: list[str], name: str) -> float:
    """How many words of the person's name the question mentions: any declined
    form counts one, a small typo of one (``Pettry`` for Petra) a half."""
    score = 0.0
    for part in tokens(name):
        if any(matches(w, part) for w in question_words):
            score += 1.0
        elif any(typo_match(w, part) for w in question_words):
            score += 0.5
    return score


def _mentions_their_year(bundle: Bundle, page: Candidate, years: set[str]) -> bool:
    text = bundle.text_of(page.source_id)
    return any(y in text for y in years)


def candidates(store: GraphStore, bundle: Bundle, include_unpublished: bool) -> list[Candidate]:
    """Person pages among the sources whose subject best fits the question's names."""
    by_path = {s.document_path: s.source_id for s in bundle.sources}
    rows = store.query(
        q.DOCUMENT_PERSONS, ids=list(by_path), include_unpublished=include_unpublished
    )
    words = tokens(bundle.question)
    found: dict[str, Candidate] = {}
    for path, person_id, name in rows:
        score = _name_score(words, name)
        if score and person_id not in found:
            found[person_id] = Candidate(person_id, name, path, by_path[path], score)
    if not found:
        return []
    best = max(c.score for c in found.values())
    ranked = [c for c in found.values() if c.score == best]
    order = {s.source_id: i for i, s in enumerate(bundle.sources)}
    return sorted(ranked, key=lambda c: order[c.source_id])[:MAX_CANDIDATES]


def clusters(store: GraphStore, pages: list[Candidate]) -> list[list[Candidate]]:
    """Group candidate pages that a short path joins (union-find over pairs)."""
    parent = list(range(len(pages)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in combinations(range(len(pages)), 2):
        if root(i) == root(j):
            continue
        a, b = pages[i].document_path, pages[j].document_path
        if a == b or store.query(q.DOCUMENTS_LINKED, a=a, b=b):
            parent[root(j)] = root(i)
    groups: dict[int, list[Candidate]] = {}
    for i, page in enumerate(pages):
        groups.setdefault(root(i), []).append(page)
    return list(groups.values())


def ambiguous_evidence(
    store: GraphStore, bundle: Bundle, include_unpublished: bool
) -> list[dict[str, Any]]:
    """Candidates to ask about when the evidence is about different people, else []."""
    if bundle.status != "ok" or not (bundle.asked & PERSON_ATTRIBUTES) or "count" in bundle.asked:
        return []
    pages = candidates(store, bundle, include_unpublished)
    years = set(YEAR.findall(bundle.question))
    if years and len(pages) > 1:
        # "bakalárka Martina Horvátha z roku 2021": the year picks one of them.
        dated = [p for p in pages if _mentions_their_year(bundle, p, years)]
        pages = dated or pages
    if len({p.person_id for p in pages}) < 2:
        return []
    groups = clusters(store, pages)
    if len(groups) < 2:
        return []
    return [
        {
            "name": group[0].name,
            "id": group[0].person_id,
            "document_path": group[0].document_path,
            "source_id": group[0].source_id,
        }
        for group in groups
    ]
