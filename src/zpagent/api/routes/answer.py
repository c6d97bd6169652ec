"""POST /answer: a checked answer (every delivered claim verified)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from zpagent.answer.service import answer
from zpagent.api.deps import TOOL_DEPS, tool_response
from zpagent.api.errors import TOOL_ERROR_RESPONSES
from zpagent.api.models import AnswerRequest
from zpagent.api.security import allow_unpublished
from zpagent.contract import AnswerResponse
from zpagent.history.answer import history_asker

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
    state = request.app.state
    ws = state.workspace
    with state.manager.use() as gen:
        resp = answer(
            gen,
            ws.query_embedder,
            body.query,
            ws.answer_options(body.engine, allow_unpublished(request, body.include_unpublished)),
            client=state.llm_client,
            cache=state.condense_cache,
            history=history_asker(ws, gen),
        )
    return tool_response(resp)
