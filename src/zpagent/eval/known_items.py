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
from dataclasses import dataclass

from zpagent.index.reader import Generation
from zpagent.search.pseudo import content_words, plain_sentences, pseudo_queries

__all__ = ["OFF_TOPIC", "KnownItem", "content_words", "generate", "plain_sentences", "split_of"]

SPLIT_SALT = "zpagent-known-item-v1"


@dataclass(frozen=True)
class KnownItem:
    id: str
    split: str
    kind: str  # "title" | "sentence"
    query: str
    page: str
    relevant: tuple[str, ...]


def split_of(item_id: str) -> str:
    digest = hashlib.sha256(f"{SPLIT_SALT}:{item_id}".encode()).digest()
    return "dev" if digest[0] % 2 == 0 else "test"


def generate(gen: Generation, seed: int = 0) -> list[KnownItem]:
    """Title and sentence queries for every published page of ``gen`` (``search.pseudo``)."""
    items = []
    for q in pseudo_queries(gen, seed):
        item_id = f"{q.kind}:{q.page}"
        items.append(KnownItem(item_id, split_of(item_id), q.kind, q.query, q.page, q.relevant))
    return items


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
