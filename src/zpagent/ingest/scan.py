"""Walk a wiki checkout and turn every Markdown page into a `Document`.

Never crashes on one page: unreadable files, invalid UTF-8, broken front
matter and symlink loops become warnings (one entry per problem document,
counted by kind) and the scan goes on. Only a missing or empty wiki is an
error, because then there is nothing to index.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from zpagent.errors import WikiError
from zpagent.ingest.document import Document, ScanWarning
from zpagent.ingest.frontmatter import split_front_matter
from zpagent.ingest.metadata import normalize_meta
from zpagent.ingest.text import nfc
from zpagent.ingest.urls import source_url
from zpagent.sync.guard import checkpoint

log = logging.getLogger(__name__)

# Larger pages are indexed up to this size and reported: the real wiki's pages
# are at most tens of kilobytes, anything far beyond is an accident.
MAX_DOCUMENT_BYTES = 4 * 1024 * 1024


@dataclass
class ScanResult:
    root: Path
    documents: list[Document]
    warnings: list[ScanWarning] = field(default_factory=list)

    def warning_counts(self) -> dict[str, int]:
        return dict(sorted(Counter(w.kind for w in self.warnings).items()))

    def problem_documents(self) -> int:
        return len({w.path for w in self.warnings})


def iter_markdown_files(root: Path, warn: list[ScanWarning]) -> Iterator[tuple[str, Path]]:
    """Yield (relative path, absolute path) of every ``*.md`` file, sorted.

    Hidden folders and files are skipped. Symlinks are followed only when
    they stay inside the wiki (a page must not expose files from elsewhere
    on the server) and only once per real directory (loops end).
    """
    root_real = root.resolve()
    seen_dirs: set[tuple[int, int]] = set()

    def walk(directory: Path, rel: str) -> Iterator[tuple[str, Path]]:
        try:
            st = directory.stat()
        except OSError:
            warn.append(ScanWarning(rel or ".", "unreadable"))
            return
        key = (st.st_dev, st.st_ino)
        if key in seen_dirs:
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
            child = Path(entry.path)
            try:
                if entry.is_symlink():
                    try:
                        target = child.resolve(strict=True)
                    except FileNotFoundError:
                        warn.append(ScanWarning(child_rel, "broken_symlink"))
                        continue
                    if not target.is_relative_to(root_real):
                        warn.append(ScanWarning(child_rel, "symlink_outside_wiki"))
                        continue
                is_dir = entry.is_dir()
                is_file = entry.is_file()
            except (OSError, RuntimeError):
                # RuntimeError: resolve() on a symlink loop in older Pythons.
                warn.append(ScanWarning(child_rel, "symlink_loop"))
                continue
            if is_dir:
                yield from walk(child, child_rel)
            elif is_file and entry.name.lower().endswith(".md"):
                yield child_rel, child

    yield from walk(root, "")


def read_document(
    root_rel: str, abs_path: Path, base_url: str | None
) -> tuple[Document | None, list[str]]:
    """Read and parse one page; returns (document or None, warning kinds)."""
    warnings: list[str] = []
    try:
        with open(abs_path, "rb") as fh:
            raw = fh.read(MAX_DOCUMENT_BYTES + 1)
    except OSError:
        return None, ["unreadable"]
    size = len(raw)
    if size > MAX_DOCUMENT_BYTES:
        raw = raw[:MAX_DOCUMENT_BYTES]
        warnings.append("too_large_truncated")
    content_hash = hashlib.sha256(raw).hexdigest()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("utf-8", errors="replace")
        warnings.append("invalid_utf8")
    text = nfc(text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", ""))

    fm = split_front_matter(text)
    warnings.extend(fm.warnings)
    meta = normalize_meta(fm.data, fm.body, root_rel)
    warnings.extend(meta.warnings)
    if not fm.body.strip():
        warnings.append("empty_body")
    doc = Document(
        path=root_rel,
        title=meta.title,
        title_source=meta.title_source,
        published=meta.published,
        authors=meta.authors,
        tags=meta.tags,
        categories=meta.categories,
        metadata=meta.extra,
        body=fm.body,
        source_url=source_url(base_url, root_rel),
        content_hash=content_hash,
        size_bytes=size,
        warnings=warnings,
    )
    return doc, warnings


def scan_wiki(root: Path | str, base_url: str | None = None, report: bool = True) -> ScanResult:
    """Scan every page; ``report=False`` for rescans (hashing a snapshot, the
    unchanged check) so that an operator reads one warning per problem page."""
    root = Path(root)
    if not root.exists():
        raise WikiError(f"wiki path does not exist: {root}")
    if not root.is_dir():
        raise WikiError(f"wiki path is not a directory: {root}")
    warnings: list[ScanWarning] = []
    documents: list[Document] = []
    for rel, abs_path in iter_markdown_files(root, warnings):
        checkpoint(rel)  # a sync job names this page if parsing it ends the process
        doc, kinds = read_document(rel, abs_path, base_url)
        for kind in kinds:
            warnings.append(ScanWarning(rel, kind))
        if kinds and report:
            log.warning("%s: %s", rel, ", ".join(kinds))
        if doc is not None:
            documents.append(doc)
    if not documents:
        raise WikiError(f"no Markdown pages found under {root}")
    return ScanResult(root, documents, warnings)
