"""POST /graph (graph search) and the graph's readiness probe for /health."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from zpagent.api.deps import TOOL_DEPS, tool_response
from zpagent.api.errors import TOOL_ERROR_RESPONSES
from zpagent.api.security import allow_unpublished
from zpagent.errors import ZPAgentError
from zpagent.graph.contract import GraphResponse
from zpagent.graph.coverage import load_coverage
from zpagent.graph.store.serving import graph_ready, graph_store
from zpagent.requests import GraphRequest, ToolHealth

router = APIRouter(tags=["tools"])


@router.post(
    "/graph",
    response_model=GraphResponse,
    responses=TOOL_ERROR_RESPONSES,
    dependencies=TOOL_DEPS,
    operation_id="graph_wiki",
    summary="Presné odpovede z grafu znalostí / exact answers from the knowledge graph",
)
def graph_endpoint(body: GraphRequest, request: Request) -> JSONResponse:
    """Použi na štruktúrované otázky: názov, rok alebo vedúci práce študenta, jeho
    projekty a témy, zoznam a presný počet študentov s bakalárskou/diplomovou/
    dizertačnou prácou v danom roku, študenti vedúceho, témy a kľúčové slová dvoch
    študentov, stránky autora, spojenie medzi dvoma osobami.

    Use for structured questions about people and theses; counts in `aggregation`
    are exact. Every fact in `facts` cites its page [S1] and source line. `status`:
    `ok`; `no_answer` with `reason` unknown_person / unknown_keyword / unknown_title /
    no_matching_facts (say so, do not guess); `ambiguous` with `candidates` (ask the
    user which person is meant). For open questions use rag_wiki."""
    ws = request.app.state.workspace
    return tool_response(ws.graph(body, allow_unpublished(request, body.include_unpublished)))


def graph_probe(state: Any) -> ToolHealth:
    """Ready when the served generation's graph store opens at its version."""
    manager = state.manager
    gen = manager.current()
    if gen is None or not state.model_loaded:
        return ToolHealth(ready=False, index_version=None)
    coverage = None
    try:
        ready = graph_ready(gen, state.settings)
        if ready:
            store = graph_store(gen, state.settings)
            coverage = {r: c.status for r, c in load_coverage(store).items()}
    except ZPAgentError:  # a probe reports, it never fails the health endpoint
        ready = False
    return ToolHealth(
        ready=ready, index_version=gen.index_version if ready else None, coverage=coverage
    )


def neo4j_probe(state: Any) -> ToolHealth:
    """With GRAPH_BACKEND=neo4j: Neo4j answers and carries the served version."""
    return graph_probe(state)


def register_probes(app: Any, settings: Any) -> None:
    """Readiness of the graph (and of Neo4j when it is the backend) in /health."""
    probes = {"graph": graph_probe}
    if str(settings.graph_backend).strip().lower() == "neo4j":
        probes["neo4j"] = neo4j_probe
    app.state.tool_probes = probes
