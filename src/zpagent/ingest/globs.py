"""Path globs: what ``--include``/``--exclude`` and MkDocs' ``exclude_docs`` match.

A small, documented subset of gitignore patterns, over ``/``-separated paths
relative to a root (the wiki root; the ``docs_dir`` for MkDocs):

- ``*`` matches any characters but ``/``, ``?`` one of them, ``[abc]`` and
  ``[!abc]`` a class; ``**`` any number of folders (``docs/**/old``).
- A pattern without a ``/`` (a trailing one aside) matches a file or folder
  name at any depth: ``node_modules``, ``*.draft.md``.
- Any other pattern matches from the root (a leading ``/`` is dropped):
  ``docs/old``, ``/README.md``.
- A pattern that matches a folder covers everything in it (the walk does
  not enter the folder); a trailing ``/`` matches folders only.
- In a pattern list, a line starting with ``#`` is a comment and ``!``
  takes back what an earlier line matched; the last matching line decides.
  A file in an excluded folder cannot be taken back, as in gitignore.

Not supported: escapes with ``\\``, and gitignore's rule that a pattern
with a ``/`` in the middle may not match across several names with ``*``
(here ``*`` never matches ``/`` anyway).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_WILD = re.compile(r"[*?\[]")


def _translate(pattern: str) -> str:
    """A regular expression for one pattern (without its ``/`` anchors)."""
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("/**", i) and i + 3 == n:
            out.append("(?:/.*)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[" and (end := pattern.find("]", i + 2)) > 0:
            body = pattern[i + 1 : end]
            negate = body[0] in "!^"
            body = re.escape(body[1:] if negate else body).replace("\\-", "-")
            out.append(f"[{'^/' if negate else ''}{body}]")
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return "".join(out)


@dataclass(frozen=True)
class Glob:
    text: str
    regex: re.Pattern[str]
    anchored: bool  # matched against the whole path, else against the name
    dir_only: bool
    negate: bool
    parts: tuple[re.Pattern[str] | None, ...]  # one per component; None for "**"

    def matches(self, rel: str, is_dir: bool) -> bool:
        if self.dir_only and not is_dir:
            return False
        subject = rel if self.anchored else rel.rpartition("/")[2]
        return self.regex.fullmatch(subject) is not None

    def could_match_below(self, folder: str) -> bool:
        """Whether something inside ``folder`` may match (the walk must enter it)."""
        if not self.anchored:
            return True
        names = folder.split("/")
        for i, name in enumerate(names):
            if i >= len(self.parts):
                return False
            part = self.parts[i]
            if part is None:
                return True
            if part.fullmatch(name) is None:
                return False
        return len(self.parts) > len(names)


def compile_glob(pattern: str, allow_negation: bool = False) -> Glob | None:
    """A compiled pattern; None for a blank or comment line. ``ValueError`` for a
    pattern that can never match inside the root (``..``)."""
    text = pattern.strip()
    if not text or text.startswith("#"):
        return None
    negate = allow_negation and text.startswith("!")
    body = text[1:] if negate else text
    dir_only = body.endswith("/")
    body = body.strip("/") if body.startswith("/") else body.rstrip("/")
    anchored = "/" in body or text.lstrip("!").startswith("/")
    if not body or ".." in body.split("/"):
        raise ValueError(f"invalid path pattern {pattern!r}: use a path inside the wiki")
    parts = tuple(
        None if p == "**" else re.compile(_translate(p) if _WILD.search(p) else re.escape(p))
        for p in body.split("/")
    )
    regex = re.compile(_translate(body))
    return Glob(text, regex, anchored, dir_only, negate, parts)


class PatternList:
    """Gitignore-like lines: the last line that matches a path decides."""

    def __init__(self, lines: list[str] | tuple[str, ...], allow_negation: bool = True) -> None:
        globs = (compile_glob(line, allow_negation) for line in lines)
        self.globs = [g for g in globs if g is not None]

    def __bool__(self) -> bool:
        return bool(self.globs)

    def matches(self, rel: str, is_dir: bool) -> bool:
        verdict = False
        for g in self.globs:
            if g.matches(rel, is_dir):
                verdict = not g.negate
        return verdict

    def could_match_below(self, folder: str) -> bool:
        return any(not g.negate and g.could_match_below(folder) for g in self.globs)
