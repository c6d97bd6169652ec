"""Jekyll: the pages a Jekyll site publishes, from its ``_config.yml``.

Jekyll's reader (``EntryFilter``, ``Reader``, ``Configuration`` in Jekyll
4.4) decides this way, and so do we:

- A name starting with ``_``, ``#``, ``~`` or ``.``, or ending with ``~``,
  is special and not published: ``_includes/``, ``_layouts/``, ``_data/``,
  ``_sass/``, ``_partial.md`` (``unpublished_folder``, ``unpublished_file``).
- Except the content folders: ``_posts/`` (at any depth) and each
  collection's ``_name/`` in ``collections_dir`` (the root by default) when
  the collection has ``output: true`` (``posts`` always has); a collection
  without it is ``collection_not_output``. ``_drafts/`` is a ``draft``.
- ``exclude`` (plus Jekyll's defaults: ``node_modules``, ``vendor/bundle/``,
  ``Gemfile`` ...) drops a path it matches (``site_exclude``): Ruby's
  ``fnmatch`` on the path from the site root, or a plain prefix of it.
- ``include`` keeps an entry whose name it matches, special or excluded
  (``include: [_pages]``).

Not read: ``source`` (point ``--wiki`` at the site's source folder instead),
``markdown_ext`` (only ``.md`` files are pages, as everywhere), front matter
defaults.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from zpagent.ingest.sites.base import (
    BROKEN_CONFIG,
    COLLECTION_NOT_OUTPUT,
    DRAFT,
    SITE_EXCLUDE,
    UNPUBLISHED_FILE,
    UNPUBLISHED_FOLDER,
    Config,
    Site,
    read_config,
    relative_dir,
    string_list,
)

CONFIG_NAMES = ("_config.yml", "_config.yaml", "_config.toml")
# Jekyll's Configuration::DEFAULT_EXCLUDES, added to the site's own list.
DEFAULT_EXCLUDES = (
    ".sass-cache",
    ".jekyll-cache",
    ".ruby-lsp",
    "gemfiles",
    "Gemfile",
    "Gemfile.lock",
    "node_modules",
    "vendor/bundle/",
    "vendor/cache/",
    "vendor/gems/",
    "vendor/ruby/",
)
DEFAULT_INCLUDES = (".htaccess",)
_SPECIAL = ("_", "#", "~", ".")


def _glob_include(patterns: tuple[str, ...], path: str, is_dir: bool) -> bool:
    """Jekyll's ``EntryFilter#glob_include?``: fnmatch (``*`` crosses ``/``), a
    prefix of the path, or the folder with a trailing ``/``."""
    return any(
        fnmatchcase(path, p) or path.startswith(p) or (is_dir and p == f"{path}/") for p in patterns
    )


class JekyllSite(Site):
    generator = "jekyll"

    def __init__(
        self,
        config: Config,
        include: tuple[str, ...] = DEFAULT_INCLUDES,
        exclude: tuple[str, ...] = DEFAULT_EXCLUDES,
        collections: dict[str, bool] | None = None,
        collections_dir: str = "",
    ) -> None:
        super().__init__((config.rel,) if config.data is not None else ())
        self.include = include
        self.exclude = tuple(p for p in exclude if p not in include)
        self.collections = {"posts": True, **(collections or {})}
        self.collections_dir = collections_dir

    def skip(self, rel: str, is_dir: bool) -> str | None:
        parent, _, name = rel.rpartition("/")
        included = _glob_include(self.include, name, is_dir)
        if _glob_include(self.exclude, rel, is_dir) and not included:
            return SITE_EXCLUDE
        if included or not (name.startswith(_SPECIAL) or name.endswith("~")):
            return None
        if not is_dir:
            return UNPUBLISHED_FILE
        if name == "_posts":
            return None
        if name == "_drafts":
            return DRAFT
        if parent == self.collections_dir and name[1:] in self.collections:
            return None if self.collections[name[1:]] else COLLECTION_NOT_OUTPUT
        return UNPUBLISHED_FOLDER


def _collections(value: Any) -> dict[str, bool] | None:
    """``collections:`` as a list of names (not output) or a mapping name -> options."""
    if isinstance(value, list):
        return {str(name): False for name in value if name is not None}
    if isinstance(value, dict):
        return {
            str(name): isinstance(opts, dict) and opts.get("output") is True
            for name, opts in value.items()
        }
    return None if value is not None else {}


def _site(config: Config) -> tuple[JekyllSite, list[str]]:
    """The site from its parsed configuration and the problems found in it; a
    value of the wrong shape is a problem and its default applies (Jekyll itself
    would refuse to build)."""
    data = config.data or {}
    problems = [config.problem] if config.problem else []
    include = string_list(data.get("include", list(DEFAULT_INCLUDES)))
    exclude = string_list(data.get("exclude", []))
    collections = _collections(data.get("collections"))
    raw_dir = data.get("collections_dir")
    collections_dir = "" if raw_dir in ("", ".", "./") else relative_dir(raw_dir, "")
    if include is None or exclude is None or collections is None or collections_dir is None:
        problems.append(BROKEN_CONFIG)
    site = JekyllSite(
        config,
        include=include if include is not None else DEFAULT_INCLUDES,
        exclude=(*(exclude or ()), *DEFAULT_EXCLUDES),
        collections=collections,
        collections_dir=collections_dir or "",
    )
    return site, list(dict.fromkeys(problems))


def jekyll_site(root: Path) -> tuple[JekyllSite, list[tuple[str, str]]] | None:
    """The Jekyll site at ``root`` (the first of ``CONFIG_NAMES`` there, as Jekyll
    reads it) and its configuration problems (path, kind); None when there is none."""
    for name in CONFIG_NAMES:
        if (root / name).is_file() or (root / name).is_symlink():
            site, problems = _site(read_config(root, name))
            return site, [(name, p) for p in problems]
    return None
