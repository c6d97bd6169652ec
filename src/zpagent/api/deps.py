"""Dependencies shared by route modules."""

from __future__ import annotations

from fastapi import Depends, Request
from fastapi.responses import JSONResponse

from zpagent.api.security import search_auth
from zpagent.contract import Envelope
from zpagent.errors import RetrievalUnavailable
from zpagent.tool_payload import tool_payload


def require_model(request: Request) -> None:
    if not request.app.state.model_loaded:
        raise RetrievalUnavailable("the embedding model is not loaded yet")


# Tool endpoints: SEARCH_API_KEY, and the model must be warm.
TOOL_DEPS = [Depends(search_auth), Depends(require_model)]


def tool_response(env: Envelope) -> JSONResponse:
    """A tool's envelope as tool clients get it (``zpagent.tool_payload``); the
    route's ``response_model`` still documents it."""
    return JSONResponse(tool_payload(env))
