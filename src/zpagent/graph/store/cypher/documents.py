"""Queries about documents and titles: page authors, metadata, linked pages.

Documents by author, a page's authors and persons, whether two pages belong to
one cluster of evidence, and theses found by title or by id.
"""

from __future__ import annotations

from zpagent.graph.schema import CLUSTER_MAX_HOPS, CLUSTER_REL_TYPES
from zpagent.graph.store.cypher.query import _q

# --- documents -----------------------------------------------------------------------

DOCUMENTS_BY_AUTHOR_COUNT = _q(
    "documents_by_author_count",
    """MATCH (a:DocumentAuthor)-[:AUTHORED_DOCUMENT]->(d:Document)
    WHERE a.id IN $ids AND ($include_unpublished OR d.published)
      AND (size($doc_kinds) = 0 OR d.kind IN $doc_kinds)
    RETURN count(DISTINCT d), count(DISTINCT a)""",
)
DOCUMENTS_BY_AUTHOR_PAGE = _q(
    "documents_by_author_page",
    """MATCH (a:DocumentAuthor)-[r:AUTHORED_DOCUMENT]->(d:Document)
    WHERE a.id IN $ids AND ($include_unpublished OR d.published)
      AND (size($doc_kinds) = 0 OR d.kind IN $doc_kinds)
    RETURN d.id, d.title, d.kind, a.id, a.name, r.evidence ORDER BY d.id, a.id LIMIT $limit""",
)
PAGE_AUTHORS = _q(
    "page_authors",
    """MATCH (a:DocumentAuthor)-[r:AUTHORED_DOCUMENT]->(d:Document)
    WHERE d.id IN $ids AND ($include_unpublished OR d.published)
    RETURN d.id, a.id, a.name, r.evidence ORDER BY d.id, a.id""",
)
DOCUMENTS_META = _q(
    "documents_meta",
    """MATCH (d:Document) WHERE d.id IN $ids
    RETURN d.id, d.title, d.source_url, d.published, d.kind ORDER BY d.id""",
)

DOCUMENT_PERSONS = _q(
    "document_persons",
    """MATCH (p:Person)-[:HAS_DOCUMENT]->(d:Document)
    WHERE d.id IN $ids AND ($include_unpublished OR d.published)
    RETURN d.id, p.id, p.name ORDER BY d.id, p.id""",
)
# Whether two pages belong to one cluster of evidence: a path of at most
# CLUSTER_MAX_HOPS over the relationships that tie a page to the same
# person, thesis or topic (see schema.CLUSTER_REL_TYPES).
DOCUMENTS_LINKED = _q(
    "documents_linked",
    f"""MATCH p = shortestPath((a:Document {{id: $a}})
        -[:{"|".join(CLUSTER_REL_TYPES)}*1..{CLUSTER_MAX_HOPS}]-(b:Document {{id: $b}}))
    RETURN a.id, b.id LIMIT 1""",
    ladybug=f"""MATCH p = (a:Document {{id: $a}})
        -[:{"|".join(CLUSTER_REL_TYPES)}* SHORTEST 1..{CLUSTER_MAX_HOPS}]-(b:Document {{id: $b}})
    RETURN a.id, b.id LIMIT 1""",
)

# --- titles -----------------------------------------------------------------------------

THESES_BY_TITLE = _q(
    "theses_by_title",
    """MATCH (p:Person)-[:AUTHORED]->(t:Thesis)
    WHERE t.title_key CONTAINS $title AND ($include_unpublished OR (t.published AND p.published))
    RETURN p.id, p.name, t.id, t.kind, t.title, t.year, t.year_heading, t.year_category,
           t.year_conflict, t.document_path, t.evidence
    ORDER BY t.title_key, t.id LIMIT $limit""",
)

THESES_BY_IDS = _q(
    "theses_by_ids",
    """MATCH (p:Person)-[:AUTHORED]->(t:Thesis)
    WHERE t.id IN $ids AND ($include_unpublished OR (t.published AND p.published))
    RETURN p.id, p.name, t.id, t.kind, t.title, t.year, t.year_heading, t.year_category,
           t.year_conflict, t.document_path, t.evidence
    ORDER BY t.title_key, t.id LIMIT $limit""",
)
