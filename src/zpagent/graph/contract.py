"""Contract v1 for graph search: ``GraphResponse`` and its parts.

The envelope fields (status, reason, sources, index_version, complete,
truncated, truncation_reasons) are the shared ``Envelope``. Everything a
graph answer states is a fact with its evidence: the page, the chunk and
the source line, and the ``source_id`` to cite.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from zpagent.contract import Envelope, Interpretation, MatchedPerson


class EntityRef(BaseModel):
    id: str = Field(description="Stable id of the node (case- and diacritics-insensitive).")
    label: str = Field(description="Person, Topic, Keyword, Thesis, Work, Document, ...")
    name: str = Field(description="Display name (with diacritics), title or page path.")
    role: str | None = Field(
        None, description="subject, supervisor, consultant, author, member, endpoint, ..."
    )
    document_path: str | None = Field(None, description="The entity's own page, if any.")
    source_id: str | None = Field(None, description="Source to cite for the entity's page.")


class EvidenceLine(BaseModel):
    source_id: str = Field(description="Cite as [S1].")
    document_path: str
    chunk_id: str | None = Field(None, description="The chunk holding the line (search index).")
    line: int | None = Field(
        None, description="1-based line in the page body; null for front matter values."
    )
    text: str = Field(description="The source line as written on the page.")
    field: str = Field(description="What the line states: title, supervisor, year_heading, ...")


class GraphFact(BaseModel):
    id: str
    subject: EntityRef
    predicate: str = Field(
        description="title, year, supervisor, consultant, start_year, work, member_of_topic, "
        "has_keyword, wrote_page, authored, ..."
    )
    value: str | int | None = Field(None, description="The stated value (null when missing).")
    object: EntityRef | None = None
    qualifiers: dict[str, Any] = Field(
        default_factory=dict,
        description="Thesis kind, year sources, conflicts (heading vs category year), ...",
    )
    documents: list[str] = Field(default_factory=list, description="Evidence pages.")
    source_ids: list[str] = Field(default_factory=list)
    evidence: list[EvidenceLine] = Field(default_factory=list)


class PathRelationship(BaseModel):
    type: str
    start: int = Field(description="Index into the path's nodes.")
    end: int = Field(description="Index into the path's nodes.")


class GraphPath(BaseModel):
    length: int = Field(description="Number of relationships (at most 4).")
    nodes: list[EntityRef]
    relationships: list[PathRelationship]
    text: str = Field(description="The path as one readable line.")
    source_ids: list[str] = Field(default_factory=list)


class GraphDocument(BaseModel):
    source_id: str
    document_path: str
    title: str | None
    source_url: str | None
    kind: str | None = Field(None, description="person, topic or page")
    published: bool | None = None


class Aggregation(BaseModel):
    count: int = Field(description="Count over the graph's whole sets, whatever the limit.")
    complete: bool = Field(description="Every counted item is listed in this response.")
    exact: bool = Field(
        True,
        description="The count is exact: the question was wholly understood and every "
        "relation it uses is extracted completely on this wiki; otherwise a lower bound.",
    )
    inexact_because: list[str] = Field(
        default_factory=list,
        description="Why the count is not exact: not_understood (a part of the question "
        "was not read), coverage:<relation> (this wiki's pages state it where extraction "
        "read nothing or not everything; see `zpagent graph stats --problems`).",
    )
    unit: str = Field(description="What is counted: persons, theses, works, documents.")
    returned: int = Field(description="Items listed in this response.")
    limit: int
    persons: int | None = Field(None, description="Distinct persons matched.")
    items: int | None = Field(None, description="Distinct theses/works/documents matched.")


class Candidate(BaseModel):
    id: str
    name: str
    label: str = "Person"
    status: str = Field(
        description="`candidate` (the name fits; choose one) or `rejected` (a near miss)."
    )
    document_path: str | None = None
    source_id: str | None = None
    login: str | None = Field(None, description="The person's login (tells namesakes apart).")
    summary: str | None = Field(None, description="What tells the candidates apart.")
    score: float | None = None


class GraphResponse(Envelope):
    query: str
    interpreted_as: str | None = Field(
        None, description="How the question was read, in one line (check it!)."
    )
    interpretation: Interpretation | None = None
    answers: list[str] = Field(
        default_factory=list,
        description="The direct answer values (titles, years, names, counts, pages).",
    )
    entities: list[EntityRef] = Field(default_factory=list)
    facts: list[GraphFact] = Field(default_factory=list)
    paths: list[GraphPath] = Field(default_factory=list)
    documents: list[GraphDocument] = Field(default_factory=list)
    aggregation: Aggregation | None = None
    candidates: list[Candidate] = Field(
        default_factory=list,
        description="With `ambiguous`: who the name may mean. With `no_answer`: near misses.",
    )
    matched: list[MatchedPerson] = Field(
        default_factory=list, description="The persons the question's names were matched to."
    )
