"""Build the FastAPI application: state, middleware, error handlers, routes.

The handlers are thin: parse a request model, take the current generation
for the duration of the request, call one library function, return its
contract envelope. Blocking work runs in FastAPI's thread pool (plain
``def`` handlers), so the event loop stays free.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import Depends, FastAPI, Request
from fastapi.middleware.cors import CORSMiddleware

from zpagent import __version__
from zpagent.api.errors import ERROR_RESPONSES, install_error_handlers
from zpagent.api.models import HealthResponse, RagRequest, SearchRequest, ToolHealth
from zpagent.api.security import SecurityMiddleware, check_secrets, search_auth
from zpagent.config import Settings
from zpagent.contract import RagResponse, SearchResponse
from zpagent.errors import RetrievalUnavailable
from zpagent.index.serving import GenerationManager
from zpagent.rag.build import rag as run_rag
from zpagent.search.hybrid import search as run_search
from zpagent.search.response import search_response
from zpagent.workspace import Workspace

log = logging.getLogger("zpagent.api")

DESCRIPTION = """\
ZP Agent answers questions about a university wiki of final theses (Slovak):
students, their bachelor and master theses, supervisors, topics and keywords.

Nástroje / tools:
- **rag_wiki** (`POST /rag`): dôkazy so zdrojmi a pravidlami pre odpoveď —
  use this to answer a question from the wiki with citations [S1].
- **search_wiki** (`POST /search`): hybridné vyhľadávanie úsekov stránok —
  ranked passages for a query.

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
    manager = GenerationManager(workspace.data)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Ready only once the model answers and the generation is loaded.
        if warm:
            workspace.embedder.embed_query("zahrievací dotaz")
        app.state.model_loaded = True
        manager.refresh()
        status = manager.status()
        log.info("ZP Agent %s ready=%s", __version__, status["ready"])
        yield
        manager.close()

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

    install_error_handlers(app)
    origins = [o.strip() for o in settings.cors_allow_origins.split(",") if o.strip()]
    if origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=origins,
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "X-API-Key", "Content-Type"],
        )
    app.add_middleware(SecurityMiddleware, max_body_bytes=settings.api_max_body_bytes)

    def require_model(request: Request) -> None:
        if not request.app.state.model_loaded:
            raise RetrievalUnavailable("the embedding model is not loaded yet")

    tool_deps = [Depends(search_auth), Depends(require_model)]

    @app.get(
        "/health",
        response_model=HealthResponse,
        operation_id="health",
        summary="Readiness / pripravenosť služby",
        tags=["service"],
    )
    def health(request: Request) -> HealthResponse:
        """Readiness of each tool and the active index version. No authentication."""
        with contextlib.suppress(Exception):
            manager.refresh()
        st = manager.status()
        ready = bool(st["ready"] and request.app.state.model_loaded)
        tool = ToolHealth(ready=ready, index_version=st["index_version"])
        return HealthResponse(
            status="ok" if ready else "unavailable",
            ready=ready,
            index_version=st["index_version"],
            tools={"search": tool, "rag": tool},
        )

    @app.post(
        "/search",
        response_model=SearchResponse,
        responses=ERROR_RESPONSES,
        dependencies=tool_deps,
        operation_id="search_wiki",
        summary="Hybridné vyhľadávanie vo wiki / hybrid search over the thesis wiki",
        tags=["tools"],
    )
    def search_endpoint(body: SearchRequest) -> SearchResponse:
        """Vráti najrelevantnejšie úseky stránok (BM25 + embeddingy). Returns the most
        relevant passages with their page, section and scores; `no_answer` when nothing
        relevant exists."""
        with manager.use() as gen:
            outcome = run_search(
                gen,
                workspace.embedder if body.mode != "fts" else None,
                body.query,
                mode=body.mode,
                limit=body.limit,
                max_per_document=body.max_per_document,
                include_unpublished=body.include_unpublished,
            )
            return search_response(outcome, gen.index_version)

    @app.post(
        "/rag",
        response_model=RagResponse,
        responses=ERROR_RESPONSES,
        dependencies=tool_deps,
        operation_id="rag_wiki",
        summary="Dôkazy na odpoveď so zdrojmi / evidence to answer a question, with citations",
        tags=["tools"],
    )
    def rag_endpoint(body: RagRequest) -> RagResponse:
        """Použi na odpoveď na otázku o študentoch, prácach, vedúcich a témach. Returns
        `context` (evidence tagged [S1], [S2], ...), `instructions` (grounding rules),
        `answer_format` and `sources` with URLs. Answer only from `context` and cite."""
        with manager.use() as gen:
            return run_rag(
                gen,
                workspace.embedder,
                body.query,
                limit=body.limit,
                max_per_document=body.max_per_document,
                include_unpublished=body.include_unpublished,
                include_diagnostics=body.include_diagnostics,
                budget_tokens=settings.rag_llm_max_tokens,
                encoding=settings.rag_llm_token_encoding,
            )

    return app
