"""``zpagent``: each command parses its options, calls one library function
and prints the result (a rich table, or one JSON envelope with ``--json``)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from zpagent import __version__
from zpagent.cli.output import CliProgress, console, emit_json, err_console, handle_errors
from zpagent.cli.summary import print_build
from zpagent.config import Settings
from zpagent.inert import plain_text
from zpagent.rag.modes import MODES
from zpagent.requests import AnswerRequest, GraphRequest, RagRequest, SearchRequest
from zpagent.workspace import Workspace

app = typer.Typer(
    name="zpagent",
    help="ZP Agent: grounded RAG + GraphRAG over a Git-hosted Markdown wiki of final theses.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

DataOpt = Annotated[
    Path | None,
    typer.Option("--data", help="Data directory (env ZPAGENT_DATA_DIR, default ./data)."),
]
WikiOpt = Annotated[
    Path | None, typer.Option("--wiki", help="Wiki checkout to index (env ZPWIKI_PATH).")
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print exactly one JSON object (the contract envelope).")
]
LimitOpt = Annotated[int, typer.Option("--limit", min=1, max=50, help="Number of results.")]
UnpublishedOpt = Annotated[
    bool, typer.Option("--include-unpublished", help="Also search pages marked published: false.")
]


class SearchMode(StrEnum):
    """An enum makes click reject other values as a usage error (exit 2)."""

    hybrid = "hybrid"
    fts = "fts"
    vector = "vector"


class AnswerEngine(StrEnum):
    rag = "rag"
    graph = "graph"
    auto = "auto"


def workspace(data: Path | None) -> Workspace:
    return Workspace(Settings(), data_dir=data)


@contextlib.contextmanager
def using(data: Path | None) -> Iterator[Workspace]:
    """The wiki's facade for one command, closed after it."""
    ws = workspace(data)
    try:
        yield ws
    finally:
        ws.close()


def _show_version(value: bool) -> None:
    # Eager: runs while the options are parsed, before click asks for a command.
    if value:
        console.print(f"zpagent {__version__}")
        raise typer.Exit(0)


@app.callback()
def main(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log more.")] = False,
    version: Annotated[
        bool,
        typer.Option("--version", help="Show the version.", callback=_show_version, is_eager=True),
    ] = False,
) -> None:
    del version  # handled by its callback
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )


@app.command()
@handle_errors
def index(
    wiki: WikiOpt = None,
    data: DataOpt = None,
    json_output: JsonOpt = False,
    include: Annotated[
        list[str] | None,
        typer.Option(
            "--include",
            metavar="GLOB",
            help="Also index paths matching GLOB where the site generator (Jekyll, Hugo, "
            "MkDocs) does not publish them, e.g. '_includes/**' (repeatable).",
        ),
    ] = None,
    exclude: Annotated[
        list[str] | None,
        typer.Option(
            "--exclude",
            metavar="GLOB",
            help="Never index paths matching GLOB, e.g. 'archive' or 'docs/old/**'; wins "
            "over --include (repeatable).",
        ),
    ] = None,
) -> None:
    """Build a new generation from the wiki and publish it atomically. Pages follow the
    site generator's rules when the wiki has its configuration (_config.yml, hugo.toml,
    mkdocs.yml); --include/--exclude override them."""
    ws = workspace(data)
    wiki_path = ws.wiki_path(wiki)
    try:
        ws.page_overrides(include or (), exclude or ())
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--include' / '--exclude'") from exc
    with CliProgress(enabled=not json_output) as progress:
        report = ws.index(wiki_path, progress, include or (), exclude or ())
    if json_output:
        emit_json({"status": "ok", "reason": None, **report})
    else:
        print_build(report, wiki_path)


def _print_search(resp, width: int = 90) -> None:
    if not resp.results:
        console.print(f"[yellow]No matching sources[/yellow] for: {resp.query}")
        return
    t = Table(title=f"{resp.mode} search: {resp.query}")
    t.add_column("#", justify="right")
    t.add_column("page")
    t.add_column("section")
    t.add_column("fused", justify="right")
    t.add_column("fts / vec", justify="right")
    t.add_column("text")
    for r in resp.results:
        s = r.scores
        snippet = " ".join(r.text.split())[:width]
        t.add_row(
            str(r.rank),
            f"{r.title}\n[dim]{r.document_path}[/dim]",
            " > ".join(r.heading_path[-2:]),
            f"{s.fused:.4f}" + (" ⚓" if s.anchored else ""),
            f"{s.fts_rank or '-'} / {s.vector_rank or '-'}",
            snippet,
        )
    console.print(t)
    if resp.truncated:
        console.print(f"[dim]truncated: {', '.join(resp.truncation_reasons)}[/dim]")


@app.command()
@handle_errors
def search(
    query: Annotated[str, typer.Argument(help="What to look for (Slovak or English).")],
    mode: Annotated[
        SearchMode, typer.Option("--mode", help="Retriever.", case_sensitive=False)
    ] = SearchMode.hybrid,
    limit: LimitOpt = 10,
    max_per_document: Annotated[
        int, typer.Option("--max-per-document", min=1, max=10, help="Chunks per page.")
    ] = 1,
    include_unpublished: UnpublishedOpt = False,
    data: DataOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Hybrid search (BM25 + vectors) over the published generation."""
    req = SearchRequest(query=query, mode=mode.value, limit=limit,
                        max_per_document=max_per_document)  # fmt: skip
    with using(data) as ws:
        resp = ws.search(req, include_unpublished)
    if json_output:
        emit_json(resp)
    else:
        _print_search(resp)


@app.command()
@handle_errors
def rag(
    query: Annotated[str, typer.Argument(help="The question (Slovak or English).")],
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            help="auto (graph-guided when the question names what the graph knows, "
            "else hybrid), hybrid (whole wiki) or graph_hybrid (the graph picks the pages, "
            "hybrid search ranks their text).",
            case_sensitive=False,
        ),
    ] = "auto",
    limit: Annotated[int, typer.Option("--limit", min=1, max=20, help="Primary chunks.")] = 8,
    max_per_document: Annotated[
        int | None,
        typer.Option(
            "--max-per-document",
            min=1,
            max=10,
            help="Chunks per page (default 1; graph_hybrid: the limit shared by the pages).",
        ),
    ] = None,
    include_unpublished: UnpublishedOpt = False,
    diagnostics: Annotated[
        bool, typer.Option("--diagnostics", help="Include retrieval internals.")
    ] = False,
    data: DataOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """RAG: evidence with source ids, grounding rules and sources for an LLM."""
    mode = mode.lower()
    if mode not in MODES:
        raise typer.BadParameter("use auto, hybrid or graph_hybrid", param_hint="--mode")
    req = RagRequest(query=query, mode=mode, limit=limit, max_per_document=max_per_document,
                     include_diagnostics=diagnostics)  # fmt: skip
    with using(data) as ws:
        resp = ws.rag(req, include_unpublished)
    if json_output:
        emit_json(resp)
        return
    if resp.status != "ok":
        console.print(f"[yellow]{resp.status}[/yellow] ({resp.reason}) for: {resp.query}")
        for c in resp.graph.candidates if resp.graph else []:
            console.print(f"  {c.status}: {c.name} ({c.document_path or '-'}) {c.summary or ''}")
        return
    if resp.graph:
        g = resp.graph
        count = f"{g.pages} page(s)" if g.pages is not None else "a set"
        console.print(
            f"[dim]graph ({g.route}, {', '.join(g.intents) or 'no intent'}): {count}, "
            f"{g.represented} with evidence{'' if g.complete else ' (incomplete)'}[/dim]"
        )
    console.print(resp.context)
    console.print()
    for src in resp.sources:
        console.print(f"[{src.source_id}] {src.title} — {src.source_url or src.document_path}")
    used = resp.context_budget
    console.print(f"[dim]budget {used.used}/{used.limit} tokens ({used.encoding})[/dim]")


@app.command()
@handle_errors
def answer(
    query: Annotated[str, typer.Argument(help="The question (Slovak or English).")],
    engine: Annotated[
        AnswerEngine, typer.Option("--engine", help="Evidence source.", case_sensitive=False)
    ] = AnswerEngine.auto,
    include_unpublished: UnpublishedOpt = False,
    data: DataOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """A checked answer: every delivered claim is verified against the evidence."""
    with using(data) as ws:
        resp = ws.answer(AnswerRequest(query=query, engine=engine.value), include_unpublished)
    if json_output:
        emit_json(resp)
        return
    console.print(plain_text(resp.answer), markup=False)
    note = f"{resp.status}, {resp.mode}, engine {resp.engine_used}"
    if not resp.accepted_for_delivery:
        note += ", not verified"
    console.print(f"\n[dim]({note})[/dim]")


@app.command()
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


@app.command()
@handle_errors
def sync(
    pull: Annotated[
        bool, typer.Option("--pull", help="git fetch + fast-forward before building.")
    ] = False,
    wiki: WikiOpt = None,
    data: DataOpt = None,
    json_output: JsonOpt = False,
    cancel: Annotated[
        bool,
        typer.Option(
            "--cancel",
            help="Cancel the job JOB_ID, or every queued and running job; nothing is built.",
        ),
    ] = False,
    job_id: Annotated[
        str | None, typer.Argument(help="With --cancel: the job to cancel.", show_default=False)
    ] = None,
) -> None:
    """Run the sync pipeline now (the same as POST /sync), recorded in the job queue."""
    from zpagent.sync.jobs import JobStore
    from zpagent.sync.runners import Runner
    from zpagent.sync.worker import execute

    ws = workspace(data)
    store = JobStore(ws.data.ensure().root / "sync_jobs.sqlite")
    if job_id is not None and not cancel:
        store.close()
        raise typer.BadParameter("a JOB_ID is only given with --cancel", param_hint="JOB_ID")
    if cancel:
        _cancel_jobs(store, job_id, json_output)
        return
    runner = Runner(ws.data.locks)
    job = store.start_inline(pull, "cli", runner.id)
    with CliProgress(enabled=not json_output) as progress:

        def run(**kwargs):
            return ws.sync(wiki, progress=progress, **kwargs)

        timeout = ws.settings.sync_build_timeout
        ok = execute(store, job.id, pull, run, ws.data.locks, timeout)
    final = store.get(job.id)
    store.close()
    runner.close()
    assert final is not None
    if not ok:
        err = final.error_reason or "internal_error"
        if json_output:
            emit_json({"status": "error", "reason": err, "job": final.to_dict()})
        else:
            err_console.print(f"[red]sync failed[/red] ({err}): {final.error_message}")
        raise typer.Exit(1)
    if json_output:
        emit_json({"status": "ok", "reason": None, "job": final.to_dict()})
    elif (final.result or {}).get("outcome") == "unchanged":
        console.print(f"unchanged: the wiki is what {final.result['version']} was built from")
    else:
        print_build(final.result or {}, ws.wiki_path(wiki))


def _cancel_jobs(store, which: str | None, json_output: bool) -> None:
    """``zpagent sync --cancel [JOB_ID]``: cancel one job or every active one."""
    from zpagent.errors import NotFound
    from zpagent.sync.jobs import FINISHED

    if which is None:
        targets = store.active()
    else:
        job = store.get(which)
        if job is None:
            store.close()
            raise NotFound("no such job")
        targets = [job]
    done = [store.request_cancel(j.id) for j in targets if j.state not in FINISHED]
    store.close()
    jobs = [j.to_dict() for j in done if j is not None]
    if json_output:
        emit_json({"status": "ok", "reason": None, "cancelled": jobs})
        return
    if not jobs:
        console.print("no queued or running sync job to cancel")
    for j in jobs:
        what = "stops at its next step" if j["state"] == "running" else "cancelled"
        console.print(f"{j['job_id']}: {what}")


@app.command()
@handle_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="Interface to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port.")] = 8000,
    data: DataOpt = None,
    insecure_local: Annotated[
        bool,
        typer.Option(
            "--insecure-local",
            help="Demo mode: no authentication, bound to 127.0.0.1 only.",
        ),
    ] = False,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            help="Worker processes; a worker that dies is restarted by the supervisor.",
        ),
    ] = 1,
) -> None:
    """Run the HTTP API (OpenAPI tool server for Open WebUI) under a restarting supervisor."""
    from zpagent.api.serve import serve as run_server

    if insecure_local:
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise typer.BadParameter(
                "--insecure-local only binds to 127.0.0.1", param_hint="--host"
            )
        host = "127.0.0.1"
        err_console.print(
            "[bold red]WARNING: UNAUTHENTICATED local mode.[/bold red] Every tool endpoint "
            "is open to anyone who can reach 127.0.0.1. Never use this in production."
        )
    run_server(host, port, data, insecure_local, log_level, workers)


from zpagent.cli import bench_cmd, eval_cmd  # noqa: E402 - registered after the core commands

eval_cmd.register(app)
bench_cmd.register(app)

from zpagent.cli import graph_cmd  # noqa: E402 - registered after the core commands

graph_cmd.register(app)

from zpagent.cli import mcp_cmd  # noqa: E402 - registered after the core commands

mcp_cmd.register(app)


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


def run() -> None:
    """Console-script entry point."""
    app()
