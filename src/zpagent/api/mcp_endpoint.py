"""``/mcp`` on the API server: the MCP tools over Streamable HTTP, same process, same auth.

The endpoint checks ``SEARCH_API_KEY`` (``Authorization: Bearer`` or
``X-API-Key``, compared in constant time, exactly like the tool routes) and
answers 401 with the contract's error envelope otherwise; in
``--insecure-local`` mode there is no key, and the SDK's DNS-rebinding
protection (Host and Origin must be localhost) stands in for it. Sessions
are stateless and responses plain JSON, so any number of workers and any
proxy work.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
from mcp.server.transport_security import TransportSecuritySettings
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from zpagent.api.security import presented_key, verify_key
from zpagent.contract import ErrorResponse, error_result
from zpagent.errors import RetrievalUnavailable, Unauthorized
from zpagent.mcp.backend import Backend
from zpagent.mcp.errors import public_error
from zpagent.mcp.server import ZPAgentMCP, build_server

PATH = "/mcp"
LOCAL_HOSTS = ["127.0.0.1:*", "localhost:*", "[::1]:*"]
LOCAL_ORIGINS = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]


class McpEndpoint:
    """ASGI endpoint: authenticate, then hand the request to the SDK's transport."""

    def __init__(self, server: ZPAgentMCP, state: Any) -> None:
        self.server = server
        self.state = state
        self._transport: StreamableHTTPASGIApp | None = None

    def _security(self) -> TransportSecuritySettings:
        if self.state.local_mode:
            return TransportSecuritySettings(
                enable_dns_rebinding_protection=True,
                allowed_hosts=LOCAL_HOSTS,
                allowed_origins=LOCAL_ORIGINS,
            )
        # A bearer key is required: a page rebinding DNS to us cannot present it.
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """Run the transport for the app's lifetime (a fresh session manager each time)."""
        self.server.streamable_http_app(
            streamable_http_path=PATH,
            stateless_http=True,
            json_response=True,
            transport_security=self._security(),
        )
        manager = self.server.session_manager
        async with manager.run():
            self._transport = StreamableHTTPASGIApp(manager)
            try:
                yield
            finally:
                self._transport = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if not self.state.local_mode:
            try:
                verify_key(presented_key(Request(scope)), self.state.settings.search_api_key)
            except Unauthorized as exc:
                await _envelope(exc, {"WWW-Authenticate": "Bearer"})(scope, receive, send)
                return
        if self._transport is None:
            await _envelope(RetrievalUnavailable("MCP is not running"))(scope, receive, send)
            return
        await self._transport(scope, receive, _Sanitized(send))


# The transport's own refusals, which it sends as plain text.
_BY_STATUS = {
    400: ("invalid_request", "Not a valid MCP request."),
    404: ("not_found", "Not found."),
    405: ("method_not_allowed", "Use POST (or GET for the event stream)."),
    406: ("not_acceptable", "Accept application/json and text/event-stream."),
    415: ("unsupported_media_type", "Send Content-Type: application/json."),
    421: ("invalid_host", "In local mode only requests addressed to localhost."),
}


class _Sanitized:
    """An ASGI ``send`` that rewrites the errors of a JSON response (``public_error``)."""

    def __init__(self, send: Any) -> None:
        self.send = send
        self.start: dict[str, Any] | None = None
        self.plain_error = False
        self.body = b""

    async def __call__(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            headers = {k.lower(): v for k, v in message.get("headers", [])}
            json_body = headers.get(b"content-type", b"").startswith(b"application/json")
            self.plain_error = not json_body and message.get("status", 200) >= 400
            if json_body or self.plain_error:
                self.start = message  # held until the body is complete
                return
        elif message["type"] == "http.response.body" and self.start is not None:
            self.body += message.get("body", b"")
            if message.get("more_body"):
                return
            if self.plain_error:  # the SDK's plain-text refusals ("Invalid Content-Type")
                status = self.start.get("status", 400)
                reason, text = _BY_STATUS.get(status, ("invalid_request", "Bad request."))
                body = ErrorResponse(reason=reason, message=text).model_dump_json().encode()
                self.start = {
                    **self.start,
                    "headers": [
                        (k, v)
                        for k, v in self.start.get("headers", [])
                        if k.lower() not in (b"content-type", b"content-length")
                    ]
                    + [(b"content-type", b"application/json"), (b"content-length", b"0")],
                }
            else:
                body = _rewritten(self.body)
            headers = [
                (k, str(len(body)).encode() if k.lower() == b"content-length" else v)
                for k, v in self.start.get("headers", [])
            ]
            await self.send({**self.start, "headers": headers})
            self.start = None
            await self.send({"type": "http.response.body", "body": body})
            return
        await self.send(message)


def _rewritten(body: bytes) -> bytes:
    try:
        payload = json.loads(body)
    except ValueError:
        return body
    items = payload if isinstance(payload, list) else [payload]
    changed = False
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("error"), dict):
            item["error"] = public_error(item["error"])
            changed = True
    return json.dumps(payload).encode() if changed else body


def _envelope(exc: Exception, headers: dict[str, str] | None = None) -> JSONResponse:
    status, body = error_result(exc)
    return JSONResponse(body.model_dump(), status_code=status, headers=headers)


def mount_mcp(app: FastAPI) -> McpEndpoint:
    """Add ``/mcp`` to the app; enter ``endpoint.running()`` in the app's lifespan."""
    state = app.state
    backend = Backend(state.workspace, ready=lambda: bool(state.model_loaded))
    endpoint = McpEndpoint(build_server(backend), state)
    app.router.routes.append(Route(PATH, endpoint=endpoint))
    return endpoint
