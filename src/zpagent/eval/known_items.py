"""Known-item queries for any wiki, generated reproducibly from its pages.

Two queries per page, as a reader who remembers the page would type them:

- **title**: the page's title without diacritics (only pages whose title
  comes from front matter or an H1, never one made up from the path);
- **sentence**: 6 to 10 consecutive content words of the page's most
  distinctive sentence (the highest mean IDF over the wiki's pages, among
  sentences of at least 6 content words, code and markup removed).

Any page with the same folded title (title query) or holding the same
sentence (sentence query) counts as relevant: Grav keeps per-version copies
of a page. Randomness (the window length and position) is seeded by the
seed and the page path, and the split (``dev`` for tuning, ``test``) is a
stable hash of the item id, so adding pages never moves other items.

The pages are read from the evaluated index's ``documents`` table (what the
parser saw), never from anything a retriever returned.
"""

from __future__ import annotations

import hashlib
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
SPLIT_SALT = "zpagent-known-item-v1"

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
class KnownItem:
    id: str
    split: str
    kind: str  # "title" | "sentence"
    query: str
    page: str
    relevant: tuple[str, ...]


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


def split_of(item_id: str) -> str:
    digest = hashlib.sha256(f"{SPLIT_SALT}:{item_id}".encode()).digest()
    return "dev" if digest[0] % 2 == 0 else "test"


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


def generate(gen: Generation, seed: int = 0) -> list[KnownItem]:
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
    items: list[KnownItem] = []
    for p in pages:
        rng = random.Random(f"{seed}:{p.path}")
        if p.title:
            query = _unaccent(p.title).strip()
            rel = tuple(by_title[fold(p.title).strip()])
            items.append(_item(p.path, "title", query, rel))
        if p.sentences:
            # The rarest words on average; the first such sentence on ties.
            best = max(p.sentences, key=lambda s: sum(map(idf, s)) / len(s))
            size = rng.randint(MIN_WORDS, MAX_WORDS)
            start = rng.randint(0, max(0, len(best) - size))
            query = " ".join(best[start : start + size])
            key = " ".join(fold(w) for w in best)
            rel = tuple(q.path for q in pages if key in q.keys)
            items.append(_item(p.path, "sentence", query, rel))
    return items


def _item(path: str, kind: str, query: str, relevant: tuple[str, ...]) -> KnownItem:
    item_id = f"{kind}:{path}"
    return KnownItem(item_id, split_of(item_id), kind, query, path, relevant)


def _unaccent(text: str) -> str:
    """Diacritics removed, case kept (how people type a remembered title)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# Questions no page of these wikis answers (Slovak, Czech, English): the
# relevance gate should refuse them.
OFF_TOPIC = (
    "Aký je recept na bryndzové halušky?",
    "Kto vyhral majstrovstvá sveta v hokeji v roku 2002?",
    "Aké bude zajtra počasie v Košiciach?",
    "Koľko obyvateľov má Austrália?",
    "Ako sa pestujú paradajky v skleníku?",
    "Kedy bola bitka pri Moháči?",
    "Ktorý futbalový klub vyhral Ligu majstrov?",
    "Aká je cena benzínu na Slovensku?",
    "Jak upéct domácí chleba s kváskem?",
    "Kdo napsal román Babička?",
    "Kolik stojí jízdenka vlakem z Prahy do Brna?",
    "Jaké je hlavní město Kanady?",
    "Jak se léčí chřipka u dětí?",
    "Kdy se narodil Karel IV.?",
    "Které rostliny kvetou v zimě?",
    "Jaký je nejvyšší vrchol Alp?",
    "What is the capital of Australia?",
    "How do I bake sourdough bread at home?",
    "Who won the football world cup in 1998?",
    "What is the boiling point of water on Mount Everest?",
    "How many moons does Jupiter have?",
    "Best hiking trails in the Tatra mountains",
    "When did the Roman Empire fall?",
    "How to train a puppy to sit",
)
