"""Freeze the wiki's sources for one build, and detect changes during it.

The build reads a private copy of every page, so a student pushing (or an
editor saving) mid-build can never produce an index that mixes two states.
After the build, the live wiki is hashed again: if it moved, the snapshot is
stale and the sync reports it (the job is retried and picks up the change).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from zpagent.errors import ZPAgentError
from zpagent.index.version import git_revision, hash_rows, is_repository_root
from zpagent.ingest.document import ScanWarning
from zpagent.ingest.scan import iter_markdown_files, scan_wiki


class SourcesChanged(ZPAgentError):
    reason = "sources_changed"
    transient = True
    public_message = "The wiki changed during the build; the sync is retried."


@dataclass
class Snapshot:
    root: Path
    revision: str | None
    source_hash: str


def _live_hash(wiki: Path, base_url: str | None) -> str:
    scan = scan_wiki(wiki, base_url, report=False)
    return hash_rows([(d.path, d.content_hash) for d in scan.documents])


def take_snapshot(wiki: Path, into: Path, base_url: str | None) -> Snapshot:
    revision = git_revision(wiki)
    warnings: list[ScanWarning] = []
    into.mkdir(parents=True, exist_ok=True)
    for rel, src in iter_markdown_files(wiki, warnings):
        dst = into / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        try:
            shutil.copyfile(src, dst)
        except OSError:
            continue  # the scan of the snapshot reports nothing for it; the live check will
    return Snapshot(into, revision, _live_hash(into, base_url))


def verify_unchanged(wiki: Path, snap: Snapshot, base_url: str | None) -> None:
    """The pages must be the same; so must the commit when the wiki is its own repository.

    A wiki that is a folder inside a larger repository (like the bundled
    sample) shares its HEAD with unrelated commits, which change nothing here.
    """
    if _live_hash(wiki, base_url) != snap.source_hash:
        raise SourcesChanged("the wiki changed during the build")
    if is_repository_root(wiki) and git_revision(wiki) != snap.revision:
        raise SourcesChanged("the wiki's revision changed during the build")
