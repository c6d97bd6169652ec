"""Hugo: the pages are the Markdown files in the content folder, drafts aside.

A Hugo site is a folder with ``hugo.toml``, ``hugo.yaml``, ``hugo.yml`` or
``hugo.json``, or with the older ``config.toml``/``config.yaml``/
``config.yml``/``config.json`` beside its content folder (``contentDir``,
default ``content``). Only the content folder is indexed: ``themes/``,
``archetypes/`` and a ``README.md`` at the root are ``outside_content_dir``.
A page with ``draft: true`` (YAML ``---`` or TOML ``+++`` front matter) is a
``draft``: Hugo does not build it by default.

Not read: per-language ``contentDir``, ``ignoreFiles`` (regular expressions
from the wiki are not run), future ``publishDate``/past ``expiryDate``,
``build: {render: never}``, a ``config/`` folder without a root file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from zpagent.ingest.sites.base import (
    BROKEN_CONFIG,
    DRAFT,
    Config,
    Site,
    lower_keys,
    read_config,
    relative_dir,
)

CONFIG_NAMES = ("hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json")
# Older names, also used by other tools: Hugo only with a content folder beside.
LEGACY_NAMES = ("config.toml", "config.yaml", "config.yml", "config.json")
DEFAULT_CONTENT = "content"


class HugoSite(Site):
    generator = "hugo"
    toml_front_matter = True

    def skip(self, rel: str, is_dir: bool) -> str | None:
        return self.outside(rel, is_dir)

    def skip_page(self, metadata: dict[str, Any]) -> str | None:
        draft = metadata.get("draft")
        return DRAFT if draft is True or str(draft).strip().lower() == "true" else None


def _content_dir(config: Config) -> tuple[str, list[str]]:
    problems = [config.problem] if config.problem else []
    found = relative_dir(lower_keys(config.data).get("contentdir"), DEFAULT_CONTENT)
    if found is None:
        problems.append(BROKEN_CONFIG)
    return found or DEFAULT_CONTENT, problems


def hugo_site(root: Path) -> tuple[HugoSite, list[tuple[str, str]]] | None:
    """The Hugo site at ``root`` and its configuration problems (path, kind); None
    when ``root`` is not one."""
    for name in CONFIG_NAMES:
        if (root / name).is_file() or (root / name).is_symlink():
            config = read_config(root, name)
            content, problems = _content_dir(config)
            files = (name,) if config.data is not None else ()
            return HugoSite(files, content), [(name, p) for p in dict.fromkeys(problems)]
    for name in LEGACY_NAMES:
        if not (root / name).is_file():
            continue
        config = read_config(root, name)
        content, problems = _content_dir(config)
        if (root / content).is_dir() and not (root / content).is_symlink():
            files = (name,) if config.data is not None else ()
            return HugoSite(files, content), [(name, p) for p in dict.fromkeys(problems)]
    return None
