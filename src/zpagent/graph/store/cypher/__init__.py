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

The queries live in one module per topic: ``query`` (the ``Query`` type, the
dialects and the ``QUERIES`` registry), ``persons`` (lexicons, persons, theses,
lists and counts), ``selection`` (the sets ``graph.select`` combines:
memberships, leaders, topics), ``documents`` (pages and titles), ``retrieval``
(graph-guided retrieval), ``paths`` and ``state`` (index state, counts). This
module re-exports them all, so callers write ``from zpagent.graph.store import
cypher as q`` and ``q.PERSON_CARDS``.
"""

from __future__ import annotations

# isort: off
# In the order of the queries in ``QUERIES`` (the order they were written in).
from zpagent.graph.store.cypher.query import (
    LADYBUG,
    NEO4J,
    QUERIES,
    Query,
)
from zpagent.graph.store.cypher.persons import (
    AUTHORS_LEXICON,
    KEYWORDS_LEXICON,
    PERSON_CARDS,
    PERSON_KEYWORDS,
    PERSON_THESES,
    PERSON_TOPICS,
    PERSON_WORKS,
    PERSONS_BY_KEYWORD_COUNT,
    PERSONS_BY_KEYWORD_PAGE,
    PERSONS_BY_START_COUNT,
    PERSONS_BY_START_PAGE,
    PERSONS_BY_THESIS_COUNT,
    PERSONS_BY_THESIS_PAGE,
    PERSONS_BY_TOPIC_COUNT,
    PERSONS_BY_TOPIC_PAGE,
    PERSONS_BY_WORK_COUNT,
    PERSONS_BY_WORK_PAGE,
    PERSONS_LEXICON,
    PROJECTS_LEXICON,
    SHARED_KEYWORDS,
    SHARED_TOPICS,
    THESES_BY_FILTER,
    THESIS_PEOPLE,
    TITLES_LEXICON,
    TOPICS_LEXICON,
    WORKS_BY_FILTER,
)
from zpagent.graph.store.cypher.selection import (
    ALL_TOPICS,
    KEYWORD_HOLDERS,
    LEADERS,
    LEADERS_OF,
    LED_PROJECT_PAIRS,
    LED_TOPICS,
    LED_WORK_PAIRS,
    MEMBER_LINES,
    MEMBER_PAIRS,
    MEMBER_ROLES,
    PERSON_PROJECTS,
    PERSON_THESIS_CARDS,
    PERSON_TOPIC_IDS,
    PROJECT_CARDS,
    PROJECT_LEADERS,
    PROJECT_MEMBERS,
    STARTED_IN,
    THESIS_PAIRS,
    THESIS_YEARS,
    TOPIC_LEADERS,
    TOPIC_MEMBERS,
    TOPICS_LED_BY,
    WORK_LEADERS,
    WORK_PAIRS,
)
from zpagent.graph.store.cypher.documents import (
    DOCUMENT_PERSONS,
    DOCUMENTS_BY_AUTHOR_COUNT,
    DOCUMENTS_BY_AUTHOR_PAGE,
    DOCUMENTS_LINKED,
    DOCUMENTS_META,
    PAGE_AUTHORS,
    THESES_BY_IDS,
    THESES_BY_TITLE,
)
from zpagent.graph.store.cypher.retrieval import (
    CHUNK_LINKS,
    KEYWORD_PAGES,
    KEYWORD_PAGES_COUNT,
    SCOPE_KEYWORD,
    SCOPE_KEYWORD_COUNT,
    SCOPE_SUPERVISED,
    SCOPE_SUPERVISED_COUNT,
    SCOPE_THESES,
    SCOPE_THESES_COUNT,
    SCOPE_TOPIC,
    SCOPE_TOPIC_COUNT,
    THESIS_CHUNKS,
)
from zpagent.graph.store.cypher.paths import (
    path_query,
)
from zpagent.graph.store.cypher.state import (
    INDEX_STATE,
    INDEX_STATE_COVERAGE,
    count_nodes_query,
    count_rels_query,
)
# isort: on

__all__ = [
    "ALL_TOPICS",
    "AUTHORS_LEXICON",
    "CHUNK_LINKS",
    "DOCUMENTS_BY_AUTHOR_COUNT",
    "DOCUMENTS_BY_AUTHOR_PAGE",
    "DOCUMENTS_LINKED",
    "DOCUMENTS_META",
    "DOCUMENT_PERSONS",
    "INDEX_STATE",
    "INDEX_STATE_COVERAGE",
    "KEYWORDS_LEXICON",
    "KEYWORD_HOLDERS",
    "KEYWORD_PAGES",
    "KEYWORD_PAGES_COUNT",
    "LADYBUG",
    "LEADERS",
    "LEADERS_OF",
    "LED_PROJECT_PAIRS",
    "LED_TOPICS",
    "LED_WORK_PAIRS",
    "MEMBER_LINES",
    "MEMBER_PAIRS",
    "MEMBER_ROLES",
    "NEO4J",
    "PAGE_AUTHORS",
    "PERSONS_BY_KEYWORD_COUNT",
    "PERSONS_BY_KEYWORD_PAGE",
    "PERSONS_BY_START_COUNT",
    "PERSONS_BY_START_PAGE",
    "PERSONS_BY_THESIS_COUNT",
    "PERSONS_BY_THESIS_PAGE",
    "PERSONS_BY_TOPIC_COUNT",
    "PERSONS_BY_TOPIC_PAGE",
    "PERSONS_BY_WORK_COUNT",
    "PERSONS_BY_WORK_PAGE",
    "PERSONS_LEXICON",
    "PERSON_CARDS",
    "PERSON_KEYWORDS",
    "PERSON_PROJECTS",
    "PERSON_THESES",
    "PERSON_THESIS_CARDS",
    "PERSON_TOPICS",
    "PERSON_TOPIC_IDS",
    "PERSON_WORKS",
    "PROJECTS_LEXICON",
    "PROJECT_CARDS",
    "PROJECT_LEADERS",
    "PROJECT_MEMBERS",
    "QUERIES",
    "SCOPE_KEYWORD",
    "SCOPE_KEYWORD_COUNT",
    "SCOPE_SUPERVISED",
    "SCOPE_SUPERVISED_COUNT",
    "SCOPE_THESES",
    "SCOPE_THESES_COUNT",
    "SCOPE_TOPIC",
    "SCOPE_TOPIC_COUNT",
    "SHARED_KEYWORDS",
    "SHARED_TOPICS",
    "STARTED_IN",
    "THESES_BY_FILTER",
    "THESES_BY_IDS",
    "THESES_BY_TITLE",
    "THESIS_CHUNKS",
    "THESIS_PAIRS",
    "THESIS_PEOPLE",
    "THESIS_YEARS",
    "TITLES_LEXICON",
    "TOPICS_LED_BY",
    "TOPICS_LEXICON",
    "TOPIC_LEADERS",
    "TOPIC_MEMBERS",
    "WORKS_BY_FILTER",
    "WORK_LEADERS",
    "WORK_PAIRS",
    "Query",
    "count_nodes_query",
    "count_rels_query",
    "path_query",
]
