"""Slovak sentences about commits, built only from git's data, with citations.

Everything that comes from the repository (names, messages, titles, changed
lines) is untrusted text: it is shown plainly, with the characters that
would make Markdown or HTML (links, images, tags, code) escaped.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from zpagent.history.model import Commit, PageDiff
from zpagent.inert import escape

MAX_QUOTED_LINES = 6
MAX_LINE_CHARS = 160

Cite = Callable[[Commit], str]


def plain(text: str, limit: int = 300) -> str:
    """One line of untrusted text, cut to ``limit`` characters, made inert exactly as
    checked answers make evidence inert (``zpagent.inert.escape``: markup,
    HTML, controls and autolinks)."""
    text = " ".join((text or "").split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return escape(text)


def when(commit: Commit) -> str:
    """``3. 11. 2026 14:05`` in the commit's own time zone."""
    try:
        d = dt.datetime.fromisoformat(commit.date)
    except ValueError:
        return "neznámy dátum"
    return f"{d.day}. {d.month}. {d.year} {d.hour:02d}:{d.minute:02d}"


def day(d: dt.datetime) -> str:
    return f"{d.day}. {d.month}. {d.year}"


def times(n: int) -> str:
    if n == 1:
        return "1 zmena"
    return f"{n} zmeny" if 2 <= n <= 4 else f"{n} zmien"


def page_name(title: str | None, path: str) -> str:
    return f"„{plain(title)}“" if title else plain(path)


def commit_line(commit: Commit, cite: Cite, pages: str = "") -> str:
    line = f"- {when(commit)}, {plain(commit.author, 80)}: „{plain(commit.message, 200)}“"
    if commit.merge:
        line += " (zlúčenie vetiev)"
    renamed = [c for c in commit.changes if c.status == "renamed" and c.previous_path]
    if renamed and not pages:
        line += f" (premenovaná z {plain(renamed[0].previous_path or '')})"
    return f"{line}{pages} {cite(commit)}"


def last_change(name: str, commit: Commit, diff: PageDiff | None, cite: Cite) -> str:
    text = (
        f"Stránka {name} sa naposledy zmenila {when(commit)} "
        f"(autor: {plain(commit.author, 80)}, commit {commit.short}: "
        f"„{plain(commit.message, 200)}“) {cite(commit)}."
    )
    if diff is None:
        return text
    text += f"\nZmena: +{diff.added_lines} / −{diff.removed_lines} riadkov"
    if diff.sections:
        text += " v sekciách: " + "; ".join(plain(s, 120) for s in diff.sections[:6])
    text += "."
    added, removed = changed_lines(diff.diff)
    if added:
        text += "\nPridané riadky:\n" + "\n".join(f"+ {plain(ln, MAX_LINE_CHARS)}" for ln in added)
    if removed:
        text += "\nOdstránené riadky:\n" + "\n".join(
            f"− {plain(ln, MAX_LINE_CHARS)}" for ln in removed
        )
    return text


def changed_lines(diff: str) -> tuple[list[str], list[str]]:
    """The first few non-empty added and removed lines of a unified diff."""
    added: list[str] = []
    removed: list[str] = []
    in_hunk = False
    for line in diff.split("\n"):
        if line.startswith("@@"):
            in_hunk = True
            continue
        if not in_hunk or line.startswith(("+++", "---")):
            continue
        body = line[1:].strip()
        if not body:
            continue
        if line.startswith("+") and len(added) < MAX_QUOTED_LINES:
            added.append(body)
        elif line.startswith("-") and len(removed) < MAX_QUOTED_LINES // 2 + 1:
            removed.append(body)
    return added, removed


def authors(subject: str, commits: list[Commit], cite: Cite, more: bool) -> str:
    """Who changed the page (or the wiki): each author with a count and their last change."""
    by_author: dict[str, list[Commit]] = {}
    for c in commits:  # newest first, so each list starts with the author's last change
        by_author.setdefault(c.author, []).append(c)
    parts = [
        f"{plain(a, 80)} — {times(len(cs))}, naposledy {when(cs[0])} {cite(cs[0])}"
        for a, cs in by_author.items()
    ]
    counted = "aspoň " if more else ""
    text = f"{subject} upravovali ({counted}{times(len(commits))} v histórii Gitu):\n- "
    return text + "\n- ".join(parts)


def commit_list(
    heading: str,
    commits: list[Commit],
    cite: Cite,
    more: bool,
    label: Callable[[str], str] | None = None,
) -> str:
    """One line per commit; with ``label`` (wiki-wide lists) also the pages it changed."""
    lines = [heading]
    for c in commits:
        pages = ""
        if label is not None and c.changes:
            shown = ", ".join(label(ch.path) for ch in c.changes[:4])
            extra = f" a ďalšie ({len(c.changes) - 4})" if len(c.changes) > 4 else ""
            pages = f" — stránky: {shown}{extra}"
        lines.append(commit_line(c, cite, pages))
    if more:
        lines.append("- … a staršie zmeny (zoznam je skrátený).")
    return "\n".join(lines)
