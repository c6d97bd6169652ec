"""Queries for graph-guided retrieval: the pages and chunks a question is about.

The scope of theses by one anchor (supervisor, topic, keyword or none), the
pages tagged with a keyword, the chunks written about theses, and where vector
hits lead.
"""

from __future__ import annotations

from zpagent.graph.store.cypher.query import _q

# --- graph-guided retrieval: the pages a question is about --------------------------------

# Theses by one anchor (the fastest match first), then kind, year and
# visibility; rows are (person, page, thesis), a page once per thesis.
_SCOPE_FILTER = """
  ($include_unpublished OR (t.published AND p.published))
  AND (size($kinds) = 0 OR t.kind IN $kinds)
  AND (size($years) = 0 OR t.year IN $years)
"""
_SCOPE_ROWS = "RETURN p.id, p.document_path, t.id ORDER BY p.key, p.id, t.year, t.id LIMIT $limit"
_SCOPE_COUNT = "RETURN count(DISTINCT p), count(DISTINCT t)"
# $roles: ["SUPERVISED"] or ["CONSULTED"] (the relationship's type).
_SUPERVISED_MATCH = (
    "MATCH (s:Person)-[r:SUPERVISED|CONSULTED]->(t:Thesis)<-[:AUTHORED]-(p:Person) "
    "WHERE s.id IN $ids AND type(r) IN $roles AND"
    + _SCOPE_FILTER
    + """AND ($topic = '' OR EXISTS { MATCH (p)-[:ON_TOPIC]->(:Topic {id: $topic}) })
    AND ($keyword = '' OR EXISTS {
        MATCH (p)-[:HAS_DOCUMENT]->(:Document)-[:HAS_KEYWORD]->(:Keyword {id: $keyword}) })
    """
)
_TOPIC_MATCH = (
    "MATCH (:Topic {id: $topic})<-[:ON_TOPIC]-(p:Person)-[:AUTHORED]->(t:Thesis) WHERE"
    + _SCOPE_FILTER
)
_KEYWORD_MATCH = (
    "MATCH (:Keyword {id: $keyword})<-[:HAS_KEYWORD]-(:Document)<-[:HAS_DOCUMENT]-(p:Person)"
    "-[:AUTHORED]->(t:Thesis) WHERE" + _SCOPE_FILTER
)
_THESES_MATCH = "MATCH (p:Person)-[:AUTHORED]->(t:Thesis) WHERE" + _SCOPE_FILTER

_LADYBUG_SUPERVISED = _SUPERVISED_MATCH.replace("type(r)", "label(r)")
SCOPE_SUPERVISED = _q(
    "scope_supervised",
    _SUPERVISED_MATCH + _SCOPE_ROWS,
    ladybug=_LADYBUG_SUPERVISED + _SCOPE_ROWS,
)
SCOPE_SUPERVISED_COUNT = _q(
    "scope_supervised_count",
    _SUPERVISED_MATCH + _SCOPE_COUNT,
    ladybug=_LADYBUG_SUPERVISED + _SCOPE_COUNT,
)
SCOPE_TOPIC = _q("scope_topic", _TOPIC_MATCH + _SCOPE_ROWS)
SCOPE_TOPIC_COUNT = _q("scope_topic_count", _TOPIC_MATCH + _SCOPE_COUNT)
SCOPE_KEYWORD = _q("scope_keyword", _KEYWORD_MATCH + _SCOPE_ROWS)
SCOPE_KEYWORD_COUNT = _q("scope_keyword_count", _KEYWORD_MATCH + _SCOPE_COUNT)
SCOPE_THESES = _q("scope_theses", _THESES_MATCH + _SCOPE_ROWS)
SCOPE_THESES_COUNT = _q("scope_theses_count", _THESES_MATCH + _SCOPE_COUNT)

# Every page tagged with a keyword (students' pages, topic pages, guides).
KEYWORD_PAGES = _q(
    "keyword_pages",
    """MATCH (:Keyword {id: $keyword})<-[:HAS_KEYWORD]-(d:Document)
    WHERE $include_unpublished OR d.published
    RETURN d.id ORDER BY d.id LIMIT $limit""",
)
KEYWORD_PAGES_COUNT = _q(
    "keyword_pages_count",
    """MATCH (:Keyword {id: $keyword})<-[:HAS_KEYWORD]-(d:Document)
    WHERE $include_unpublished OR d.published
    RETURN count(DISTINCT d)""",
)

# The text written about theses: the chunks of their sections (ABOUT).
THESIS_CHUNKS = _q(
    "thesis_chunks",
    """MATCH (c:Chunk)-[:ABOUT]->(t:Thesis) WHERE t.id IN $ids
    RETURN t.id, c.id, c.ordinal ORDER BY t.id, c.ordinal, c.id""",
)
# Where vector hits lead: the persons, theses, works and topics their chunks
# are about, mention or evidence.
CHUNK_LINKS = _q(
    "chunk_links",
    """MATCH (c:Chunk)-[r:ABOUT|MENTIONS|EVIDENCE_FOR]->(x)
    WHERE c.id IN $ids AND ($include_unpublished OR x.published)
    RETURN c.id AS chunk, type(r) AS rel, labels(x)[0] AS label, x.id AS id,
           x.document_path AS page
    ORDER BY chunk, rel, label, id""",
    ladybug="""MATCH (c:Chunk)-[r:ABOUT|MENTIONS|EVIDENCE_FOR]->(x)
    WHERE c.id IN $ids AND ($include_unpublished OR x.published)
    RETURN c.id AS chunk, label(r) AS rel, label(x) AS label, x.id AS id,
           x.document_path AS page
    ORDER BY chunk, rel, label, id""",
)
