"""Resolve Markdown links between pages to document paths.

Topic pages link their students as ``../../students/2016/jh428ek``,
``.../jh428ek/``, ``.../jh428ek/README.md``, site-absolute ``/students/...``
or full URLs. All of them name the same document; anything that does not
resolve to a page of the wiki is ignored.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from urllib.parse import unquote, urlsplit

_MD_LINK = re.compile(r"(?<!!)\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^)]*[\"'])?\s*\)")
_INDEX_NAMES = ("README.md", "readme.md", "index.md", "default.md")


def _keys(path: str) -> list[str]:
    """Every spelling under which a link may name ``path``."""
    base = path
    for name in _INDEX_NAMES:
        if base.endswith("/" + name) or base == name:
            base = base[: -len(name)].rstrip("/")
            break
    else:
        if base.endswith(".md"):
            base = base[:-3]
    keys = [path.lower(), base.lower()]
    if base.lower().startswith("pages/"):
        keys.append(base[len("pages/") :].lower())
    return keys


class LinkResolver:
    def __init__(self, paths: Iterable[str]) -> None:
        self._index: dict[str, str] = {}
        for path in sorted(paths):
            for key in _keys(path):
                self._index.setdefault(key, path)

    def resolve(self, from_path: str, target: str) -> str | None:
        target = unquote(target.strip())
        if not target or target.startswith(("#", "mailto:", "data:")):
            return None
        parts = urlsplit(target)
        if parts.scheme in ("http", "https"):
            candidate = parts.path.strip("/")
        elif parts.scheme:
            return None
        elif parts.path.startswith("/"):
            candidate = parts.path.strip("/")
        else:
            folder = posixpath.dirname(from_path)
            candidate = posixpath.normpath(posixpath.join(folder, parts.path))
        candidate = candidate.rstrip("/").lower()
        if candidate.startswith("../") or candidate in ("", "."):
            return None
        # A full URL's path may carry a site prefix: try its suffixes too.
        pieces = candidate.split("/")
        for i in range(len(pieces)):
            key = "/".join(pieces[i:])
            if key in self._index:
                return self._index[key]
        return None


def links(text: str) -> list[tuple[str, str, int]]:
    """(link text, target, offset) of the Markdown links in ``text``."""
    return [(m.group(1), m.group(2), m.start()) for m in _MD_LINK.finditer(text)]
