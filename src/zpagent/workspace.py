"""The library entry point: settings + data directory -> the configured parts.

CLI commands, HTTP handlers and sync jobs all start from a ``Workspace``, so
that the embedder, the chunker settings and the build steps are configured
in exactly one place.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any

from zpagent.config import Settings, get_settings
from zpagent.embed.base import Embedder
from zpagent.embed.factory import get_embedder
from zpagent.embed.pipeline import default_workers
from zpagent.embed.queries import QueryEmbedder, QueryLimits
from zpagent.errors import WikiError
from zpagent.graph.build.step import STEP_NAME as GRAPH_STEP
from zpagent.graph.build.step import graph_step
from zpagent.index.build import BuildInputs, Progress
from zpagent.index.datadir import DataDir
from zpagent.index.reader import Generation, open_current
from zpagent.ingest.chunker import ChunkSettings
from zpagent.ingest.limits import PageLimits


class Workspace:
    def __init__(self, settings: Settings | None = None, data_dir: Path | None = None) -> None:
        self.settings = settings or get_settings()
        self.data = DataDir(Path(data_dir or self.settings.zpagent_data_dir))

    @cached_property
    def embedder(self) -> Embedder:
        key = self.settings.embedding_api_key
        return get_embedder(self.settings.embedding_model, key.get_secret_value() if key else None)

    @cached_property
    def query_embedder(self) -> QueryEmbedder:
        """The embedder for queries: capped, cached on disk, on a bounded pool."""
        return QueryEmbedder(
            self.embedder,
            QueryLimits.from_settings(self.settings),
            store=self.data.query_vectors,
        )

    def chunk_settings(self) -> ChunkSettings:
        s = self.settings
        return ChunkSettings(
            max_tokens=s.chunk_max_tokens,
            overlap_tokens=s.chunk_overlap_tokens,
            min_tokens=s.chunk_min_tokens,
            encoding=s.chunk_token_encoding,
        )

    def page_limits(self) -> PageLimits:
        s = self.settings
        return PageLimits(s.page_max_bytes, s.page_max_headings, s.page_max_chunks)

    def build_inputs(self) -> BuildInputs:
        inputs = BuildInputs(
            data=self.data,
            embedder=self.embedder,
            chunk_settings=self.chunk_settings(),
            batch_size=self.settings.embedding_batch_size,
            embedding_workers=self.settings.embedding_workers or default_workers(),
            page_limits=self.page_limits(),
            extra_steps=[(GRAPH_STEP, graph_step)],
        )
        if not self.settings.embedding_seed_cache:
            inputs.seed_caches = []
        return inputs

    def wiki_path(self, wiki: Path | None = None) -> Path:
        path = wiki or self.settings.zpwiki_path
        if path is None:
            raise WikiError("no wiki path given: use --wiki PATH or set ZPWIKI_PATH")
        return Path(path)

    def remote_graph(self) -> Any:
        """The server-side graph written at publication (None: embedded only)."""
        if self.graph_backend() != "neo4j":
            return None
        from zpagent.graph.store.remote import Neo4jRemoteGraph

        return Neo4jRemoteGraph(self.settings)

    def index(self, wiki: Path | None = None, progress: Progress | None = None) -> dict[str, Any]:
        """Build and publish a generation (the sync pipeline without a git pull)."""
        from zpagent.sync.pipeline import run_sync

        return run_sync(self, wiki, pull=False, progress=progress, skip_unchanged=False)

    def sync(
        self,
        wiki: Path | None = None,
        pull: bool = False,
        on_phase: Any = None,
        progress: Progress | None = None,
    ) -> dict[str, Any]:
        """The sync pipeline: optional git pull, build, publish."""
        from zpagent.sync.pipeline import run_sync

        kwargs = {"on_phase": on_phase} if on_phase else {}
        return run_sync(self, wiki, pull=pull, progress=progress, **kwargs)

    def llm_client(self) -> Any:
        """A chat client when ANSWER_LLM_URL and ANSWER_MODEL are set, else None."""
        s = self.settings
        if not s.answer_llm_url or not s.answer_model:
            return None
        from zpagent.answer.llm import ChatClient, LLMConfig

        key = s.openwebui_api_key.get_secret_value() if s.openwebui_api_key else None
        return ChatClient(
            LLMConfig(
                url=s.answer_llm_url,
                model=s.answer_model,
                api_key=key,
                timeout=s.answer_llm_timeout,
                retries=s.answer_llm_retries,
            )
        )

    def answer_options(self, engine: str = "auto", include_unpublished: bool = False) -> Any:
        from zpagent.answer.gather import AnswerOptions

        return AnswerOptions(
            engine=engine,
            include_unpublished=include_unpublished,
            context_tokens=self.settings.answer_context_tokens,
            rag_budget_tokens=self.settings.rag_llm_max_tokens,
        )

    def condense_cache(self) -> Any:
        from zpagent.answer.condense import CondenseCache

        return CondenseCache(self.data.ensure().root / "answer_cache.sqlite")

    def open_current(self) -> Generation:
        return open_current(self.data)

    def graph_backend(self) -> str:
        """``embedded`` or ``neo4j`` (GRAPH_BACKEND), validated."""
        from zpagent.graph.store.factory import backend_name

        return backend_name(self.settings)
