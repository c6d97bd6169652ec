"""Map a line of a page to the chunk that holds it.

Chunk cores are contiguous spans of the body that together cover all of its
text, so every evidence line has exactly one chunk: the bridge from a graph
fact back to the passage that vector search would find.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

from zpagent.graph.build.page import SourceLine
from zpagent.graph.model import Evidence
from zpagent.ingest.chunker import Chunk


class ChunkLocator:
    def __init__(self, chunks: Iterable[Chunk]) -> None:
        by_doc: dict[str, list[tuple[int, int, str]]] = {}
        for c in chunks:
            by_doc.setdefault(c.document_path, []).append((c.char_start, c.char_end, c.chunk_id))
        self._starts: dict[str, list[int]] = {}
        self._spans: dict[str, list[tuple[int, int, str]]] = {}
        for path, spans in by_doc.items():
            spans.sort()
            self._spans[path] = spans
            self._starts[path] = [s for s, _, _ in spans]

    def chunk_at(self, document_path: str, offset: int) -> str | None:
        """The chunk whose core contains ``offset`` (or the nearest one before it)."""
        starts = self._starts.get(document_path)
        if not starts:
            return None
        i = bisect.bisect_right(starts, offset) - 1
        if i < 0:
            return self._spans[document_path][0][2]
        return self._spans[document_path][i][2]

    def chunks_of(self, document_path: str) -> list[str]:
        return [cid for _, _, cid in self._spans.get(document_path, [])]

    def chunks_within(self, document_path: str, start: int, end: int) -> list[str]:
        """Chunks whose core overlaps the body span [start, end)."""
        return [cid for s, e, cid in self._spans.get(document_path, []) if s < end and start < e]

    def evidence(self, document_path: str, source: SourceLine) -> Evidence:
        line = source.line
        if line is None:
            return Evidence(source.field, document_path, None, None, source.text)
        # The first non-blank character decides: leading spaces may be outside a core.
        stripped = len(line.text) - len(line.text.lstrip())
        chunk = self.chunk_at(document_path, line.offset + stripped)
        return Evidence(source.field, document_path, chunk, line.number, line.text.strip())
