"""Walk a wiki checkout and turn every Markdown page into a `Document`.

Never crashes on one page: refused links and special files, binaries,
undecodable text, broken or hostile front matter and pages past a limit
become problems (one entry per page and kind) and the scan goes on. Normal
input that is merely worth counting (no front matter, an empty section
page, a language variant left out) is a note (``zpagent.ingest.problems``).
Only a missing or empty wiki is an error, because then there is nothing to
index.
"""

from __future__ import annotations

import hashlib
import logging
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zpagent.errors import WikiError
from zpagent.guard import checkpoint
from zpagent.ingest.charset import decode_page
from zpagent.ingest.document import Document, ScanWarning
from zpagent.ingest.frontmatter import (
    load_yaml_mapping,
    split_front_matter,
    split_toml_front_matter,
)
from zpagent.ingest.grav import GravSite, merge_front_matter, parse_site, select_pages
from zpagent.ingest.headings import cut_after_headings
from zpagent.ingest.limits import PageLimits
from zpagent.ingest.metadata import normalize_meta
from zpagent.ingest.problems import is_note
from zpagent.ingest.sites.base import SKIP_REASONS
from zpagent.ingest.sites.rules import PageRules, page_rules
from zpagent.ingest.text import nfc
from zpagent.ingest.urls import URL_KEYS, page_urls
from zpagent.ingest.walk import NotRegularFile, SourceFile, iter_source_files, read_regular_file

log = logging.getLogger(__name__)

# Skipped paths listed by name in a build summary (all are counted).
LISTED = 50


@dataclass
class ScanResult:
    root: Path
    documents: list[Document]
    warnings: list[ScanWarning] = field(default_factory=list)  # problems and notes
    # (path, sha256) of the non-page sources that shape documents: Grav's
    # folder front matter and site configuration, other generators' configuration.
    extra_sources: list[tuple[str, str]] = field(default_factory=list)
    rules: PageRules = field(default_factory=PageRules)

    def problems(self) -> list[ScanWarning]:
        return [w for w in self.warnings if not is_note(w.kind)]

    def warning_counts(self) -> dict[str, int]:
        """Problems by kind (notes are in ``note_counts``)."""
        return dict(sorted(Counter(w.kind for w in self.problems()).items()))

    def note_counts(self) -> dict[str, int]:
        """Notes by kind, except the paths the site's rules skipped (``site``)."""
        notes = (w.kind for w in self.warnings if is_note(w.kind) and w.kind not in SKIP_REASONS)
        return dict(sorted(Counter(notes).items()))

    def site(self) -> dict[str, Any]:
        """The site generator, its configuration, the overrides, and what was skipped
        (counts by reason, the first paths by name)."""
        skipped = [w for w in self.warnings if w.kind in SKIP_REASONS]
        return {
            **self.rules.describe(),
            "skipped": dict(sorted(Counter(w.kind for w in skipped).items())),
            "skipped_paths": [{"path": w.path, "reason": w.kind} for w in skipped[:LISTED]],
        }

    def problem_documents(self) -> int:
        return len({w.path for w in self.problems()})

    def source_rows(self) -> list[tuple[str, str]]:
        """What the source hash covers: every page and every file that shapes one."""
        return sorted([(d.path, d.content_hash) for d in self.documents] + self.extra_sources)


def _read(source: SourceFile, max_bytes: int) -> tuple[bytes | None, int, str | None]:
    try:
        raw, size = read_regular_file(source.path, max_bytes)
    except NotRegularFile:
        return None, 0, "special_file"
    except OSError:
        return None, 0, "unreadable"
    return raw, size, None


def cut_bytes(raw: bytes, limit: int) -> bytes:
    """The first ``limit`` bytes, ending at a line break when there is one near."""
    head = raw[:limit]
    cut = head.rfind(b"\n", max(0, limit - 65536))
    return head[: cut + 1] if cut > 0 else head


def read_document(
    root_rel: str,
    abs_path: Path,
    base_url: str | None = None,
    limits: PageLimits | None = None,
    folder_meta: dict[str, Any] | None = None,
    real_size: int | None = None,
    toml_front_matter: bool = False,
) -> tuple[Document | None, list[str]]:
    """Read and parse one page; returns (document or None, problem and note kinds).

    ``source_url`` is left for the scan to fill in (it depends on other pages).
    ``real_size``: the size of the page in the wiki when ``abs_path`` is a copy
    of its first bytes only (a snapshot), so that the bytes left out are true.
    ``toml_front_matter``: also read Hugo's ``+++`` front matter.
    """
    del base_url  # URLs need every page's front matter: see scan_wiki
    limits = limits or PageLimits()
    raw, size, problem = _read(SourceFile(root_rel, abs_path, "page"), limits.max_bytes)
    if raw is None:
        return None, [problem or "unreadable"]
    size = max(size, real_size or 0)
    kinds: list[str] = []
    left_out = 0
    if len(raw) > limits.max_bytes:
        raw = cut_bytes(raw, limits.max_bytes)
        kinds.append("too_large_truncated")
        left_out = size - len(raw)
    content_hash = hashlib.sha256(raw).hexdigest()
    decoded = decode_page(raw)
    kinds.extend(decoded.problems)
    if decoded.text is None:
        return None, kinds
    text = nfc(decoded.text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", ""))

    fm = (toml_front_matter and split_toml_front_matter(text)) or split_front_matter(text)
    kinds.extend(fm.warnings)
    data = merge_front_matter(folder_meta, fm.data) if folder_meta else fm.data
    body, cut = cut_after_headings(fm.body, limits.max_headings)
    if cut:
        kinds.append("too_many_headings")
        left_out += len(fm.body.encode()) - len(body.encode())
    meta = normalize_meta(data, body, root_rel)
    kinds.extend(meta.warnings)
    if not body.strip():
        kinds.append("empty_body")
    metadata = dict(meta.extra)
    if decoded.encoding not in (None, "utf-8", "utf-8-sig"):
        metadata["charset"] = decoded.encoding
    doc = Document(
        path=root_rel,
        title=meta.title,
        title_source=meta.title_source,
        published=meta.published,
        authors=meta.authors,
        tags=meta.tags,
        categories=meta.categories,
        metadata=metadata,
        body=body,
        source_url=None,
        content_hash=content_hash,
        size_bytes=size,
        warnings=[k for k in kinds if not is_note(k)],
        bytes_left_out=left_out,
        url_hints={k: v for k, v in data.items() if str(k).strip().lower() in URL_KEYS},
    )
    return doc, kinds


@dataclass
class _Support:
    """Grav's site configuration and folder front matter found by the walk."""

    site: GravSite = field(default_factory=GravSite)
    folder_meta: dict[str, dict[str, Any]] = field(default_factory=dict)
    hashes: list[tuple[str, str]] = field(default_factory=list)


def _read_support(
    files: list[SourceFile], limits: PageLimits, report: list[ScanWarning]
) -> _Support:
    out = _Support()
    for f in files:
        raw, _, problem = _read(f, limits.max_bytes)
        if raw is None:
            report.append(ScanWarning(f.rel, problem or "unreadable"))
            continue
        out.hashes.append((f.rel, hashlib.sha256(raw).hexdigest()))
        if f.kind == "generator_config":
            continue  # read by ingest.sites before the walk; hashed for the source hash
        text = raw.decode("utf-8", errors="replace")
        if f.kind == "site_config":
            out.site = parse_site(text)
            continue
        data, problem = load_yaml_mapping(text)
        if problem:
            report.append(ScanWarning(f.rel, problem))
        else:
            out.folder_meta[f.rel.rpartition("/")[0]] = data or {}
    return out


def scan_wiki(
    root: Path | str,
    base_url: str | None = None,
    report: bool = True,
    limits: PageLimits | None = None,
    refused: list[ScanWarning] | None = None,
    sizes: dict[str, int] | None = None,
    rules: PageRules | None = None,
) -> ScanResult:
    """Scan every page; ``report=False`` for rescans (hashing a snapshot, the
    unchanged check) so that an operator reads one warning per problem page.

    ``refused``: what taking a snapshot refused to copy (links, special files),
    reported with the snapshot's own problems. ``sizes``: the real sizes of
    the pages it copied only in part (past the byte limit). ``rules``: what is
    a page (``ingest.sites``; found at ``root`` when not given: a snapshot
    passes those of the live wiki).
    """
    root = Path(root)
    check_wiki_root(root)
    limits = limits or PageLimits()
    warnings: list[ScanWarning] = list(refused or [])
    if rules is None:
        rules, problems = page_rules(root)
        warnings.extend(problems)
    files = list(iter_source_files(root, warnings, rules))
    support = _read_support([f for f in files if f.kind != "page"], limits, warnings)
    selection = select_pages([f for f in files if f.kind == "page"], support.site)
    warnings.extend(selection.notes)
    documents: list[Document] = []
    for source in selection.pages:
        checkpoint(source.rel)  # a sync job names this page if parsing it ends the process
        folder = source.rel.rpartition("/")[0]
        doc, kinds = read_document(
            source.rel,
            source.path,
            limits=limits,
            folder_meta=support.folder_meta.get(folder),
            real_size=(sizes or {}).get(source.rel),
            toml_front_matter=rules.site.toml_front_matter,
        )
        skip = rules.skip_page(source.rel, doc.metadata) if doc is not None else None
        if skip:  # not a page of the site: its problems do not matter
            warnings.append(ScanWarning(source.rel, skip))
            continue
        warnings.extend(ScanWarning(source.rel, kind) for kind in kinds)
        if doc is not None:
            documents.append(doc)
    urls = page_urls(base_url, [(d.path, d.url_hints) for d in documents])
    for d in documents:
        d.source_url = urls[d.path]
    if report:
        _log(warnings)
    if not documents:
        skipped = sum(1 for w in warnings if w.kind in SKIP_REASONS)
        raise no_pages_error(root, len({w.path for w in warnings}) - skipped, skipped)
    return ScanResult(root, documents, warnings, support.hashes, rules)


def check_wiki_root(root: Path) -> None:
    """A missing path and a file path are errors in the user's words (their path)."""
    if not root.exists():
        raise WikiError(f"the wiki path does not exist: {root}")
    if not root.is_dir():
        raise WikiError(f"the wiki path is a file, not a folder of pages: {root}")


def no_pages_error(root: Path, refused: int = 0, skipped: int = 0) -> WikiError:
    """Nothing to index under ``root`` (the path as the user gave it)."""
    try:
        empty = not any(root.iterdir())
    except OSError:
        empty = False
    if empty:
        return WikiError(f"the wiki folder is empty: {root}")
    if skipped:
        return WikiError(
            f"no pages to index under {root}: {skipped} paths are not published by the "
            "site's rules or are left out by --include/--exclude (see the notes)"
        )
    if refused:
        return WikiError(
            f"no readable Markdown pages under {root} ({refused} files refused, see the warnings)"
        )
    return WikiError(f"no Markdown pages (*.md) found under {root}")


def _log(warnings: list[ScanWarning]) -> None:
    by_path: dict[str, list[str]] = {}
    for w in warnings:
        by_path.setdefault(w.path, []).append(w.kind)
    for path, kinds in by_path.items():
        problems = [k for k in kinds if not is_note(k)]
        if problems:
            log.warning("%s: %s", path, ", ".join(problems))
        notes = [k for k in kinds if is_note(k)]
        if notes:
            log.info("%s: %s", path, ", ".join(notes))


@contextmanager
def problems_summarized() -> Iterator[None]:
    """Silence the per-page warning lines (the caller prints a summary instead).

    For the demo and the benchmarks, whose wikis hold deliberate problem pages:
    one line per page reads like a broken install there.
    """
    previous = log.level
    log.setLevel(logging.ERROR)
    try:
        yield
    finally:
        log.setLevel(previous)
