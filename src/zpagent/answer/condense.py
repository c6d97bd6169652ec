"""Condense evidence that exceeds the LLM budget, once per distinct evidence.

The condensed text is cached in ``data/answer_cache.sqlite`` by a hash of the
evidence and the model: the same evidence never costs a second call.
Claims are still verified against the original evidence, never against this
summary.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from zpagent.answer.llm import NO_DEADLINE, ChatClient, Deadline
from zpagent.answer.prompts import CONDENSE


class CondenseCache:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS condensed (key TEXT PRIMARY KEY, text TEXT NOT NULL)"
        )

    def get(self, key: str) -> str | None:
        row = self._db.execute("SELECT text FROM condensed WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def put(self, key: str, text: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO condensed VALUES (?, ?)", (key, text))

    def close(self) -> None:
        self._db.close()


def condense(
    client: ChatClient, cache: CondenseCache, context: str, deadline: Deadline = NO_DEADLINE
) -> tuple[str, bool]:
    """(condensed text, served from cache)."""
    key = hashlib.sha256(f"{client.config.model}\0{context}".encode()).hexdigest()
    cached = cache.get(key)
    if cached is not None:
        return cached, True
    result = client.chat(
        [{"role": "system", "content": CONDENSE}, {"role": "user", "content": context}],
        json_mode=False,
        deadline=deadline,
    )
    cache.put(key, result.content)
    return result.content, False
