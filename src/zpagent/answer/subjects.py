"""Who a question is about: its names resolved exactly, whatever the engine.

The graph's lexicon knows every person of the wiki. A name resolves only as
a whole (any inflection, with or without diacritics, a small typo in a full
name); a surname alone only when it is unique and no other given name was
stated. A name that fits nobody is ``unknown`` (with the near misses), one
that fits several is ``ambiguous`` (with the candidates; a year, kind or
login in the question may decide). Text retrieval has no such notion, so
checked answers ask here first, for every engine: an unknown name is never
answered with someone else's facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from zpagent.config import get_settings
from zpagent.graph.answers.resolve import add_candidates, add_rejected, resolve_mention
from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.store.serving import graph_ready, graph_store
from zpagent.graph.understand.lexicon import Lexicon, load_lexicon
from zpagent.graph.understand.parse import ParsedQuestion, parse_question
from zpagent.graph.understand.qtypes import OWN_FACT_TYPES
from zpagent.ingest.text import fold
from zpagent.question import Question

# Graph question types about named persons: a name-shaped word nobody has is unknown.
PERSON_TYPES = (
    "thesis_",
    "start_year",
    "person_",
    "supervised_",
    "consulted_",
    "page_author",
    "shared",
    "path",
)


@dataclass(frozen=True)
class Subject:
    id: str
    name: str
    document_path: str | None
    match: str  # full | typo | surname


@dataclass
class Names:
    status: str  # none | resolved | unknown | ambiguous | unavailable (no graph)
    subjects: list[Subject] = field(default_factory=list)
    candidates: list[dict[str, Any]] = field(default_factory=list)
    parsed: ParsedQuestion | None = None
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


def graph_available(gen: Any) -> bool:
    return bool(graph_ready(gen, get_settings()))


def _candidates(builder: ResponseBuilder) -> list[dict[str, Any]]:
    return [
        {
            "name": c.name,
            "id": c.id,
            "status": c.status,
            "document_path": c.document_path,
            "hint": c.summary,
        }
        for c in builder.candidates
    ]


# A one-word name is a person's when it has a woman's surname form ("Holpovej",
# "Molnárovú") or follows a form of address ("pani Holpovej", "pána Kováča").
_SURNAME_OVA = re.compile(r"ov(?:a|ej|ou|u)$")
_ADDRESS = re.compile(
    r"\b(?:pani|panej|panu|pan|pana|panovi|slecna|slecny|kolega|kolegu|kolegyna|kolegyne"
    r"|student|studenta|studentka|studentky|studentku|mr|mrs|ms)\s+$"
)


def _looks_like_a_person(name: str, lexicon: Lexicon, folded: str) -> bool:
    """A whole name ("Jozef Mrkvička"), a given name alone, or a surname by its form or
    a form of address; not "Git" or "Python"."""
    words = name.split()
    if len(words) >= 2 or fold(words[0]) in lexicon.first_name_forms:
        return True
    word = fold(words[0]).lower()
    i = folded.find(word)
    return bool(_SURNAME_OVA.search(word)) or (i >= 0 and bool(_ADDRESS.search(folded[:i])))


# Words that point at a person the question does not name ("jeho vedúci", "tá práca").
_POINTERS = frozenset(
    "jeho jej ich ho mu ju nej neho nemu nim nou tuto tejto tato tento tomto toho tomu".split()
)


def needs_a_person(names: Names, question: Question) -> bool:
    """A question about someone's own facts that names nobody ("Kto bol jeho
    vedúci?", "Kedy začal študovať?"): it cannot be answered, only asked back."""
    pq = names.parsed
    if names.status != "none" or pq is None or pq.persons:
        return False
    if any(fold(n).lower() not in _POINTERS for n in pq.unknown_names):
        return False
    if pq.topics or pq.keywords or pq.title:
        return False
    pointed = any(t.folded in _POINTERS for t in question.tokens)
    return pq.type in OWN_FACT_TYPES or (pointed and pq.type.startswith("persons_by_thesis"))


def about_a_person(names: Names) -> bool:
    """Whether the graph read the question as one about named persons."""
    pq = names.parsed
    return pq is not None and pq.type.startswith(PERSON_TYPES) and pq.type != "thesis_by_title"


def resolve_names(gen: Any, question: Question, include_unpublished: bool) -> Names:
    """Resolve every person the question names, or say why not."""
    if not graph_available(gen):
        return Names("unavailable")
    store = graph_store(gen, get_settings())
    lexicon = load_lexicon(store)
    pq = parse_question(question, lexicon, include_unpublished)
    builder = ResponseBuilder(store, question.text, None, limit=10, evidence_limit=5)
    leads = pq.type.startswith(("supervised", "consulted"))
    prefer = "supervisor" if leads else ("page" if pq.type != "path" else None)
    subjects: list[Subject] = []
    for mention in pq.persons:
        res = resolve_mention(mention, pq, lexicon, builder, include_unpublished, prefer=prefer)
        if res.status == "unknown":
            add_rejected(builder, res.text, lexicon, include_unpublished)
            return Names("unknown", candidates=_candidates(builder), parsed=pq, lexicon=lexicon)
        if res.status == "ambiguous":
            add_candidates(builder, res.candidates, lexicon, include_unpublished)
            return Names("ambiguous", candidates=_candidates(builder), parsed=pq, lexicon=lexicon)
        assert res.person is not None
        p = res.person
        subjects.append(Subject(p.id, p.name, p.document_path, mention.match))
    folded = question.folded.lower()
    unknown = [n for n in pq.unknown_names if _looks_like_a_person(n, lexicon, folded)]
    if not subjects and unknown and pq.type.startswith(PERSON_TYPES):
        add_rejected(builder, unknown[0], lexicon, include_unpublished)
        return Names("unknown", candidates=_candidates(builder), parsed=pq, lexicon=lexicon)
    unique = list({s.id: s for s in subjects}.values())
    beside = [
        n for n in unknown if len(n.split()) >= 2 and fold(n.split()[0]) in lexicon.first_name_forms
    ] if unique else []  # fmt: skip
    return Names(
        "resolved" if unique else "none", unique, parsed=pq, lexicon=lexicon, not_found=beside
    )
