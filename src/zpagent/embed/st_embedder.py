"""A local sentence-transformers model directory (optional extra)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from zpagent.embed.base import normalize_rows
from zpagent.errors import ZPAgentError


class MissingExtra(ZPAgentError):
    reason = "invalid_configuration"


class SentenceTransformerEmbedder:
    def __init__(
        self, model_dir: str, query_prefix: str = "query: ", passage_prefix: str = "passage: "
    ) -> None:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise MissingExtra(
                "sentence-transformers is not installed: "
                "pip install 'zpagent[sentence-transformers]'"
            ) from exc
        path = Path(model_dir)
        self._model = SentenceTransformer(str(path), device="cpu")
        self.dim = int(self._model.get_sentence_embedding_dimension())
        self.max_tokens = int(self._model.max_seq_length)
        self.query_prefix = query_prefix
        self.passage_prefix = passage_prefix
        self.model_id = f"st/{path.name}"
        h = hashlib.sha256(self.model_id.encode())
        for f in sorted(path.rglob("*")):
            if f.is_file() and f.suffix in {".json", ".txt", ".model", ".safetensors", ".bin"}:
                h.update(f.name.encode())
                h.update(str(f.stat().st_size).encode())
        self.fingerprint = h.hexdigest()[:32]

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = self._model.encode([self.passage_prefix + t for t in texts])
        return normalize_rows(out)

    def embed_query(self, text: str) -> np.ndarray:
        return normalize_rows(self._model.encode([self.query_prefix + text]))[0]

    def token_count(self, text: str) -> int:
        ids = self._model.tokenizer(self.passage_prefix + text)["input_ids"]
        return len(ids)
