"""What the MCP tools run against: the served generation and the configured parts.

The HTTP server shares its own (the app's generation manager, LLM client
and condensation cache); ``zpagent mcp`` (stdio) builds a standalone one
from the settings and the data directory.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zpagent.config import Settings
from zpagent.errors import RetrievalUnavailable
from zpagent.index.reader import Generation
from zpagent.index.serving import GenerationManager, remote_verifier
from zpagent.workspace import Workspace


@dataclass
class Backend:
    workspace: Workspace
    manager: GenerationManager
    llm_client: Any = None
    condense_cache: Any = None
    ready: Callable[[], bool] = field(default=lambda: True)
    _owned: bool = False

    @classmethod
    def standalone(cls, settings: Settings, data_dir: Path | None = None) -> Backend:
        """A backend of its own (stdio): closed with ``close()``."""
        ws = Workspace(settings, data_dir=data_dir)
        manager = GenerationManager(ws.data, verifier=remote_verifier(ws.remote_graph()))
        return cls(ws, manager, ws.llm_client(), ws.condense_cache(), _owned=True)

    @property
    def settings(self) -> Settings:
        return self.workspace.settings

    @contextlib.contextmanager
    def generation(self) -> Iterator[Generation]:
        """The served generation for the duration of one tool call (503 without one)."""
        if not self.ready():
            raise RetrievalUnavailable("the embedding model is not loaded yet")
        with self.manager.use() as gen:
            yield gen

    def close(self) -> None:
        if not self._owned:
            return
        self.manager.close()
        if self.condense_cache is not None:
            self.condense_cache.close()
        if self.llm_client is not None:
            self.llm_client.close()
        if "query_embedder" in self.workspace.__dict__:  # created on first use
            self.workspace.query_embedder.close()
