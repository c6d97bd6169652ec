"""A topic, team project or role named in another language, linked by meaning.

"How many students are listed under the text analysis topic?" names the topic
"Analýza textu"; "who did the data analysis in the lab energy monitoring
project?" the role "analýza dát". The wiki's own phrases (a few dozen: topics,
projects, roles) are embedded once per lexicon with the same multilingual model
as the pages; a phrase of the question nothing matched by its words is linked to
the one entry it is clearly nearest to: its best similarity stands ``MARGIN``
above the second best. A link by meaning is a reading, not a match: the query
that uses one is not fully understood (``match="meaning"``), so no count or list
built on it is stated as exact.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

import numpy as np

from zpagent.query.lexicon import PhraseEntry

# How far the nearest entry must stand above the next one (cosine similarity of the
# normalized embeddings). Relative, so that it holds whatever a wiki's phrases are.
MARGIN = 0.02
MIN_WORDS_LETTERS = 5  # a phrase shorter than this says too little to link
MAX_CACHED = 1024

EmbedMany = Callable[[list[str]], np.ndarray]
EmbedOne = Callable[[str], np.ndarray]


class PhraseMeaning:
    """Links phrases to a lexicon's entries of one kind by meaning (see the module
    docstring). Entries are embedded on first use, once."""

    def __init__(self, passages: EmbedMany, query: EmbedOne) -> None:
        self._passages = passages
        self._query = query
        self._lock = threading.Lock()
        self._vectors: dict[str, tuple[list[PhraseEntry], np.ndarray]] = {}
        self._asked: dict[str, np.ndarray] = {}  # a phrase's vector, for every kind tried

    def _entries(
        self, kind: str, entries: Sequence[PhraseEntry]
    ) -> tuple[list[PhraseEntry], np.ndarray]:
        with self._lock:
            found = self._vectors.get(kind)
            if found is None:
                first: dict[str, PhraseEntry] = {}
                for e in entries:  # a topic's first entry is its page's title
                    first.setdefault(e.id, e)
                unique = list(first.values())
                vectors = self._passages([e.name for e in unique]) if unique else np.zeros((0, 1))
                found = (unique, np.asarray(vectors, dtype=np.float32))
                self._vectors[kind] = found
            return found

    def link(self, kind: str, text: str, entries: Sequence[PhraseEntry]) -> PhraseEntry | None:
        """The one entry of ``entries`` (all of ``kind``) that ``text`` means, or None."""
        found = self.scored(kind, text, entries)
        return found[0] if found is not None else None

    def scored(
        self, kind: str, text: str, entries: Sequence[PhraseEntry]
    ) -> tuple[PhraseEntry, float] | None:
        """``link`` with how clearly: the entry and its similarity's lead over the next
        entry's (at least ``MARGIN``)."""
        if len(text.replace(" ", "")) < MIN_WORDS_LETTERS or len(entries) < 2:
            return None
        unique, vectors = self._entries(kind, entries)
        if len(unique) < 2:
            return None
        vector = self._asked.get(text)
        if vector is None:
            vector = np.asarray(self._query(text), dtype=np.float32)
            if len(self._asked) >= MAX_CACHED:
                self._asked.clear()
            self._asked[text] = vector
        scores = vectors @ vector
        order = np.argsort(-scores)
        best, second = float(scores[order[0]]), float(scores[order[1]])
        if best - second < MARGIN:
            return None
        return unique[int(order[0])], best - second
