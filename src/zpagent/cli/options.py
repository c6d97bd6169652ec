"""What every command shares: its common options, choices and the workspace it opens.

``--data``, ``--wiki``, ``--json``, ``--limit`` and ``--include-unpublished``
are declared once here; ``using`` opens the wiki's facade for one command and
closes it after.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from zpagent.config import Settings
from zpagent.workspace import Workspace

DataOpt = Annotated[
    Path | None,
    typer.Option("--data", help="Data directory (env ZPAGENT_DATA_DIR, default ./data)."),
]
WikiOpt = Annotated[
    Path | None, typer.Option("--wiki", help="Wiki checkout to index (env ZPWIKI_PATH).")
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print exactly one JSON object (the contract envelope).")
]
LimitOpt = Annotated[int, typer.Option("--limit", min=1, max=50, help="Number of results.")]
UnpublishedOpt = Annotated[
    bool, typer.Option("--include-unpublished", help="Also search pages marked published: false.")
]


class SearchMode(StrEnum):
    """An enum makes click reject other values as a usage error (exit 2)."""

    hybrid = "hybrid"
    fts = "fts"
    vector = "vector"


class AnswerEngine(StrEnum):
    rag = "rag"
    graph = "graph"
    auto = "auto"


def workspace(data: Path | None) -> Workspace:
    return Workspace(Settings(), data_dir=data)


@contextlib.contextmanager
def using(data: Path | None) -> Iterator[Workspace]:
    """The wiki's facade for one command, closed after it."""
    ws = workspace(data)
    try:
        yield ws
    finally:
        ws.close()
