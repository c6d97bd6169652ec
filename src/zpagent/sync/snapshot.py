"""Freeze the wiki's sources for one build, and detect changes during it.

The build reads a private copy of every page, so a student pushing (or an
editor saving) mid-build can never produce an index that mixes two states.
After the build, the live wiki is hashed again: if it moved, the snapshot is
stale and the sync reports it (the job is retried and picks up the change).

The copy follows the scan's rules (``zpagent.ingest.walk``): no file from
outside the wiki, no special file, nothing beyond the page size limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from zpagent.errors import WikiError, ZPAgentError
from zpagent.index.version import git_revision, hash_rows, is_repository_root
from zpagent.ingest.document import ScanWarning
from zpagent.ingest.limits import PageLimits
from zpagent.ingest.problems import SITE_SKIPS
from zpagent.ingest.scan import check_wiki_root, no_pages_error, scan_wiki
from zpagent.ingest.sites.rules import Overrides, PageRules, page_rules
from zpagent.ingest.walk import NotRegularFile, iter_source_files, read_regular_file


class SourcesChanged(ZPAgentError):
    reason = "sources_changed"
    transient = True
    public_message = "The wiki changed during the build; the sync is retried."


@dataclass
class Snapshot:
    root: Path
    revision: str | None
    source_hash: str
    # What was not copied (links, special files, unreadable files): the copy
    # holds none of it, so the scan of the copy cannot see it; it is reported
    # with the build.
    refused: list[ScanWarning] = field(default_factory=list)
    # The real sizes of the pages copied only in part (past the byte limit):
    # the build reports how much of each was left out.
    sizes: dict[str, int] = field(default_factory=dict)
    # What is a page, read from the live wiki's site configuration and the
    # operator's overrides: the copy and the check after the build use them.
    rules: PageRules = field(default_factory=PageRules)


def _live_hash(
    wiki: Path, base_url: str | None, limits: PageLimits | None, rules: PageRules
) -> str:
    scan = scan_wiki(wiki, base_url, report=False, limits=limits, rules=rules)
    return hash_rows(scan.source_rows())


def take_snapshot(
    wiki: Path,
    into: Path,
    base_url: str | None,
    limits: PageLimits | None = None,
    overrides: Overrides | None = None,
) -> Snapshot:
    """Copy the sources of ``wiki`` into ``into``; errors name ``wiki`` as given.

    Only what the site publishes is copied (``ingest.sites``); the paths left
    out are notes in ``refused``, reported with the build.
    """
    check_wiki_root(wiki)
    limits = limits or PageLimits()
    revision = git_revision(wiki)
    rules, refused = page_rules(wiki, overrides)
    into.mkdir(parents=True, exist_ok=True)
    copied = 0
    sizes: dict[str, int] = {}
    for source in iter_source_files(wiki, refused, rules):
        try:
            raw, size = read_regular_file(source.path, limits.max_bytes)
        except NotRegularFile:
            refused.append(ScanWarning(source.rel, "special_file"))
            continue
        except OSError:
            refused.append(ScanWarning(source.rel, "unreadable"))
            continue
        dst = into / source.rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(raw)
        copied += source.kind == "page"
        if len(raw) > limits.max_bytes:
            sizes[source.rel] = size
    skipped = sum(1 for w in refused if w.kind in SITE_SKIPS)
    if not copied:
        raise no_pages_error(wiki, len({w.path for w in refused}) - skipped, skipped)
    try:
        source_hash = _live_hash(into, base_url, limits, rules)
    except WikiError:
        # Pages exist but none is readable text (binaries, refused encodings),
        # or the site publishes none of them (every Hugo page a draft).
        raise no_pages_error(wiki, copied, skipped) from None
    return Snapshot(into, revision, source_hash, refused, sizes, rules)


def verify_unchanged(
    wiki: Path, snap: Snapshot, base_url: str | None, limits: PageLimits | None = None
) -> None:
    """The pages must be the same; so must the commit when the wiki is its own repository.

    A wiki that is a folder inside a larger repository (like the bundled
    sample) shares its HEAD with unrelated commits, which change nothing here.
    """
    if _live_hash(wiki, base_url, limits, snap.rules) != snap.source_hash:
        raise SourcesChanged("the wiki changed during the build")
    if is_repository_root(wiki) and git_revision(wiki) != snap.revision:
        raise SourcesChanged("the wiki's revision changed during the build")
