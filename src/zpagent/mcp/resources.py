"""Wiki pages as MCP resources: ``zpwiki://page/{document_path}``.

A client opens a cited source by its ``document_path``. Only published
pages of the served generation are listed or readable; an unpublished page
reads exactly like a missing one. The content is the page's Markdown as
indexed, under a small front matter block with its path, title and URL
(JSON-quoted, so a title cannot break out of it).
"""

from __future__ import annotations

import base64
import binascii
import json
from urllib.parse import quote

from mcp_types import Resource

from zpagent.history.errors import UnknownPage
from zpagent.index.reader import Generation

SCHEME = "zpwiki"
URI_TEMPLATE = f"{SCHEME}://page/{{+document_path}}"
PAGE_SIZE = 500
MIME = "text/markdown"


class BadCursor(ValueError):
    """A list cursor this server did not issue."""


def page_uri(document_path: str) -> str:
    return f"{SCHEME}://page/{quote(document_path, safe='/')}"


def encode_cursor(path: str) -> str:
    return base64.urlsafe_b64encode(path.encode("utf-8")).decode("ascii")


def decode_cursor(cursor: str | None) -> str:
    if not cursor:
        return ""
    try:
        return base64.urlsafe_b64decode(cursor.encode("ascii")).decode("utf-8")
    except (binascii.Error, UnicodeError, ValueError) as exc:
        raise BadCursor("not a cursor of this server") from exc


def list_pages(gen: Generation, cursor: str | None) -> tuple[list[Resource], str | None]:
    """One page of the listing (by path), and the cursor of the next one."""
    after = decode_cursor(cursor)
    rows = (
        gen.db()
        .execute(
            "SELECT path, title, title_source, source_url FROM documents "
            "WHERE published = 1 AND path > ? ORDER BY path LIMIT ?",
            (after, PAGE_SIZE + 1),
        )
        .fetchall()
    )
    more = len(rows) > PAGE_SIZE
    rows = rows[:PAGE_SIZE]
    resources = [
        Resource(
            uri=page_uri(r["path"]),
            name=r["path"],
            title=r["title"] if r["title_source"] != "path" else None,
            description=r["source_url"],
            mime_type=MIME,
        )
        for r in rows
    ]
    return resources, encode_cursor(rows[-1]["path"]) if more and rows else None


def page_markdown(gen: Generation, document_path: str) -> str:
    row = (
        gen.db()
        .execute(
            "SELECT path, title, title_source, source_url, body FROM documents "
            "WHERE path = ? AND published = 1",
            (document_path,),
        )
        .fetchone()
    )
    if row is None:
        raise UnknownPage("no such published page")
    title = row["title"] if row["title_source"] != "path" else None
    head = "\n".join(
        f"{key}: {json.dumps(value, ensure_ascii=False)}"
        for key, value in (
            ("document_path", row["path"]),
            ("title", title),
            ("source_url", row["source_url"]),
        )
    )
    return f"---\n{head}\n---\n\n{row['body']}"
