"""Queries for selection: the sets a typed query combines (``graph.select``).

Leaders, thesis and work pairs, team memberships and who led them, topics and
their members, keyword holders and the person cards the sets are answered with.
"""

from __future__ import annotations

from zpagent.graph.store.cypher.query import _q

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
# A topic's (project's) members with what decides whether a reader may see them: a
# hidden person listed on the published topic (project) page is listed there for
# every reader (``graph.select.listed_publicly``); their own page stays hidden.
TOPIC_MEMBERS = _q(
    "topic_members",
    """MATCH (p:Person)-[r:ON_TOPIC]->(t:Topic)
    WHERE t.id IN $ids AND ($include_unpublished OR p.published OR t.published)
    RETURN p.id, t.id, p.published, t.published, t.document_path, r.evidence
    ORDER BY p.id, t.id""",
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
    """MATCH (p:Person)-[r:MEMBER_OF]->(j:Project)
    WHERE j.id IN $ids AND ($include_unpublished OR p.published OR j.published)
    RETURN p.id, j.id, p.published, j.published, j.document_path, r.evidence
    ORDER BY p.id, j.id""",
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
