"""Two OpenAPI documents: the wiki tools, and the operations around them.

Open WebUI (like other tool-server clients) turns every operation with an
``operationId`` into a tool the model sees, so ``/openapi.json`` describes
only the operations tagged ``tools`` (search_wiki, rag_wiki, graph_wiki,
answer_question). Readiness, sync and the webhook are for operators and
Gitea, not for a model: ``/openapi-ops.json`` describes them. Routes left
out of both (``include_in_schema=False``: the OpenAI-compatible ``/v1``,
``/mcp``) speak their own protocols.

Both documents are cut from FastAPI's one generated spec, each keeping only
the component schemas its operations reach.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse

TOOL_TAG = "tools"
OPS_PATH = "/openapi-ops.json"
SCHEMA_REF = "#/components/schemas/"

OPS_DESCRIPTION = """\
Operations of a ZP Agent server: readiness (`/health`, no key), sync
(`SYNC_API_KEY`) and the Gitea webhook (HMAC-SHA256 with `WEBHOOK_SECRET`).
The wiki tools are described in `/openapi.json`.
"""


def _refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(SCHEMA_REF):
            yield ref[len(SCHEMA_REF) :]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def select(full: dict[str, Any], tools: bool) -> dict[str, Any]:
    """The operations tagged ``tools`` (or all others) and what they reference."""
    paths: dict[str, Any] = {}
    for path, item in full.get("paths", {}).items():
        ops = {m: op for m, op in item.items() if (TOOL_TAG in op.get("tags", [])) == tools}
        if ops:
            paths[path] = copy.deepcopy(ops)
    components = full.get("components", {})
    schemas = components.get("schemas", {})
    wanted: set[str] = set()
    todo = list(_refs(paths))
    while todo:
        name = todo.pop()
        if name not in wanted and name in schemas:
            wanted.add(name)
            todo.extend(_refs(schemas[name]))
    schemes = {
        name
        for item in paths.values()
        for op in item.values()
        for requirement in op.get("security", [])
        for name in requirement
    }
    selected: dict[str, Any] = {}
    if wanted:
        selected["schemas"] = {n: copy.deepcopy(schemas[n]) for n in sorted(wanted)}
    if schemes:
        security = components.get("securitySchemes", {})
        selected["securitySchemes"] = {n: security[n] for n in sorted(schemes) if n in security}
    spec = {k: v for k, v in full.items() if k not in ("paths", "components")}
    spec["paths"] = paths
    if selected:
        spec["components"] = selected
    return spec


def install_specs(app: FastAPI) -> None:
    """``/openapi.json`` (and ``/docs``) with the tools only; ``/openapi-ops.json``."""
    cache: dict[bool, dict[str, Any]] = {}

    def spec(tools: bool) -> dict[str, Any]:
        if tools not in cache:
            full = get_openapi(
                title=app.title,
                version=app.version,
                openapi_version=app.openapi_version,
                description=app.description,
                routes=app.routes,
            )
            cache[True] = select(full, tools=True)
            ops = select(full, tools=False)
            ops["info"] = {**ops["info"], "title": f"{app.title} operations"}
            ops["info"]["description"] = OPS_DESCRIPTION
            cache[False] = ops
        return cache[tools]

    app.openapi = lambda: spec(True)  # type: ignore[method-assign]

    async def ops_spec(request: Request) -> JSONResponse:
        return JSONResponse(spec(False))

    app.add_route(OPS_PATH, ops_spec, methods=["GET"], include_in_schema=False)
