"""
title: ZP Agent
author: ZP Agent
version: 0.3.0
license: MIT
description: Verified answers about the department's thesis wiki from a ZP Agent backend, with follow-up questions, progress and citation chips.
requirements: httpx
"""

# Install: Open WebUI -> Admin Panel -> Functions -> "+" -> paste this file -> Save,
# then set the Valves BACKEND_URL and BACKEND_API_KEY (SEARCH_API_KEY of the backend).
#
# A thin client of the backend's OpenAI-compatible /v1/chat/completions: it sends the
# whole conversation (so "a kto bol jeho vedúci?" is about the person asked before),
# streams the checked answer, shows the backend's progress as status lines and its
# sources as citation chips. Open WebUI's background tasks (titles, tags, follow-up
# suggestions, ...) are answered here and never reach the backend.

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
from pydantic import BaseModel, Field

MODELS = ("zpagent", "zpagent-rag", "zpagent-graph")
MAX_MESSAGES = 50
TITLE_CHARS = 50

UNAVAILABLE = "ZP Agent je momentálne nedostupný. Skúste to, prosím, neskôr."
REFUSED_KEY = "ZP Agent odmietol prístup: skontrolujte BACKEND_API_KEY vo Valves."
FAILED = "Otázku sa nepodarilo spracovať."
ERRORS = {  # the backend's stable error codes -> what the user reads
    "unauthorized": REFUSED_KEY,
    "model_not_found": "Neznámy model: Valve MODEL musí byť zpagent, zpagent-rag alebo zpagent-graph.",
    "unsupported_content": "ZP Agent číta iba text správ (bez obrázkov a súborov).",
    "invalid_query": "Napíšte, prosím, otázku.",
    "retrieval_unavailable": UNAVAILABLE,
    "llm_unavailable": UNAVAILABLE,
}

Emitter = Callable[[dict[str, Any]], Awaitable[Any]]


class BackendError(Exception):
    """A failure the user is told about in one Slovak sentence."""


def conversation(messages: list[dict[str, Any]] | None) -> list[dict[str, str]]:
    """The user and assistant turns, text only (system prompts are Open WebUI's)."""
    turns = []
    for message in messages or []:
        if message.get("role") not in ("user", "assistant"):
            continue
        content = message.get("content")
        if isinstance(content, list):  # multimodal: the text parts
            content = "\n".join(
                str(p.get("text") or "")
                for p in content
                if isinstance(p, dict) and p.get("type") == "text"
            )
        text = str(content or "").strip()
        if text:
            turns.append({"role": message["role"], "content": text})
    return turns[-MAX_MESSAGES:]


def short_title(messages: list[dict[str, Any]] | None) -> str:
    """The chat's first question in whole words, at most TITLE_CHARS (no quotes:
    Open WebUI's title parser turns them into JSON quotes)."""
    first = next((t["content"] for t in conversation(messages) if t["role"] == "user"), "")
    for mark in "'‘’`\"„“”«»":
        first = first.replace(mark, "")
    title = ""
    for word in first.split():
        if len(title) + len(word) + 1 > TITLE_CHARS:
            break
        title = f"{title} {word}".strip()
    return title.rstrip(" ?!.,:;") or first[:TITLE_CHARS].strip() or "ZP Agent"


def task_reply(task: str, task_body: dict[str, Any] | None) -> str:
    """Open WebUI's background tasks, answered without the backend, in the JSON
    shape Open WebUI parses (an empty reply means "nothing" to it)."""
    if task == "title_generation":
        return json.dumps({"title": short_title((task_body or {}).get("messages"))})
    if task == "tags_generation":
        return json.dumps({"tags": []})
    if task == "follow_up_generation":
        return json.dumps({"follow_ups": []})
    return ""


class Pipe:
    class Valves(BaseModel):
        BACKEND_URL: str = Field(
            default="http://127.0.0.1:8000", description="ZP Agent API base URL."
        )
        BACKEND_API_KEY: str = Field(default="", description="SEARCH_API_KEY of the backend.")
        MODEL: str = Field(
            default="zpagent",
            description="zpagent (graph and texts), zpagent-rag or zpagent-graph.",
            json_schema_extra={"input": {"type": "select", "options": list(MODELS)}},
        )
        TIMEOUT_SECONDS: int = Field(
            default=120, ge=5, le=600, description="Longest wait for the backend."
        )

    def __init__(self) -> None:
        self.valves = self.Valves()

    async def pipe(
        self,
        body: dict[str, Any],
        __event_emitter__: Emitter | None = None,
        __task__: str | None = None,
        __task_body__: dict[str, Any] | None = None,
    ) -> str | AsyncIterator[str]:
        if __task__:
            return task_reply(str(__task__), __task_body__)
        turns = conversation(body.get("messages"))
        if not turns or turns[-1]["role"] != "user":
            return "Napíšte, prosím, otázku."
        return self._answer(turns, __event_emitter__)

    async def _answer(
        self, turns: list[dict[str, str]], emit: Emitter | None
    ) -> AsyncIterator[str]:
        async def status(description: str, done: bool = False) -> None:
            if emit is not None:
                await emit({"type": "status", "data": {"description": description, "done": done}})

        sources = 0
        await status("Pýtam sa ZP Agenta…")
        try:
            async for kind, value in self._stream(turns):
                if kind == "status":
                    await status(value)
                elif kind == "source":
                    sources += 1
                    if emit is not None:
                        await emit(value)
                else:
                    yield value
        except BackendError as exc:
            await status(str(exc), done=True)
            yield str(exc)
            return
        await status(f"Hotovo (zdroje: {sources})" if sources else "Hotovo", done=True)

    async def _stream(self, turns: list[dict[str, str]]) -> AsyncIterator[tuple[str, Any]]:
        """(kind, value) from the backend's SSE stream: status lines, source events
        and answer text."""
        model = self.valves.MODEL if self.valves.MODEL in MODELS else MODELS[0]
        url = self.valves.BACKEND_URL.rstrip("/") + "/v1/chat/completions"
        headers = {"Authorization": f"Bearer {self.valves.BACKEND_API_KEY}"}
        payload = {"model": model, "messages": turns, "stream": True}
        try:
            async with (
                httpx.AsyncClient(timeout=self.valves.TIMEOUT_SECONDS) as client,
                client.stream("POST", url, json=payload, headers=headers) as resp,
            ):
                if resp.status_code != 200:
                    raise BackendError(_error_text(await resp.aread()))
                async for line in resp.aiter_lines():
                    if not line.startswith("data:"):
                        continue
                    data = line[5:].strip()
                    if data == "[DONE]":
                        return
                    for item in _chunk_items(json.loads(data)):
                        yield item
        except httpx.HTTPError as exc:
            raise BackendError(UNAVAILABLE) from exc
        except ValueError as exc:
            raise BackendError(FAILED) from exc


def _chunk_items(chunk: dict[str, Any]) -> list[tuple[str, Any]]:
    if "error" in chunk:
        raise BackendError(_error_text(json.dumps(chunk).encode()))
    items: list[tuple[str, Any]] = []
    event = chunk.get("event")
    if isinstance(event, dict) and event.get("type") == "source":
        items.append(("source", event))
    for choice in chunk.get("choices") or []:
        delta = choice.get("delta") or {}
        for line in str(delta.get("reasoning_content") or "").splitlines():
            if line.strip():
                items.append(("status", line.strip()))
        if delta.get("content"):
            items.append(("content", delta["content"]))
    return items


def _error_text(raw: bytes) -> str:
    """The backend's OpenAI-shaped error body -> one sentence for the user."""
    try:
        code = (json.loads(raw).get("error") or {}).get("code")
    except (ValueError, AttributeError):
        code = None
    return ERRORS.get(code, FAILED)
