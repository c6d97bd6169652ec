"""Split a page into YAML front matter and body, never raising.

Pages are written by hand over many years: the opening ``---`` may be
followed by broken YAML, the closing ``---`` may be missing, or there may be
no front matter at all. In every case the body is indexed and the problem is
reported as a warning kind, so that one bad page never stops a build.
"""

from __future__ import annotations

import re
import tomllib
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


# The C loader when PyYAML was built with libyaml (it is in the wheels).
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_LOADER = YAML_LOADER


def _has_alias(text: str) -> bool:
    """Whether the YAML uses an alias (``*name``).

    Aliases are how a few hundred bytes expand into gigabytes (nine levels of
    ``&a [*a, *a, ...]``): the parsed object shares its parts, but anything
    that walks or prints it pays for every copy. Front matter has no use for
    them, so they are refused. Checking the event stream first keeps the C
    loader (whose composer cannot be hooked) and costs one extra linear pass
    over at most ``MAX_FRONT_MATTER_CHARS``; the parser also caps nesting
    depth, so neither pass can recurse without bound.
    """
    return any(isinstance(ev, yaml.AliasEvent) for ev in yaml.parse(text, Loader=_LOADER))


def load_yaml_mapping(
    text: str, max_chars: int = MAX_FRONT_MATTER_CHARS, loader: Any = None
) -> tuple[dict[str, Any] | None, str | None]:
    """Parse untrusted YAML into a mapping; return (data, problem kind).

    Bounded: at most ``max_chars`` characters, no aliases, safe tags only
    (``loader``: a subclass of the safe loader). Used for page front matter,
    Grav's folder ``frontmatter.yaml`` and site configuration files.
    """
    if len(text) > max_chars:
        return None, "front_matter_too_large"
    if not text.strip():
        return {}, None
    try:
        if _has_alias(text):
            return None, "front_matter_aliases"
        data = yaml.load(text, Loader=loader or _LOADER)  # a safe loader: plain types only
    except yaml.YAMLError:
        return None, "broken_yaml"
    except (RecursionError, ValueError, TypeError, OverflowError):
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
            data, problem = load_yaml_mapping(yaml_text)
            warnings = [problem] if problem else []
            return FrontMatter(data or {}, text[body_offset:], body_offset, warnings)

    # No closing fence. The front matter most likely ends where the Markdown
    # starts (the first heading); try that, and otherwise keep everything
    # after the opening line as body so that nothing is lost.
    for i in range(1, len(lines)):
        if _HEADING.match(lines[i]):
            yaml_text = "".join(lines[1:i])
            data, problem = load_yaml_mapping(yaml_text)
            if problem is None:
                body_offset = offset + len(yaml_text)
                return FrontMatter(
                    data or {}, text[body_offset:], body_offset, ["missing_front_matter_end"]
                )
            break
    return FrontMatter({}, text[offset:], offset, ["missing_front_matter_end"])


def split_toml_front_matter(text: str) -> FrontMatter | None:
    """Hugo's TOML front matter between ``+++`` lines; None when the page does not
    open with one (then it is read as YAML or as no front matter).

    Only Hugo sites read it: in a plain wiki a page opening with ``+++`` keeps
    it as text, as before.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "+++":
        return None
    for i in range(1, len(lines)):
        if lines[i].strip() == "+++":
            toml_text = "".join(lines[1:i])
            body_offset = sum(len(line) for line in lines[: i + 1])
            body = text[body_offset:]
            if len(toml_text) > MAX_FRONT_MATTER_CHARS:
                return FrontMatter({}, body, body_offset, ["front_matter_too_large"])
            try:
                data = tomllib.loads(toml_text)
            except (tomllib.TOMLDecodeError, RecursionError, ValueError):
                return FrontMatter({}, body, body_offset, ["broken_toml"])
            return FrontMatter(data, body, body_offset)
    return None
