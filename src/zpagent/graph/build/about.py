"""What each chunk is about: ``(:Chunk)-[:ABOUT]->(Person|Thesis|Work|Topic)``.

Evidence links (``MENTIONS``, ``EVIDENCE_FOR``) tie only the chunks that
hold a fact's line to the fact. Graph-guided retrieval needs more: every
chunk of a student's page is about that student, every chunk inside a
thesis section (its meeting logs too) is about that thesis, and every chunk
of a topic page is about the topic. With these links a vector hit anywhere
on a page leads to its entities, and a set of theses from the graph leads to
exactly the text written about them.

A chunk that straddles two sections (small sections are merged into one
chunk) is about both items.
"""

from __future__ import annotations

from dataclasses import dataclass

from zpagent.graph.build.evidence import ChunkLocator


@dataclass(frozen=True)
class Section:
    """An item's section on a page: the node it is about and its body span."""

    label: str  # Thesis | Work
    id: str
    document_path: str
    start: int
    end: int


def about_links(
    locator: ChunkLocator,
    subjects: dict[str, str],
    topics: dict[str, str],
    sections: list[Section],
) -> list[tuple[str, tuple[str, str]]]:
    """``(chunk id, (label, node id))`` pairs, deterministic order.

    ``subjects``: person page path -> person id; ``topics``: topic page path
    -> topic id; ``sections``: the item sections of person pages.
    """
    out: list[tuple[str, tuple[str, str]]] = []
    for path, pid in sorted(subjects.items()):
        out.extend((cid, ("Person", pid)) for cid in locator.chunks_of(path))
    for s in sections:
        out.extend(
            (cid, (s.label, s.id)) for cid in locator.chunks_within(s.document_path, s.start, s.end)
        )
    for path, tid in sorted(topics.items()):
        out.extend((cid, ("Topic", tid)) for cid in locator.chunks_of(path))
    return out
