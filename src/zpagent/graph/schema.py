"""The graph schema shared by both stores: node labels, properties, relationships.

LadybugDB needs declared tables; Neo4j needs only uniqueness constraints.
Both are derived from this one declaration, so the two engines always hold
the same graph. Every property is a scalar (string, integer, boolean):
evidence travels as a JSON string, which both engines store unchanged.
"""

from __future__ import annotations

from typing import Final

STRING: Final = "STRING"
INT: Final = "INT64"
BOOL: Final = "BOOLEAN"

# label -> ordered (property, type); "id" is the primary key of every label.
NODE_PROPERTIES: dict[str, tuple[tuple[str, str], ...]] = {
    "Person": (
        ("id", STRING),
        ("name", STRING),
        ("key", STRING),  # folded full name: the matching key
        ("has_page", BOOL),  # the subject of a page (not only a supervisor)
        ("document_path", STRING),
        ("login", STRING),
        ("published", BOOL),
        ("start_year", INT),
        ("evidence", STRING),
    ),
    "DocumentAuthor": (("id", STRING), ("name", STRING), ("key", STRING)),
    "Document": (
        ("id", STRING),
        ("title", STRING),
        ("kind", STRING),  # person | topic | page
        ("published", BOOL),
        ("source_url", STRING),
    ),
    "Thesis": (
        ("id", STRING),
        ("kind", STRING),  # bachelor | master | dissertation
        ("title", STRING),
        ("title_key", STRING),
        ("year", INT),  # preferred year: the heading's, else the category code's
        ("year_heading", INT),
        ("year_category", INT),
        ("year_conflict", BOOL),
        ("supervisor", STRING),  # display names without academic titles, "; "-joined
        ("consultant", STRING),
        ("document_path", STRING),
        ("published", BOOL),
        ("evidence", STRING),
    ),
    "Work": (
        ("id", STRING),
        ("kind", STRING),  # team_project | research_task | diploma_project | other
        ("number", INT),
        ("title", STRING),
        ("title_key", STRING),
        ("year", INT),
        ("document_path", STRING),
        ("published", BOOL),
        ("evidence", STRING),
    ),
    # A team project as one entity, whichever pages list its members.
    "Project": (
        ("id", STRING),
        ("title", STRING),
        ("title_key", STRING),
        ("year", INT),
        ("document_path", STRING),
        ("published", BOOL),
        ("evidence", STRING),
    ),
    "Keyword": (("id", STRING), ("name", STRING)),
    "Topic": (
        ("id", STRING),
        ("title", STRING),
        ("key", STRING),
        ("keyword", STRING),
        ("document_path", STRING),
        ("published", BOOL),
    ),
    "Category": (("id", STRING), ("name", STRING), ("thesis_kind", STRING), ("year", INT)),
    "Chunk": (
        ("id", STRING),
        ("document_path", STRING),
        ("ordinal", INT),
        ("heading", STRING),
    ),
    "IndexState": (
        ("id", STRING),
        ("version", STRING),
        ("index_version", STRING),
        ("coverage", STRING),  # JSON: extraction coverage per relation (graph.coverage)
    ),
}

# relationship -> (from label, to label) pairs; every relationship has one
# property, ``evidence`` (JSON list of evidence lines, "[]" when structural).
REL_ENDPOINTS: dict[str, tuple[tuple[str, str], ...]] = {
    "HAS_DOCUMENT": (("Person", "Document"),),
    "AUTHORED": (("Person", "Thesis"),),
    "HAS_WORK": (("Person", "Work"),),
    "EVIDENCED_BY": (("Thesis", "Document"), ("Work", "Document")),
    "HAS_KEYWORD": (("Document", "Keyword"),),
    "IN_CATEGORY": (("Document", "Category"),),
    "AUTHORED_DOCUMENT": (("DocumentAuthor", "Document"),),
    "DESCRIBES": (("Document", "Topic"),),
    "SUPERVISED": (("Person", "Thesis"),),
    "CONSULTED": (("Person", "Thesis"),),
    # Who led a work that is not a thesis: a diploma project, a research task,
    # a team project. Apart from SUPERVISED so that no thesis count includes it.
    # Also who leads a topic ("Garant témy", "Kontakt", "Tému vedie …").
    "LED": (("Person", "Work"), ("Person", "Project"), ("Person", "Topic")),
    "ON_TOPIC": (("Person", "Topic"),),
    "MEMBER_OF": (("Person", "Project"),),
    "SAME_AS": (("DocumentAuthor", "Person"),),
    "PART_OF": (("Chunk", "Document"),),
    "MENTIONS": (("Chunk", "Person"), ("Chunk", "Topic")),
    "EVIDENCE_FOR": (("Chunk", "Thesis"), ("Chunk", "Work"), ("Chunk", "Person")),
    # What a chunk is about: its page's subject, the thesis or work whose
    # section holds it, its topic page's topic (see graph/build/about.py).
    "ABOUT": (("Chunk", "Person"), ("Chunk", "Thesis"), ("Chunk", "Work"), ("Chunk", "Topic")),
}

NODE_LABELS: tuple[str, ...] = tuple(NODE_PROPERTIES)
REL_TYPES: tuple[str, ...] = tuple(REL_ENDPOINTS)
INDEX_STATE_ID = "current"

# Relationships a path between two entities may use: the meaningful ones.
# Chunks, categories and evidence links would connect everything to
# everything in a few hops and say nothing.
PATH_REL_TYPES: tuple[str, ...] = (
    "HAS_DOCUMENT",
    "AUTHORED",
    "HAS_WORK",
    "SUPERVISED",
    "CONSULTED",
    "ON_TOPIC",
    "HAS_KEYWORD",
    "DESCRIBES",
    "AUTHORED_DOCUMENT",
    "SAME_AS",
)
PATH_ENDPOINT_LABELS: tuple[str, ...] = ("Person", "Topic", "Keyword", "Thesis", "Document")
MAX_PATH_HOPS = 4

# Relationships that put two pages into one cluster of evidence: the same
# person, thesis or work (team members share their project). Topics,
# keywords, page authors and supervisors are left out on purpose: the
# department's topics are broad ("Spracovanie prirodzeného jazyka" holds
# most students), so they would tie together pages about different people,
# which is exactly what a clarifying question must keep apart.
CLUSTER_REL_TYPES: tuple[str, ...] = (
    "HAS_DOCUMENT",
    "AUTHORED",
    "HAS_WORK",
    "EVIDENCED_BY",
    "DESCRIBES",
)
CLUSTER_MAX_HOPS = 4


def property_names(label: str) -> tuple[str, ...]:
    return tuple(name for name, _ in NODE_PROPERTIES[label])
