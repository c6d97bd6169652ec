"""Chat clients' background prompts: answered at once, never as wiki questions.

Open WebUI sends a chat's title, tags and follow-up suggestions (and, when
enabled, search queries and autocompletion) as ordinary chat turns to the
model of the conversation, with a fixed template: "### Task: …" and the
conversation inside ``<chat_history>``. Read as a question, such a prompt
costs a retrieval and gets an answer no one reads. The agent recognizes it
and returns the JSON the template asks for: a title made of the first
question's words, and empty lists for the rest (the agent suggests nothing
it has not verified).
"""

from __future__ import annotations

import json
import re

_TASK = re.compile(r"^\s*#{2,3}\s*Task:", re.IGNORECASE)
_KEY = re.compile(r'JSON format:\s*`?\{\s*"(\w+)"')
_FIRST_USER = re.compile(r"^\s*USER:\s*(.+)$", re.MULTILINE | re.IGNORECASE)
TITLE_CHARS = 50


def is_background_task(text: str) -> bool:
    return bool(_TASK.match(text)) and "<chat_history>" in text


def _title(text: str) -> str:
    found = _FIRST_USER.search(text.split("<chat_history>", 1)[-1])
    words = (found.group(1) if found else "ZP Agent").split()
    title = ""
    for word in words:
        if len(title) + len(word) + 1 > TITLE_CHARS:
            break
        title = f"{title} {word}".strip()
    return title.rstrip("?.!,") or "ZP Agent"


def background_reply(text: str) -> str:
    """The JSON a background prompt asks for (title from the first question)."""
    key = _KEY.search(text)
    name = key.group(1) if key else ""
    if name == "title":
        return json.dumps({"title": _title(text)}, ensure_ascii=False)
    if name in ("tags", "follow_ups", "queries"):
        return json.dumps({name: []})
    if name == "text":
        return json.dumps({"text": ""})
    return ""
