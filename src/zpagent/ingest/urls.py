"""Public page URLs, derived from the folder and a configured base, never guessed."""

from __future__ import annotations

from urllib.parse import quote


def source_url(base_url: str | None, path: str) -> str | None:
    """``pages/students/2016/jh428ek/README.md`` -> ``BASE/students/2016/jh428ek``.

    Without a configured base there is no URL: ``None``, never an invented one.
    """
    if not base_url:
        return None
    parts = [p for p in path.split("/") if p]
    if parts and parts[0] == "pages":
        parts = parts[1:]
    if parts and parts[-1].lower() == "readme.md":
        parts = parts[:-1]
    elif parts and parts[-1].lower().endswith(".md"):
        parts[-1] = parts[-1][:-3]
    rel = "/".join(quote(p) for p in parts)
    base = base_url.rstrip("/")
    return f"{base}/{rel}" if rel else f"{base}/"
