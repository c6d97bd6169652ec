"""What the MCP tools run against: the wiki's facade and whether it is ready.

The HTTP server shares its own ``Workspace`` (its served generation, LLM
client and condensation cache); ``zpagent mcp`` (stdio) builds a
standalone one from the settings and the data directory.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from zpagent.config import Settings
from zpagent.errors import RetrievalUnavailable
from zpagent.index.reader import Generation
from zpagent.workspace import Workspace


@dataclass
class Backend:
    workspace: Workspace
    ready: Callable[[], bool] = field(default=lambda: True)
    _owned: bool = False

    @classmethod
    def standalone(cls, settings: Settings, data_dir: Path | None = None) -> Backend:
        """A backend of its own (stdio): closed with ``close()``."""
        return cls(Workspace(settings, data_dir=data_dir), _owned=True)

    @property
    def settings(self) -> Settings:
        return self.workspace.settings

    def check_ready(self) -> None:
        if not self.ready():
            raise RetrievalUnavailable("the embedding model is not loaded yet")

    @contextlib.contextmanager
    def generation(self) -> Iterator[Generation]:
        """The served generation for the duration of one tool call (503 without one)."""
        self.check_ready()
        with self.workspace.generation() as gen:
            yield gen

    def close(self) -> None:
        if self._owned:
            self.workspace.close()
