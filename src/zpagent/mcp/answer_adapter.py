"""The one place the MCP server calls the checked-answer service.

``zpagent.answer.service.answer`` is being reworked; keeping its call here
means adapting MCP to a new signature touches this function only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zpagent.contract import AnswerResponse
from zpagent.index.reader import Generation

if TYPE_CHECKING:
    from zpagent.mcp.backend import Backend


def checked_answer(backend: Backend, gen: Generation, query: str, engine: str) -> AnswerResponse:
    from zpagent.answer.service import answer
    from zpagent.history.answer import history_asker

    ws = backend.workspace
    return answer(
        gen,
        ws.query_embedder,
        query,
        ws.answer_options(engine, include_unpublished=False),
        client=backend.llm_client,
        cache=backend.condense_cache,
        history=history_asker(ws, gen),
    )
