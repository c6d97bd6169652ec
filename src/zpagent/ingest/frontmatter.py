"""Split a page into YAML front matter and body, never raising.

Pages are written by hand over many years: the opening ``---`` may be
followed by broken YAML, the closing ``---`` may be missing, or there may be
no front matter at all. In every case the body is indexed and the problem is
reported as a warning kind, so that one bad page never stops a build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

# The front matter is metadata, not content: a page that puts megabytes there
# is broken, and YAML parsing time grows with it.
MAX_FRONT_MATTER_CHARS = 64_000

_FENCE = re.compile(r"^(---|\.\.\.)\s*$")
_HEADING = re.compile(r"^#{1,6}\s")


@dataclass
class FrontMatter:
    data: dict[str, Any]
    body: str
    body_offset: int  # character offset of the body within the page text
    warnings: list[str] = field(default_factory=list)


def _parse_yaml(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """Parse a YAML mapping; return (data, warning_kind)."""
    if len(text) > MAX_FRONT_MATTER_CHARS:
        return None, "front_matter_too_large"
    if not text.strip():
        return {}, None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return None, "broken_yaml"
    except (RecursionError, ValueError, TypeError):
        return None, "broken_yaml"
    if data is None:
        return {}, None
    if not isinstance(data, dict):
        return None, "front_matter_not_mapping"
    return data, None


def split_front_matter(text: str) -> FrontMatter:
    """Return the parsed front matter (possibly empty) and the body."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        return FrontMatter({}, text, 0, ["no_front_matter"])

    offset = len(lines[0])
    for i in range(1, len(lines)):
        if _FENCE.match(lines[i]):
            yaml_text = "".join(lines[1:i])
            body_offset = offset + len(yaml_text) + len(lines[i])
            data, problem = _parse_yaml(yaml_text)
            warnings = [problem] if problem else []
            return FrontMatter(data or {}, text[body_offset:], body_offset, warnings)

    # No closing fence. The front matter most likely ends where the Markdown
    # starts (the first heading); try that, and otherwise keep everything
    # after the opening line as body so that nothing is lost.
    for i in range(1, len(lines)):
        if _HEADING.match(lines[i]):
            yaml_text = "".join(lines[1:i])
            data, problem = _parse_yaml(yaml_text)
            if problem is None:
                body_offset = offset + len(yaml_text)
                return FrontMatter(
                    data or {}, text[body_offset:], body_offset, ["missing_front_matter_end"]
                )
            break
    return FrontMatter({}, text[offset:], offset, ["missing_front_matter_end"])
