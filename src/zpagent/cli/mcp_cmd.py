"""``zpagent mcp``: serve the MCP tools on stdio (the HTTP server mounts them at /mcp)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from zpagent.config import Settings


def register(app: typer.Typer) -> None:
    @app.command()
    def mcp(
        data: Annotated[
            Path | None,
            typer.Option("--data", help="Data directory (env ZPAGENT_DATA_DIR, default ./data)."),
        ] = None,
    ) -> None:
        """MCP server on stdio: the wiki tools, Git history tools and pages as resources.

        For Claude Desktop and other MCP clients that start a process; the
        HTTP server (`zpagent serve`) offers the same at /mcp.
        """
        from zpagent.mcp.stdio import run_stdio

        run_stdio(Settings(), data)
