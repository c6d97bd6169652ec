"""The one error path of the MCP server, for stdio and Streamable HTTP alike.

Every JSON-RPC error a client sees has a valid code, a message that is a
stable reason followed by a fixed text, and ``data: {"reason": …}`` - never
the input as sent. The SDK's own errors carry it (the unknown URI in the
message and in ``data``, the unknown method in ``data``, pydantic's
``input_value``, a parse position); ``ErrorPolicy`` rewrites them as the
server middleware that wraps every request, and ``public_error`` is the same
rewrite for the errors the HTTP transport makes outside that chain.

A tool's own failure is not a protocol error: it is a tool result (see
``server``), so the model can read it.
"""

from __future__ import annotations

import logging
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS
from pydantic import ValidationError

from zpagent.contract import error_result
from zpagent.errors import ZPAgentError

log = logging.getLogger("zpagent.mcp")

# The SDK's messages that start with what they refuse ("Unknown resource: <uri>").
_SDK_MESSAGES = (
    ("unknown resource", "unknown_resource", "No such resource."),
    ("unknown prompt", "unknown_prompt", "No such prompt."),
    ("unknown tool", "unknown_tool", "No such tool."),
)
BY_CODE = {
    -32700: ("parse_error", "The body is not valid JSON."),
    -32600: ("invalid_request", "Not a valid JSON-RPC request."),
    -32601: ("unknown_method", "No such method."),
    -32602: ("invalid_params", "The parameters are not valid."),
    -32603: ("internal_error", "Internal error."),
}
# JSON-RPC reserves -32768..-32000; the SDK sends 0 for an unexpected exception.
_VALID = set(BY_CODE) | set(range(-32099, -32000 + 1))


def error_object(code: int, reason: str, text: str) -> dict[str, Any]:
    return {"code": code, "message": f"{reason}: {text}", "data": {"reason": reason}}


def public_error(error: dict[str, Any]) -> dict[str, Any]:
    """A JSON-RPC error object as a client may see it (ours pass as they are)."""
    data = error.get("data")
    message = str(error.get("message") or "")
    code = error.get("code")
    reason = data.get("reason") if isinstance(data, dict) else None
    if code in _VALID and isinstance(reason, str) and message.startswith(f"{reason}: "):
        return {"code": code, "message": message, "data": {"reason": reason}}
    lowered = message.lower()
    for prefix, reason, text in _SDK_MESSAGES:
        if lowered.startswith(prefix):
            return error_object(INVALID_PARAMS, reason, text)
    if code not in _VALID:
        return error_object(INTERNAL_ERROR, *BY_CODE[INTERNAL_ERROR])
    return error_object(code, *BY_CODE.get(code, ("error", "The request failed.")))


def protocol_error(exc: BaseException) -> MCPError:
    """The JSON-RPC error of any failure outside a tool call, as the client sees it."""
    if isinstance(exc, MCPError):
        return MCPError(**public_error(exc.error.model_dump()))
    if isinstance(exc, ValidationError):
        return MCPError(**error_object(INVALID_PARAMS, *BY_CODE[INVALID_PARAMS]))
    if isinstance(exc, ZPAgentError):
        status, body = error_result(exc)
        if status >= 500:
            log.warning("mcp request -> %s", body.reason, exc_info=exc)
        code = INVALID_PARAMS if status < 500 else INTERNAL_ERROR
        return MCPError(**error_object(code, body.reason, body.message))
    # The SDK raises plain exceptions too ("Unknown prompt: …" is a ValueError).
    error = public_error({"code": INTERNAL_ERROR, "message": str(exc)})
    if error["code"] == INTERNAL_ERROR:
        log.error("mcp request failed", exc_info=exc)
    return MCPError(**error)


class ErrorPolicy:
    """Server middleware: every request's failure leaves as ``protocol_error``."""

    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        try:
            return await call_next(ctx)
        except Exception as exc:  # rewritten, never passed on as is
            raise protocol_error(exc) from exc
