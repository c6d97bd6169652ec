"""Which chunks of a person's page state that person's facts.

A question about a student ("Kto viedol diplomovú prácu Jána Holpa?") often
matches a meeting log of their page rather than the lines that answer it:
the thesis title, the supervisor, the year. The graph extraction already
knows where those lines are (every fact names the chunk it was read from),
so RAG adds these chunks whenever the page is among the hits, whatever
chunk matched.

The map is read once per generation from its graph payload and kept with
the generation (``gen.extras``), like the FTS term cache.
"""

from __future__ import annotations

import json
import threading

from zpagent.index.reader import Generation

# Facts that describe the person and their theses; keyword and category
# evidence lives in the front matter, not in a chunk.
FACT_FIELDS = frozenset(
    {"title", "supervisor", "consultant", "year_heading", "start_year", "topic_title"}
)
FACT_LABELS = ("Person", "Thesis", "Work")
# A page with many theses and projects still adds only its first fact chunks.
MAX_FACT_CHUNKS = 3

_LOCK = threading.Lock()


def fact_chunks(gen: Generation) -> dict[str, list[str]]:
    """``document_path -> chunk ids`` of the facts of person pages, in page order."""
    cached = gen.extras.get("page_fact_chunks")
    if cached is not None:
        return cached
    with _LOCK:
        cached = gen.extras.get("page_fact_chunks")
        if cached is None:
            cached = gen.extras.setdefault("page_fact_chunks", _load(gen))
    return cached


def _load(gen: Generation) -> dict[str, list[str]]:
    db = gen.db()
    marks = ",".join("?" * len(FACT_LABELS))
    found: dict[str, set[str]] = {}
    for (data,) in db.execute(
        f"SELECT data FROM graph_payload WHERE kind = 'node' AND label IN ({marks})", FACT_LABELS
    ):
        props = json.loads(data).get("props", {})
        evidence = props.get("evidence")
        if isinstance(evidence, str):
            evidence = json.loads(evidence)
        for e in evidence or []:
            if e.get("field") in FACT_FIELDS and e.get("chunk_id") and e.get("document_path"):
                found.setdefault(e["document_path"], set()).add(e["chunk_id"])
    if not found:
        return {}
    ids = sorted({c for chunks in found.values() for c in chunks})
    ordinal: dict[str, int] = {}
    for start in range(0, len(ids), 500):
        part = ids[start : start + 500]
        rows = db.execute(
            f"SELECT chunk_id, ordinal FROM chunks WHERE chunk_id IN ({','.join('?' * len(part))})",
            part,
        )
        ordinal.update({r[0]: r[1] for r in rows})
    return {
        path: sorted((c for c in chunks if c in ordinal), key=ordinal.__getitem__)
        for path, chunks in found.items()
    }
