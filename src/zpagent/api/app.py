"""Build the FastAPI application: state, middleware, error handlers, routes.

Routes live in ``zpagent.api.routes`` (one module per group) and reach the
shared state through ``request.app.state``: ``settings``, ``workspace``,
``manager`` (the served generation), ``local_mode``, ``model_loaded``.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI

from zpagent import __version__
from zpagent.api.errors import install_error_handlers
from zpagent.api.mcp_endpoint import PATH as MCP_PATH
from zpagent.api.mcp_endpoint import mount_mcp
from zpagent.api.openapi import install_specs
from zpagent.api.routes import answer as answer_routes
from zpagent.api.routes import chat as chat_routes
from zpagent.api.routes import graph as graph_routes
from zpagent.api.routes import health as health_routes
from zpagent.api.routes import sync as sync_routes
from zpagent.api.routes import tools as tool_routes
from zpagent.api.security import (
    EnvelopeCORSMiddleware,
    LocalHostsOnly,
    SecurityMiddleware,
    check_secrets,
)
from zpagent.config import Settings
from zpagent.index import datadir as dd
from zpagent.index.marker import read_marker
from zpagent.index.version import outdated
from zpagent.lexical import load_lemmas
from zpagent.sync.jobs import JobStore
from zpagent.sync.pipeline import SYNC_LOCK
from zpagent.sync.publication import recover
from zpagent.sync.worker import SyncWorker
from zpagent.workspace import Workspace

log = logging.getLogger("zpagent.api")

DESCRIPTION = """\
ZP Agent answers questions about a university wiki of final theses (Slovak):
students, their bachelor and master theses, supervisors, topics and keywords.

Nástroje / tools:
- **rag_wiki** (`POST /rag`): dôkazy so zdrojmi a pravidlami pre odpoveď —
  use this to answer a question from the wiki with citations [S1].
- **graph_wiki** (`POST /graph`): presné odpovede z grafu (názvy, roky, vedúci,
  počty) — exact structured answers and counts with cited facts.
- **search_wiki** (`POST /search`): hybridné vyhľadávanie úsekov stránok —
  ranked passages for a query.
- **answer_question** (`POST /answer`): overená odpoveď — a checked answer to
  show as is.

The same tools, the wiki's Git history and the pages as resources speak MCP
(Streamable HTTP) at `/mcp`, with the same key. Operations (health, sync,
webhook) are described in `/openapi-ops.json`.

Every response is a contract v1 envelope: `status` (ok, no_answer, ambiguous,
error), `reason`, numbered `sources`, `index_version`, `complete`,
`truncated`, `truncation_reasons`.
"""


def create_app(
    settings: Settings | None = None,
    data_dir: Path | None = None,
    local_mode: bool = False,
    warm: bool = True,
) -> FastAPI:
    settings = settings or Settings()
    check_secrets(settings, local_mode)
    workspace = Workspace(settings, data_dir=data_dir)
    remote = workspace.remote_graph()
    manager = workspace.manager
    job_store = JobStore(workspace.data.root / "sync_jobs.sqlite")
    worker = SyncWorker(workspace, job_store) if settings.sync_worker_enabled else None

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Ready only once the model answers and the generation is loaded.
        if warm:
            workspace.query_embedder.embed_query("zahrievací dotaz")
            load_lemmas()  # once, before the first burst of requests
        app.state.model_loaded = True
        try_recover(workspace, remote)
        manager.refresh()
        status = manager.status()
        log.info("ZP Agent %s ready=%s", __version__, status["ready"])
        if outdated(status["index_version"]):
            log.warning(
                "the served index was built by another pipeline version; "
                "run `zpagent sync` to rebuild it"
            )
        if worker is not None:
            worker.on_success = lambda: manager.refresh(force=True)
            worker.start()
        async with mcp_endpoint.running():
            yield
        if worker is not None:
            worker.stop()
        job_store.close()
        workspace.close()

    docs = settings.api_docs_enabled
    app = FastAPI(
        title="ZP Agent",
        version=__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url=None,
        openapi_url="/openapi.json",
    )
    app.state.settings = settings
    app.state.workspace = workspace
    app.state.manager = manager
    app.state.local_mode = local_mode
    app.state.model_loaded = False
    app.state.job_store = job_store
    app.state.worker = worker

    install_error_handlers(app)
    origins = [o.strip() for o in settings.cors_allow_origins.split(",") if o.strip()]
    if origins:
        app.add_middleware(
            EnvelopeCORSMiddleware,
            allow_origins=origins,
            allow_methods=["GET", "POST"],
            # Open WebUI's browser sends X-Session-Id with every direct tool call.
            allow_headers=["Authorization", "X-API-Key", "Content-Type", "Accept", "X-Session-Id"],
        )
    if local_mode:
        app.add_middleware(LocalHostsOnly)
    app.add_middleware(
        SecurityMiddleware,
        max_body_bytes=settings.api_max_body_bytes,
        path_limits={
            "/webhook/gitea": settings.webhook_max_body_bytes,
            # A whole conversation: larger than one tool request.
            "/v1/chat/completions": settings.chat_max_body_bytes,
        },
        jsonrpc_paths=frozenset({MCP_PATH}),
    )

    app.include_router(health_routes.router)
    app.include_router(tool_routes.router)
    app.include_router(answer_routes.router)
    app.include_router(chat_routes.router)
    app.include_router(sync_routes.router)
    app.include_router(graph_routes.router)
    graph_routes.register_probes(app, settings)
    install_specs(app)
    mcp_endpoint = mount_mcp(app)
    return app


def try_recover(workspace: Workspace, remote) -> None:
    """Finish or undo a crashed publication if no sync is running and it is provable."""
    data = workspace.data
    if read_marker(data) is None:
        return
    with dd.file_lock(data.locks / SYNC_LOCK, blocking=False) as free:
        if not free:
            return
        result = recover(data, remote)
        log.warning("publication recovery: %s (%s)", result.state, result.detail)
