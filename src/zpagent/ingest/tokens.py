"""Token counting with tiktoken-compatible encodings that work offline.

``tiktoken`` downloads its BPE files on first use and fails without
internet; ``bpe_openai`` ships ``cl100k_base`` inside the wheel and yields
the same tokens.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from zpagent.errors import ZPAgentError

# Below the tokenizer's 200k-token limit even at one token per character.
_SLICE_CHARS = 150_000


class UnknownEncoding(ZPAgentError):
    reason = "invalid_configuration"
    http_status = 500


@lru_cache(maxsize=8)
def get_encoding(name: str) -> Any:
    import bpe_openai

    try:
        return bpe_openai.get_encoding(name)
    except Exception as exc:  # the library raises plain exceptions for unknown names
        raise UnknownEncoding(f"unknown token encoding {name!r}") from exc


class TokenCounter:
    """Counts tokens of one encoding; the single place that calls the tokenizer."""

    def __init__(self, encoding: str = "cl100k_base") -> None:
        self.name = encoding
        self._enc = get_encoding(encoding)

    def count(self, text: str) -> int:
        if not text:
            return 0
        if len(text) <= _SLICE_CHARS:
            return len(self._enc.encode_ordinary(text))
        # The tokenizer refuses inputs over 200k tokens. Huge texts are only
        # counted to learn that they do not fit, so slicing (which may shift
        # the count by a token per slice) is precise enough.
        return sum(
            len(self._enc.encode_ordinary(text[i : i + _SLICE_CHARS]))
            for i in range(0, len(text), _SLICE_CHARS)
        )
