"""``zpagent index``: build a new generation from the wiki and publish it."""

from __future__ import annotations

from typing import Annotated

import typer

from zpagent.cli.options import DataOpt, JsonOpt, WikiOpt, workspace
from zpagent.cli.output import CliProgress, emit_json, handle_errors
from zpagent.cli.summary import print_build


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


def register(app: typer.Typer) -> None:
    app.command()(index)
