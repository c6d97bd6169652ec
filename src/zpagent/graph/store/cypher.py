"""Every graph query, written once in Cypher, with explicit per-dialect overrides.

LadybugDB and Neo4j share most of openCypher. Where they differ, the query
carries an override for that dialect, next to the shared text, so a reader
sees both. Conventions that keep one text valid on both engines:

- parameters are never null (LadybugDB types a null parameter as BOOL):
  "no filter" is an empty string or an empty list;
- results are ordered on ASCII keys (``key``, ``id``) so both engines return
  rows in the same order;
- paths are returned whole (``RETURN p``) and normalized by the store.

A differential test runs every query here on both engines over the same
payload and requires identical results.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from zpagent.graph.schema import (
    CLUSTER_MAX_HOPS,
    CLUSTER_REL_TYPES,
    MAX_PATH_HOPS,
    NODE_LABELS,
    PATH_ENDPOINT_LABELS,
    PATH_REL_TYPES,
    REL_TYPES,
)

LADYBUG = "ladybug"
NEO4J = "neo4j"


@dataclass(frozen=True)
class Query:
    name: str
    text: str
    overrides: Mapping[str, str] = field(default_factory=dict)

    def for_dialect(self, dialect: str) -> str:
        return self.overrides.get(dialect, self.text)


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

QUERIES: dict[str, Query] = {}


def _q(name: str, text: str, **overrides: str) -> Query:
    query = Query(
        name, " ".join(text.split()), {k: " ".join(v.split()) for k, v in overrides.items()}
    )
    QUERIES[name] = query
    return query


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

# --- selection: the sets a typed query combines (``graph.select``) ------------------

# Persons who led or consulted a thesis, or led a work or team project: a name of
# theirs may be a supervisor.
LEADERS = _q(
    "leaders",
    """MATCH (s:Person)-[:SUPERVISED|CONSULTED|LED]->() RETURN DISTINCT s.id ORDER BY s.id""",
)
THESIS_YEARS = _q(
    "thesis_years",
    """MATCH (t:Thesis) WHERE t.year IS NOT NULL RETURN DISTINCT t.year ORDER BY t.year""",
)
# (person, thesis) pairs of the theses that satisfy one clause; "" / [] / false
# disable a part. $supervisors and $consultants: any of the listed persons.
THESIS_PAIRS = _q(
    "thesis_pairs",
    """MATCH (p:Person)-[:AUTHORED]->(t:Thesis)
    WHERE ($include_unpublished OR (t.published AND p.published))
      AND (size($kinds) = 0 OR t.kind IN $kinds)
      AND (size($years) = 0 OR t.year IN $years)
      AND (size($ids) = 0 OR t.id IN $ids)
      AND (size($supervisors) = 0 OR EXISTS {
            MATCH (s:Person)-[:SUPERVISED]->(t) WHERE s.id IN $supervisors })
      AND (size($consultants) = 0 OR EXISTS {
            MATCH (c:Person)-[:CONSULTED]->(t) WHERE c.id IN $consultants })
      AND (NOT $with_consultant OR EXISTS { MATCH (:Person)-[:CONSULTED]->(t) })
    RETURN p.id, t.id ORDER BY p.id, t.id""",
)
WORK_PAIRS = _q(
    "work_pairs",
    """MATCH (p:Person)-[:HAS_WORK]->(w:Work)
    WHERE ($include_unpublished OR (w.published AND p.published))
      AND (size($kinds) = 0 OR w.kind IN $kinds)
      AND (size($years) = 0 OR w.year IN $years)
    RETURN p.id, w.id, w.kind, w.title ORDER BY p.id, w.id""",
)
# Members of team projects (MEMBER_OF): a project page lists members whose own
# pages may not name it. (person, project) pairs.
MEMBER_PAIRS = _q(
    "member_pairs",
    """MATCH (p:Person)-[:MEMBER_OF]->(j:Project)
    WHERE ($include_unpublished OR (j.published AND p.published))
      AND (size($years) = 0 OR j.year IN $years)
    RETURN DISTINCT p.id, j.id ORDER BY p.id, j.id""",
)
# Works led by any of $leaders (LED): a student's team project, research task or
# diploma project that names its leader, and the members of a team project whose
# page names its leader. (person, work or project) pairs.
LED_WORK_PAIRS = _q(
    "led_work_pairs",
    """MATCH (p:Person)-[:HAS_WORK]->(w:Work)<-[:LED]-(s:Person)
    WHERE s.id IN $leaders AND ($include_unpublished OR (w.published AND p.published))
      AND (size($kinds) = 0 OR w.kind IN $kinds)
      AND (size($years) = 0 OR w.year IN $years)
    RETURN DISTINCT p.id, w.id, w.kind, w.title ORDER BY p.id, w.id""",
)
LED_PROJECT_PAIRS = _q(
    "led_project_pairs",
    """MATCH (p:Person)-[:MEMBER_OF]->(j:Project)<-[:LED]-(s:Person)
    WHERE s.id IN $leaders AND ($include_unpublished OR (j.published AND p.published))
      AND (size($years) = 0 OR j.year IN $years)
    RETURN DISTINCT p.id, j.id ORDER BY p.id, j.id""",
)
# Who led given works, and given team projects (LED), with the evidence line.
WORK_LEADERS = _q(
    "work_leaders",
    """MATCH (s:Person)-[r:LED]->(w:Work) WHERE w.id IN $ids
    RETURN w.id, s.id, s.name, r.evidence ORDER BY w.id, s.id""",
)
PROJECT_LEADERS = _q(
    "project_leaders",
    """MATCH (s:Person)-[r:LED]->(j:Project) WHERE j.id IN $ids
    RETURN j.id, s.id, s.name, r.evidence ORDER BY j.id, s.id""",
)
TOPIC_LEADERS = _q(
    "topic_leaders",
    """MATCH (s:Person)-[r:LED]->(t:Topic)
    WHERE t.id IN $ids AND ($include_unpublished OR t.published)
    RETURN t.id, t.title, t.document_path, s.id, s.name, r.evidence ORDER BY t.id, s.id""",
)
TOPICS_LED_BY = _q(
    "topics_led_by",
    """MATCH (s:Person)-[r:LED]->(t:Topic)
    WHERE s.id IN $ids AND ($include_unpublished OR t.published)
    RETURN t.id, t.title, t.document_path, s.id, s.name, r.evidence ORDER BY t.key, t.id""",
)
# Topics whose page names a leader (LED): the others have none stated.
LED_TOPICS = _q(
    "led_topics",
    """MATCH (s:Person)-[:LED]->(t:Topic) RETURN DISTINCT t.id ORDER BY t.id""",
)
ALL_TOPICS = _q(
    "all_topics",
    """MATCH (t:Topic) WHERE $include_unpublished OR t.published
    RETURN t.id, t.title, t.document_path ORDER BY t.key, t.id""",
)
PROJECT_CARDS = _q(
    "project_cards",
    """MATCH (j:Project) WHERE j.id IN $ids AND ($include_unpublished OR j.published)
    RETURN j.id, j.title, j.year, j.document_path, j.evidence ORDER BY j.id""",
)
TOPIC_MEMBERS = _q(
    "topic_members",
    """MATCH (p:Person)-[:ON_TOPIC]->(t:Topic)
    WHERE t.id IN $ids AND ($include_unpublished OR p.published)
    RETURN p.id, t.id ORDER BY p.id, t.id""",
)
# Where a topic's or a project's own page lists its members: (person, evidence, the
# page's path), for answers that list them in the page's order.
MEMBER_LINES = _q(
    "member_lines",
    """MATCH (p:Person)-[r:ON_TOPIC|MEMBER_OF]->(x) WHERE x.id IN $ids
    RETURN p.id, r.evidence, x.document_path ORDER BY p.id""",
)
KEYWORD_HOLDERS = _q(
    "keyword_holders",
    """MATCH (p:Person)-[:HAS_DOCUMENT]->(d:Document)-[:HAS_KEYWORD]->(k:Keyword)
    WHERE k.id IN $ids AND ($include_unpublished OR (d.published AND p.published))
    RETURN DISTINCT p.id, k.id ORDER BY p.id, k.id""",
)
PROJECT_MEMBERS = _q(
    "project_members",
    """MATCH (p:Person)-[:MEMBER_OF]->(j:Project)
    WHERE j.id IN $ids AND ($include_unpublished OR p.published)
    RETURN p.id, j.id ORDER BY p.id, j.id""",
)
# Every team membership with its evidence (a member's role is its ``value``).
MEMBER_ROLES = _q(
    "member_roles",
    """MATCH (p:Person)-[r:MEMBER_OF]->(j:Project)
    RETURN p.id, j.id, r.evidence, p.published AND j.published ORDER BY p.id, j.id""",
)
PERSON_PROJECTS = _q(
    "person_projects",
    """MATCH (p:Person)-[r:MEMBER_OF]->(j:Project)
    WHERE p.id IN $ids AND ($include_unpublished OR j.published)
    RETURN p.id, j.id, j.title, j.document_path, r.evidence ORDER BY p.id, j.id""",
)
STARTED_IN = _q(
    "started_in",
    """MATCH (p:Person) WHERE p.start_year IN $years AND ($include_unpublished OR p.published)
    RETURN p.id, p.start_year ORDER BY p.id""",
)
# Who led (or consulted) the theses of given persons: "the same supervisor as X".
LEADERS_OF = _q(
    "leaders_of",
    """MATCH (s:Person)-[r:SUPERVISED|CONSULTED]->(t:Thesis)<-[:AUTHORED]-(p:Person)
    WHERE p.id IN $ids AND type(r) IN $roles AND (size($kinds) = 0 OR t.kind IN $kinds)
    RETURN DISTINCT s.id ORDER BY s.id""",
    ladybug="""MATCH (s:Person)-[r:SUPERVISED|CONSULTED]->(t:Thesis)<-[:AUTHORED]-(p:Person)
    WHERE p.id IN $ids AND label(r) IN $roles AND (size($kinds) = 0 OR t.kind IN $kinds)
    RETURN DISTINCT s.id ORDER BY s.id""",
)
PERSON_THESIS_CARDS = _q(
    "person_thesis_cards",
    """MATCH (p:Person)-[:AUTHORED]->(t:Thesis) WHERE p.id IN $ids
    RETURN p.id, t.id, t.kind, t.year, t.title ORDER BY p.id, t.id""",
)
PERSON_TOPIC_IDS = _q(
    "person_topic_ids",
    """MATCH (p:Person)-[:ON_TOPIC]->(t:Topic) WHERE p.id IN $ids
    RETURN p.id, t.id ORDER BY p.id, t.id""",
)

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

# --- paths -------------------------------------------------------------------------------

# Labels and relationship types cannot be parameters: they are formatted in
# from the schema's fixed lists (never from user input), see ``path_query``.
_PATH = Query(
    "path",
    """MATCH p = allShortestPaths(
        (a:{a_label} {{id: $a}})-[:{types}*1..{hops}]-(b:{b_label} {{id: $b}}))
    RETURN p LIMIT $limit""",
    {
        LADYBUG: """MATCH p = (a:{a_label} {{id: $a}})
            -[:{types}* ALL SHORTEST 1..{hops}]-(b:{b_label} {{id: $b}})
        RETURN p LIMIT $limit"""
    },
)


def path_query(a_label: str, b_label: str) -> Query:
    """The bounded all-shortest-paths query between two labelled entities."""
    if a_label not in PATH_ENDPOINT_LABELS or b_label not in PATH_ENDPOINT_LABELS:
        raise ValueError("path endpoints must be entity labels")
    fill = {
        "a_label": a_label,
        "b_label": b_label,
        "types": "|".join(PATH_REL_TYPES),
        "hops": MAX_PATH_HOPS,
    }
    return Query(
        f"path:{a_label}:{b_label}",
        " ".join(_PATH.text.format(**fill).split()),
        {d: " ".join(t.format(**fill).split()) for d, t in _PATH.overrides.items()},
    )


# --- state and statistics ----------------------------------------------------------------

INDEX_STATE = _q(
    "index_state",
    "MATCH (s:IndexState {id: $id}) RETURN s.version, s.index_version",
)
INDEX_STATE_COVERAGE = _q(
    "index_state_coverage", "MATCH (s:IndexState {id: $id}) RETURN s.coverage"
)


def count_nodes_query(label: str) -> Query:
    if label not in NODE_LABELS:
        raise ValueError(f"unknown label {label}")
    return Query(f"count_nodes:{label}", f"MATCH (n:{label}) RETURN count(n)")


def count_rels_query(rel_type: str) -> Query:
    if rel_type not in REL_TYPES:
        raise ValueError(f"unknown relationship {rel_type}")
    return Query(f"count_rels:{rel_type}", f"MATCH ()-[r:{rel_type}]->() RETURN count(r)")
