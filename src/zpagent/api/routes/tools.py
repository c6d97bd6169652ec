"""POST /search and POST /rag."""

from __future__ import annotations

from fastapi import APIRouter, Request

from zpagent.api.deps import TOOL_DEPS
from zpagent.api.errors import ERROR_RESPONSES
from zpagent.api.models import RagRequest, SearchRequest
from zpagent.contract import RagResponse, SearchResponse
from zpagent.rag.build import rag as run_rag
from zpagent.search.hybrid import search as run_search
from zpagent.search.response import search_response

router = APIRouter(tags=["tools"])


@router.post(
    "/search",
    response_model=SearchResponse,
    responses=ERROR_RESPONSES,
    dependencies=TOOL_DEPS,
    operation_id="search_wiki",
    summary="Hybridné vyhľadávanie vo wiki / hybrid search over the thesis wiki",
)
def search_endpoint(body: SearchRequest, request: Request) -> SearchResponse:
    """Vráti najrelevantnejšie úseky stránok (BM25 + embeddingy). Returns the most
    relevant passages with their page, section and scores; `no_answer` when nothing
    relevant exists."""
    state = request.app.state
    with state.manager.use() as gen:
        outcome = run_search(
            gen,
            state.workspace.query_embedder if body.mode != "fts" else None,
            body.query,
            mode=body.mode,
            limit=body.limit,
            max_per_document=body.max_per_document,
            include_unpublished=body.include_unpublished,
        )
        return search_response(outcome, gen.index_version)


@router.post(
    "/rag",
    response_model=RagResponse,
    responses=ERROR_RESPONSES,
    dependencies=TOOL_DEPS,
    operation_id="rag_wiki",
    summary="Dôkazy na odpoveď so zdrojmi / evidence to answer a question, with citations",
)
def rag_endpoint(body: RagRequest, request: Request) -> RagResponse:
    """Použi na odpoveď na otázku o študentoch, prácach, vedúcich a témach. Returns
    `context` (evidence tagged [S1], [S2], ...), `instructions` (grounding rules),
    `answer_format` and `sources` with URLs. Answer only from `context` and cite."""
    state = request.app.state
    settings = state.settings
    with state.manager.use() as gen:
        return run_rag(
            gen,
            state.workspace.query_embedder,
            body.query,
            limit=body.limit,
            max_per_document=body.max_per_document,
            include_unpublished=body.include_unpublished,
            include_diagnostics=body.include_diagnostics,
            budget_tokens=settings.rag_llm_max_tokens,
            encoding=settings.rag_llm_token_encoding,
        )
