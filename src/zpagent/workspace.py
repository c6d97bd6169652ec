"""The facade: one ``Workspace`` per wiki, as sqlite-utils has one ``Database``.

Settings and a data directory give the configured parts (embedder, chunker,
build steps, graph backend, LLM client) and the served wiki's tools:

    ws.search(SearchRequest)  ws.rag(RagRequest)  ws.graph(GraphRequest)
    ws.answer(AnswerRequest)  ws.chat(messages)   ws.index() / ws.sync()

Each tool takes a typed request (``zpagent.requests``), holds the current
generation open for its duration, reads the question once into a typed
query (``understand``) and returns the contract envelope. HTTP routes, MCP
tools, the CLI, the demo, evaluation and benchmarks are adapters over these
calls, so the same request means the same thing on every transport.
Visibility (``include_unpublished``) is the caller's policy, passed beside
the request, never a field a model can set.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from zpagent.agent.agent import AgentReply, run_agent
from zpagent.answer.condense import CondenseCache
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.llm import ChatClient, LLMConfig
from zpagent.answer.service import answer
from zpagent.config import Settings, get_settings, split_globs
from zpagent.contract import AnswerResponse, RagResponse, SearchResponse
from zpagent.embed.base import Embedder
from zpagent.embed.factory import get_embedder
from zpagent.embed.pipeline import default_workers
from zpagent.embed.queries import QueryEmbedder
from zpagent.embed.query_limits import QueryLimits
from zpagent.errors import WikiError
from zpagent.graph.answers.search import graph_search
from zpagent.graph.build.step import STEP_NAME as GRAPH_STEP
from zpagent.graph.build.step import graph_step
from zpagent.graph.contract import GraphResponse
from zpagent.graph.store.factory import backend_name
from zpagent.graph.store.remote import Neo4jRemoteGraph
from zpagent.graph.understand import understand_in
from zpagent.history.answer import history_asker
from zpagent.index.build import BuildInputs, Progress
from zpagent.index.datadir import DataDir
from zpagent.index.reader import Generation, open_current
from zpagent.index.serving import GenerationManager, remote_verifier
from zpagent.ingest.chunker import ChunkSettings
from zpagent.ingest.limits import PageLimits
from zpagent.ingest.sites.rules import Overrides
from zpagent.query import Query
from zpagent.rag.modes import rag_for_mode
from zpagent.requests import AnswerRequest, GraphRequest, RagRequest, SearchRequest
from zpagent.search.hybrid import search as hybrid_search
from zpagent.search.response import search_response
from zpagent.sync.pipeline import run_sync


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

    def page_overrides(self, include: Sequence[str] = (), exclude: Sequence[str] = ()) -> Overrides:
        """INDEX_INCLUDE/INDEX_EXCLUDE, plus one build's ``--include``/``--exclude``."""
        s = self.settings
        return Overrides(
            include=(*split_globs(s.index_include), *include),
            exclude=(*split_globs(s.index_exclude), *exclude),
        )

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
        return Neo4jRemoteGraph(self.settings)

    def index(
        self,
        wiki: Path | None = None,
        progress: Progress | None = None,
        include: Sequence[str] = (),
        exclude: Sequence[str] = (),
    ) -> dict[str, Any]:
        """Build and publish a generation (the sync pipeline without a git pull);
        ``include``/``exclude``: page globs of this build, beside the settings'."""
        overrides = self.page_overrides(include, exclude)
        return run_sync(self, wiki, pull=False, progress=progress, skip_unchanged=False,
                        overrides=overrides)  # fmt: skip

    def sync(
        self,
        wiki: Path | None = None,
        pull: bool = False,
        on_phase: Any = None,
        progress: Progress | None = None,
    ) -> dict[str, Any]:
        """The sync pipeline: optional git pull, build, publish."""
        kwargs = {"on_phase": on_phase} if on_phase else {}
        return run_sync(self, wiki, pull=pull, progress=progress, **kwargs)

    def llm_client(self) -> Any:
        """A chat client when ANSWER_LLM_URL and ANSWER_MODEL are set, else None."""
        s = self.settings
        if not s.answer_llm_url or not s.answer_model:
            return None
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

    def answer_options(
        self, engine: str = "auto", include_unpublished: bool = False
    ) -> AnswerOptions:
        return AnswerOptions(
            engine=engine,
            include_unpublished=include_unpublished,
            context_tokens=self.settings.answer_context_tokens,
            rag_budget_tokens=self.settings.rag_llm_max_tokens,
            settings=self.settings,
        )

    def condense_cache(self) -> CondenseCache:
        return CondenseCache(self.data.ensure().root / "answer_cache.sqlite")

    def open_current(self) -> Generation:
        return open_current(self.data)

    def graph_backend(self) -> str:
        """``embedded`` or ``neo4j`` (GRAPH_BACKEND), validated."""
        return backend_name(self.settings)

    # -- the served wiki: one call per tool ---------------------------------------------

    @cached_property
    def manager(self) -> GenerationManager:
        """The served generation, swapped atomically when a new one is published."""
        return GenerationManager(self.data, verifier=remote_verifier(self.remote_graph()))

    @cached_property
    def llm(self) -> ChatClient | None:
        return self.llm_client()

    @cached_property
    def condensed(self) -> CondenseCache:
        return self.condense_cache()

    @contextlib.contextmanager
    def generation(self) -> Iterator[Generation]:
        """The current generation, held open for one request (``RetrievalUnavailable``
        when none is published)."""
        with self.manager.use() as gen:
            yield gen

    def understand(self, gen: Generation, text: object, include_unpublished: bool = False) -> Query:
        """The question read once into its typed query (``InvalidQuery`` when empty)."""
        return understand_in(gen, text, self.settings, include_unpublished,
                             embedder=self.embedder)  # fmt: skip

    def search(self, req: SearchRequest, include_unpublished: bool = False) -> SearchResponse:
        with self.generation() as gen:
            embedder = self.query_embedder if req.mode != "fts" else None
            outcome = hybrid_search(gen, embedder, req.query, mode=req.mode, limit=req.limit,
                                    max_per_document=req.max_per_document,
                                    include_unpublished=include_unpublished)  # fmt: skip
            return search_response(outcome, gen.index_version)

    def rag(self, req: RagRequest, include_unpublished: bool = False) -> RagResponse:
        with self.generation() as gen:
            query = self.understand(gen, req.query, include_unpublished)
            return rag_for_mode(
                req.mode,
                gen,
                self.query_embedder,
                query,
                settings=self.settings,
                limit=req.limit,
                max_per_document=req.max_per_document,
                include_unpublished=include_unpublished,
                include_diagnostics=req.include_diagnostics,
                budget_tokens=self.settings.rag_llm_max_tokens,
                encoding=self.settings.rag_llm_token_encoding,
            )

    def graph(self, req: GraphRequest, include_unpublished: bool = False) -> GraphResponse:
        with self.generation() as gen:
            query = self.understand(gen, req.query, include_unpublished)
            return graph_search(gen, query, settings=self.settings, limit=req.limit,
                                include_unpublished=include_unpublished)  # fmt: skip

    def answer(self, req: AnswerRequest, include_unpublished: bool = False) -> AnswerResponse:
        with self.generation() as gen:
            query = self.understand(gen, req.query, include_unpublished)
            return answer(
                gen,
                self.query_embedder,
                query,
                self.answer_options(req.engine, include_unpublished),
                client=self.llm,
                cache=self.condensed,
                history=history_asker(self, gen),
            )

    def chat(
        self,
        messages: list[dict[str, Any]],
        engine: str = "auto",
        on_status: Callable[[str], None] | None = None,
    ) -> AgentReply:
        """The main agent's answer to a conversation's last user turn."""
        with self.generation() as gen:
            return run_agent(gen, self, messages, self.answer_options(engine), client=self.llm,
                             cache=self.condensed, on_status=on_status)  # fmt: skip

    def close(self) -> None:
        """Release what the served wiki holds (generations, caches, clients)."""
        if "manager" in self.__dict__:
            self.manager.close()
        if "query_embedder" in self.__dict__:
            self.query_embedder.close()
        if "condensed" in self.__dict__:
            self.condensed.close()
        if self.__dict__.get("llm") is not None:
            self.llm.close()
