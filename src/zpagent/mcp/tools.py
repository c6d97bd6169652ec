"""The MCP tools: one ``ToolSpec`` each (arguments, output envelope, library call).

The wiki tools take exactly the HTTP request models' fields (minus
``include_unpublished``: visibility is server policy) and return the same
envelopes as the HTTP routes. Unknown arguments are refused, as over HTTP.
Every tool is read-only; each returns compact text plus the envelope as
``structuredContent`` (its JSON schema is the tool's ``outputSchema``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from copy import copy
from dataclasses import dataclass
from typing import Any

from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, create_model

from zpagent.contract import AnswerResponse, Envelope, RagResponse, SearchResponse
from zpagent.graph.contract import GraphResponse
from zpagent.history import contract as hc
from zpagent.history.answer import answer_response, history_answer, open_history
from zpagent.mcp.backend import Backend
from zpagent.mcp.text import envelope_text
from zpagent.requests import AnswerRequest, GraphRequest, QueryField, RagRequest, SearchRequest
from zpagent.tool_payload import tool_payload

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)


class ToolArgs(ArgModelBase):
    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)


def tool_args(model: type[BaseModel], name: str) -> type[ToolArgs]:
    """The HTTP request model's fields as tool arguments, without ``include_unpublished``."""
    fields: dict[str, Any] = {
        n: (f.annotation, copy(f))
        for n, f in model.model_fields.items()
        if n != "include_unpublished"
    }
    return create_model(name, __base__=ToolArgs, **fields)


SearchArgs = tool_args(SearchRequest, "SearchArgs")
RagArgs = tool_args(RagRequest, "RagArgs")
GraphArgs = tool_args(GraphRequest, "GraphArgs")
AnswerArgs = tool_args(AnswerRequest, "AnswerArgs")

PAGE = Field(
    max_length=500,
    description="Cesta stránky ako v `sources[].document_path` / the page's document_path, "
    "e.g. pages/students/2016/jh428ek/README.md.",
)
REVISION = Field(
    max_length=100,
    description="Commit id (full or abbreviated), branch or tag name, or HEAD, optionally "
    "with ~N / ^N (e.g. HEAD~2).",
)
LIMIT = Field(20, ge=1, le=100, description="Most commits to list (newest first).")


class RecentChangesArgs(ToolArgs):
    since: dt.date | None = Field(
        None, description="Only commits from this day on (YYYY-MM-DD, commit date, UTC)."
    )
    page: str | None = Field(None, max_length=500, description="Only this page (renames followed).")
    limit: int = LIMIT


class PageHistoryArgs(ToolArgs):
    page: str = PAGE
    limit: int = LIMIT


class PageVersionArgs(ToolArgs):
    page: str = PAGE
    revision: str = REVISION


class PageDiffArgs(ToolArgs):
    page: str = PAGE
    from_revision: str | None = Field(
        None,
        max_length=100,
        description="Older revision; omitted: the diff of the page's last change "
        "(at or before to_revision).",
    )
    to_revision: str | None = Field(None, max_length=100, description="Newer revision; HEAD.")


class PageBlameArgs(ToolArgs):
    page: str = PAGE
    start_line: int | None = Field(None, ge=1, description="First line (1-based, whole file).")
    end_line: int | None = Field(None, ge=1, description="Last line (inclusive).")
    section: str | None = Field(
        None, max_length=200, description="Heading of a section instead of a line range."
    )
    revision: str | None = Field(None, max_length=100, description="Revision to blame; HEAD.")


class HistoryQuestionArgs(ToolArgs):
    question: str = copy(QueryField)


@dataclass(frozen=True)
class ToolSpec:
    name: str
    title: str
    description: str
    args: type[ToolArgs]
    output: type[Envelope]
    run: Callable[[Backend, Any], Envelope]


# --- wiki tools ---------------------------------------------------------------------------


def _request(model: type[BaseModel], a: Any) -> Any:
    """The core request for a tool's arguments (visibility stays the server's)."""
    return model(**a.model_dump())


def _search(b: Backend, a: Any) -> Envelope:
    b.check_ready()
    return b.workspace.search(_request(SearchRequest, a))


def _rag(b: Backend, a: Any) -> Envelope:
    b.check_ready()
    return b.workspace.rag(_request(RagRequest, a))


def _graph(b: Backend, a: Any) -> Envelope:
    b.check_ready()
    return b.workspace.graph(_request(GraphRequest, a))


def _answer(b: Backend, a: Any) -> Envelope:
    b.check_ready()
    return b.workspace.answer(_request(AnswerRequest, a))


# --- history tools ------------------------------------------------------------------------


def _since(day: dt.date | None) -> dt.datetime | None:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC) if day else None


def _recent(b: Backend, a: Any) -> Envelope:
    with b.generation() as gen:
        h = open_history(b.workspace, gen)
        result = h.recent_changes(since=_since(a.since), page=a.page, limit=a.limit)
        since = a.since.isoformat() if a.since else None
        return hc.history_response(result, h.catalog, gen.index_version, since)


def _page_history(b: Backend, a: Any) -> Envelope:
    with b.generation() as gen:
        h = open_history(b.workspace, gen)
        result = h.page_history(a.page, limit=a.limit)
        return hc.history_response(result, h.catalog, gen.index_version)


def _page_version(b: Backend, a: Any) -> Envelope:
    with b.generation() as gen:
        h = open_history(b.workspace, gen)
        version = h.page_at(a.page, a.revision)
        return hc.version_response(version, h.catalog, gen.index_version, h.head)


def _page_diff(b: Backend, a: Any) -> Envelope:
    with b.generation() as gen:
        h = open_history(b.workspace, gen)
        diff = h.page_diff(a.page, a.from_revision, a.to_revision)
        return hc.diff_response(diff, h.catalog, gen.index_version, h.head)


def _page_blame(b: Backend, a: Any) -> Envelope:
    with b.generation() as gen:
        h = open_history(b.workspace, gen)
        blame = h.blame(a.page, a.revision, a.start_line, a.end_line, a.section)
        return hc.blame_response(blame, h.catalog, gen.index_version, h.head)


def _history_question(b: Backend, a: Any) -> Envelope:
    with b.generation() as gen:
        query = b.workspace.understand(gen, a.question)
        result = history_answer(b.workspace, gen, query.edit(ask="history"))
        return answer_response(result, a.question, gen.index_version)


SPECS = [
    ToolSpec(
        "search_wiki",
        "Hybridné vyhľadávanie vo wiki / hybrid search",
        "Vráti najrelevantnejšie úseky stránok (BM25 + embeddingy). Ranked passages with "
        "their page, section and scores; `no_answer` when nothing relevant exists.",
        SearchArgs,
        SearchResponse,
        _search,
    ),
    ToolSpec(
        "rag_wiki",
        "Dôkazy na odpoveď so zdrojmi / evidence with citations",
        "Na otázky o študentoch, prácach, vedúcich a témach: `context` (evidence tagged [S1], "
        "[S2], ...), grounding `instructions`, `answer_format` and `sources` with URLs. "
        "Answer only from the context and cite.",
        RagArgs,
        RagResponse,
        _rag,
    ),
    ToolSpec(
        "graph_wiki",
        "Presné odpovede z grafu / exact answers from the knowledge graph",
        "Štruktúrované otázky: názov, rok, vedúci práce, počty prác v roku, študenti vedúceho, "
        "témy, spojenie dvoch osôb. Exact facts with cited source lines; counts in "
        "`aggregation` are exact. `ambiguous` lists `candidates` (ask which person is meant).",
        GraphArgs,
        GraphResponse,
        _graph,
    ),
    ToolSpec(
        "answer_question",
        "Overená odpoveď / a checked answer",
        "Odpoveď v slovenčine, ktorej každé tvrdenie bolo overené v zdrojoch. Show `answer` "
        "as is; `ambiguous` comes back as a clarifying question.",
        AnswerArgs,
        AnswerResponse,
        _answer,
    ),
    ToolSpec(
        "recent_changes",
        "Posledné zmeny vo wiki / recent changes",
        "Commits of the wiki's Git history, newest first: author, date, message and the "
        "pages each changed; optionally `since` a day or for one `page`.",
        RecentChangesArgs,
        hc.HistoryResponse,
        _recent,
    ),
    ToolSpec(
        "page_history",
        "História stránky / a page's history",
        "Every commit that changed one page, newest first, following renames.",
        PageHistoryArgs,
        hc.HistoryResponse,
        _page_history,
    ),
    ToolSpec(
        "page_at_revision",
        "Stránka v minulej verzii / a page as it was",
        "The page's Markdown as it was at a revision (its path then, renames followed).",
        PageVersionArgs,
        hc.PageVersionResponse,
        _page_version,
    ),
    ToolSpec(
        "page_diff",
        "Čo sa na stránke zmenilo / the diff of a page",
        "Unified diff of a page between two revisions, with line counts and the sections "
        "touched. Without `from_revision`: what the page's last change changed.",
        PageDiffArgs,
        hc.PageDiffResponse,
        _page_diff,
    ),
    ToolSpec(
        "page_blame",
        "Kto naposledy zmenil riadky / who last changed lines",
        "For each line of a range (or of the section under a heading): the commit, author "
        "and date of its last change; `last_change` is the newest of them.",
        PageBlameArgs,
        hc.BlameResponse,
        _page_blame,
    ),
    ToolSpec(
        "history_question",
        "Otázka o zmenách stránky / a question about changes",
        "Answers in Slovak a question about the wiki's changes from Git data alone, with "
        "commits as sources: „Kedy sa naposledy zmenila stránka Jána Holpa a čo sa "
        "zmenilo?“, „Kto upravil stránku …?“, „Čo sa zmenilo na stránke … od 1. 11. 2026?“, "
        "„História stránky …“. Names are resolved like graph_wiki does.",
        HistoryQuestionArgs,
        hc.HistoryAnswerResponse,
        _history_question,
    ),
]


def envelope_result(env: Envelope, error: bool = False) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=envelope_text(env))],
        structured_content=tool_payload(env),
        is_error=error,
    )


def build_tool(spec: ToolSpec, backend: Backend) -> Tool:
    def call(**kwargs: Any) -> CallToolResult:
        return envelope_result(spec.run(backend, spec.args.model_construct(**kwargs)))

    call.__name__ = spec.name
    return Tool(
        fn=call,
        name=spec.name,
        title=spec.title,
        description=spec.description,
        parameters=spec.args.model_json_schema(by_alias=True),
        fn_metadata=FuncMetadata(arg_model=spec.args, output_model=spec.output),
        is_async=False,
        annotations=READ_ONLY,
    )
