"""The ``index_version`` object: what a generation was built from, and how.

The same object is stored in the pointer file, in SQLite ``index_state`` and
in the graph store, and every response reports it, so that a client can tell
exactly which snapshot of the wiki an answer came from.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import subprocess
from pathlib import Path
from typing import Any

from zpagent import __version__
from zpagent.index.schema import SCHEMA_VERSION

# Bumped whenever parsing, chunking or graph extraction changes what a build
# produces from the same pages: an unchanged wiki is then rebuilt, not reused.
PIPELINE_VERSION = 5


def outdated(index_version: dict[str, Any] | None) -> bool:
    """Whether a served index was built by another pipeline version of ZP Agent.

    It still answers (a restart must not take search down), but what it holds
    may differ from what this version would build: ``zpagent sync`` rebuilds.
    """
    if not index_version:
        return False
    software = index_version.get("software") or {}
    return software.get("pipeline") != PIPELINE_VERSION


def vectors_state(index_version: dict[str, Any] | None) -> str | None:
    """``complete`` or ``partial`` (a generation from before progressive builds: complete)."""
    if not index_version:
        return None
    return "partial" if index_version.get("vectors") == "partial" else "complete"


def git_revision(wiki: Path) -> str | None:
    """The checked-out commit, or None when the wiki is not a Git work tree."""
    try:
        out = subprocess.run(
            ["git", "-C", str(wiki), "rev-parse", "--verify", "--quiet", "HEAD"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    rev = out.stdout.strip()
    return rev if out.returncode == 0 and len(rev) in (40, 64) else None


def is_repository_root(wiki: Path) -> bool:
    """Whether ``wiki`` is the top of its Git work tree (not a folder inside one)."""
    try:
        out = subprocess.run(
            ["git", "-C", str(wiki), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return out.returncode == 0 and Path(out.stdout.strip()).resolve() == Path(wiki).resolve()


def hash_rows(rows: list[tuple[Any, ...]]) -> str:
    h = hashlib.sha256()
    for row in rows:
        h.update(json.dumps(row, ensure_ascii=False, separators=(",", ":")).encode())
        h.update(b"\n")
    return h.hexdigest()


def make_index_version(
    *,
    wiki_revision: str | None,
    source_hash: str,
    documents_hash: str,
    chunks_hash: str,
    embedding_model: str,
    embedding_fingerprint: str,
    chunker: dict[str, Any],
    vectors: str = "complete",
    built_at: dt.datetime | None = None,
) -> dict[str, Any]:
    """``vectors``: ``complete``, or ``partial`` while a progressive build still
    embeds (the generation answers lexical, graph and checked-answer questions;
    dense retrieval sees only the pages embedded so far)."""
    built_at = built_at or dt.datetime.now(dt.UTC)
    stamp = built_at.strftime("%Y%m%dT%H%M%S") + f"{built_at.microsecond // 1000:03d}Z"
    content = hashlib.sha256(
        f"{source_hash}\0{chunks_hash}\0{embedding_fingerprint}".encode()
    ).hexdigest()[:10]
    return {
        "version": f"{stamp}-{content}",
        "wiki_revision": wiki_revision,
        "built_at": built_at.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "source_hash": source_hash,
        "documents_hash": documents_hash,
        "chunks_hash": chunks_hash,
        "embedding_model": embedding_model,
        "embedding_fingerprint": embedding_fingerprint,
        "chunker": chunker,
        "vectors": vectors,
        "schema_version": SCHEMA_VERSION,
        "software": {"zpagent": __version__, "pipeline": PIPELINE_VERSION},
    }
