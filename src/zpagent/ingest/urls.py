"""Public page URLs, derived from the folder and a configured base, never guessed.

The rules are those of the site that serves the wiki (Grav), applied only
as far as the files show them:

- ``pages/`` is the content root and not part of the URL.
- A folder's page file (``README.md``, ``index.md`` or a Grav template such
  as ``docs.md``, ``default.md``, ``chapter.md``, with or without a language
  suffix) is served at its folder's URL; any other ``name.md`` at
  ``folder/name`` (plain Markdown wikis).
- Grav's order prefixes are dropped (``08.advanced`` -> ``advanced``), and
  a page's ``slug`` front matter replaces its folder's name, for the page
  and for every page below it.
- ``routes.default`` (or ``routes.canonical``) in a page's front matter is
  its URL path.
- A page with ``routable: false``, or below a modular folder (``_name``), has
  no URL of its own: ``None``. So does every page without a configured base.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from zpagent.ingest.grav import is_page_file, strip_order
from zpagent.ingest.metadata import parse_published

# Front matter keys that change a page's URL (any case).
URL_KEYS = frozenset({"slug", "routes", "routable"})


def _lower(data: dict[Any, Any] | None) -> dict[str, Any]:
    return {str(k).strip().lower(): v for k, v in (data or {}).items()}


def _folder_slug(front_matter: dict[str, Any]) -> str | None:
    slug = front_matter.get("slug")
    if isinstance(slug, str) and slug.strip() and "/" not in slug:
        return slug.strip()
    return None


def _route(front_matter: dict[str, Any]) -> str | None:
    routes = front_matter.get("routes")
    routes = _lower(routes) if isinstance(routes, dict) else {}
    for key in ("canonical", "default"):
        value = routes.get(key)
        if isinstance(value, str) and value.startswith("/") and "//" not in value:
            return value
    return None


def _join(base_url: str, parts: list[str]) -> str:
    rel = "/".join(quote(p) for p in parts)
    base = base_url.rstrip("/")
    return f"{base}/{rel}" if rel else f"{base}/"


def page_urls(
    base_url: str | None, pages: Iterable[tuple[str, dict[str, Any] | None]]
) -> dict[str, str | None]:
    """URL of every page, from (path, front matter) of all pages of the wiki.

    All pages are needed at once: a folder's ``slug`` changes the URLs of the
    pages below it.
    """
    pages = [(path, _lower(fm)) for path, fm in pages]
    if not base_url:
        return {path: None for path, _ in pages}
    slugs: dict[str, str] = {}
    for path, fm in pages:
        folder, _, name = path.rpartition("/")
        slug = _folder_slug(fm)
        if slug and is_page_file(name):
            slugs[folder] = slug
    out: dict[str, str | None] = {}
    for path, fm in pages:
        out[path] = _page_url(base_url, path, fm, slugs)
    return out


def _page_url(base_url: str, path: str, fm: dict[str, Any], slugs: dict[str, str]) -> str | None:
    if "routable" in fm and parse_published(fm["routable"])[0] is False:
        return None
    route = _route(fm)
    if route is not None:
        return _join(base_url, [p for p in route.split("/") if p])
    parts = [p for p in path.split("/") if p]
    folders, name = parts[:-1], parts[-1]
    skip = 1 if folders and folders[0] == "pages" else 0
    segments = []
    for i in range(skip, len(folders)):
        folder = folders[i]
        if folder.startswith("_"):
            return None  # a modular part is rendered inside its parent, not served
        segments.append(slugs.get("/".join(folders[: i + 1])) or strip_order(folder))
    if not is_page_file(name):
        stem = name[:-3] if name.lower().endswith(".md") else name
        segments.append(stem)
    return _join(base_url, segments)


def source_url(base_url: str | None, path: str) -> str | None:
    """``pages/students/2016/jh428ek/README.md`` -> ``BASE/students/2016/jh428ek``.

    Without a configured base there is no URL: ``None``, never an invented one.
    """
    return page_urls(base_url, [(path, None)])[path]
