"""Which files are pages: the site generator's rules, overridden by the operator's.

``page_rules`` finds the generator of the wiki root, in this order: Grav
(``config/system.yaml`` beside ``pages/``, see ``ingest.grav``), MkDocs
(``mkdocs.yml``), Hugo (``hugo.toml`` ..., or ``config.toml`` ... beside
``content/``), Jekyll (``_config.yml``). A wiki with none of them is read
as before: every Markdown file is a page.

``--include``/``--exclude`` (and ``INDEX_INCLUDE``/``INDEX_EXCLUDE``) win
over the site's rules: an excluded path is never indexed
(``excluded_by_option``), an included one always is, unless it is also
excluded. The walk's own safety rules (no links, no hidden files, no
special files) are not rules of the site and cannot be overridden.

The walk asks ``decide`` for every folder and page on its way down and
passes the answer's state to the folder's entries: below a folder an
``--include`` matched, everything is included; below a folder the site
skips but an ``--include`` may reach into, only what it matches is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zpagent.ingest.document import ScanWarning
from zpagent.ingest.globs import PatternList
from zpagent.ingest.sites.base import EXCLUDED_BY_OPTION, Site
from zpagent.ingest.sites.hugo import hugo_site
from zpagent.ingest.sites.jekyll import jekyll_site
from zpagent.ingest.sites.mkdocs import mkdocs_site
from zpagent.ingest.walk import is_grav_site


@dataclass(frozen=True)
class Overrides:
    """The operator's globs (``zpagent.ingest.globs``); ``ValueError`` when one
    can never match inside the wiki."""

    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    include_globs: PatternList = field(init=False, repr=False, compare=False)
    exclude_globs: PatternList = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("include", "exclude"):
            patterns = tuple(p.strip() for p in getattr(self, name) if p.strip())
            object.__setattr__(self, name, patterns)
            # No "!" lines here: one option per pattern says what it wants.
            object.__setattr__(self, f"{name}_globs", PatternList(patterns, allow_negation=False))

    def to_dict(self) -> dict[str, list[str]]:
        return {"include": list(self.include), "exclude": list(self.exclude)}


class GravSite(Site):
    """Grav's rules are applied by the walk (``pages/``) and ``ingest.grav``."""

    generator = "grav"


@dataclass(frozen=True)
class _Below:
    """The walk's state under a folder: ``included`` by an option, or ``skipped``
    by the site (entered only because an ``--include`` may reach into it)."""

    included: bool = False
    skipped: str | None = None


_TOP = _Below()
_INCLUDED = _Below(included=True)


class PageRules:
    """The site's rules and the operator's overrides, as the walk and the scan use them."""

    def __init__(self, site: Site | None = None, overrides: Overrides | None = None) -> None:
        self.site = site or Site()
        self.overrides = overrides or Overrides()
        self.config_files = self.site.config_files

    def decide(self, rel: str, is_dir: bool, state: Any) -> tuple[str | None, Any]:
        """(why ``rel`` is skipped, or None; the state for its entries)."""
        below = state if isinstance(state, _Below) else _TOP
        opts = self.overrides
        if opts.exclude_globs.matches(rel, is_dir):
            return EXCLUDED_BY_OPTION, below
        if below.included:
            return None, below
        if opts.include_globs.matches(rel, is_dir):
            return None, _INCLUDED
        reason = below.skipped or self.site.skip(rel, is_dir)
        if reason is None:
            return None, below
        if is_dir and opts.include_globs.could_match_below(rel):
            return None, _Below(skipped=reason)
        return reason, below

    def skip_page(self, rel: str, metadata: dict[str, Any]) -> str | None:
        """Why a page the walk found is not published, from its front matter (a Hugo
        draft); an ``--include`` of the page or a folder above it wins."""
        parts = rel.split("/")
        for i in range(1, len(parts) + 1):
            if self.overrides.include_globs.matches("/".join(parts[:i]), i < len(parts)):
                return None
        return self.site.skip_page(metadata)

    def describe(self) -> dict[str, Any]:
        return {**self.site.describe(), **self.overrides.to_dict()}


def find_site(root: Path) -> tuple[Site, list[ScanWarning]]:
    """The generator's rules at ``root`` and the problems of its configuration."""
    if is_grav_site(root):
        return GravSite(), []
    for finder in (mkdocs_site, hugo_site, jekyll_site):
        found = finder(root)
        if found is not None:
            site, problems = found
            return site, [ScanWarning(path, kind) for path, kind in problems]
    return Site(), []


def page_rules(
    root: Path, overrides: Overrides | None = None
) -> tuple[PageRules, list[ScanWarning]]:
    site, problems = find_site(Path(root).resolve())
    return PageRules(site, overrides), problems
