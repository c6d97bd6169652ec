"""Typed exceptions: each carries its stable reason and its HTTP status.

    ZPAgentError                      (500 internal_error)
    ├── InvalidQuery                  (400 invalid_query)
    │   └── QueryTooLong              (400 invalid_query)  says so in its public message
    ├── InvalidRequest                (422 invalid_request)
    ├── Unauthorized                  (401 unauthorized)
    ├── NotFound                      (404 not_found)
    ├── PayloadTooLarge               (413 payload_too_large)
    ├── MisdirectedRequest            (421 invalid_host)  --insecure-local: not for localhost
    ├── RetrievalUnavailable          (503 retrieval_unavailable)
    │   └── Overloaded                (503 overloaded, with Retry-After)  a bounded queue is full
    ├── LLMUnavailable                (503 llm_unavailable)
    ├── WikiError                     (400 invalid_wiki)  the wiki path is missing or empty
    └── BuildError                    (500 build_failed)  a generation could not be built

Library code raises these (wrapping third-party exceptions with
``raise ... from exc``); every transport converts them in exactly one place
with ``zpagent.contract.error_result``. The message is written for the
operator's terminal; it is never sent over HTTP, where only the stable
reason and a fixed public text are returned.
"""

from __future__ import annotations


class ZPAgentError(Exception):
    reason = "internal_error"
    http_status = 500
    public_message = "Internal error."


class InvalidQuery(ZPAgentError):
    reason = "invalid_query"
    http_status = 400
    public_message = "The query is empty or not usable."


class QueryTooLong(InvalidQuery):
    """Same stable reason as any invalid query; the public text says what to fix."""

    public_message = "The query is too long; shorten it."


class InvalidRequest(ZPAgentError):
    reason = "invalid_request"
    http_status = 422
    public_message = "The request does not match the schema."


class Unauthorized(ZPAgentError):
    reason = "unauthorized"
    http_status = 401
    public_message = "Missing or wrong credentials."


class NotFound(ZPAgentError):
    reason = "not_found"
    http_status = 404
    public_message = "Not found."


class PayloadTooLarge(ZPAgentError):
    reason = "payload_too_large"
    http_status = 413
    public_message = "The request body is too large."


class MisdirectedRequest(ZPAgentError):
    reason = "invalid_host"
    http_status = 421
    public_message = "In local mode this server answers only requests addressed to localhost."


class RetrievalUnavailable(ZPAgentError):
    reason = "retrieval_unavailable"
    http_status = 503
    public_message = "No index is being served right now; try again later."


class Overloaded(RetrievalUnavailable):
    """A bounded queue (graph queries, query embeddings) is full or its wait ran out.

    Transports answer 503 with ``Retry-After: retry_after`` seconds: the
    request was refused before any work, so retrying later is safe.
    """

    reason = "overloaded"
    public_message = "The server is busy; retry after the number of seconds in Retry-After."
    retry_after = 2


class LLMUnavailable(ZPAgentError):
    reason = "llm_unavailable"
    http_status = 503
    public_message = "The language model endpoint is not available."


class WikiError(ZPAgentError):
    reason = "invalid_wiki"
    http_status = 400
    public_message = "The wiki path is missing or contains no pages."


class BuildError(ZPAgentError):
    reason = "build_failed"
    http_status = 500
    public_message = "The index could not be built."
