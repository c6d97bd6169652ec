"""The shape every site generator's rules take, and reading their configuration.

A ``Site`` says, for a path relative to the wiki root, whether the site
publishes it, and why not (a *skip reason*, counted in the build summary).
Configuration files are untrusted input like pages: read without following
links, bounded in size, YAML through the safe loader without aliases. One
that cannot be read is a reported problem (``broken_site_config``) and the
generator's default rules apply; it never stops a build.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zpagent.ingest.frontmatter import YAML_LOADER, load_yaml_mapping
from zpagent.ingest.problems import SITE_SKIPS
from zpagent.ingest.walk import NotRegularFile, read_regular_file

# Why a path is not indexed (``ingest.problems.SITE_SKIPS``).
(
    EXCLUDED_BY_OPTION,
    OUTSIDE_CONTENT,
    UNPUBLISHED_FOLDER,
    UNPUBLISHED_FILE,
    COLLECTION_NOT_OUTPUT,
    SITE_EXCLUDE,
    DRAFT,
) = SKIP_REASONS = SITE_SKIPS

BROKEN_CONFIG = "broken_site_config"
# Configuration is small; a file past this is not a configuration.
MAX_CONFIG_BYTES = 1024 * 1024


class Site:
    """A wiki without a site generator: every Markdown file is a page."""

    generator = ""
    toml_front_matter = False  # Hugo's ``+++`` front matter

    def __init__(self, config_files: tuple[str, ...] = (), content_root: str = "") -> None:
        self.config_files = config_files  # copied into the snapshot and hashed
        self.content_root = content_root

    def skip(self, rel: str, is_dir: bool) -> str | None:
        """Why the site does not publish ``rel`` (None: it does)."""
        del rel, is_dir
        return None

    def skip_page(self, metadata: dict[str, Any]) -> str | None:
        """Why the site does not publish a page with this front matter."""
        del metadata
        return None

    def outside(self, rel: str, is_dir: bool) -> str | None:
        """``outside_content_dir`` unless ``rel`` is in the content root or a
        folder on the way to it."""
        root = self.content_root
        if not root or rel == root or rel.startswith(f"{root}/"):
            return None
        if is_dir and root.startswith(f"{rel}/"):
            return None
        return OUTSIDE_CONTENT

    def describe(self) -> dict[str, Any]:
        return {
            "generator": self.generator or None,
            "config": list(self.config_files),
            "content_root": self.content_root or None,
        }


@dataclass
class Config:
    """A configuration file as read: its data (None when unreadable) and problems."""

    rel: str
    data: dict[str, Any] | None
    problem: str | None = None


# YAML configuration may carry tags of its tool (MkDocs: ``!ENV``,
# ``!!python/name:...``): read as null, never constructed.
class _ConfigLoader(YAML_LOADER):  # type: ignore[misc,valid-type]
    pass


def _unknown_tag(loader: Any, suffix: str, node: Any) -> None:
    del loader, suffix, node


_ConfigLoader.add_multi_constructor("!", _unknown_tag)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _unknown_tag)


def parse_config(text: str, name: str) -> tuple[dict[str, Any] | None, str | None]:
    """(mapping, None) or (None, ``broken_site_config``); by the file's extension."""
    try:
        if name.endswith(".toml"):
            return tomllib.loads(text), None
        if name.endswith(".json"):
            data = json.loads(text)
            return (data, None) if isinstance(data, dict) else (None, BROKEN_CONFIG)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None, BROKEN_CONFIG
    data, problem = load_yaml_mapping(text, max_chars=MAX_CONFIG_BYTES, loader=_ConfigLoader)
    return (None, BROKEN_CONFIG) if problem else (data, None)


def read_config(root: Path, rel: str) -> Config:
    """Read and parse ``root/rel``; a link, a special file or an unreadable file is
    ``unreadable``, anything else wrong ``broken_site_config``."""
    try:
        raw, _ = read_regular_file(root / rel, MAX_CONFIG_BYTES)
    except (NotRegularFile, OSError):
        return Config(rel, None, "unreadable")
    if len(raw) > MAX_CONFIG_BYTES:
        return Config(rel, None, BROKEN_CONFIG)
    data, problem = parse_config(raw.decode("utf-8", errors="replace"), rel)
    return Config(rel, data, problem)


def string_list(value: Any) -> tuple[str, ...] | None:
    """A YAML/TOML list of names as strings (None when it is not a list)."""
    if not isinstance(value, list):
        return None
    return tuple(str(v) for v in value if v is not None and str(v).strip())


def relative_dir(value: Any, default: str) -> str | None:
    """A folder inside the wiki, ``/``-separated without ``./``; None when the
    value leaves the wiki (absolute, ``..``) or is not a folder name."""
    if value is None:
        return default
    if not isinstance(value, str) or not value.strip():
        return None
    parts = [p for p in value.strip().replace("\\", "/").split("/") if p not in ("", ".")]
    if value.strip().startswith("/") or ".." in parts or not parts:
        return None
    return "/".join(parts)


def lower_keys(data: dict[str, Any] | None) -> dict[str, Any]:
    """Hugo's keys are case-insensitive (``contentDir`` = ``contentdir``)."""
    return {str(k).lower(): v for k, v in (data or {}).items()}


__all__ = ["SKIP_REASONS", "Config", "Site", "parse_config", "read_config"]
