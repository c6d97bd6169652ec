"""List the wiki's source files without ever leaving the wiki.

Anyone who can push to the wiki controls its file tree (Git stores
symlinks), so the walk treats it as hostile:

- Symlinks are never followed. A link out of the wiki (``/etc/passwd``, the
  server's ``.env``) or into a hidden folder (``.git/config``) would publish
  a file of the server; a link inside the wiki would only show a page twice
  (and a folder link would move pages to other paths). Following some links
  would buy nothing and need a policy that must be right on every path, so
  each link is refused and reported with what it points at:
  ``symlink_outside_wiki``, ``symlink_to_hidden``,
  ``symlink_to_non_markdown``, ``broken_symlink`` or ``symlink_alias`` (a
  harmless in-wiki alias, still not indexed).
- Special files (FIFOs, sockets, devices) are refused (``special_file``):
  reading a FIFO blocks forever, a device can be endless.
- Files are opened without following a link and without blocking, and
  checked on the open descriptor (``read_regular_file``): a file swapped for
  a link or a FIFO after the walk is refused, never read.

In a Grav site (``config/system.yaml`` beside ``pages/``) only ``pages/``
holds content (plus that configuration file); the ``README.md`` files of
plugins and themes in the same repository are not pages. Other site
generators' rules (``zpagent.ingest.sites``) come in as ``rules``: the walk
asks them about every folder and page, does not enter a folder they skip,
and notes each skipped path with the reason.

Each refusal is a ``ScanWarning``; the walk itself never raises.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from zpagent.ingest.document import ScanWarning

# Grav's per-folder front matter, merged into the pages of its folder.
FOLDER_META = "frontmatter.yaml"
SITE_CONFIG = "config/system.yaml"


@dataclass(frozen=True)
class SourceFile:
    rel: str  # relative to the wiki root, "/" separated
    path: Path  # the file to open
    kind: str  # "page" | "folder_meta" | "site_config" (Grav) | "generator_config"


class WalkRules(Protocol):
    """What the walk needs from a site's rules (``zpagent.ingest.sites.rules``)."""

    config_files: tuple[str, ...]

    def decide(self, rel: str, is_dir: bool, state: Any) -> tuple[str | None, Any]: ...


def _kind(name: str) -> str | None:
    lower = name.lower()
    if lower.endswith(".md"):
        return "page"
    if lower == FOLDER_META:
        return "folder_meta"
    return None


def _link_kind(link: Path, root: Path, link_kind: str | None) -> str:
    """The problem kind of a refused symlink: what it would have exposed."""
    try:
        target = link.resolve(strict=True)
    except FileNotFoundError:
        return "broken_symlink"
    except (OSError, RuntimeError):  # RuntimeError: a loop, in older Pythons
        return "symlink_loop"
    if not target.is_relative_to(root):
        return "symlink_outside_wiki"
    if any(part.startswith(".") for part in target.relative_to(root).parts):
        return "symlink_to_hidden"
    if target.is_dir() and link.parent.resolve().is_relative_to(target):
        return "symlink_loop"  # a link to a folder that contains it
    if not target.is_dir() and _kind(target.name) != link_kind:
        return "symlink_to_non_markdown"
    return "symlink_alias"


class NotRegularFile(OSError):
    """A path that was a file during the walk is now something else."""


def is_grav_site(root: Path) -> bool:
    """``pages/`` beside ``config/system.yaml``; a linked ``pages`` is refused by the
    walk like any link, so it never makes a site."""
    pages = root / "pages"
    return pages.is_dir() and not pages.is_symlink() and (root / SITE_CONFIG).is_file()


def iter_source_files(
    root: Path, warn: list[ScanWarning], rules: WalkRules | None = None
) -> Iterator[SourceFile]:
    """Yield every page and folder front matter file (and the site's
    configuration files), sorted by path; ``rules`` skip what the site does
    not publish (each skipped path is a note in ``warn``)."""
    root_real = root.resolve()
    start, start_rel = root_real, ""
    if is_grav_site(root_real):
        config = root_real / SITE_CONFIG
        if not config.is_symlink():
            yield SourceFile(SITE_CONFIG, config, "site_config")
        start, start_rel = root_real / "pages", "pages"
    for rel in rules.config_files if rules else ():
        yield SourceFile(rel, root_real / rel, "generator_config")
    content_root = start.resolve()
    seen_dirs: set[tuple[int, int]] = set()

    def skipped(rel: str, is_dir: bool, state: Any) -> tuple[bool, Any]:
        if rules is None:
            return False, state
        reason, below = rules.decide(rel, is_dir, state)
        if reason:
            warn.append(ScanWarning(rel, reason))
        return reason is not None, below

    def walk(directory: Path, rel: str, state: Any = None) -> Iterator[SourceFile]:
        try:
            st = directory.stat()
        except OSError:
            warn.append(ScanWarning(rel or ".", "unreadable"))
            return
        key = (st.st_dev, st.st_ino)
        if key in seen_dirs:  # only bind mounts can loop: links are not followed
            warn.append(ScanWarning(rel or ".", "symlink_loop"))
            return
        seen_dirs.add(key)
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            warn.append(ScanWarning(rel or ".", "unreadable"))
            return
        for entry in entries:
            if entry.name.startswith("."):
                continue
            child_rel = f"{rel}/{entry.name}" if rel else entry.name
            path = Path(entry.path)
            kind = _kind(entry.name)
            try:
                if entry.is_symlink():
                    warn.append(ScanWarning(child_rel, _link_kind(path, content_root, kind)))
                    continue
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError:
                warn.append(ScanWarning(child_rel, "unreadable"))
                continue
            if stat.S_ISDIR(mode):
                skip, below = skipped(child_rel, True, state)
                if not skip:
                    yield from walk(path, child_rel, below)
            elif not stat.S_ISREG(mode):
                warn.append(ScanWarning(child_rel, "special_file"))
            elif kind == "page" and skipped(child_rel, False, state)[0]:
                continue
            elif kind is not None:
                yield SourceFile(child_rel, path, kind)

    yield from walk(start, start_rel)


def read_regular_file(path: Path, max_bytes: int) -> tuple[bytes, int]:
    """Up to ``max_bytes + 1`` bytes of a regular file, and its size.

    Opened without following a symlink and without blocking, and checked to
    be a regular file on the open descriptor: a file swapped for a FIFO or a
    link after the walk is refused (``OSError``), never read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegularFile(f"not a regular file: {path}")
        chunks = []
        left = max_bytes + 1
        while left > 0:
            block = os.read(fd, min(left, 1 << 20))
            if not block:
                break
            chunks.append(block)
            left -= len(block)
        return b"".join(chunks), st.st_size
    finally:
        os.close(fd)
