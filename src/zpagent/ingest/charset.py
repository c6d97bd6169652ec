"""Turn a page's bytes into text: refuse binaries, honour a declared
charset, detect old Central European encodings, never print "Nov�k".

Order: a byte order mark (UTF-8, UTF-16, UTF-32); NUL bytes without one mean
a binary file (an image or archive named ``.md``), which is skipped; a
``charset:`` (or ``encoding:``) key in the front matter; strict UTF-8; then
the single-byte encodings a Slovak wiki meets in practice (``cp1250``,
``iso-8859-2``, ``cp1252``), scored by how plausible the decoded text is.
Decoding that is only guessed is reported (``non_utf8``) so that the page
can be fixed; text that no candidate explains is decoded with replacement
characters and reported as ``invalid_utf8``.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass, field

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Slovak first: the wiki is Slovak, and for text that fits several of these
# (only letters shared by all of them) the first one wins.
CANDIDATES = ("cp1250", "iso-8859-2", "cp1252")
_DECLARED = re.compile(
    rb"^(?:charset|encoding)[ \t]*:[ \t]*[\"']?([A-Za-z0-9_.:-]{2,40})[\"']?[ \t]*\r?$",
    re.MULTILINE | re.IGNORECASE,
)
_WORD = re.compile(r"\w+")
_PUNCT_OK = set("„“”‚‘’–—…«»•°§\u00a0€")
_SLOVAK = set("áäčďéíĺľňóôŕšťúýžÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ")
# Control characters other than tab, newline, form feed, carriage return and
# escape are rare in text and common in binaries.
_CONTROL = {chr(c) for c in range(32) if c not in (9, 10, 12, 13, 27)} | {"\x7f"}


@dataclass
class Decoded:
    text: str | None  # None: not text, the page is skipped
    encoding: str | None
    problems: list[str] = field(default_factory=list)


def declared_charset(raw: bytes) -> str | None:
    """The ``charset:`` of the front matter, read from the raw bytes."""
    if not raw.startswith(b"---"):
        return None
    end = raw.find(b"\n---", 3)
    head = raw[: end if end >= 0 else 4096]
    m = _DECLARED.search(head)
    return m.group(1).decode("ascii") if m else None


def _implausible(text: str) -> tuple[int, int, int]:
    """(implausible, non-ASCII, Slovak letters) characters of a decoded text.

    A non-ASCII character is plausible when it is a letter inside a word that
    also has ASCII letters ("Novák", "čo"), or common typographic punctuation.
    Wrong single-byte decodings produce symbols, control characters or runs
    of accented letters with no ASCII around them.
    """
    bad = nonascii = slovak = 0
    for word in _WORD.finditer(text):
        w = word.group()
        if w.isascii():
            continue
        has_ascii_letter = any(c.isascii() and c.isalpha() for c in w)
        for c in w:
            if c.isascii():
                continue
            nonascii += 1
            slovak += c in _SLOVAK
            if not (has_ascii_letter and unicodedata.category(c).startswith("L")):
                bad += 1
    for c in text:
        if c.isascii():
            bad += c in _CONTROL
        elif not (c.isalnum() or c == "_"):
            nonascii += 1
            bad += c not in _PUNCT_OK
    return bad, nonascii, slovak


def _guess(raw: bytes) -> tuple[str, str] | None:
    best: tuple[tuple[int, int, int], str, str] | None = None
    for rank, enc in enumerate(CANDIDATES):
        try:
            text = raw.decode(enc)
        except UnicodeDecodeError:
            continue
        bad, nonascii, slovak = _implausible(text)
        if nonascii and bad * 10 > nonascii:
            continue  # more than one in ten non-ASCII characters makes no sense
        # Fewest implausible characters; then the most Slovak letters (a
        # Slovak wiki); then the order of CANDIDATES.
        key = (bad, -slovak, rank)
        if best is None or key < best[0]:
            best = (key, enc, text)
    return (best[1], best[2]) if best else None


def decode_page(raw: bytes) -> Decoded:
    for bom, enc in _BOMS:
        if raw.startswith(bom):
            try:
                return Decoded(raw.decode(enc), enc)
            except UnicodeDecodeError:
                return Decoded(raw.decode(enc, errors="replace"), enc, ["invalid_utf8"])
    if b"\x00" in raw:
        return Decoded(None, None, ["binary_file"])
    problems: list[str] = []
    declared = declared_charset(raw)
    if declared:
        try:
            codecs.lookup(declared)
            return Decoded(raw.decode(declared), declared, ["charset_declared"])
        except LookupError:
            problems.append("unknown_charset")
        except UnicodeDecodeError:
            problems.append("charset_mismatch")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        if sum(c in _CONTROL for c in text[:65536]) > 8:
            return Decoded(None, None, ["binary_file"])
        return Decoded(text, "utf-8", problems)
    guess = _guess(raw)
    if guess is not None:
        enc, text = guess
        return Decoded(text, enc, [*problems, "non_utf8"])
    return Decoded(raw.decode("utf-8", errors="replace"), "utf-8", [*problems, "invalid_utf8"])
