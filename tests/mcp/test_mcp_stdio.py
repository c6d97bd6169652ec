"""``zpagent mcp`` as a real subprocess, driven by the SDK's ClientSession over stdio."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.mcp.mcp_checks import exercise

# The console script installed with the package, next to this interpreter.
ZPAGENT = Path(sys.executable).with_name("zpagent")


def test_every_tool_and_resource_over_stdio(git_workspace, git_wiki, tmp_path):
    root, commits = git_wiki
    data = git_workspace.data.root
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("ZPAGENT_", "ZPWIKI_"))},
        "ZPAGENT_DATA_DIR": str(data),
        "ZPWIKI_PATH": str(root),
        "WIKI_BASE_URL": "https://zp.example.edu/",
    }
    params = StdioServerParameters(command=str(ZPAGENT), args=["mcp"], env=env, cwd=str(tmp_path))
    log = tmp_path / "stderr.log"

    async def run() -> None:
        with open(log, "w") as errlog:
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                await exercise(session, commits, [str(root), str(data), str(tmp_path)])
        assert "Traceback" not in log.read_text()

    anyio.run(run)
