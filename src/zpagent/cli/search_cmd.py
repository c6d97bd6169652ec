"""``zpagent search``, ``rag`` and ``answer``: ask the published generation.

Each command builds its typed request, calls the workspace once and prints the
response (a rich table or text, or one JSON envelope with ``--json``).
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from zpagent.cli.options import (
    AnswerEngine,
    DataOpt,
    JsonOpt,
    LimitOpt,
    SearchMode,
    UnpublishedOpt,
    using,
)
from zpagent.cli.output import console, emit_json, handle_errors
from zpagent.inert import plain_text
from zpagent.rag.modes import MODES
from zpagent.requests import AnswerRequest, RagRequest, SearchRequest


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


def register(app: typer.Typer) -> None:
    app.command()(search)
    app.command()(rag)
    app.command()(answer)
