"""Grav's flat-file conventions, as far as they decide what a page is.

The real zpwiki is a Grav site, and Grav sites in general look like this::

    config/system.yaml                      languages: supported, default_lang
    pages/01.basics/chapter.md              a section page (often only a title)
    pages/01.basics/02.requirements/docs.md the page; "docs" is its template
    pages/01.basics/05.config/docs.17.md    the same page for language "17"
    pages/14.api/frontmatter.yaml           front matter shared by the folder's pages

A folder is one page. Its Markdown file is named after the template
(``docs.md``, ``default.md``, ``chapter.md``, ``item.md``), optionally with
a language suffix (``default.en.md``; the Grav documentation uses versions
as languages: ``docs.17.md``). Numbered folders (``01.basics``) only order
pages; the number is not part of the URL.

What ZP Agent indexes: one file per page, the one Grav serves in the
default language. With ``config/system.yaml`` beside ``pages/`` that is the
first file along the default language's fallback chain
(``languages.content_fallback``, else the default language and then the
plain file); without it, the plain file (``docs.md``), else the first
variant by name. The other variants are not indexed (each is a
``language_variant`` note), so a page never shows twice in results.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from zpagent.ingest.document import ScanWarning
from zpagent.ingest.frontmatter import load_yaml_mapping
from zpagent.ingest.walk import SourceFile

# Template names of Grav's core and common themes (learn, quark, antimatter):
# a file with one of these names is its folder's page, not a page of its own.
TEMPLATES = frozenset(
    {
        "default",
        "docs",
        "chapter",
        "item",
        "blog",
        "modular",
        "error",
        "search",
        "form",
        "archive",
        "home",
        "page",
        "post",
        "section",
        "listing",
    }
)
_VARIANT = re.compile(r"^(?P<stem>[^.]+)\.(?P<lang>[^.]+)\.md$", re.I)
_LANG_CODE = re.compile(r"^[a-z]{2}(?:[-_][a-z]{2})?$", re.I)
_ORDER_PREFIX = re.compile(r"^\d+\.")


@dataclass(frozen=True)
class GravSite:
    """The part of Grav's ``config/system.yaml`` that selects page files."""

    default_lang: str | None = None
    fallback: tuple[str, ...] = ()  # languages to try, "" = the plain file
    languages: tuple[str, ...] = ()  # languages.supported

    def chain(self) -> tuple[str, ...]:
        if self.fallback:
            return self.fallback
        if self.default_lang:
            return (self.default_lang, "")
        return ("",)


def parse_site(text: str) -> GravSite:
    data, _ = load_yaml_mapping(text)
    languages = (data or {}).get("languages")
    if not isinstance(languages, dict):
        return GravSite()
    supported = languages.get("supported")
    supported = tuple(str(x).lower() for x in supported) if isinstance(supported, list) else ()
    default = languages.get("default_lang")
    default = str(default).lower() if default is not None else None
    default = default or (supported[0] if supported else None)  # Grav: the first supported
    fallbacks = languages.get("content_fallback")
    chain: tuple[str, ...] = ()
    if isinstance(fallbacks, dict) and default:
        # YAML reads ``17:`` as an integer key: compare as text.
        found = {str(k).lower(): v for k, v in fallbacks.items()}.get(default)
        if isinstance(found, list):
            chain = tuple(str(x).lower() for x in found)
    return GravSite(default, chain, supported)


def is_page_file(name: str) -> bool:
    """Whether a Markdown file is its folder's page: README/index or a Grav template
    name (``docs.md``, ``docs.17.md``), not a page of its own (``git.md``)."""
    return name.split(".", 1)[0].lower() in TEMPLATES | {"readme", "index"}


def split_variant(name: str, site: GravSite) -> tuple[str, str]:
    """``docs.17.md`` -> (``docs``, ``17``); ``docs.md`` -> (``docs``, ``""``).

    A suffix is a language only when the site lists it, or, without a site
    configuration, when it looks like a language code on a template file
    (``default.en.md``): ``notes.2021.md`` of a plain wiki stays a page.
    """
    m = _VARIANT.match(name)
    if m:
        stem, lang = m.group("stem"), m.group("lang").lower()
        if lang in site.languages or (
            not site.languages and _LANG_CODE.match(lang) and is_page_file(name)
        ):
            return stem, lang
    return (name[:-3] if name.lower().endswith(".md") else name), ""


def strip_order(folder: str) -> str:
    """``08.advanced`` -> ``advanced``: the number only orders pages."""
    return _ORDER_PREFIX.sub("", folder, count=1) or folder


@dataclass
class Selection:
    pages: list[SourceFile]
    notes: list[ScanWarning] = field(default_factory=list)


def select_pages(files: list[SourceFile], site: GravSite) -> Selection:
    """One file per (folder, template): the variant Grav serves by default."""
    groups: dict[tuple[str, str], dict[str, SourceFile]] = defaultdict(dict)
    order: list[tuple[str, str]] = []
    for f in files:
        folder, _, name = f.rel.rpartition("/")
        stem, lang = split_variant(name, site)
        key = (folder, stem.lower())
        if key not in groups:
            order.append(key)
        groups[key][lang] = f
    out = Selection([])
    for key in order:
        members = groups[key]
        if len(members) == 1:
            out.pages.extend(members.values())
            continue
        chosen = next((members[lang] for lang in site.chain() if lang in members), None)
        if chosen is None:
            chosen = members.get("") or members[sorted(members)[0]]
        out.pages.append(chosen)
        out.notes.extend(
            ScanWarning(f.rel, "language_variant") for f in members.values() if f is not chosen
        )
    out.pages.sort(key=lambda f: f.rel)
    return out


def merge_front_matter(folder: dict[str, Any], page: dict[str, Any]) -> dict[str, Any]:
    """Grav merges ``frontmatter.yaml`` under the page's own front matter (the page wins)."""
    merged = dict(folder)
    for key, value in page.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge_front_matter(merged[key], value)
        else:
            merged[key] = value
    return merged
