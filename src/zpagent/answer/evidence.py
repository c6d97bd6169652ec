"""The evidence an answer may use, gathered from RAG and/or the graph.

One ``Bundle`` per question: the numbered sources, the texts each source
contributes, the typed facts of every source page (``facts``), the graph's
aggregation and paths, the truncation state, what the question asks for and
whom it names. Verification and rendering only ever look here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zpagent.answer.facts import Fact, facts_of_page
from zpagent.answer.meaning import Meaning
from zpagent.answer.subjects import Names, Subject
from zpagent.contract import Source
from zpagent.query import Query


@dataclass
class SourceEvidence:
    source: Source
    authors: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    subject: str | None = None  # the person the page is about, if any
    subject_id: str | None = None


@dataclass
class GraphPathLine:
    text: str
    source_ids: list[str]


@dataclass
class Bundle:
    question: Query
    engine: str  # "rag" | "graph" | "rag+graph"
    status: str  # ok | no_answer | ambiguous
    reason: str | None
    sources: list[Source]
    by_id: dict[str, SourceEvidence]
    facts: list[Fact] = field(default_factory=list)
    aggregation: dict[str, Any] | None = None
    paths: list[GraphPathLine] = field(default_factory=list)
    complete: bool | None = True
    truncated: bool = False
    truncation_reasons: list[str] = field(default_factory=list)
    index_version: dict[str, Any] | None = None
    asked: frozenset[str] = frozenset()
    subjects: list[Subject] = field(default_factory=list)
    candidates: list[dict[str, Any]] = field(default_factory=list)
    context: str = ""
    interpreted_as: str | None = None  # the query said back
    exact: bool | None = None  # counts and lists may be stated as exact
    # The evidence was ranked without the relevance gate (the guides, for a question
    # about the rules): a line answers only when it says most of the question.
    ungated: bool = False
    # Ranked without the gate after it doubted the question: words alone answer.
    by_words: bool = False
    # The z-scores of candidate units by meaning (``answer.meaning``); None: by words only.
    meaning: Meaning | None = None

    def text_of(self, source_id: str) -> str:
        ev = self.by_id.get(source_id)
        return "\n".join(ev.texts) if ev else ""

    @property
    def about_own_pages(self) -> bool:
        """The question names persons with pages of their own (students, not only
        supervisors): what is asked of them is on those pages."""
        return bool(self.subjects) and all(s.document_path for s in self.subjects)

    @property
    def cut(self) -> bool:
        """A limit was hit somewhere: lists and counts may be incomplete."""
        agg = self.aggregation or {}
        return bool(self.truncated or self.complete is False or agg.get("complete") is False)


def add_page_facts(gen: Any, bundle: Bundle, names: Names) -> None:
    """Every source page about a person contributes its typed facts (once)."""
    seen = {(f.attribute, f.subject_id, f.kind, f.value, f.source_id) for f in bundle.facts}
    for src in bundle.sources:
        ev = bundle.by_id[src.source_id]
        person_id = names.person_id_of(src.document_path)
        subject, facts = facts_of_page(gen, src.document_path, src.source_id, person_id)
        if subject is None:
            continue
        ev.subject = subject
        ev.subject_id = facts[0].subject_id if facts else person_id
        for f in facts:
            key = (f.attribute, f.subject_id, f.kind, f.value, f.source_id)
            if key not in seen:
                seen.add(key)
                bundle.facts.append(f)


def add_source(bundle: Bundle, source: Source, texts: list[str]) -> str:
    """Add a page to the evidence (renumbered after the others); its source id."""
    for s in bundle.sources:
        if s.document_path == source.document_path:
            return s.source_id
    sid = f"S{len(bundle.sources) + 1}"
    new = Source(**{**source.model_dump(), "source_id": sid})
    bundle.sources.append(new)
    bundle.by_id[sid] = SourceEvidence(new, texts=list(texts))
    return sid
