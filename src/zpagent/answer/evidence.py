"""The evidence an answer may use, gathered from RAG and/or the graph.

One ``Bundle`` per question: the numbered sources, the texts and typed facts
each source contributes, the graph's aggregation, the truncation state and
what the question asks for. Verification and rendering only ever look here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zpagent.contract import Source

# Claim and fact kinds. Typed kinds are verified value by value.
KINDS = (
    "thesis_title",
    "thesis_year",
    "supervisor",
    "consultant",
    "start_year",
    "work_title",
    "keyword",
    "topic",
    "person",
    "document",
    "count",
    "statement",
)
THESIS_KINDS = ("bachelor", "master", "dissertation")


@dataclass
class Fact:
    kind: str
    value: str
    source_ids: list[str]
    subject: str | None = None
    thesis_kind: str | None = None


@dataclass
class SourceEvidence:
    source: Source
    authors: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


@dataclass
class Bundle:
    question: str
    engine: str  # "rag" | "graph" | "rag+graph"
    status: str  # ok | no_answer | ambiguous
    reason: str | None
    sources: list[Source]
    by_id: dict[str, SourceEvidence]
    facts: list[Fact] = field(default_factory=list)
    aggregation: dict[str, Any] | None = None
    complete: bool | None = True
    truncated: bool = False
    truncation_reasons: list[str] = field(default_factory=list)
    index_version: dict[str, Any] | None = None
    asked: set[str] = field(default_factory=set)
    candidates: list[dict[str, Any]] = field(default_factory=list)
    context: str = ""

    def text_of(self, source_id: str) -> str:
        ev = self.by_id.get(source_id)
        if ev is None:
            return ""
        facts = [f.value for f in self.facts if source_id in f.source_ids]
        return "\n".join([*ev.texts, *facts])
