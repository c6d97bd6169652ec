"""Normalize front matter values into the fields every page has.

Authors write ``published: "false"``, ``Title:``, categories as a list or a
comma-separated string, tags in any case. Everything here is tolerant and
deterministic: the same page always yields the same normalized metadata.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from zpagent.ingest.grav import is_page_file, strip_order
from zpagent.ingest.headings import first_h1
from zpagent.ingest.text import clean_inline

_FALSE = {"false", "no", "n", "0", "off", "nie"}
_TRUE = {"true", "yes", "y", "1", "on", "áno", "ano"}

# A budget for copying arbitrary metadata: YAML aliases can make a small
# front matter expand into a huge structure.
_METADATA_NODE_BUDGET = 2_000


@dataclass
class PageMeta:
    title: str
    title_source: str  # "front_matter" | "heading" | "path"
    published: bool
    authors: list[str]
    tags: list[str]
    categories: list[str]
    extra: dict[str, Any]
    warnings: list[str] = field(default_factory=list)


def _lower_keys(data: dict[Any, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        out.setdefault(str(key).strip().lower(), value)
    return out


def _scalar_text(value: Any) -> str | None:
    if value is None or isinstance(value, (dict, list)):
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    text = clean_inline(str(value))
    return text or None


def _as_list(value: Any) -> list[str]:
    """A list of strings from a list, a comma/semicolon separated string or a scalar."""
    if value is None:
        return []
    items: list[Any]
    if isinstance(value, list):
        items = value
    elif isinstance(value, dict):
        items = list(value.values())
    else:
        items = re.split(r"[,;]", str(value))
    out = []
    for item in items:
        text = _scalar_text(item)
        if text:
            out.append(text)
    return out


def _dedupe(values: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for v in values:
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out


def normalize_terms(value: Any) -> list[str]:
    """Tags and categories: lowercase, NFC, trimmed, de-duplicated, in page order."""
    return _dedupe([v.lower() for v in _as_list(value)])


def normalize_authors(value: Any) -> list[str]:
    """Authors keep their case; ``{name: X}`` and lists of them are accepted.

    A string is one author unless it is separated by semicolons: commas are
    part of names with academic titles (``Ing. Daniel Hládek, PhD.``).
    """
    if value is None:
        return []
    if isinstance(value, dict):
        lowered = _lower_keys(value)
        return normalize_authors(lowered.get("name"))
    if isinstance(value, list):
        out: list[str] = []
        for item in value:
            out.extend(normalize_authors(item))
        return _dedupe(out)
    text = _scalar_text(value)
    if not text:
        return []
    return _dedupe([p.strip() for p in text.split(";") if p.strip()])


def parse_published(value: Any) -> tuple[bool, str | None]:
    """Only an explicit false hides a page; an unreadable value is a warning."""
    if value is None:
        return True, None
    if isinstance(value, bool):
        return value, None
    if isinstance(value, (int, float)):
        return value != 0, None
    text = str(value).strip().lower()
    if text in _FALSE:
        return False, None
    if text in _TRUE:
        return True, None
    return True, "invalid_published"


def _json_safe(value: Any, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        return None
    if isinstance(value, dict):
        return {str(k): _json_safe(v, budget) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [_json_safe(v, budget) for v in value]
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def title_from_path(path: str) -> str:
    """The folder of a folder's page (``README.md``, Grav's ``docs.md``), else the file name."""
    parts = [p for p in path.split("/") if p]
    if parts and is_page_file(parts[-1]) and len(parts) > 1:
        return strip_order(parts[-2])
    return parts[-1].rsplit(".", 1)[0] if parts else path


def normalize_meta(data: dict[Any, Any], body: str, path: str) -> PageMeta:
    fm = _lower_keys(data)
    taxonomy = fm.get("taxonomy")
    taxonomy = _lower_keys(taxonomy) if isinstance(taxonomy, dict) else {}
    warnings: list[str] = []

    title = _scalar_text(fm.get("title"))
    source = "front_matter"
    if not title:
        heading = first_h1(body)
        title = clean_inline(heading).strip("*_ ") if heading else None
        source = "heading"
    if not title:
        title, source = title_from_path(path), "path"

    published, problem = parse_published(fm.get("published"))
    if problem:
        warnings.append(problem)

    authors = normalize_authors(taxonomy.get("author"))
    if not authors:
        authors = normalize_authors(fm.get("author", fm.get("authors")))

    tags = normalize_terms(taxonomy.get("tag", taxonomy.get("tags")))
    if not tags:
        tags = normalize_terms(fm.get("tags", fm.get("tag")))
    categories = normalize_terms(taxonomy.get("category", taxonomy.get("categories")))
    if not categories:
        categories = normalize_terms(fm.get("categories", fm.get("category")))

    known = {"title", "published", "taxonomy", "author", "authors", "tags", "tag"}
    known |= {"categories", "category"}
    extra = {k: v for k, v in fm.items() if k not in known}
    extra_taxonomy = {
        k: v
        for k, v in taxonomy.items()
        if k not in {"author", "tag", "tags", "category", "categories"}
    }
    if extra_taxonomy:
        extra["taxonomy"] = extra_taxonomy
    safe_extra = _json_safe(extra, [_METADATA_NODE_BUDGET])
    return PageMeta(title, source, published, authors, tags, categories, safe_extra, warnings)
