"""
title: ZP Agent (verified answers)
author: ZP Agent
version: 0.2.0
license: MIT
description: Answers about the department's thesis wiki, delivered only after every claim was verified against the sources by a ZP Agent backend.
requirements: httpx
"""

# Install: Open WebUI -> Admin Panel -> Functions -> "+" -> paste this file -> Save,
# then open the function's Valves and set BACKEND_URL and BACKEND_API_KEY.
# It adds three models: "ZP Agent: overená odpoveď" (auto: graph and/or text),
# "ZP Agent: overené RAG" and "ZP Agent: overený GraphRAG".

from __future__ import annotations

from typing import Any

import httpx
from pydantic import BaseModel, Field

ENGINES = {"verified-rag": "rag", "verified-graph": "graph", "verified-auto": "auto"}


class Pipe:
    class Valves(BaseModel):
        BACKEND_URL: str = Field(
            default="http://127.0.0.1:8000", description="ZP Agent API base URL."
        )
        BACKEND_API_KEY: str = Field(default="", description="SEARCH_API_KEY of the backend.")
        DEFAULT_ENGINE: str = Field(
            default="auto", description="Engine for the generic model: rag, graph or auto."
        )
        TIMEOUT_SECONDS: int = Field(default=60, description="Timeout of one backend call.")

    def __init__(self) -> None:
        self.type = "manifold"
        self.id = "zpagent"
        self.name = "ZP Agent: "
        self.valves = self.Valves()

    def pipes(self) -> list[dict[str, str]]:
        return [
            {"id": "verified-auto", "name": "overená odpoveď"},
            {"id": "verified-rag", "name": "overené RAG"},
            {"id": "verified-graph", "name": "overený GraphRAG"},
        ]

    def _engine(self, model: str) -> str:
        suffix = model.rsplit(".", 1)[-1]
        engine = ENGINES.get(suffix, self.valves.DEFAULT_ENGINE)
        return engine if engine in ("rag", "graph", "auto") else "auto"

    @staticmethod
    def _last_user_message(messages: list[dict[str, Any]]) -> str:
        for message in reversed(messages or []):
            if message.get("role") == "user":
                content = message.get("content")
                if isinstance(content, list):  # multimodal messages: take the text parts
                    content = " ".join(p.get("text", "") for p in content if isinstance(p, dict))
                return str(content or "").strip()
        return ""

    async def pipe(self, body: dict[str, Any], __user__: dict | None = None) -> str:
        question = self._last_user_message(body.get("messages", []))
        if not question:
            return "Napíšte, prosím, otázku."
        payload = {"query": question[:2000], "engine": self._engine(body.get("model", ""))}
        headers = {"Authorization": f"Bearer {self.valves.BACKEND_API_KEY}"}
        url = self.valves.BACKEND_URL.rstrip("/") + "/answer"
        try:
            async with httpx.AsyncClient(timeout=self.valves.TIMEOUT_SECONDS) as client:
                resp = await client.post(url, json=payload, headers=headers)
        except httpx.HTTPError:
            return "ZP Agent je momentálne nedostupný. Skúste to, prosím, neskôr."
        try:
            data = resp.json()
        except ValueError:
            return "ZP Agent vrátil neplatnú odpoveď."
        if resp.status_code != 200:
            reason = data.get("reason") if isinstance(data, dict) else None
            if reason == "unauthorized":
                return "ZP Agent odmietol prístup: skontrolujte BACKEND_API_KEY vo Valves."
            if reason in ("retrieval_unavailable", "llm_unavailable"):
                return "ZP Agent je momentálne nedostupný. Skúste to, prosím, neskôr."
            return "Otázku sa nepodarilo spracovať."
        # The backend's `answer` is always safe to show: verified text, an honest
        # refusal, "not found" or a clarifying question. Nothing else is shown.
        return str(data.get("answer") or "Otázku sa nepodarilo spracovať.")
