"""``zpagent serve``: run the HTTP API under a restarting supervisor."""

from __future__ import annotations

from typing import Annotated

import typer

from zpagent.cli.options import DataOpt
from zpagent.cli.output import err_console, handle_errors


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


def register(app: typer.Typer) -> None:
    app.command()(serve)
