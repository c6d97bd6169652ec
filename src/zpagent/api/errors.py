"""The one place where the HTTP transport turns exceptions into envelopes."""

from __future__ import annotations

import asyncio
import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from zpagent.api.security import CSP_JSON, SECURITY_HEADERS
from zpagent.contract import ErrorResponse, error_result, validation_details
from zpagent.errors import InvalidRequest, NotFound, Overloaded, ZPAgentError

log = logging.getLogger("zpagent.api")

# An overloaded refusal is sent after this pause. A client that honours
# Retry-After loses nothing (it waits longer anyway); one that sends again at
# once (a flood) is slowed to a few requests per second per connection
# instead of costing the server a refusal every millisecond. The pause holds
# no thread, only the waiting connection.
REFUSAL_DELAY_S = 0.2


async def pause_before_refusal() -> None:
    await asyncio.sleep(REFUSAL_DELAY_S)


class MethodNotAllowed(ZPAgentError):
    reason = "method_not_allowed"
    http_status = 405
    public_message = "Method not allowed."


def envelope_response(exc: BaseException, request: Request | None = None) -> JSONResponse:
    """The error body of the request's transport: the contract envelope, or, under
    ``/v1/`` (the OpenAI-compatible chat), OpenAI's error shape that its clients read."""
    if request is not None and request.url.path.startswith("/v1/"):
        from zpagent.api.openai_models import openai_error

        status, payload = openai_error(exc)
        response = JSONResponse(payload, status_code=status)
    else:
        status, body = error_result(exc)
        response = JSONResponse(body.model_dump(), status_code=status)
    retry_after = getattr(exc, "retry_after", None)
    if retry_after:
        response.headers["Retry-After"] = str(int(retry_after))
    return response


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ZPAgentError)
    async def _zpagent(request: Request, exc: ZPAgentError) -> JSONResponse:
        if isinstance(exc, Overloaded):
            # Expected under load and refused before any work: no traceback per request.
            log.info("%s %s -> overloaded (%s)", request.method, request.url.path, exc)
            await pause_before_refusal()
        elif exc.http_status >= 500:
            # The operator's log keeps the cause; the response never does.
            log.warning("%s %s -> %s", request.method, request.url.path, exc.reason, exc_info=exc)
        return envelope_response(exc, request)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        if request.url.path.startswith("/v1/"):
            return envelope_response(InvalidRequest(), request)
        status, body = error_result(InvalidRequest())
        body.details = validation_details(list(exc.errors()))
        return JSONResponse(body.model_dump(), status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # FastAPI turns any error raised while it reads the body into a 400
        # HTTPException "from" that error; our own (the body limit hit by a
        # chunked request without Content-Length) keeps its reason and status.
        if isinstance(exc.__cause__, ZPAgentError):
            return envelope_response(exc.__cause__, request)
        if exc.status_code == 404:
            return envelope_response(NotFound(), request)
        if exc.status_code == 405:
            return envelope_response(MethodNotAllowed(), request)
        if exc.status_code == 401:
            from zpagent.errors import Unauthorized

            return envelope_response(Unauthorized(), request)
        return envelope_response(InvalidRequest(), request)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
        response = envelope_response(exc, request)
        # Starlette sends this response from its outermost middleware, outside
        # SecurityMiddleware, so the security headers are added here.
        for name, value in (*SECURITY_HEADERS, (b"content-security-policy", CSP_JSON)):
            response.headers[name.decode()] = value.decode()
        return response


ERROR_RESPONSES = {
    400: {"model": ErrorResponse, "description": "invalid_query"},
    401: {"model": ErrorResponse, "description": "unauthorized"},
    413: {"model": ErrorResponse, "description": "payload_too_large"},
    422: {"model": ErrorResponse, "description": "invalid_request"},
    500: {"model": ErrorResponse, "description": "internal_error"},
    503: {
        "model": ErrorResponse,
        "description": "retrieval_unavailable; overloaded (retry after `Retry-After` seconds)",
    },
}
# Tool endpoints also refuse include_unpublished without the UNPUBLISHED_API_KEY.
TOOL_ERROR_RESPONSES = ERROR_RESPONSES | {
    403: {"model": ErrorResponse, "description": "unpublished_not_allowed"}
}
