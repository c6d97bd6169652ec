"""``zpagent demo``: build the bundled sample wiki and answer a few sample questions.

The demo asks as the served API does (the same facade calls and defaults) and
prints each answer the way its command would.
"""

from __future__ import annotations

import typer

from zpagent.cli.options import DataOpt, JsonOpt, workspace
from zpagent.cli.output import CliProgress, console, emit_json, err_console, handle_errors
from zpagent.cli.search_cmd import _print_search
from zpagent.cli.summary import print_build
from zpagent.inert import plain_text
from zpagent.requests import AnswerRequest, GraphRequest, RagRequest, SearchRequest
from zpagent.workspace import Workspace


@handle_errors
def demo(
    data: DataOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Build the bundled sample wiki and answer a few sample questions."""
    from zpagent.demo import DEMO_QUERIES, problems_line, sample_wiki_path
    from zpagent.ingest.scan import problems_summarized

    ws = workspace(data)
    wiki = sample_wiki_path()
    if not json_output:
        err_console.print(f"Indexing the sample wiki {wiki} into {ws.data.root} ...")
    with CliProgress(enabled=not json_output) as progress, problems_summarized():
        report = ws.index(wiki, progress=progress)
    line = problems_line(report)
    if line and not json_output:
        err_console.print(line, style="dim", markup=False)
    outputs = []
    if not json_output:
        print_build(report, wiki)
    try:
        for tool, q in DEMO_QUERIES:
            resp = _demo_call(ws, tool, q)
            outputs.append({"tool": tool, **resp.model_dump()})
            if not json_output:
                _print_demo(tool, q, resp)
    finally:
        ws.close()
    if json_output:
        emit_json({"status": "ok", "reason": None, "build": report, "queries": outputs})


def _demo_call(ws: Workspace, tool: str, q: str):
    """The demo asks as the served API does: the same facade calls and defaults."""
    if tool == "search":
        return ws.search(SearchRequest(query=q, limit=3))
    if tool == "rag":
        return ws.rag(RagRequest(query=q, limit=3))
    if tool == "graph":
        return ws.graph(GraphRequest(query=q))
    return ws.answer(AnswerRequest(query=q))


def _print_demo(tool: str, q: str, resp) -> None:
    if tool == "search":
        _print_search(resp)
        return
    console.rule(f"{tool}: {q}")
    if tool == "rag":
        for src in resp.sources:
            console.print(f"[{src.source_id}] {src.title} ({src.document_path})", markup=False)
        used = resp.context_budget
        console.print(
            f"{resp.status}: {len(resp.evidence)} evidence chunks, {used.used}/{used.limit} "
            "tokens, grounding rules in Slovak"
        )
    elif tool == "graph":
        console.print(f"{resp.status}: " + "; ".join(resp.answers), markup=False)
        if resp.aggregation is not None:
            agg = resp.aggregation
            console.print(f"count {agg.count} (exact={agg.exact}, complete={agg.complete})")
    else:
        console.print(plain_text(resp.answer), markup=False)
        console.print(f"({resp.status}, {resp.mode}, engine {resp.engine_used})", style="dim")


def register(app: typer.Typer) -> None:
    app.command()(demo)
