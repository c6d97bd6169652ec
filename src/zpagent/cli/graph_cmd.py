"""``zpagent graph QUERY`` and ``zpagent graph stats``.

``graph`` is a group whose default command is the query: a first argument
that is not a subcommand's name is the question, so both
``zpagent graph "Kto viedol prácu Jána Holpa?"`` and ``zpagent graph stats``
work (``zpagent graph query stats`` asks about the word "stats").
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import click
import typer
from rich.table import Table
from typer.core import TyperGroup

from zpagent.cli.output import console, emit_json, handle_errors
from zpagent.config import Settings
from zpagent.requests import GraphRequest
from zpagent.workspace import Workspace

DEFAULT_COMMAND = "query"


class DefaultQueryGroup(TyperGroup):
    """A group that runs ``query`` when its first argument names no subcommand."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = [DEFAULT_COMMAND, *args]
        return super().parse_args(ctx, args)


graph_app = typer.Typer(
    cls=DefaultQueryGroup,
    help="Graph search: exact answers about students, theses, supervisors, topics "
    "(zpagent graph QUESTION), and extraction statistics (zpagent graph stats).",
    no_args_is_help=True,
)

DataOpt = Annotated[
    Path | None,
    typer.Option("--data", help="Data directory (env ZPAGENT_DATA_DIR, default ./data)."),
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print exactly one JSON object (the contract envelope).")
]


def _workspace(data: Path | None) -> Workspace:
    return Workspace(Settings(), data_dir=data)


@graph_app.command(DEFAULT_COMMAND)
@handle_errors
def query(
    question: Annotated[str, typer.Argument(help="The question (Slovak or English).")],
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=100, help="Most entities, facts and paths.")
    ] = 10,
    include_unpublished: Annotated[
        bool,
        typer.Option("--include-unpublished", help="Also use pages marked published: false."),
    ] = False,
    data: DataOpt = None,
    json_output: JsonOpt = False,
) -> None:
    """Answer a question from the knowledge graph, with evidence and exact counts."""
    ws = _workspace(data)
    try:
        resp = ws.graph(GraphRequest(query=question, limit=limit), include_unpublished)
    finally:
        ws.close()
    if json_output:
        emit_json(resp)
    else:
        _print_answer(resp)


@graph_app.command("stats")
@handle_errors
def stats(
    data: DataOpt = None,
    json_output: JsonOpt = False,
    problems: Annotated[
        bool,
        typer.Option(
            "--problems",
            help="List every page where something could not be extracted, and why "
            "(unresolved or ambiguous name, missing or conflicting year), for the wiki's "
            "editors.",
        ),
    ] = False,
) -> None:
    """Extraction quality and graph size: pages with and without titles, counts by type,
    coverage per relation, extraction problems."""
    from zpagent.graph.build.stats import graph_stats

    ws = _workspace(data)
    with ws.open_current() as gen:
        result = graph_stats(gen, ws.settings, all_problems=problems)
    if json_output:
        emit_json(result)
    elif problems:
        _print_cut_pages(result.cut_pages, result.pages_cut)
        _print_problems(result.problems)
    else:
        _print_stats(result)


def _print_cut_pages(cut: list[dict[str, Any]], total: int) -> None:
    """Pages a limit cut: what an editor would split or shorten."""
    for page in cut:
        console.print(page["path"], markup=False, style="bold")
        console.print(
            f"  {page['bytes_left_out']} of {page['size_bytes']} bytes not indexed "
            f"({', '.join(page['limits'])})",
            markup=False,
        )
    if total > len(cut):
        console.print(f"… {total} pages cut in all (--json lists the first {len(cut)})")


def _print_problems(problems: list[dict[str, Any]]) -> None:
    """Every problem, page by page, as an editor would fix them."""
    by_page: dict[str, list[dict[str, Any]]] = {}
    for p in problems:
        by_page.setdefault(str(p.get("document_path")), []).append(p)
    for page, found in sorted(by_page.items()):
        console.print(page, markup=False, style="bold")
        for p in sorted(found, key=lambda x: x.get("line") or 0):
            line = f"line {p['line']}: " if p.get("line") else ""
            console.print(
                f"  {line}{p.get('relation')}: {p.get('kind')} — {p.get('detail')}", markup=False
            )
    console.print(f"{len(problems)} problems on {len(by_page)} pages")


def register(app: typer.Typer) -> None:
    app.add_typer(graph_app, name="graph")


# --- human output ---------------------------------------------------------------------------


def _print_answer(resp: Any) -> None:
    head = f"[bold]{resp.status}[/bold]" + (f" ({resp.reason})" if resp.reason else "")
    console.print(f"{head} · {resp.query}", markup=False)
    if resp.interpreted_as:
        console.print(f"  [dim]read as: {resp.interpreted_as}[/dim]")
    if resp.answers:
        for answer in resp.answers:
            console.print(f"  • {answer}")
    if resp.aggregation is not None:
        a = resp.aggregation
        done = "complete" if a.complete else f"first {a.returned} listed"
        exact = "" if a.exact else ", at least: not every relation is extracted completely"
        console.print(f"  count: [bold]{a.count}[/bold] {a.unit} ({done}{exact})")
    if resp.candidates:
        t = Table(title="candidates" if resp.status == "ambiguous" else "near misses")
        for col in ("id", "name", "status", "summary"):
            t.add_column(col)
        for c in resp.candidates:
            t.add_row(c.id, c.name, c.status, c.summary or "")
        console.print(t)
    if resp.facts:
        t = Table(title="facts")
        for col in ("subject", "predicate", "value", "evidence"):
            t.add_column(col)
        for f in resp.facts[:30]:
            ev = "; ".join(
                f"[{e.source_id}] {e.text}" + (f" (l. {e.line})" if e.line else "")
                for e in f.evidence[:2]
            )
            t.add_row(f.subject.name, f.predicate, "" if f.value is None else str(f.value), ev)
        console.print(t)
    for p in resp.paths[:10]:
        console.print(f"  path ({p.length}): {p.text}")
    for src in resp.sources:
        console.print(
            f"[dim][{src.source_id}] {src.title} — {src.source_url or src.document_path}[/dim]"
        )
    if resp.truncated:
        console.print(f"[dim]truncated: {', '.join(resp.truncation_reasons)}[/dim]")


def _print_stats(s: Any) -> None:
    p = s.person_pages
    t = Table(
        title=f"graph ({s.backend}) · {s.index_version.get('version') if s.index_version else '-'}"
    )
    t.add_column("person pages")
    t.add_column("with", justify="right")
    t.add_column("without", justify="right")
    t.add_row("thesis title", str(p.with_title), str(p.without_title))
    t.add_row("supervisor", str(p.with_supervisor), str(p.without_supervisor))
    t.add_row("thesis year", str(p.with_year), str(p.without_year))
    t.add_row("start of study", str(p.with_start_year), str(p.without_start_year))
    console.print(t)
    console.print(
        f"pages: {s.documents} · theses: {s.theses.total} "
        f"(year conflicts {s.theses.year_conflicts}) · works: {s.works}"
    )
    n = Table(title="nodes / relationships")
    n.add_column("type")
    n.add_column("payload", justify="right")
    n.add_column("store", justify="right")
    for label, count in s.nodes.items():
        n.add_row(label, str(count), str(s.store_nodes.get(label, 0)))
    for rel, count in s.relationships.items():
        n.add_row(rel, str(count), str(s.store_relationships.get(rel, 0)))
    console.print(n)
    if not s.store_matches_payload:
        console.print("[red]the graph store differs from the payload[/red]")
    for c in s.conflicts:
        console.print(f"[yellow]conflict[/yellow] {c['kind']}: {c['document_path']} {c}")
    cov = Table(title="coverage: exact counts only over complete or absent relations")
    for col in ("relation", "status", "pages mentioning", "pages extracted", "edges"):
        cov.add_column(col)
    for c in s.coverage:
        cov.add_row(
            c["relation"], c["status"], str(c["mentioned"]), str(c["extracted"]), str(c["edges"])
        )
    console.print(cov)
    for c in s.coverage:
        for page in c["missing"][:5]:
            console.print(f"  {c['relation']} not read on {page}", markup=False)
    for p in s.problems[:20]:
        where = f"{p.get('document_path')}:{p.get('line')}"
        console.print(
            f"  {p.get('relation')}: {p.get('kind')} {where} {p.get('detail')}", markup=False
        )
    if s.problems_total > len(s.problems):
        console.print(f"… {s.problems_total} problems in all (--json lists {len(s.problems)})")
