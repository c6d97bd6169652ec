"""POST /answer: a checked answer (every delivered claim verified)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from zpagent.api.deps import TOOL_DEPS, tool_response
from zpagent.api.errors import TOOL_ERROR_RESPONSES
from zpagent.api.security import allow_unpublished
from zpagent.contract import AnswerResponse
from zpagent.requests import AnswerRequest

router = APIRouter(tags=["tools"])


@router.post(
    "/answer",
    response_model=AnswerResponse,
    responses=TOOL_ERROR_RESPONSES,
    dependencies=TOOL_DEPS,
    operation_id="answer_question",
    summary="Overená odpoveď s citáciami / a checked answer with citations",
)
def answer_endpoint(body: AnswerRequest, request: Request) -> JSONResponse:
    """Odpoveď v slovenčine, ktorej každé tvrdenie bolo overené v zdrojoch. Returns
    `answer` (show it as is), `accepted_for_delivery`, the verified `claims` and the
    `sources`. Ambiguous questions come back as a clarifying question (`ambiguous`)."""
    ws = request.app.state.workspace
    return tool_response(ws.answer(body, allow_unpublished(request, body.include_unpublished)))
