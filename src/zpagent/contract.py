"""Output contract v1: the one envelope every tool returns on every transport.

    status              "ok" | "no_answer" | "ambiguous" | "error"
    reason              stable machine reason, null on success
    sources             [{source_id: "S1", document_path, source_url, title}]
    index_version       object or null (never a version that was not read)
    complete            completeness of retrieval (not truth), null if unknown
    truncated           a limit was provably hit
    truncation_reasons  which limits

Library functions raise ``zpagent.errors.ZPAgentError`` subclasses; HTTP,
the CLI's ``--json`` and MCP turn them into the error envelope with
``error_result`` and nothing else, so there is exactly one error shape.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, SerializeAsAny

from zpagent.errors import ZPAgentError

CONTRACT_VERSION = "1"

Status = Literal["ok", "no_answer", "ambiguous", "error"]
TruncationReason = Literal[
    "candidate_limit",
    "per_document_limit",
    "result_limit",
    "llm_context_budget",
    "entity_limit",
    "evidence_limit",
    "fact_limit",
    "path_limit",
    # history tools: commits listed, pages per commit, bytes of git output, blamed lines
    "commit_limit",
    "file_limit",
    "output_limit",
    "line_limit",
    # the text of old versions is not shown (HISTORY_CONTENT)
    "content_hidden",
    # a progressive build is still embedding: dense retrieval saw only part
    # of the wiki (``index_version.vectors`` is ``partial``)
    "vectors_partial",
]


class Source(BaseModel):
    source_id: str = Field(description="`S1`, `S2`, ... numbered per response; cite as [S1].")
    document_path: str = Field(description="Path of the page inside the wiki.")
    source_url: str | None = Field(description="Public URL of the page; null when unknown.")
    title: str | None = Field(description="Title of the page; null when unknown.")


class Envelope(BaseModel):
    model_config = ConfigDict(extra="forbid")

    contract_version: Literal["1"] = CONTRACT_VERSION
    status: Status
    reason: str | None = Field(None, description="Stable machine reason; null on success.")
    sources: list[Source] = Field(default_factory=list)
    index_version: dict[str, Any] | None = Field(
        None, description="The generation that answered; null when none was read."
    )
    complete: bool | None = Field(
        None, description="Whether retrieval was complete (not whether it is true)."
    )
    truncated: bool = Field(False, description="A limit was provably hit.")
    truncation_reasons: list[TruncationReason] = Field(default_factory=list)


class ErrorDetail(BaseModel):
    loc: str = Field(description="Where the request is invalid, e.g. `body.limit`.")
    type: str | None = Field(None, description="The kind of problem, e.g. `less_than_equal`.")


class ErrorResponse(Envelope):
    status: Literal["error"] = "error"
    reason: str
    message: str = Field(description="A fixed public text for the reason.")
    details: list[ErrorDetail] | None = Field(
        None, description="For invalid_request: where and what, never the submitted values."
    )


def validation_details(errors: list[Any]) -> list[ErrorDetail]:
    """Where and what kind of each validation error, never the submitted values."""
    details = []
    for err in errors[:20]:
        loc = [str(p) for p in err.get("loc", ())]
        if err.get("type") == "extra_forbidden":
            loc = loc[:-1]  # the unknown key itself is submitted input
        details.append(ErrorDetail(loc=".".join(loc), type=err.get("type")))
    return details


def error_result(exc: BaseException) -> tuple[int, ErrorResponse]:
    """The one conversion from an exception to (HTTP status, error envelope).

    Unknown exceptions become ``internal_error``: their text may contain
    paths, secrets or user input and is never returned.
    """
    if isinstance(exc, ZPAgentError):
        return exc.http_status, ErrorResponse(reason=exc.reason, message=exc.public_message)
    return 500, ErrorResponse(reason="internal_error", message=ZPAgentError.public_message)


class SourceRegistry:
    """Numbers documents S1..Sn in order of first use within one response."""

    def __init__(self) -> None:
        self._by_path: dict[str, Source] = {}

    def add(self, document_path: str, source_url: str | None, title: str | None) -> str:
        src = self._by_path.get(document_path)
        if src is None:
            src = Source(
                source_id=f"S{len(self._by_path) + 1}",
                document_path=document_path,
                source_url=source_url,
                title=title,
            )
            self._by_path[document_path] = src
        return src.source_id

    def sources(self) -> list[Source]:
        return list(self._by_path.values())


# --- search ------------------------------------------------------------------


class Scores(BaseModel):
    fts: float | None = Field(None, description="BM25 score (higher is better); null if not found")
    fts_rank: int | None = None
    fts_strategy: str | None = Field(None, description="all_terms | prefix_terms | any_term")
    vector: float | None = Field(None, description="Cosine similarity; null if not found")
    vector_rank: int | None = None
    fused: float = Field(
        description="Fusion score: lexical coverage and semantic margin, each as far as it is "
        "confident, plus the title anchor."
    )
    anchored: bool = Field(
        False, description="Every query term is in the page title or a heading (a title lookup)."
    )
    coverage: float | None = Field(
        None, description="IDF-weighted share of the query terms the chunk matches."
    )
    relevance: float = Field(0.0, description="Score of the relevance gate (>= 0.6 answers).")


class SearchResultItem(BaseModel):
    rank: int
    source_id: str
    document_path: str
    chunk_id: str
    title: str | None
    source_url: str | None
    heading_path: list[str]
    text: str
    scores: Scores


class Confidence(BaseModel):
    """How sure retrieval is that its best evidence answers the query.

    ``high``: the best candidate passes this wiki's relevance gate, fitted at
    index time against questions no page answers; ``low``: a retriever found
    candidates above its floor, but the gate does not vouch for them (the
    ranked evidence is still returned, ``status`` is ``no_answer`` with
    reason ``low_confidence``); ``none``: nothing above any floor.
    """

    level: Literal["high", "low", "none"]
    margin: float = Field(
        description="How far the best evidence stands above this wiki's gate (negative: below it)."
    )
    calibrated: bool = Field(
        description="Whether the gate was fitted on this wiki (false: generic defaults)."
    )


class SearchResponse(Envelope):
    query: str
    mode: str
    confidence: Confidence | None = Field(None, description="Null when nothing was searched.")
    results: list[SearchResultItem] = Field(default_factory=list)


# --- RAG -----------------------------------------------------------------------


class ContextBudget(BaseModel):
    encoding: str = Field(description="Token encoding used to estimate the payload size.")
    limit: int = Field(description="Token budget for the whole JSON payload.")
    used: int = Field(description="Estimated tokens of this JSON payload.")


class EvidenceItem(BaseModel):
    source_id: str
    chunk_id: str
    document_path: str
    heading_path: list[str]
    role: Literal["primary", "section_lead", "page_facts", "graph_lead"] = Field(
        description="`primary`: retrieved; `section_lead`: the start of a primary's section; "
        "`page_facts`: the lines of a person's page stating their theses (title, supervisor, "
        "year); `graph_lead`: the lead of a page the graph put in the set that no text hit "
        "reached."
    )
    expands: str | None = Field(None, description="chunk_id of the primary it was added for.")
    rank: int = Field(description="Rank of the primary this evidence belongs to.")


class GraphEntity(BaseModel):
    label: str = Field(description="Person, Topic, Keyword, Thesis.")
    id: str
    name: str
    role: str | None = Field(None, description="supervisor, consultant, subject, topic, ...")
    source_id: str | None = None


class GraphCandidate(BaseModel):
    id: str
    name: str
    status: str = Field(description="`candidate` (choose one) or `rejected` (a near miss).")
    document_path: str | None = None
    source_id: str | None = None
    summary: str | None = Field(None, description="What tells the candidates apart.")


class GraphScope(BaseModel):
    """What the graph decided for graph-guided retrieval (``mode=graph_hybrid``)."""

    route: Literal["graph_first", "vector_entry"] = Field(
        description="`graph_first`: the question named entities or constraints; `vector_entry`: "
        "it did not, and the best text hits led into the graph."
    )
    intents: list[str] = Field(
        default_factory=list,
        description="supervision, topic, time, comparison, bridge: the relations followed.",
    )
    entities: list[GraphEntity] = Field(default_factory=list)
    pages: int | None = Field(
        None, description="Exact number of pages in the set, counted by the database."
    )
    theses: int | None = Field(
        None, description="Exact number of theses in the set (null when the set is of pages)."
    )
    listed: int = Field(0, description="Pages of the set whose text was ranked.")
    represented: int = Field(0, description="Pages of the set with evidence in this response.")
    complete: bool = Field(description="Every page of the set has evidence in this response.")
    candidates: list[GraphCandidate] = Field(
        default_factory=list,
        description="With `ambiguous`: who a name may mean (ask). With `no_answer`: near misses.",
    )


class RagResponse(Envelope):
    # Per source id: {"authors": [...], "texts": [...]}, for in-process callers
    # (checked answers); never serialized.
    _evidence: dict[str, dict[str, list[str]]] = PrivateAttr(default_factory=dict)

    query: str
    context: str = Field(description="The evidence, each piece once, tagged [S1], [S2], ...")
    instructions: str = Field(description="Grounding rules for the model (Slovak).")
    answer_format: str = Field(description="How to shape the answer (Slovak).")
    context_budget: ContextBudget
    evidence: list[EvidenceItem] = Field(default_factory=list)
    diagnostics: dict[str, Any] | None = Field(
        None, description="Retrieval internals; only with include_diagnostics."
    )
    graph: GraphScope | None = Field(
        None, description="Graph-guided retrieval only: the set of pages and how it was found."
    )
    confidence: Confidence | None = Field(
        None, description="Classic retrieval: how sure the gate is (low: no evidence is given)."
    )


# --- answers ---------------------------------------------------------------------


class Interpretation(BaseModel):
    """How the question was read: its typed query, said back (``interpreted_as``)."""

    text: str = Field(description="The query in one readable line.")
    ask: str = Field(description="fact, profile, list, count, who_wrote, content, open, ...")
    attributes: list[str] = Field(default_factory=list, description="Facts asked for.")
    unit: str = Field("persons", description="What a count counts: persons or theses.")
    subjects: list[str] = Field(default_factory=list, description="Persons asked about.")
    constraints: list[str] = Field(default_factory=list, description="Conditions, readable.")
    not_understood: list[str] = Field(
        default_factory=list, description="Words of the question nothing accounted for."
    )
    unknown_names: list[str] = Field(default_factory=list)
    unknown_terms: list[str] = Field(
        default_factory=list,
        description="What the question names that the wiki does not have (a person, a "
        "keyword or topic, a title): looked for, not found.",
    )
    exact: bool | None = Field(
        None,
        description="Counts and lists may be stated as exact: every word understood and "
        "every relation used has known extraction coverage. Null when nothing is counted.",
    )


class MatchedPerson(BaseModel):
    """Whom a name in the question was matched to: every answer names it."""

    id: str
    name: str = Field(description="The person's name as the wiki writes it.")
    mention: str | None = Field(None, description="The name as written in the question.")
    document_path: str | None = Field(None, description="The person's own page, if any.")
    match: str = Field(description="full, typo or surname (a unique surname alone).")


class VerifiedClaim(BaseModel):
    kind: str
    value: str = Field(description="The value as the evidence writes it (never the model's).")
    sources: list[str]
    subject: str | None = None
    subject_id: str | None = Field(None, description="The person the claim is about.")
    thesis_kind: str | None = None
    evidence: str | None = Field(None, description="The source line the value was read from.")


class ClaimFailure(BaseModel):
    attempt: int = Field(description="1 = first answer, 2 = after the repair round.")
    code: str = Field(description="e.g. unsupported_value, unknown_source, author_as_subject.")
    claim: int | None = Field(None, description="Index of the failing claim, if any.")
    detail: str


class LLMUsage(BaseModel):
    used: bool
    model: str | None = None
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    fallback: str | None = Field(
        None,
        description="Why a configured model was not used: llm_deadline (the answer's "
        "time ran out), llm_unavailable (down, failing or refusing), llm_unverified "
        "(its answer failed verification twice) or llm_no_answer (it found nothing "
        "the evidence answers); the answer is then the one built without the model.",
    )


class AnswerResponse(Envelope):
    # History answers cite commits (``CommitSource``, a ``Source`` with the
    # commit's id, date, author and message): serialized with those fields.
    sources: list[SerializeAsAny[Source]] = Field(default_factory=list)
    query: str
    interpreted_as: str | None = Field(
        None, description="How the question was read, in one line (check it!)."
    )
    answer: str = Field(description="The text to show the user (Slovak), already checked.")
    accepted_for_delivery: bool = Field(
        description="True when every delivered claim was verified against the evidence."
    )
    engine_requested: Literal["rag", "graph", "auto"]
    engine_used: Literal["rag", "graph", "rag+graph", "history", "none"]
    mode: Literal[
        "llm", "deterministic", "extractive", "small_talk", "not_found", "clarify", "history"
    ] = Field(description="`history`: a question about the wiki's changes, answered from Git.")
    claims: list[VerifiedClaim] = Field(default_factory=list)
    failures: list[ClaimFailure] = Field(default_factory=list)
    repair_attempted: bool = False
    llm: LLMUsage = Field(default_factory=lambda: LLMUsage(used=False))
    condensed: dict[str, Any] | None = Field(
        None, description="Set when the evidence was condensed: {applied, cached, tokens}."
    )
    candidates: list[dict[str, Any]] = Field(
        default_factory=list,
        description="When ambiguous: who the question may mean; for an unknown name, the "
        "near misses (status `rejected`).",
    )
    matched: list[MatchedPerson] = Field(
        default_factory=list, description="The persons the question's names were matched to."
    )
    verification_ms: float | None = Field(
        None, description="Time spent binding the model's claims to the evidence (all rounds)."
    )
