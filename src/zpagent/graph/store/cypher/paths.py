"""The bounded all-shortest-paths query between two labelled entities.

Labels and relationship types are formatted into its text from the schema's
fixed lists, so it is built per pair of labels and not registered in ``QUERIES``.
"""

from __future__ import annotations

from zpagent.graph.schema import MAX_PATH_HOPS, PATH_ENDPOINT_LABELS, PATH_REL_TYPES
from zpagent.graph.store.cypher.query import LADYBUG, Query

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
