"""Dependencies shared by route modules."""

from __future__ import annotations

from fastapi import Depends, Request

from zpagent.api.security import search_auth
from zpagent.errors import RetrievalUnavailable


def require_model(request: Request) -> None:
    if not request.app.state.model_loaded:
        raise RetrievalUnavailable("the embedding model is not loaded yet")


# Tool endpoints: SEARCH_API_KEY, and the model must be warm.
TOOL_DEPS = [Depends(search_auth), Depends(require_model)]
