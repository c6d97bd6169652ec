"""What tool clients get: the contract v1 envelope without repetition.

A model behind Open WebUI's tool server (or its MCP client, which appends
the structured result to the text) reads the whole JSON on every call, and
small local models drown in it. Over HTTP and MCP the wiki tools therefore
send, instead of the library's full envelope:

- ``index_version`` as ``{version, wiki_revision, built_at, vectors}`` (the full
  object, with hashes, embedding fingerprint and chunker settings, is at
  ``GET /health`` and in the CLI's ``--json``);
- search ``scores`` per retriever and fused (``fts``, ``vector``,
  ``fused``), without ranks, strategies and gate internals;
- RAG ``evidence`` (chunk ids and roles of the ``context`` blocks) only
  with ``include_diagnostics``: ``context`` carries the text once.

Every field the contract requires stays, with the same meaning.
"""

from __future__ import annotations

from typing import Any

from zpagent.contract import Envelope, RagResponse, SearchResponse
from zpagent.index.version import vectors_state

INDEX_VERSION_KEYS = ("version", "wiki_revision", "built_at")
SCORE_KEYS = ("fts", "vector", "fused")


def short_index_version(index_version: dict[str, Any] | None) -> dict[str, Any] | None:
    if index_version is None:
        return None
    short = {k: index_version.get(k) for k in INDEX_VERSION_KEYS}
    # ``partial`` while a progressive build still embeds (dense retrieval
    # sees part of the wiki).
    short["vectors"] = vectors_state(index_version)
    return short


def tool_payload(env: Envelope) -> dict[str, Any]:
    """The JSON a tool client gets for ``env`` (see the module docstring)."""
    data = env.model_dump(mode="json")
    data["index_version"] = short_index_version(data.get("index_version"))
    if isinstance(env, SearchResponse):
        for item in data["results"]:
            item["scores"] = {k: item["scores"].get(k) for k in SCORE_KEYS}
    if isinstance(env, RagResponse) and env.diagnostics is None:
        data["evidence"] = []
    return data
