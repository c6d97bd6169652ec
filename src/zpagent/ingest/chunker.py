"""Split a page body into token-bounded chunks that follow its structure.

Rules, in order of importance:

1. No chunk exceeds ``max_tokens`` (counted with the configured encoding),
   not even inside one giant word: that is split at character boundaries.
2. Nothing is lost: every chunk's *core* is a contiguous span of the body and
   the cores cover all of its non-whitespace text. A chunk's text is an
   optional *prefix* (overlap with the previous chunk of the same section,
   or a long table's header row) followed by its core.
3. Headings come first: a new section starts a new chunk unless the current
   chunk is still smaller than ``min_tokens`` (tiny sections are merged).
   Code blocks, tables and lists stay whole when they fit; when they do not,
   they are split on line boundaries.

Each chunk keeps its heading path, the headings it contains, and the ordinal
of the chunk where its section starts (for section-lead expansion in RAG).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

from zpagent.ingest.text import clean_inline
from zpagent.ingest.tokens import TokenCounter


@dataclass(frozen=True)
class ChunkSettings:
    max_tokens: int = 450
    overlap_tokens: int = 70
    min_tokens: int = 80
    encoding: str = "cl100k_base"

    def __post_init__(self) -> None:
        if self.max_tokens < 16:
            raise ValueError("max_tokens must be at least 16")
        if not 0 <= self.overlap_tokens <= self.max_tokens // 2:
            raise ValueError("overlap_tokens must be between 0 and max_tokens / 2")
        if not 0 <= self.min_tokens <= self.max_tokens:
            raise ValueError("min_tokens must be between 0 and max_tokens")


@dataclass
class Chunk:
    chunk_id: str
    document_path: str
    ordinal: int
    heading_path: list[str]
    headings: list[str]
    text: str
    prefix: str
    char_start: int
    char_end: int
    token_count: int
    content_hash: str
    section_start: bool  # the chunk begins where its section begins
    section_lead: int  # ordinal of the chunk that holds the start of this chunk's section


@dataclass
class _Unit:
    """A block of the body (heading, paragraph, list, code, table), as a span."""

    start: int
    end: int
    kind: str  # "heading" | "code" | "table" | "list" | "text"
    section: int
    heading_path: tuple[str, ...]
    heading: str | None = None
    table_header: str | None = None


@dataclass
class _Open:
    start: int
    end: int
    prefix: str
    section: int
    heading_path: tuple[str, ...]
    section_start: bool
    headings: list[str] = field(default_factory=list)


_MD = MarkdownIt("commonmark").enable("table")
_WORD_BOUNDARY = re.compile(r"\s+")


def _line_offsets(text: str) -> list[int]:
    offsets = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            offsets.append(i + 1)
    offsets.append(len(text))
    return offsets


def _blocks(body: str) -> list[tuple[int, int, str, str | None, int]]:
    """Top-level Markdown blocks as (start, end, kind, heading text, heading level)."""
    offsets = _line_offsets(body)
    nlines = len(offsets) - 1
    tokens = _MD.parse(body)
    blocks: list[tuple[int, int, str, str | None, int]] = []
    for i, tok in enumerate(tokens):
        if tok.level != 0 or tok.map is None or tok.nesting == -1:
            continue
        first, last = tok.map
        start = offsets[min(first, nlines)]
        end = offsets[min(last, nlines)]
        if tok.type == "heading_open":
            inline = tokens[i + 1].content if i + 1 < len(tokens) else ""
            level = int(tok.tag[1:]) if tok.tag[1:].isdigit() else 1
            blocks.append((start, end, "heading", clean_inline(inline), level))
        elif tok.type in {"fence", "code_block"}:
            blocks.append((start, end, "code", None, 0))
        elif tok.type == "table_open":
            blocks.append((start, end, "table", None, 0))
        elif tok.type in {"bullet_list_open", "ordered_list_open"}:
            blocks.append((start, end, "list", None, 0))
        else:
            blocks.append((start, end, "text", None, 0))
    return blocks


def _units(body: str) -> list[_Unit]:
    units: list[_Unit] = []
    stack: list[tuple[int, str]] = []
    section = 0
    pos = 0
    for start, end, kind, heading, level in _blocks(body):
        # Markdown-it maps never overlap, but be defensive about gaps and
        # overlaps so that every character belongs to exactly one unit.
        start = max(start, pos)
        if end <= start:
            continue
        if start > pos and body[pos:start].strip():
            path = tuple(t for _, t in stack)
            units.append(_Unit(pos, start, "text", section, path))
        if kind == "heading":
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, heading or ""))
            section += 1
        path = tuple(t for _, t in stack)
        unit = _Unit(start, end, kind, section, path, heading=heading)
        if kind == "table":
            header_lines = body[start:end].split("\n", 2)[:2]
            unit.table_header = "\n".join(header_lines)
        units.append(unit)
        pos = end
    if body[pos:].strip():
        units.append(_Unit(pos, len(body), "text", section, tuple(t for _, t in stack)))
    return units


def _trim(body: str, start: int, end: int) -> tuple[int, int]:
    while start < end and body[start].isspace():
        start += 1
    while end > start and body[end - 1].isspace():
        end -= 1
    return start, end


class Chunker:
    def __init__(self, settings: ChunkSettings | None = None) -> None:
        self.settings = settings or ChunkSettings()
        self.counter = TokenCounter(self.settings.encoding)

    # -- splitting one oversized span ----------------------------------------

    def _split_chars(self, body: str, start: int, end: int, budget: int) -> list[tuple[int, int]]:
        """Largest prefixes that fit, found by binary search on the end offset."""
        spans = []
        while start < end:
            lo, hi = start + 1, end
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if self.counter.count(body[start:mid]) <= budget:
                    lo = mid
                else:
                    hi = mid - 1
            spans.append((start, lo))
            start = lo
        return spans

    def _split_span(
        self, body: str, start: int, end: int, budget: int, seps: tuple[str, ...]
    ) -> list[tuple[int, int]]:
        """Split [start, end) into spans of at most ``budget`` tokens.

        Tries each separator in turn (lines, sentences, words), packing as many
        pieces as fit; pieces still too large fall through to the next
        separator and finally to character boundaries.
        """
        if self.counter.count(body[start:end]) <= budget:
            return [(start, end)]
        if not seps:
            return self._split_chars(body, start, end, budget)
        sep, rest = seps[0], seps[1:]
        pieces: list[tuple[int, int]] = []
        pos = start
        while pos < end:
            idx = body.find(sep, pos, end)
            cut = end if idx < 0 else idx + len(sep)
            pieces.append((pos, cut))
            pos = cut
        spans: list[tuple[int, int]] = []
        cur: tuple[int, int] | None = None
        for p_start, p_end in pieces:
            if cur is not None and self.counter.count(body[cur[0] : p_end]) <= budget:
                cur = (cur[0], p_end)
                continue
            if cur is not None:
                spans.append(cur)
            if self.counter.count(body[p_start:p_end]) <= budget:
                cur = (p_start, p_end)
            else:
                spans.extend(self._split_span(body, p_start, p_end, budget, rest))
                cur = None
        if cur is not None:
            spans.append(cur)
        return spans

    def _fit_units(self, body: str, units: list[_Unit]) -> list[_Unit]:
        """Pre-split units that cannot fit a chunk even with a prefix."""
        s = self.settings
        out: list[_Unit] = []
        for u in units:
            prefix_room = max(s.overlap_tokens, self._prefix_tokens(u)) + 2
            budget = s.max_tokens - prefix_room
            if self.counter.count(body[u.start : u.end]) <= budget:
                out.append(u)
                continue
            seps = ("\n",) if u.kind in {"code", "table", "list"} else ("\n", ". ", " ")
            if u.kind in {"code", "table", "list"}:
                seps = (*seps, " ")
            for a, b in self._split_span(body, u.start, u.end, budget, seps):
                out.append(
                    _Unit(a, b, u.kind, u.section, u.heading_path, u.heading, u.table_header)
                )
        return out

    def _prefix_tokens(self, unit: _Unit) -> int:
        return self.counter.count(unit.table_header) + 1 if unit.table_header else 0

    # -- packing ---------------------------------------------------------------

    def _overlap(self, body: str, start: int, end: int) -> str:
        """The last ~overlap_tokens of body[start:end], cut at a word boundary."""
        n = self.settings.overlap_tokens
        if n <= 0 or end <= start:
            return ""
        text = body[start:end]
        best = ""
        # Grow the tail word by word from the end; overlaps are short, so the
        # loop ends after a few dozen words.
        for m in reversed(list(_WORD_BOUNDARY.finditer(text))):
            candidate = text[m.end() :].strip()
            if self.counter.count(candidate) > n:
                return best
            best = candidate
        # No boundary left: the whole span fits, or it is one long word.
        whole = text.strip()
        return whole if self.counter.count(whole) <= n else best

    def chunk(self, path: str, title: str, body: str, max_chunks: int | None = None) -> list[Chunk]:
        """Chunks of ``body``; with ``max_chunks``, stops after ``max_chunks + 1``
        so that the caller can tell the page was longer (and no time is spent
        on the rest of a pathological page)."""
        del title  # the title travels with the document; kept in the signature for callers
        s = self.settings
        units = self._fit_units(body, _units(body))
        chunks: list[Chunk] = []
        section_lead: dict[int, int] = {}
        cur: _Open | None = None

        def text_of(o: _Open, end: int) -> str:
            a, b = _trim(body, o.start, end)
            core = body[a:b]
            return f"{o.prefix}\n{core}" if o.prefix else core

        def flush() -> None:
            nonlocal cur
            if cur is None:
                return
            a, b = _trim(body, cur.start, cur.end)
            if a < b:
                text = text_of(cur, cur.end)
                ordinal = len(chunks)
                digest = hashlib.sha256(f"{path}\0{ordinal}\0{text}".encode()).hexdigest()
                chunks.append(
                    Chunk(
                        chunk_id=digest[:20],
                        document_path=path,
                        ordinal=ordinal,
                        heading_path=list(cur.heading_path),
                        headings=cur.headings,
                        text=text,
                        prefix=cur.prefix,
                        char_start=a,
                        char_end=b,
                        token_count=self.counter.count(text),
                        content_hash=hashlib.sha256(text.encode()).hexdigest(),
                        section_start=cur.section_start,
                        section_lead=section_lead.get(cur.section, ordinal),
                    )
                )
                section_lead.setdefault(cur.section, ordinal)
            cur = None

        for i, u in enumerate(units):
            if max_chunks is not None and len(chunks) > max_chunks:
                break
            is_new_section = u.kind == "heading"
            if cur is not None:
                small = self.counter.count(text_of(cur, cur.end)) < s.min_tokens
                # A heading joins the current chunk only together with the
                # first block of its section: never strand a heading at the
                # end of a chunk whose content starts in the next one.
                end = u.end
                if is_new_section and i + 1 < len(units) and units[i + 1].section == u.section:
                    end = units[i + 1].end
                fits = self.counter.count(text_of(cur, end)) <= s.max_tokens
                if fits and (not is_new_section or small):
                    cur.end = u.end
                    if u.heading:
                        cur.headings.append(u.heading)
                        # A merged tiny section starts inside this chunk.
                        section_lead.setdefault(u.section, len(chunks))
                    continue
                prev_start, prev_end = cur.start, cur.end
                flush()
                prefix = ""
                if not is_new_section:
                    if u.table_header and not body[u.start : u.end].startswith(u.table_header):
                        prefix = u.table_header
                    else:
                        prefix = self._overlap(body, prev_start, prev_end)
                cur = _Open(u.start, u.end, prefix, u.section, u.heading_path, is_new_section)
            else:
                cur = _Open(u.start, u.end, "", u.section, u.heading_path, True)
            if u.heading:
                cur.headings.append(u.heading)
            # A prefix must never push a chunk over the limit.
            while cur.prefix and self.counter.count(text_of(cur, cur.end)) > s.max_tokens:
                words = cur.prefix.split(" ", 1)
                cur.prefix = words[1] if len(words) > 1 else ""
        if max_chunks is None or len(chunks) <= max_chunks:
            flush()
        return chunks
