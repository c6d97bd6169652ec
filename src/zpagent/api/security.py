"""Authentication, start-up secret checks, security headers and body limits."""

from __future__ import annotations

import hmac
import json
from typing import Any

from fastapi import Request, Security
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from mcp_types import INVALID_REQUEST
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import JSONResponse

from zpagent.config import Settings
from zpagent.contract import error_result
from zpagent.errors import MisdirectedRequest, PayloadTooLarge, Unauthorized, ZPAgentError
from zpagent.mcp.errors import error_object

MIN_SECRET_CHARS = 32


class ConfigurationError(ZPAgentError):
    reason = "invalid_configuration"


def check_secrets(settings: Settings, local_mode: bool) -> None:
    """Refuse to start with weak or reused secrets (message names the variable only)."""
    named = {
        "SEARCH_API_KEY": settings.search_api_key,
        "SYNC_API_KEY": settings.sync_api_key,
        "WEBHOOK_SECRET": settings.webhook_secret,
        "UNPUBLISHED_API_KEY": settings.unpublished_api_key,
    }
    values = {k: v.get_secret_value() for k, v in named.items() if v is not None}
    if not local_mode and "SEARCH_API_KEY" not in values:
        raise ConfigurationError(
            "SEARCH_API_KEY is not set; set it (>= 32 characters) or use "
            "`zpagent serve --insecure-local` for an unauthenticated local demo"
        )
    for name, value in values.items():
        if len(value) < MIN_SECRET_CHARS:
            raise ConfigurationError(f"{name} must be at least {MIN_SECRET_CHARS} characters")
    seen: dict[str, str] = {}
    for name, value in values.items():
        for other, other_value in seen.items():
            if hmac.compare_digest(value.encode(), other_value.encode()):
                raise ConfigurationError(f"{name} and {other} must be different secrets")
        seen[name] = value


bearer_scheme = HTTPBearer(auto_error=False, description="Authorization: Bearer <SEARCH_API_KEY>")
api_key_scheme = APIKeyHeader(
    name="X-API-Key", auto_error=False, description="X-API-Key: <SEARCH_API_KEY>"
)


def presented_key(request: Request) -> str | None:
    key = request.headers.get("x-api-key")
    if key:
        return key
    auth = request.headers.get("authorization", "")
    scheme, _, token = auth.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def verify_key(presented: str | None, expected: Any) -> None:
    """Constant-time comparison; an unset expected key authenticates nobody."""
    if expected is None or presented is None:
        raise Unauthorized("missing credentials")
    if not hmac.compare_digest(presented.encode(), expected.get_secret_value().encode()):
        raise Unauthorized("wrong credentials")


class UnpublishedNotAllowed(ZPAgentError):
    reason = "unpublished_not_allowed"
    http_status = 403
    public_message = "Unpublished pages are available only with the UNPUBLISHED_API_KEY."


def _matches(presented: str | None, expected: Any) -> bool:
    if expected is None or presented is None:
        return False
    return hmac.compare_digest(presented.encode(), expected.get_secret_value().encode())


def search_auth(
    request: Request,
    bearer: HTTPAuthorizationCredentials | None = Security(bearer_scheme),
    api_key: str | None = Security(api_key_scheme),
) -> None:
    """Dependency for tool endpoints; the two schemes document the accepted headers.

    SEARCH_API_KEY or UNPUBLISHED_API_KEY authenticate; only the latter may
    ask for unpublished pages (``allow_unpublished``).
    """
    state = request.app.state
    key = presented_key(request)
    request.state.unpublished_allowed = _matches(key, state.settings.unpublished_api_key)
    if state.local_mode or request.state.unpublished_allowed:
        return
    verify_key(key, state.settings.search_api_key)


def allow_unpublished(request: Request, asked: bool) -> bool:
    """Visibility is server policy: a caller (a model behind a tool client) with
    the search key cannot switch on hidden pages, whatever it sends."""
    if asked and not getattr(request.state, "unpublished_allowed", False):
        raise UnpublishedNotAllowed("include_unpublished without UNPUBLISHED_API_KEY")
    return asked


def sync_auth(
    request: Request,
    bearer: HTTPAuthorizationCredentials | None = Security(bearer_scheme),
    api_key: str | None = Security(api_key_scheme),
) -> None:
    """Dependency for sync endpoints: only SYNC_API_KEY, never the search key."""
    verify_key(presented_key(request), request.app.state.settings.sync_api_key)


SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]
CSP_JSON = b"default-src 'none'; frame-ancestors 'none'"
# The interactive docs page loads Swagger UI from its CDN.
CSP_DOCS = (
    b"default-src 'none'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    b"style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: "
    b"https://fastapi.tiangolo.com; connect-src 'self'; frame-ancestors 'none'"
)


class SecurityMiddleware:
    """Pure ASGI: security headers on every response, and a request body limit.

    ``jsonrpc_paths`` (``/mcp``) refuse a body as a JSON-RPC error: an MCP
    client reads the error object of a non-2xx response and would otherwise
    only see "Server returned an error response".
    """

    def __init__(
        self,
        app: Any,
        max_body_bytes: int,
        path_limits: dict[str, int] | None = None,
        jsonrpc_paths: frozenset[str] = frozenset(),
    ) -> None:
        self.app = app
        self.default_max_body = max_body_bytes
        self.path_limits = path_limits or {}
        self.jsonrpc_paths = jsonrpc_paths

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        csp = CSP_DOCS if path in ("/docs", "/redoc") else CSP_JSON
        max_body = self.path_limits.get(path, self.default_max_body)

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() not in {h for h, _ in SECURITY_HEADERS}
                ]
                headers.extend(SECURITY_HEADERS)
                headers.append((b"content-security-policy", csp))
                message["headers"] = headers
            await send(message)

        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None:
            try:
                too_big = int(declared) > max_body
            except ValueError:
                too_big = True
            if too_big:
                await _reject(
                    scope, send_with_headers, PayloadTooLarge(), path in self.jsonrpc_paths
                )
                return

        received = 0

        async def limited_receive() -> Any:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > max_body:
                    raise PayloadTooLarge("request body too large")
            return message

        if path not in self.jsonrpc_paths:
            await self.app(scope, limited_receive, send_with_headers)
            return
        # A JSON-RPC body is read whole here (it is small), so a body without a
        # length that runs over is refused before the transport sees any of it.
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if len(body) > max_body:
                await _reject(scope, send_with_headers, PayloadTooLarge(), jsonrpc=True)
                return
            if not message.get("more_body"):
                break
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)


class CorsRefused(ZPAgentError):
    reason = "cors_refused"
    http_status = 400
    public_message = "This origin, method or header is not allowed (CORS_ALLOW_ORIGINS)."


class EnvelopeCORSMiddleware(CORSMiddleware):
    """Starlette's CORS, with a refused preflight as the contract's error envelope
    (Starlette sends the plain text "Disallowed CORS origin")."""

    def preflight_response(self, request_headers: Any) -> Any:
        response = super().preflight_response(request_headers)
        if response.status_code < 400:
            return response
        status, body = error_result(CorsRefused())
        headers = {k: v for k, v in response.headers.items() if k.lower().startswith("access-")}
        return JSONResponse(body.model_dump(), status_code=status, headers=headers)


LOCAL_HOST_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})


class LocalHostsOnly:
    """Pure ASGI, ``--insecure-local`` only: requests must be addressed to localhost.

    Without keys, a web page that rebinds its DNS name to 127.0.0.1 could read
    the wiki through the visitor's browser; its requests carry its own name in
    ``Host``, so they are refused (421) as ``/mcp`` refuses them.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            host = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name.lower() not in LOCAL_HOST_NAMES:
                await _reject(scope, send, MisdirectedRequest())
                return
        await self.app(scope, receive, send)


async def _reject(scope: Any, send: Any, exc: Exception, jsonrpc: bool = False) -> None:
    status, body = error_result(exc)
    if jsonrpc:  # no id: the request was refused before it was read
        error = error_object(INVALID_REQUEST, body.reason, body.message)
        payload = json.dumps({"jsonrpc": "2.0", "id": None, "error": error}).encode()
    else:
        payload = body.model_dump_json().encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
