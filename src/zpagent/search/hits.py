"""One retrieved chunk with what each retriever and the fusion said of it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Hit:
    rowid: int
    document_id: int
    document_path: str
    title: str
    source_url: str | None
    published: bool
    chunk_id: str
    ordinal: int
    heading_path: list[str]
    text: str
    section_start: bool
    section_lead: int
    fts_score: float | None = None
    fts_rank: int | None = None
    fts_strategy: str | None = None
    fts_coverage: float | None = None
    vector_similarity: float | None = None
    vector_rank: int | None = None
    vector_margin: float | None = None
    fused: float = 0.0
    # The anchor bonus in fusion (fusion.anchor): the query is the page's title or a heading.
    anchor: float = 0.0
    relevance: float = 0.0
    # False when the title was made up from the file path (no front matter
    # title, no H1): it still helps matching, but a source never shows it.
    title_known: bool = True

    @property
    def anchored(self) -> bool:
        return self.anchor > 0

    @property
    def source_title(self) -> str | None:
        return self.title if self.title_known else None
