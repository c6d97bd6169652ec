"""Text from pages or models made inert for Markdown and HTML renderers, and back.

Shared by every renderer of answers (checked answers, history answers): a
page's markup, HTML, control characters and autolinks never act in a chat
client; ``plain_text`` is how the answer reads once rendered.
"""

from __future__ import annotations

import re
import unicodedata

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~>])")
# Control characters, bidirectional overrides, zero-width marks: never shown.
_INVISIBLE = {"Cc", "Cf"}


# What GFM renderers (GitHub, Open WebUI's marked) turn into links without any
# Markdown syntax: "https://…", "www.…", e-mail addresses. An escaped ":", "."
# or "@" shows the same text and breaks the autolink.
_AUTOLINK = re.compile(r"(?<=[A-Za-z0-9])(:)(?=//)|(?i:\b(www)(\.))|(@)")


def _no_autolink(m: re.Match[str]) -> str:
    if m.group(1):
        return "\\:"
    if m.group(2):
        return m.group(2) + "\\."
    return "\\@"


def escape(text: str, autolinks: bool = False) -> str:
    """Evidence text made inert for Markdown and HTML renderers (one line, no controls,
    no autolinks unless ``autolinks``: the page URLs ZP Agent derives itself)."""
    text = " ".join(text.split())
    text = "".join(ch for ch in text if unicodedata.category(ch) not in _INVISIBLE)
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_SPECIAL.sub(r"\\\1", text)
    return text if autolinks else _AUTOLINK.sub(_no_autolink, text)


_UNESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+!|~>:.@])")


def plain_text(markdown: str) -> str:
    """The answer as a reader sees it rendered (for terminals and comparisons)."""
    text = _UNESCAPE.sub(r"\1", markdown)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
