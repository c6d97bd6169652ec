"""The data directory's publication marker (``publishing.json``), read by serving and
written by the sync pipeline's publication (``zpagent.sync.publication``).

A marker left behind means a publication did not finish; its phase says
whether recovery can prove which generation is valid. Serving reads it
(``zpagent.index.serving``) to refuse requests in the ``unverified`` phase;
only publication and recovery write it.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from zpagent.index import datadir as dd

MARKER = "publishing.json"
SYNC_LOCK = "sync.lock"  # held by the one sync of a data directory (zpagent.sync.pipeline)
# Marker phases after which nothing proves which generation is valid.
UNPROVABLE_PHASES = ("unverified", "unknown")


class CommitOutcomeUnknown(Exception):
    """Raised by a remote graph when a commit's acknowledgement was lost."""


def marker_path(data: dd.DataDir) -> Path:
    return data.root / MARKER


def read_marker(data: dd.DataDir) -> dict[str, Any] | None:
    try:
        return json.loads(marker_path(data).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        # A torn marker still means "a publication did not finish".
        return {"from": None, "to": None, "phase": "unknown"}


def write_marker(data: dd.DataDir, marker: dict[str, Any]) -> None:
    dd.write_json_atomic(marker_path(data), marker)


def clear_marker(data: dd.DataDir) -> None:
    with contextlib.suppress(FileNotFoundError):
        marker_path(data).unlink()
    dd.fsync_dir(data.root)


def publication_state(data: dd.DataDir) -> str:
    """``none``, ``in_progress`` (a sync holds its lock), ``interrupted`` (a crash
    left the marker; the pointer still names a complete generation) or
    ``unverified`` (recovery could not prove the state: refuse)."""
    marker = read_marker(data)
    if marker is None:
        return "none"
    if marker.get("phase") in UNPROVABLE_PHASES:
        return "unverified"
    with dd.file_lock(data.locks / SYNC_LOCK, shared=True, blocking=False) as free:
        return "interrupted" if free else "in_progress"
