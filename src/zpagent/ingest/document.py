"""The in-memory form of one wiki page after scanning."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Document:
    path: str  # relative to the wiki root, "/" separated: the document's identity
    title: str
    title_source: str
    published: bool
    authors: list[str]  # who wrote the page (often the supervisor), never its subject
    tags: list[str]
    categories: list[str]
    metadata: dict[str, Any]
    body: str
    source_url: str | None
    content_hash: str  # sha256 of the raw file bytes
    size_bytes: int
    warnings: list[str] = field(default_factory=list)  # problems only, not notes
    # Bytes of the page not indexed because a limit was reached (0: in full).
    bytes_left_out: int = 0
    # Front matter keys that decide the page's URL (Grav's slug, routes,
    # routable); URLs are assigned once every page is read.
    url_hints: dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class ScanWarning:
    path: str
    kind: str
