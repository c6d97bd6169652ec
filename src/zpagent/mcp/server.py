"""The ZP Agent MCP server: read-only wiki tools, Git history tools, pages as resources.

One server definition for both transports (``zpagent mcp`` on stdio and
``/mcp`` over Streamable HTTP on the API server). Errors take one path:

- a tool's own failure (bad arguments, a library ``ZPAgentError``, a crash)
  is a tool result with ``isError: true`` whose ``structuredContent`` is the
  contract's error envelope (stable ``reason``, fixed ``message``, for bad
  arguments ``details`` with locations and kinds only) - so the model can
  read it and correct itself, as the MCP specification asks;
- anything else (an unknown tool, prompt, method or resource, bad
  parameters, a bad list cursor) is a JSON-RPC error whose message starts
  with the stable reason (``errors.ErrorPolicy`` rewrites the SDK's own).

No exception text, input value, secret or server path reaches a client; the
server log keeps the cause.
"""

from __future__ import annotations

import logging
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, ListResourcesResult
from pydantic import ValidationError

from zpagent import __version__
from zpagent.contract import ErrorResponse, error_result, validation_details
from zpagent.errors import InvalidRequest, ZPAgentError
from zpagent.mcp import resources as res
from zpagent.mcp.backend import Backend
from zpagent.mcp.errors import ErrorPolicy, protocol_error
from zpagent.mcp.tools import SPECS, build_tool, envelope_result

log = logging.getLogger("zpagent.mcp")

INSTRUCTIONS = """\
ZP Agent answers questions about a university wiki of final theses (Slovak): students, \
their bachelor and master theses, supervisors, topics and keywords, and the wiki's own \
Git history. Every tool is read-only and returns a contract v1 envelope (status ok / \
no_answer / ambiguous / error, reason, numbered sources S1..Sn, truncation); cite sources \
as [S1].

Which tool:
- graph_wiki: structured facts - a student's thesis title, year, supervisor or consultant; \
how many theses of a kind in a year (exact counts); students of a supervisor; topics and \
keywords; how two people are connected.
- rag_wiki: open questions answered from page text; answer only from `context` and cite. \
By default (mode=auto) a question naming a student or what a supervisor led gets those \
pages; with mode=graph_hybrid for questions about a set of pages (what a supervisor's theses are \
about, the methods of a topic's students, comparing two students' theses): the graph picks \
every page of the set (exact count in `graph`), the text is ranked inside it.
- search_wiki: ranked passages when you need to look something up or browse.
- answer_question: a finished, verified Slovak answer; show its `answer` as is.
- history_question: questions about changes of the wiki - "Kedy sa naposledy zmenila \
stránka Jána Holpa a čo sa zmenilo?", "Kto upravil stránku ...?", "Čo sa zmenilo na \
stránke ... od 1. 11. 2026?", "História stránky ...". Answers from Git data with commits \
as sources.
- recent_changes, page_history, page_at_revision, page_diff, page_blame: the Git history \
itself (commits, a page as it was, diffs, who last changed lines or a section); pages are \
named by `document_path` as in sources.

`ambiguous` means the name fits several people or pages: ask the user which one. \
`no_answer` means the wiki does not say: do not guess. Pages are also resources \
(zpwiki://page/{document_path}) with their Markdown.
"""


class ZPAgentMCP(MCPServer):
    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._tool_names = {spec.name for spec in SPECS}
        super().__init__(
            name="zpagent",
            title="ZP Agent",
            version=__version__,
            instructions=INSTRUCTIONS,
            tools=[build_tool(spec, backend) for spec in SPECS],
            log_level="WARNING",
            middleware=[ErrorPolicy()],
        )
        self.resource(
            res.URI_TEMPLATE,
            name="wiki_page",
            title="Stránka wiki / wiki page",
            description="A published page's Markdown with its path, title and URL.",
            mime_type=res.MIME,
        )(self._read_page)

    # --- tools -----------------------------------------------------------------------

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        if name not in self._tool_names:
            raise MCPError(
                code=INVALID_PARAMS,
                message="unknown_tool: No such tool.",
                data={"reason": "unknown_tool"},
            )
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            return envelope_result(_tool_error(name, exc.__cause__ or exc), error=True)

    # --- resources -------------------------------------------------------------------

    def _read_page(self, document_path: str) -> str:
        try:
            with self.backend.generation() as gen:
                return res.page_markdown(gen, document_path)
        except Exception as exc:
            raise protocol_error(exc) from exc

    async def _handle_list_resources(self, ctx: Any, params: Any) -> ListResourcesResult:
        # Overridden (the SDK lists static resources only): the pages of the served
        # generation, paginated by path so a wiki of 100,000 pages lists in chunks.
        import anyio.to_thread

        cursor = getattr(params, "cursor", None) if params is not None else None

        def listing() -> ListResourcesResult:
            with self.backend.generation() as gen:
                pages, next_cursor = res.list_pages(gen, cursor)
            return ListResourcesResult(resources=pages, next_cursor=next_cursor)

        try:
            return await anyio.to_thread.run_sync(listing)
        except res.BadCursor as exc:
            raise MCPError(
                code=INVALID_PARAMS,
                message="invalid_cursor: Not a cursor of this server.",
                data={"reason": "invalid_cursor"},
            ) from exc
        except Exception as exc:
            raise protocol_error(exc) from exc


def _tool_error(name: str, exc: BaseException) -> ErrorResponse:
    """The error envelope of a failed tool call (and the server log's record of it)."""
    if isinstance(exc, ValidationError):
        _, body = error_result(InvalidRequest())
        body.details = validation_details(list(exc.errors()))
        for detail in body.details:  # as "body.limit" over HTTP
            detail.loc = f"arguments.{detail.loc}" if detail.loc else "arguments"
        return body
    if isinstance(exc, ZPAgentError):
        if exc.http_status >= 500:
            log.warning("tool %s -> %s", name, exc.reason, exc_info=exc)
    else:
        log.error("tool %s failed", name, exc_info=exc)
    return error_result(exc)[1]


def build_server(backend: Backend) -> ZPAgentMCP:
    return ZPAgentMCP(backend)
