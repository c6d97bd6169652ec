"""OpenAI-compatible chat: the request, the response pieces and the error shape.

Open WebUI, LibreChat and the ``openai`` client add ZP Agent as a model
connection. Requests are tolerant of the parameters such clients send
(temperature, max_tokens, stream_options, user, ...) and refuse what the
agent cannot honour (tools, several choices, JSON output) with an OpenAI
error body; sources travel in the shape Open WebUI turns into citation
chips (``source``/``document``/``metadata``).
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from zpagent.errors import ZPAgentError

MODELS = {
    "zpagent": ("auto", "ZP Agent (overená odpoveď: graf aj texty)"),
    "zpagent-rag": ("rag", "ZP Agent (overené RAG z textov)"),
    "zpagent-graph": ("graph", "ZP Agent (overený GraphRAG)"),
}


class UnsupportedParameter(ZPAgentError):
    reason = "unsupported_parameter"
    http_status = 400
    public_message = (
        "ZP Agent answers from the wiki only: tools, several choices and JSON output "
        "are not supported."
    )


class UnknownModel(ZPAgentError):
    reason = "model_not_found"
    http_status = 404
    public_message = "Unknown model: use one listed by GET /v1/models."


class ChatRequest(BaseModel):
    # Clients send many optional parameters; the ones that change nothing here are accepted.
    model_config = ConfigDict(extra="allow")

    model: str = Field(description="zpagent, zpagent-rag or zpagent-graph (GET /v1/models).")
    messages: list[dict[str, Any]] = Field(min_length=1, max_length=200)
    stream: bool = False
    n: int | None = None
    tools: list[Any] | None = None
    tool_choice: Any = None
    functions: list[Any] | None = None
    function_call: Any = None
    response_format: dict[str, Any] | None = None

    def check_supported(self) -> str:
        """The answer engine for the model, or ``UnsupportedParameter``/``UnknownModel``."""
        if self.tools or self.functions or self.function_call not in (None, "none"):
            raise UnsupportedParameter("tools")
        if self.tool_choice not in (None, "none", "auto"):
            raise UnsupportedParameter("tool_choice")
        if self.n not in (None, 1):
            raise UnsupportedParameter("n")
        if self.response_format and self.response_format.get("type") not in (None, "text"):
            raise UnsupportedParameter("response_format")
        if self.model not in MODELS:
            raise UnknownModel(self.model)
        return MODELS[self.model][0]


def model_list() -> dict[str, Any]:
    created = 1_764_547_200  # fixed: the models do not change
    return {
        "object": "list",
        "data": [
            {"id": mid, "object": "model", "created": created, "owned_by": "zpagent", "name": name}
            for mid, (_, name) in MODELS.items()
        ],
    }


def openai_error(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """The OpenAI error body for an exception (no exception text, ever)."""
    if not isinstance(exc, ZPAgentError):
        exc = ZPAgentError()
    kind = {
        401: "authentication_error",
        404: "invalid_request_error",
        429: "rate_limit_error",
    }.get(exc.http_status, "invalid_request_error" if exc.http_status < 500 else "server_error")
    body = {"message": exc.public_message, "type": kind, "param": None, "code": exc.reason}
    return exc.http_status, {"error": body}


class Completion:
    """Ids and timestamps shared by every chunk of one completion."""

    def __init__(self, model: str) -> None:
        self.id = f"chatcmpl-{uuid.uuid4().hex[:24]}"
        self.created = int(time.time())
        self.model = model

    def chunk(self, delta: dict[str, Any], finish: str | None = None, **extra: Any) -> dict:
        return {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            **extra,
        }

    def whole(self, content: str, **extra: Any) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
            **extra,
        }
