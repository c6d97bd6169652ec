"""Request models: strict (unknown fields are refused), bounded limits.

They live in the core, not in a transport: HTTP, MCP and the CLI build the
same requests and the facade (``Workspace``) answers them, so the same
request means the same thing everywhere.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from zpagent.search.query import MAX_QUERY_CHARS

QueryField = Field(
    min_length=1,
    max_length=MAX_QUERY_CHARS,
    description="Otázka alebo hľadaný výraz, po slovensky alebo anglicky. "
    "The question or search terms, in Slovak or English.",
    examples=["Aký názov práce má Ján Holp?"],
)


# Visibility is server policy: honoured only for the UNPUBLISHED_API_KEY
# (``security.allow_unpublished``) and left out of the published schema, so no
# tool client offers it to a model.
Unpublished = SkipJsonSchema[bool]
UnpublishedField = Field(
    False, description="Include pages marked published: false (UNPUBLISHED_API_KEY only)."
)


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SearchRequest(StrictModel):
    query: str = QueryField
    mode: Literal["hybrid", "fts", "vector"] = Field(
        "hybrid", description="hybrid (default), fts (BM25 only) or vector (embeddings only)."
    )
    limit: int = Field(10, ge=1, le=50, description="Počet výsledkov / number of results.")
    max_per_document: int = Field(
        1, ge=1, le=10, description="Najviac úsekov z jednej stránky / chunks per page."
    )
    include_unpublished: Unpublished = UnpublishedField


class RagRequest(StrictModel):
    query: str = QueryField
    mode: Literal["auto", "hybrid", "graph_hybrid"] = Field(
        "auto",
        description="auto (default): graph_hybrid when the question names persons, "
        "supervisors, titles, topics or kinds the graph knows, else hybrid. hybrid: hybrid "
        "search over the whole wiki. graph_hybrid: the knowledge graph picks the pages the "
        "question is about (a supervisor's theses, a topic's students, ...; exact count in "
        "`graph`), hybrid search ranks their text.",
    )
    limit: int = Field(8, ge=1, le=20, description="Počet primárnych úsekov / primary chunks.")
    max_per_document: int | None = Field(
        None,
        ge=1,
        le=10,
        description="Chunks per page (default: 1; graph_hybrid: the limit shared by the pages).",
    )
    include_unpublished: Unpublished = UnpublishedField
    include_diagnostics: bool = Field(
        False, description="Add retrieval internals and expansion texts in `diagnostics`."
    )


class GraphRequest(StrictModel):
    query: str = QueryField
    limit: int = Field(
        10,
        ge=1,
        le=100,
        description="Najviac osôb, faktov a ciest / most entities, facts and paths. "
        "Counts stay exact whatever the limit.",
    )
    include_unpublished: Unpublished = UnpublishedField


class ToolHealth(BaseModel):
    ready: bool
    index_version: dict[str, Any] | None = None
    coverage: dict[str, str] | None = Field(
        None,
        description="graph: how completely each relation was read from this wiki "
        "(complete, absent, partial, unknown); exact counts only over complete or absent.",
    )
    gate: dict[str, Any] | None = Field(
        None,
        description="search and rag: the relevance gate fitted on this wiki at index time "
        "(null: a generation built before calibration; generic defaults apply).",
    )


class HealthResponse(BaseModel):
    status: Literal["ok", "unavailable"]
    ready: bool
    index_version: dict[str, Any] | None
    tools: dict[str, ToolHealth]
    last_sync: dict[str, Any] | None = None
    index_outdated: bool = Field(
        False,
        description="The served index was built by another pipeline version of ZP Agent; "
        "it keeps serving until `zpagent sync` (or a push) rebuilds it.",
    )
    vectors: Literal["complete", "partial"] | None = Field(
        None,
        description="`partial` while a progressive build still embeds: lexical search, the "
        "graph and checked answers work, dense retrieval sees part of the wiki; null when "
        "nothing is published.",
    )


class AnswerRequest(StrictModel):
    query: str = QueryField
    engine: Literal["rag", "graph", "auto"] = Field(
        "auto",
        description="rag (text evidence), graph (facts, no LLM needed) or auto (routed).",
    )
    include_unpublished: Unpublished = UnpublishedField
