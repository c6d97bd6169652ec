"""Queries about persons and theses: lexicons, one or two persons, lists and counts.

The names a question can mention, a person's cards, theses, works, topics and
keywords, what two persons share, and the exact lists and counts of persons by
thesis, work, topic, keyword or start year.
"""

from __future__ import annotations

from zpagent.graph.store.cypher.query import _q

# Thesis filters shared by list and count queries: kinds, years, supervisor,
# consultant, topic and keyword; "" / [] disable a filter.
_THESIS_FILTER = """
WHERE ($include_unpublished OR (t.published AND p.published))
  AND (size($kinds) = 0 OR t.kind IN $kinds)
  AND (size($years) = 0 OR t.year IN $years)
  AND ($supervisor = '' OR EXISTS { MATCH (:Person {id: $supervisor})-[:SUPERVISED]->(t) })
  AND ($consultant = '' OR EXISTS { MATCH (:Person {id: $consultant})-[:CONSULTED]->(t) })
  AND ($topic = '' OR EXISTS { MATCH (p)-[:ON_TOPIC]->(:Topic {id: $topic}) })
  AND ($keyword = '' OR EXISTS {
        MATCH (p)-[:HAS_DOCUMENT]->(:Document)-[:HAS_KEYWORD]->(:Keyword {id: $keyword}) })
"""

_WORK_FILTER = """
WHERE ($include_unpublished OR (w.published AND p.published))
  AND (size($kinds) = 0 OR w.kind IN $kinds)
  AND (size($years) = 0 OR w.year IN $years)
"""

_PERSON_KEYWORD_MATCH = (
    "MATCH (p:Person)-[:HAS_DOCUMENT]->(d:Document)-[r:HAS_KEYWORD]->(k:Keyword {id: $keyword})"
)

# --- lexicons: the names a question can mention --------------------------------

PERSONS_LEXICON = _q(
    "persons_lexicon",
    """MATCH (p:Person)
    RETURN p.id, p.name, p.key, p.has_page, p.published, p.document_path, p.login
    ORDER BY p.id""",
)
TOPICS_LEXICON = _q(
    "topics_lexicon",
    """MATCH (t:Topic)
    RETURN t.id, t.title, t.key, t.keyword, t.published, t.document_path ORDER BY t.id""",
)
KEYWORDS_LEXICON = _q(
    "keywords_lexicon",
    """MATCH (k:Keyword)<-[:HAS_KEYWORD]-(d:Document)
    RETURN k.id, k.name, count(d), count(CASE WHEN d.published THEN 1 END)
    ORDER BY k.id""",
)
PROJECTS_LEXICON = _q(
    "projects_lexicon",
    """MATCH (j:Project)
    RETURN j.id, j.title, j.published, j.document_path ORDER BY j.id""",
)
AUTHORS_LEXICON = _q(
    "authors_lexicon", "MATCH (a:DocumentAuthor) RETURN a.id, a.name, a.key ORDER BY a.id"
)
TITLES_LEXICON = _q(
    "titles_lexicon",
    """MATCH (p:Person)-[:AUTHORED]->(t:Thesis) WHERE t.title_key IS NOT NULL
    RETURN t.id, t.title, t.title_key, t.published AND p.published ORDER BY t.id""",
)

# --- one person ------------------------------------------------------------------

PERSON_CARDS = _q(
    "person_cards",
    """MATCH (p:Person) WHERE p.id IN $ids
    RETURN p.id, p.name, p.has_page, p.document_path, p.published, p.login, p.start_year,
           p.evidence
    ORDER BY p.key, p.id""",
)
PERSON_THESES = _q(
    "person_theses",
    """MATCH (p:Person)-[:AUTHORED]->(t:Thesis)
    WHERE p.id IN $ids AND ($include_unpublished OR t.published)
      AND (size($kinds) = 0 OR t.kind IN $kinds)
    RETURN p.id, t.id, t.kind, t.title, t.year, t.year_heading, t.year_category,
           t.year_conflict, t.document_path, t.evidence
    ORDER BY p.id, t.year, t.kind, t.id LIMIT $limit""",
)
THESIS_PEOPLE = _q(
    "thesis_people",
    """MATCH (s:Person)-[r:SUPERVISED|CONSULTED]->(t:Thesis) WHERE t.id IN $ids
    RETURN t.id, type(r), s.id, s.name, r.evidence ORDER BY t.id, type(r), s.id""",
    ladybug="""MATCH (s:Person)-[r:SUPERVISED|CONSULTED]->(t:Thesis) WHERE t.id IN $ids
    RETURN t.id, label(r), s.id, s.name, r.evidence ORDER BY t.id, label(r), s.id""",
)
PERSON_WORKS = _q(
    "person_works",
    """MATCH (p:Person)-[:HAS_WORK]->(w:Work)
    WHERE p.id IN $ids AND ($include_unpublished OR w.published)
      AND (size($kinds) = 0 OR w.kind IN $kinds)
    RETURN p.id, w.id, w.kind, w.number, w.title, w.year, w.document_path, w.evidence
    ORDER BY p.id, w.kind, w.number, w.year, w.id LIMIT $limit""",
)
PERSON_TOPICS = _q(
    "person_topics",
    """MATCH (p:Person)-[r:ON_TOPIC]->(t:Topic)
    WHERE p.id IN $ids AND ($include_unpublished OR t.published)
    RETURN p.id, t.id, t.title, t.document_path, r.evidence ORDER BY p.id, t.key, t.id""",
)
PERSON_KEYWORDS = _q(
    "person_keywords",
    """MATCH (p:Person)-[:HAS_DOCUMENT]->(d:Document)-[r:HAS_KEYWORD]->(k:Keyword)
    WHERE p.id IN $ids AND ($include_unpublished OR d.published)
    RETURN p.id, k.id, k.name, d.id, r.evidence ORDER BY p.id, k.id""",
)

# --- two persons ------------------------------------------------------------------

SHARED_TOPICS = _q(
    "shared_topics",
    """MATCH (a:Person {id: $a})-[ra:ON_TOPIC]->(t:Topic)<-[rb:ON_TOPIC]-(b:Person {id: $b})
    WHERE $include_unpublished OR t.published
    RETURN t.id, t.title, t.document_path, ra.evidence, rb.evidence ORDER BY t.key, t.id""",
)
SHARED_KEYWORDS = _q(
    "shared_keywords",
    """MATCH (a:Person {id: $a})-[:HAS_DOCUMENT]->(da:Document)-[ra:HAS_KEYWORD]->(k:Keyword),
          (b:Person {id: $b})-[:HAS_DOCUMENT]->(db:Document)-[rb:HAS_KEYWORD]->(k)
    WHERE $include_unpublished OR (da.published AND db.published)
    RETURN k.id, k.name, da.id, db.id, ra.evidence, rb.evidence ORDER BY k.id""",
)

# --- lists and exact counts ------------------------------------------------------

PERSONS_BY_THESIS_COUNT = _q(
    "persons_by_thesis_count",
    "MATCH (p:Person)-[:AUTHORED]->(t:Thesis)"
    + _THESIS_FILTER
    + "RETURN count(DISTINCT p), count(DISTINCT t)",
)
PERSONS_BY_THESIS_PAGE = _q(
    "persons_by_thesis_page",
    "MATCH (p:Person)-[:AUTHORED]->(t:Thesis)"
    + _THESIS_FILTER
    + "RETURN DISTINCT p.id, p.name, p.key ORDER BY p.key, p.id LIMIT $limit",
)
THESES_BY_FILTER = _q(
    "theses_by_filter",
    "MATCH (p:Person)-[:AUTHORED]->(t:Thesis)"
    + _THESIS_FILTER
    + """AND p.id IN $ids
    RETURN p.id, t.id, t.kind, t.title, t.year, t.year_heading, t.year_category,
           t.year_conflict, t.document_path, t.evidence
    ORDER BY p.key, p.id, t.year, t.kind, t.id LIMIT $limit""",
)
PERSONS_BY_WORK_COUNT = _q(
    "persons_by_work_count",
    "MATCH (p:Person)-[:HAS_WORK]->(w:Work)"
    + _WORK_FILTER
    + "RETURN count(DISTINCT p), count(DISTINCT w)",
)
PERSONS_BY_WORK_PAGE = _q(
    "persons_by_work_page",
    "MATCH (p:Person)-[:HAS_WORK]->(w:Work)"
    + _WORK_FILTER
    + "RETURN DISTINCT p.id, p.name, p.key ORDER BY p.key, p.id LIMIT $limit",
)
WORKS_BY_FILTER = _q(
    "works_by_filter",
    "MATCH (p:Person)-[:HAS_WORK]->(w:Work)"
    + _WORK_FILTER
    + """AND p.id IN $ids
    RETURN p.id, w.id, w.kind, w.number, w.title, w.year, w.document_path, w.evidence
    ORDER BY p.key, p.id, w.kind, w.number, w.year, w.id LIMIT $limit""",
)
PERSONS_BY_TOPIC_COUNT = _q(
    "persons_by_topic_count",
    """MATCH (p:Person)-[:ON_TOPIC]->(t:Topic {id: $topic})
    WHERE $include_unpublished OR p.published
    RETURN count(DISTINCT p) AS persons, count(DISTINCT p) AS items""",
)
PERSONS_BY_TOPIC_PAGE = _q(
    "persons_by_topic_page",
    """MATCH (p:Person)-[r:ON_TOPIC]->(t:Topic {id: $topic})
    WHERE $include_unpublished OR p.published
    RETURN p.id, p.name, p.key, r.evidence ORDER BY p.key, p.id LIMIT $limit""",
)
PERSONS_BY_KEYWORD_COUNT = _q(
    "persons_by_keyword_count",
    _PERSON_KEYWORD_MATCH
    + """ WHERE $include_unpublished OR (d.published AND p.published)
    RETURN count(DISTINCT p), count(DISTINCT d)""",
)
PERSONS_BY_KEYWORD_PAGE = _q(
    "persons_by_keyword_page",
    _PERSON_KEYWORD_MATCH
    + """ WHERE $include_unpublished OR (d.published AND p.published)
    RETURN p.id, p.name, p.key, d.id, r.evidence ORDER BY p.key, p.id LIMIT $limit""",
)

PERSONS_BY_START_COUNT = _q(
    "persons_by_start_count",
    """MATCH (p:Person) WHERE p.start_year IN $years AND ($include_unpublished OR p.published)
    RETURN count(DISTINCT p) AS persons, count(DISTINCT p) AS items""",
)
PERSONS_BY_START_PAGE = _q(
    "persons_by_start_page",
    """MATCH (p:Person) WHERE p.start_year IN $years AND ($include_unpublished OR p.published)
    RETURN p.id, p.name, p.key, p.start_year, p.document_path, p.evidence
    ORDER BY p.key, p.id LIMIT $limit""",
)
