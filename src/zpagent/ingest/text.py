"""Small text helpers shared by ingest, search and graph: NFC, folding, slugs."""

from __future__ import annotations

import re
import unicodedata

_WS = re.compile(r"\s+")


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def clean_inline(text: str) -> str:
    """NFC and collapsed whitespace: the display form of short metadata values."""
    return _WS.sub(" ", nfc(text)).strip()


def fold(text: str) -> str:
    """Lowercase without diacritics: the matching key (``Ľubomír`` -> ``lubomir``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def slug(text: str) -> str:
    """ASCII slug of a display string, stable across case and diacritics."""
    return re.sub(r"[^a-z0-9]+", "-", fold(text)).strip("-")
