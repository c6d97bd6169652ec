"""History tools called as an MCP client calls them, for tests that read every output."""

from __future__ import annotations

import json

from zpagent.errors import ZPAgentError
from zpagent.mcp import tools
from zpagent.mcp.backend import Backend
from zpagent.mcp.text import envelope_text
from zpagent.tool_payload import tool_payload


def tool_outputs(ws, calls: list[tuple[str, dict]]) -> list[str]:
    """Every call through the MCP tools: the client's text and structured content,
    or the public error."""
    backend = Backend(ws)
    specs = {s.name: s for s in tools.SPECS}
    out = []
    for name, args in calls:
        spec = specs[name]
        try:
            env = spec.run(backend, spec.args.model_validate(args))
        except ZPAgentError as exc:
            out.append(f"{name}: {exc.reason} {exc.public_message}")
            continue
        payload = json.dumps(tool_payload(env), ensure_ascii=False)
        out.append(f"{name}: {envelope_text(env)}\n{payload}")
    return out
