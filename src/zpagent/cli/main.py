"""``zpagent``: each command parses its options, calls one library function
and prints the result (a rich table, or one JSON envelope with ``--json``).

This module holds the app, its global options and the order of its commands;
each command lives in its own ``*_cmd`` module, with the options they share in
``options``."""

from __future__ import annotations

import logging
from typing import Annotated

import typer

from zpagent import __version__
from zpagent.cli import (
    bench_cmd,
    demo_cmd,
    eval_cmd,
    graph_cmd,
    index_cmd,
    mcp_cmd,
    search_cmd,
    serve_cmd,
    sync_cmd,
)
from zpagent.cli.output import console

app = typer.Typer(
    name="zpagent",
    help="ZP Agent: grounded RAG + GraphRAG over a Git-hosted Markdown wiki of final theses.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


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


# The core commands first, then the tooling; ``zpagent --help`` lists the commands in
# this order and the groups (eval, graph) after them.
index_cmd.register(app)
search_cmd.register(app)
demo_cmd.register(app)
sync_cmd.register(app)
serve_cmd.register(app)
eval_cmd.register(app)
bench_cmd.register(app)
graph_cmd.register(app)
mcp_cmd.register(app)


def run() -> None:
    """Console-script entry point."""
    app()
