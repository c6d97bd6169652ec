"""MkDocs: the pages are the Markdown files in ``docs_dir``, ``exclude_docs`` aside.

A MkDocs site is a folder with ``mkdocs.yml`` (or ``mkdocs.yaml``). Only
``docs_dir`` (default ``docs``) is indexed; everything else in the
repository is ``outside_content_dir``. ``exclude_docs`` (gitignore-like
lines, relative to ``docs_dir``) drops what it matches (``site_exclude``),
after MkDocs' own default ``/templates/`` (a ``!/templates/`` line takes it
back); ``draft_docs`` (same syntax) is a ``draft``: ``mkdocs build`` leaves
it out. The pattern syntax is the subset in ``zpagent.ingest.globs``.

Tags of MkDocs and its plugins (``!ENV``, ``!!python/name:...``) are read
as null, never run. Not read: ``nav`` (a page outside the navigation is
still published), ``INHERIT``, plugins that add or remove pages.
"""

from __future__ import annotations

from pathlib import Path

from zpagent.ingest.globs import PatternList
from zpagent.ingest.sites.base import (
    BROKEN_CONFIG,
    DRAFT,
    SITE_EXCLUDE,
    Config,
    Site,
    read_config,
    relative_dir,
)

CONFIG_NAMES = ("mkdocs.yml", "mkdocs.yaml")
DEFAULT_DOCS = "docs"
# MkDocs excludes these unless the site takes them back (dot files are never
# indexed here anyway).
DEFAULT_EXCLUDES = ("/templates/",)


class MkDocsSite(Site):
    generator = "mkdocs"

    def __init__(
        self, config: Config, docs_dir: str, exclude: PatternList, drafts: PatternList
    ) -> None:
        super().__init__((config.rel,) if config.data is not None else (), docs_dir)
        self.exclude = exclude
        self.drafts = drafts

    def skip(self, rel: str, is_dir: bool) -> str | None:
        outside = self.outside(rel, is_dir)
        if outside or rel == self.content_root or not rel.startswith(f"{self.content_root}/"):
            return outside
        inner = rel[len(self.content_root) + 1 :]
        if self.exclude.matches(inner, is_dir):
            return SITE_EXCLUDE
        if self.drafts.matches(inner, is_dir):
            return DRAFT
        return None


def _lines(value: object) -> list[str] | None:
    """A block string of pattern lines (a list is accepted too); None: neither."""
    if value is None:
        return []
    if isinstance(value, str):
        return value.splitlines()
    if isinstance(value, list):
        return [str(v) for v in value if v is not None]
    return None


def _patterns(lines: list[str], problems: list[str]) -> PatternList:
    try:
        return PatternList(lines)
    except ValueError:  # a line that leaves docs_dir ("../x")
        problems.append(BROKEN_CONFIG)
        return PatternList([line for line in lines if ".." not in line])


def _site(config: Config) -> tuple[MkDocsSite, list[str]]:
    data = config.data or {}
    problems = [config.problem] if config.problem else []
    docs_dir = relative_dir(data.get("docs_dir"), DEFAULT_DOCS)
    exclude, drafts = _lines(data.get("exclude_docs")), _lines(data.get("draft_docs"))
    if docs_dir is None or exclude is None or drafts is None:
        problems.append(BROKEN_CONFIG)
    site = MkDocsSite(
        config,
        docs_dir or DEFAULT_DOCS,
        _patterns([*DEFAULT_EXCLUDES, *(exclude or [])], problems),
        _patterns(drafts or [], problems),
    )
    return site, list(dict.fromkeys(problems))


def mkdocs_site(root: Path) -> tuple[MkDocsSite, list[tuple[str, str]]] | None:
    """The MkDocs site at ``root`` and its configuration problems (path, kind)."""
    for name in CONFIG_NAMES:
        if (root / name).is_file() or (root / name).is_symlink():
            site, problems = _site(read_config(root, name))
            return site, [(name, p) for p in problems]
    return None
