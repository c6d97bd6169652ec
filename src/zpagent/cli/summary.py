"""The build summary that ``zpagent index``, ``sync`` and ``demo`` print.

Everything the build left out is in it: pages cut at a page limit with the
bytes not indexed, so that no page is ever cut without a word, and the paths
the site generator does not publish (or ``--exclude`` left out), with why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text

from zpagent.cli.output import console

# Cut pages and skipped paths named in the table; ``--json`` lists up to 50.
SHOWN_CUT_PAGES = 10
SHOWN_SKIPPED = 10

_COUNTS = (
    "version",
    "documents",
    "unpublished_documents",
    "problem_documents",
    "chunks",
    "embedding_segments",
    "embedding_computed",
    "embedding_reused",
    "embedding_duplicates",
    "embedding_tokens_saved",
    "pages_cut",
    "bytes_left_out",
    "seconds",
)


def _counts(pairs: dict[str, Any]) -> str:
    return ", ".join(f"{k}: {v}" for k, v in pairs.items())


def _site_rows(t: Table, site: dict[str, Any]) -> None:
    """Which generator's rules chose the pages, and what they (or the options) left out."""
    if site.get("generator"):
        config = ", ".join(site.get("config") or []) or "configuration unreadable: defaults"
        root = f", content in {site['content_root']}/" if site.get("content_root") else ""
        t.add_row("site", Text(f"{site['generator']} ({config}{root})"))
    for key in ("include", "exclude"):
        if site.get(key):
            t.add_row(key, Text(", ".join(site[key])))
    if site.get("skipped"):
        t.add_row("skipped", _counts(site["skipped"]))
        for p in site.get("skipped_paths", [])[:SHOWN_SKIPPED]:
            t.add_row("skipped path", Text(f"{p['path']} ({p['reason']})"))
        if sum(site["skipped"].values()) > SHOWN_SKIPPED:
            t.add_row("skipped path", f"… {sum(site['skipped'].values())} in all")


def print_build(report: dict[str, Any], wiki: Path) -> None:
    t = Table(title=f"Index built from {wiki}", show_header=False)
    for key in _COUNTS:
        if key in report:
            t.add_row(key, str(report[key]))
    for page in report.get("cut_pages", [])[:SHOWN_CUT_PAGES]:
        line = (
            f"{page['path']}: {page['bytes_left_out']} of {page['size_bytes']} bytes left out "
            f"({', '.join(page['limits'])})"
        )
        t.add_row("cut page", Text(line))  # a path is text, never markup
    if report.get("pages_cut", 0) > SHOWN_CUT_PAGES:
        t.add_row("cut page", f"… {report['pages_cut']} in all (--json lists more)")
    for pub in report.get("publications", []):
        what = "complete" if pub["vectors"] == "complete" else (
            f"vectors partial, {pub['segments_without_vector']} segments still to embed"
        )  # fmt: skip
        t.add_row("published", f"{pub['version']} after {pub['seconds']} s ({what})")
    _site_rows(t, report.get("site") or {})
    if report.get("warnings"):
        t.add_row("warnings", _counts(report["warnings"]))
    if report.get("notes"):
        t.add_row("notes", _counts(report["notes"]))
    for key, value in report.get("extra", {}).items():
        if isinstance(value, dict):
            t.add_row(key, _counts(value))
    if report.get("extra", {}).get("gate", "") is None:
        t.add_row("gate", "generic (too few pages to fit this wiki's own)")
    console.print(t)
