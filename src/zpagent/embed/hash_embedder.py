"""A deterministic hashing embedder for scale benchmarks only.

Building a 20,000-student synthetic wiki with the real model takes hours on
two cores; the scaling curve measures the index and the search engine, not
the model. This embedder maps word hashes onto a fixed random projection:
same dimension as e5-small, real vectors, no semantics worth measuring.
Never the default; select it with ``EMBEDDING_MODEL=hash``.
"""

from __future__ import annotations

import hashlib
import re

import numpy as np

from zpagent.embed.base import normalize_rows

_WORD = re.compile(r"\w+", re.UNICODE)


class HashEmbedder:
    max_tokens = 512

    def __init__(self, dim: int = 384) -> None:
        self.dim = dim
        self.model_id = f"hash/{dim}"
        self.fingerprint = hashlib.sha256(self.model_id.encode()).hexdigest()[:32]

    def _vec(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, dtype=np.float32)
        for word in _WORD.findall(text.lower()):
            h = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
            v[h % self.dim] += 1.0 if (h >> 32) & 1 else -1.0
        return v

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize_rows(np.stack([self._vec(t) for t in texts]))

    def embed_query(self, text: str) -> np.ndarray:
        return normalize_rows(self._vec(text))[0]

    def token_count(self, text: str) -> int:
        # About one token per word plus punctuation; only bounds segment size.
        return len(text) // 3 + 2
