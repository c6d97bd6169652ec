"""Answer units ranked by meaning, beside their words.

A line that answers may share no word with the question: "How long should the
abstract be?" is answered by "Abstrakt má mať 150 – 250 slov", "jakou knihovnu
použila?" by "… pomocou knižnice LightFM". Units (sentences, list items,
blocks) are embedded with the same model as the chunks, once per generation
(kept in memory, so a page's units are embedded the first time a question
reads them), and each question's candidates get a z-score of their cosine
similarity to the question: how far above the other candidates it stands.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np

from zpagent.embed.base import Embedder
from zpagent.query import Query

MAX_UNITS = 48  # candidates embedded for one question (the best-ranked sources' first): ~1 s cold
CACHE_UNITS = 20000  # unit vectors kept per generation
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)|https?://\S+")
_WORD = re.compile(r"\w{2,}")
_EXTRA_KEY = "answer.unit_vectors"
_LOCK = threading.Lock()

# z-scores of the question's candidate units, in their order (0 for those not scored).
Meaning = Callable[[list[str]], list[float]]


class _Vectors:
    """Unit text -> vector, least recently used out first."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._lock = threading.Lock()
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()

    def of(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            fresh = self.embedder.embed_passages(missing)
            with self._lock:
                for text, vector in zip(missing, fresh, strict=True):
                    self._vectors[text] = vector
                while len(self._vectors) > CACHE_UNITS:
                    self._vectors.popitem(last=False)
        with self._lock:
            for t in texts:
                self._vectors.move_to_end(t)
            return np.stack([self._vectors[t] for t in texts])


def _vectors(gen: Any, embedder: Embedder) -> _Vectors:
    with _LOCK:
        found = gen.extras.get(_EXTRA_KEY)
        if found is None or found.embedder is not embedder:
            found = gen.extras[_EXTRA_KEY] = _Vectors(embedder)
        return found


def _says_something(text: str) -> bool:
    """A unit with words of its own: not a bare link ("[Zdrojové kódy](https://…)")."""
    return len(_WORD.findall(_LINK.sub(" ", text))) >= 3


def wanted(question: Query) -> bool:
    """Whether the question's words may miss the line that answers it: an open
    question (of the wiki's texts about no one; ``extractive`` uses meaning only
    there) with a word nothing read, another language than the pages', or the rules."""
    if question.ask != "open":
        return False
    return bool(
        question.unaccounted
        or question.unknown_names
        or question.language != "sk"
        or question.about_rules
    )


def unit_meaning(gen: Any, embedder: Embedder | None, question: Query) -> Meaning | None:
    """The z-scores of candidate units for ``question``; None when not wanted."""
    if embedder is None or not wanted(question):
        return None
    vectors = _vectors(gen, embedder)
    text = question.search_text

    def score(units: list[str]) -> list[float]:
        idx = [i for i, u in enumerate(units[:MAX_UNITS]) if _says_something(u)]
        out = [0.0] * len(units)
        if len(idx) < 3:
            return out  # too few to tell which stands out
        sims = vectors.of([units[i] for i in idx]) @ np.asarray(embedder.embed_query(text))
        spread = float(sims.std()) or 1.0
        for i, s in zip(idx, (sims - sims.mean()) / spread, strict=True):
            out[i] = float(s)
        return out

    return score
