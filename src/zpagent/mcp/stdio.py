"""``zpagent mcp``: the MCP server on stdin/stdout, for Claude Desktop and IDE agents.

stdout carries the protocol only: logs go to stderr.
"""

from __future__ import annotations

from pathlib import Path

import anyio

from zpagent.config import Settings
from zpagent.mcp.backend import Backend
from zpagent.mcp.server import build_server


def run_stdio(settings: Settings, data_dir: Path | None = None) -> None:
    backend = Backend.standalone(settings, data_dir)
    try:
        anyio.run(build_server(backend).run_stdio_async)
    finally:
        backend.close()
