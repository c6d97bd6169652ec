"""The model's token counts of embedding inputs, remembered across builds.

A build asks the model's tokenizer about every chunk (does it fit the
window? where to cut?) and about every segment (its size, for the report);
on a fully cached rebuild that was most of the time. ``CachedCounts`` wraps
the embedder's ``token_count`` with a memo for this build, preloaded from
the embedding cache file (keyed like the vectors: model fingerprint and the
exact text) and written back at the end.
"""

from __future__ import annotations

from collections.abc import Iterable

from zpagent.embed.base import Embedder
from zpagent.embed.cache import EmbeddingCache, cache_key


class CachedCounts:
    """``token_count`` and ``max_tokens`` of an embedder: what segmenting needs."""

    def __init__(self, embedder: Embedder, cache: EmbeddingCache | None) -> None:
        self.embedder = embedder
        self.max_tokens = embedder.max_tokens
        self._cache = cache
        self._known: dict[str, int] = {}
        self._new: dict[str, int] = {}
        self.computed = 0

    def preload(self, texts: Iterable[str]) -> None:
        """Fetch the cached counts of ``texts`` in one pass over the cache file."""
        if self._cache is None:
            return
        fp = self.embedder.fingerprint
        by_key = {cache_key(fp, t): t for t in texts if t not in self._known}
        for key, n in self._cache.get_counts(fp, list(by_key)).items():
            self._known[by_key[key]] = n

    def token_count(self, text: str) -> int:
        n = self._known.get(text)
        if n is None and self._cache is not None:
            # Not preloaded: a prefix tried while cutting a long input into
            # segments. It was stored by the last build, one lookup away.
            fp = self.embedder.fingerprint
            n = self._cache.get_counts(fp, [cache_key(fp, text)]).get(cache_key(fp, text))
            if n is not None:
                self._known[text] = n
        if n is None:
            n = self.embedder.token_count(text)
            self._known[text] = self._new[text] = n
            self.computed += 1
        return n

    def save(self) -> None:
        """Write the counts computed in this build to the cache file."""
        if self._cache is None or not self._new:
            return
        fp = self.embedder.fingerprint
        self._cache.put_counts(fp, [(cache_key(fp, t), n) for t, n in self._new.items()])
        self._new.clear()
