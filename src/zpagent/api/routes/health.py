"""GET /health: readiness per tool, the active index_version. No authentication."""

from __future__ import annotations

from fastapi import APIRouter, Request

from zpagent.index.version import outdated, vectors_state
from zpagent.requests import HealthResponse, ToolHealth

router = APIRouter(tags=["service"])


@router.get(
    "/health",
    response_model=HealthResponse,
    operation_id="health",
    summary="Readiness / pripravenosť služby",
)
def health(request: Request) -> HealthResponse:
    """Readiness of each tool and the active index version. No authentication."""
    state = request.app.state
    st = state.manager.status()
    ready = bool(st["ready"] and state.model_loaded)
    tool = ToolHealth(ready=ready, index_version=st["index_version"], gate=st.get("gate"))
    tools = {"search": tool, "rag": tool}
    # Other parts add readiness probes per app: name -> fn(app_state) -> ToolHealth.
    for name, probe in getattr(state, "tool_probes", {}).items():
        tools[name] = probe(state)
    store = getattr(state, "job_store", None)
    last = None
    if store is not None:
        ok, failed = store.last("succeeded"), store.last("failed")
        latest = max(
            (j for j in (ok, failed) if j), key=lambda j: j.finished_at or "", default=None
        )
        if latest is not None:
            last = {
                "state": latest.state,
                "finished_at": latest.finished_at,
                "version": (latest.result or {}).get("version"),
                "error_reason": latest.error_reason,
            }
    return HealthResponse(
        status="ok" if ready else "unavailable",
        ready=ready and all(t.ready for t in tools.values()),
        index_version=st["index_version"],
        tools=tools,
        last_sync=last,
        index_outdated=outdated(st["index_version"]),
        vectors=vectors_state(st["index_version"]),
    )
