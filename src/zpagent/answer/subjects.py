"""Who a question is about, from its typed query.

The query already holds every person it names with every candidate that
fits (narrowed by what else it says). Checked answers, whatever the
engine, look here first: a name that fits nobody is ``unknown`` (with the
near misses), one that fits several is ``ambiguous`` (with the candidates
and what tells them apart); an unknown name is never answered with
someone else's facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zpagent.config import Settings
from zpagent.graph.answers.resolve import add_candidates, add_rejected
from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.contract import Candidate
from zpagent.graph.lexicon import load_lexicon
from zpagent.graph.store.serving import graph_ready, graph_store
from zpagent.ingest.text import fold
from zpagent.query import EntityRef, Query
from zpagent.query.lexicon import Lexicon
from zpagent.query.named_persons import person_shaped

# Asks about named persons: a name-shaped word nobody has is an unknown person.
PERSON_ASKS = frozenset({"fact", "profile", "shared", "path", "page_author"})


@dataclass(frozen=True)
class Subject:
    id: str
    name: str
    document_path: str | None
    match: str  # full | typo | surname | first_name | initial | login | context


@dataclass
class Names:
    """The persons a query names, or why they cannot be told."""

    status: str  # none | resolved | unknown | ambiguous
    subjects: list[Subject] = field(default_factory=list)
    candidates: list[dict[str, Any]] = field(default_factory=list)
    lexicon: Lexicon | None = None
    # Names beside the resolved ones that fit nobody ("… a Jozefa Mrkvičku"):
    # the answer is about the others and says that these were not found.
    not_found: list[str] = field(default_factory=list)

    @property
    def ids(self) -> set[str]:
        return {s.id for s in self.subjects}

    def person_id_of(self, document_path: str) -> str | None:
        """The graph id of the person whose page this is (None: not a person page)."""
        if self.lexicon is None:
            return None
        person = self.lexicon.person_by_path.get(document_path)
        return person.id if person else None


def graph_available(gen: Any, settings: Settings) -> bool:
    return bool(graph_ready(gen, settings))


def candidate_rows(candidates: list[Candidate]) -> list[dict[str, Any]]:
    """The persons a name may mean, as the answer layer hands them on."""
    return [
        {
            "name": c.name,
            "id": c.id,
            "status": c.status,
            "document_path": c.document_path,
            "login": c.login,
            "hint": c.summary,
        }
        for c in candidates
    ]


# Words that point at a person the question does not name ("jeho vedúci", "tá práca").
POINTERS = frozenset(
    "jeho jej ich ho mu ju nej neho nemu nim nou tuto tejto tato tento tomto toho tomu".split()
)


def needs_a_person(query: Query) -> bool:
    """A question about someone's own facts that names nobody ("Kto bol jeho
    vedúci?", "Kedy začal študovať?"): it cannot be answered, only asked back."""
    if query.subjects or query.persons() or query.conditions or query.reference:
        return False
    if query.about_rules:
        return False  # "Do kedy treba odovzdať diplomovku?" asks the rules
    if query.order and query.ask in ("list", "count"):
        return False  # "Zoraď ich podľa roku": "ich" are the listed items
    if query.unaccounted:
        return False  # other words: a question about something, not about someone
    if any(fold(n).lower() not in POINTERS for n in query.unknown_names):
        return False
    if any(c.titles or c.supervisors or c.consultants for c in query.clauses):
        return False
    own = query.attributes & {"title", "year", "supervisor", "consultant", "start_year",
                              "topics", "keywords", "works", "login"}  # fmt: skip
    pointed = any(t.folded in POINTERS for t in query.tokens)
    if query.ask in ("list", "count") and not pointed:
        return False
    return bool(own) or (pointed and query.ask in ("list", "fact"))


def _refs_in_order(query: Query) -> list[EntityRef]:
    refs = [r for r in query.refs() if r.kind == "person" and not r.is_set]
    return sorted(refs, key=lambda r: r.span.start if r.span else 0)


def resolve_names(gen: Any, query: Query, settings: Settings, include_unpublished: bool) -> Names:
    """Every person the query names, or why they cannot be told apart."""
    if not graph_available(gen, settings):
        return Names("none")
    store = graph_store(gen, settings)
    lexicon = load_lexicon(store)
    builder = ResponseBuilder(store, query.text, None, limit=10, evidence_limit=5)
    for ref in _refs_in_order(query):
        if ref.status == "unknown":
            add_rejected(builder, ref.text, lexicon, include_unpublished)
            return Names("unknown", candidates=candidate_rows(builder.candidates), lexicon=lexicon)
        if ref.status == "ambiguous":
            add_candidates(builder, list(ref.ids), lexicon, include_unpublished)
            return Names(
                "ambiguous", candidates=candidate_rows(builder.candidates), lexicon=lexicon
            )
    subjects = []
    for ref in query.subjects:
        person = lexicon.person_by_id[ref.resolved]  # type: ignore[index]
        subjects.append(Subject(person.id, person.name, person.document_path, ref.match))
    unknown = [n for n in query.unknown_names if person_shaped(n, lexicon, query.folded)]
    if not subjects and unknown and query.ask in PERSON_ASKS:
        add_rejected(builder, unknown[0], lexicon, include_unpublished)
        return Names("unknown", candidates=candidate_rows(builder.candidates), lexicon=lexicon)
    unique = list({s.id: s for s in subjects}.values())
    beside = [
        n for n in unknown if len(n.split()) >= 2 and fold(n.split()[0]) in lexicon.first_name_forms
    ] if unique else []  # fmt: skip
    return Names("resolved" if unique else "none", unique, lexicon=lexicon, not_found=beside)
