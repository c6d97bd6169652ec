"""POST /search and POST /rag."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from zpagent.api.deps import TOOL_DEPS, tool_response
from zpagent.api.errors import TOOL_ERROR_RESPONSES
from zpagent.api.security import allow_unpublished
from zpagent.contract import RagResponse, SearchResponse
from zpagent.requests import RagRequest, SearchRequest

router = APIRouter(tags=["tools"])


@router.post(
    "/search",
    response_model=SearchResponse,
    responses=TOOL_ERROR_RESPONSES,
    dependencies=TOOL_DEPS,
    operation_id="search_wiki",
    summary="Hybridné vyhľadávanie vo wiki / hybrid search over the thesis wiki",
)
def search_endpoint(body: SearchRequest, request: Request) -> JSONResponse:
    """Vráti najrelevantnejšie úseky stránok (BM25 + embeddingy). Returns the most
    relevant passages with their page, section and scores; `no_answer` when nothing
    relevant exists."""
    ws = request.app.state.workspace
    return tool_response(ws.search(body, allow_unpublished(request, body.include_unpublished)))


@router.post(
    "/rag",
    response_model=RagResponse,
    responses=TOOL_ERROR_RESPONSES,
    dependencies=TOOL_DEPS,
    operation_id="rag_wiki",
    summary="Dôkazy na odpoveď so zdrojmi / evidence to answer a question, with citations",
)
def rag_endpoint(body: RagRequest, request: Request) -> JSONResponse:
    """Použi na odpoveď na otázku o študentoch, prácach, vedúcich a témach. Returns
    `context` (evidence tagged [S1], [S2], ...), `instructions` (grounding rules),
    `answer_format` and `sources` with URLs. Answer only from `context` and cite.
    `mode=graph_hybrid` for questions about sets (a supervisor's theses, a topic's
    students, theses of a year): every page of the set is represented."""
    ws = request.app.state.workspace
    return tool_response(ws.rag(body, allow_unpublished(request, body.include_unpublished)))
