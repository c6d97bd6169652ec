"""Graph-guided retrieval: the envelope around the evidence.

The ``graph`` part of the response (the set, its exact size, how it was found),
its diagnostics, and the refusal (``ambiguous`` or ``no_answer``) given with no
evidence, as graph search would answer (``graph_guided``).
"""

from __future__ import annotations

from typing import Any

from zpagent.contract import (
    ContextBudget,
    GraphCandidate,
    GraphEntity,
    GraphScope,
    RagResponse,
)
from zpagent.graph.answers.page_set import Scope
from zpagent.index.reader import Generation
from zpagent.ingest.tokens import TokenCounter
from zpagent.query.describe import describe
from zpagent.rag.graph_guided_text import _Selection
from zpagent.rag.prompts import ANSWER_FORMAT, INSTRUCTIONS

# --- the envelope ---------------------------------------------------------------------


def _graph_model(scope: Scope, resp: RagResponse | None) -> GraphScope:
    sids = {s.document_path: s.source_id for s in resp.sources} if resp else {}
    with_evidence = {e.document_path for e in resp.evidence} if resp else set()
    listed = [t.document_path for t in scope.targets]
    represented = len(set(listed) & with_evidence)
    return GraphScope(
        route=scope.route,  # type: ignore[arg-type]
        intents=scope.intents,
        entities=[
            GraphEntity(
                label=e.label,
                id=e.id,
                name=e.name,
                role=e.role,
                source_id=sids.get(e.document_path or ""),
            )
            for e in scope.entities
        ],
        pages=scope.pages,
        theses=scope.theses,
        listed=len(listed),
        represented=represented,
        complete=bool(listed)
        and not (scope.connected or scope.partial)
        and represented == len(set(listed)) == (scope.pages or 0),
        candidates=[
            GraphCandidate(
                id=c.id,
                name=c.name,
                status=c.status,
                document_path=c.document_path,
                source_id=c.source_id,
                summary=c.summary,
            )
            for c in scope.candidates
        ],
    )


def _graph_diagnostics(scope: Scope, sel: _Selection | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "route": scope.route,
        "intents": scope.intents,
        "interpreted_as": describe(scope.question) if scope.question else None,
        "steps": [s.to_dict() for s in scope.steps],
    }
    if sel is not None:
        out["quota_per_page"] = sel.quota
        out["selected"] = [
            {
                "document_path": h.document_path,
                "chunk_id": h.chunk_id,
                "role": sel.roles.get(h.rowid, "primary"),
            }
            for h in sel.hits
        ]
    return out


def _refusal(
    gen: Generation, scope: Scope, budget_tokens: int, encoding: str, include_diagnostics: bool
) -> RagResponse:
    """``ambiguous`` (the candidates to ask about) or ``no_answer`` (the reason,
    the near misses): no evidence, as graph search would answer."""
    builder = scope.builder
    reason = scope.reason or "no_matching_facts"
    resp = RagResponse(
        status=scope.status if scope.status in ("ambiguous", "no_answer") else "no_answer",  # type: ignore[arg-type]
        reason=reason,
        sources=builder.registry.sources() if builder else [],
        index_version=gen.index_version,
        complete=None if scope.status == "ambiguous" else not scope.truncated,
        truncated=False,
        query=scope.question.text if scope.question else "",
        context="",
        instructions=INSTRUCTIONS,
        answer_format=ANSWER_FORMAT,
        context_budget=ContextBudget(encoding=encoding, limit=budget_tokens, used=0),
        diagnostics={"graph": _graph_diagnostics(scope, None)} if include_diagnostics else None,
    )
    resp.graph = _graph_model(scope, None)
    resp.context_budget.used = TokenCounter(encoding).count(resp.model_dump_json())
    return resp
