"""Queries a wiki's readers would type about its own pages, made from the pages.

Two kinds per page, as someone who remembers the page would type them:

- **title**: the page's title without diacritics (only a title from front
  matter or an H1, never one made up from the path);
- **sentence**: 6 to 10 consecutive content words of the page's most
  distinctive sentence (the highest mean IDF over the wiki's pages, among
  sentences of at least 6 content words, code and markup removed).

Gate calibration (``calibration.py``) asks them of every new generation, and
``zpagent eval known-item`` scores retrieval on them. Randomness (the window
length and position) is seeded by the seed and the page path, so adding
pages never changes another page's queries.
"""

from __future__ import annotations

import math
import random
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from zpagent.index.reader import Generation
from zpagent.ingest.text import fold
from zpagent.lexical import STOPWORDS

MIN_WORDS, MAX_WORDS = 6, 10

# Function words of the other languages these wikis are written in (Czech,
# English), on top of the Slovak and English question words in lexical.py:
# a "content word" must carry topic.
EXTRA_STOPWORDS = frozenset(
    """
    jsou jsem jste byl byla bylo byly bude budou jako jak kde kdy ktery ktera ktere
    ktery kteri nebo ale pokud protoze tedy takze jen take tak uz jeste vsak muze
    muzes muzete mame mate maji jsme neni nejsou tento tato toto tyto tech temto
    sve svuj jeho jeji jejich nas vas nam vam ktereho kterou kterym pro pri pod nad
    mezi pres bez podle kolem misto vice mene velmi
    and or but if then than so not no yes can could should would will shall may might
    must also just only very more most some any all each every other such into onto
    out up down over under again further once here there when where why while your
    you our we they them their his her she he its you'll it's don't use using used
    """.split()
)
# Fenced code, also indented inside a list item.
_FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[^\n]*$", re.MULTILINE | re.DOTALL)
_MARKUP = [
    (re.compile(r"<!--.*?-->", re.DOTALL), " "),
    (re.compile(r"!\[[^\]]*\]\([^)]*\)"), " "),  # images
    (re.compile(r"\[([^\]]*)\]\([^)]*\)"), r"\1"),  # links keep their text
    (re.compile(r"`[^`\n]*`"), " "),  # inline code
    (re.compile(r"<[^>\n]+>"), " "),  # HTML tags
    (re.compile(r"\{[{%].*?[%}]\}", re.DOTALL), " "),  # template tags
    (re.compile(r"https?://\S+"), " "),
    (re.compile(r"[*_#>|]+"), " "),
]
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n\s*\n|\n\s*[-+*]\s+|\n\s*\d+\.\s+|\n(?=\S)")
_WORD = re.compile(r"[^\W\d_]{3,}", re.UNICODE)


@dataclass(frozen=True)
class PseudoQuery:
    kind: str  # "title" | "sentence"
    query: str
    page: str
    relevant: tuple[str, ...]  # every page it names: the page and its identical copies


@dataclass
class _Page:
    path: str
    title: str | None
    sentences: list[list[str]]  # content words (as written) per sentence
    keys: set[str]  # folded sentences, for relevance of sentence queries


def content_words(text: str) -> list[str]:
    words = _WORD.findall(text)
    return [w for w in words if fold(w) not in STOPWORDS and fold(w) not in EXTRA_STOPWORDS]


def plain_sentences(body: str) -> list[str]:
    """Sentences of a Markdown body without code blocks, tables, headings or markup."""
    text = _FENCE.sub("\n\n", body)
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("#", "|", "    ", "---", "===")) or line.startswith("    "):
            lines.append("")
            continue
        lines.append(line)
    text = "\n".join(lines)
    for pattern, repl in _MARKUP:
        text = pattern.sub(repl, text)
    return [" ".join(s.split()) for s in _SENTENCE_END.split(text) if s and s.strip()]


def unaccent(text: str) -> str:
    """Diacritics removed, case kept (how people type a remembered title)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _pages(gen: Generation) -> list[_Page]:
    rows = gen.db().execute(
        "SELECT path, title, title_source, body FROM documents WHERE published = 1 ORDER BY path"
    )
    pages = []
    for path, title, title_source, body in rows:
        sentences = [content_words(s) for s in plain_sentences(body)]
        sentences = [s for s in sentences if len(s) >= MIN_WORDS]
        keys = {" ".join(fold(w) for w in s) for s in sentences}
        known_title = title if title_source != "path" and content_words(title) else None
        pages.append(_Page(path, known_title, sentences, keys))
    return pages


def pseudo_queries(gen: Generation, seed: int = 0) -> list[PseudoQuery]:
    """Title and sentence queries for every published page of ``gen``."""
    pages = _pages(gen)
    df: Counter[str] = Counter()
    for p in pages:
        df.update({fold(w) for s in p.sentences for w in s})
    n = len(pages)

    def idf(word: str) -> float:
        return math.log(1 + (n - df[fold(word)] + 0.5) / (df[fold(word)] + 0.5))

    by_title: dict[str, list[str]] = {}
    for p in pages:
        if p.title:
            by_title.setdefault(fold(p.title).strip(), []).append(p.path)
    out: list[PseudoQuery] = []
    for p in pages:
        rng = random.Random(f"{seed}:{p.path}")
        if p.title:
            rel = tuple(by_title[fold(p.title).strip()])
            out.append(PseudoQuery("title", unaccent(p.title).strip(), p.path, rel))
        if p.sentences:
            # The rarest words on average; the first such sentence on ties.
            best = max(p.sentences, key=lambda s: sum(map(idf, s)) / len(s))
            size = rng.randint(MIN_WORDS, MAX_WORDS)
            start = rng.randint(0, max(0, len(best) - size))
            key = " ".join(fold(w) for w in best)
            rel = tuple(q.path for q in pages if key in q.keys)
            out.append(PseudoQuery("sentence", " ".join(best[start : start + size]), p.path, rel))
    return out
