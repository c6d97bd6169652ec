"""A conversation as the agent reads it: user and assistant turns, text only.

OpenAI-style messages come in many shapes (a string, or a list of content
parts; system, developer, tool roles). The agent keeps the user and
assistant text in order; it refuses what it cannot do (images, audio,
files, tool results) with ``UnsupportedContent`` instead of silently
dropping part of a question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zpagent.errors import ZPAgentError

MAX_TURNS = 50
MAX_TURN_CHARS = 8000


class UnsupportedContent(ZPAgentError):
    reason = "unsupported_content"
    http_status = 400
    public_message = "Only text messages are supported (no images, audio, files or tools)."


class EmptyConversation(ZPAgentError):
    reason = "invalid_query"
    http_status = 400
    public_message = "The conversation has no user message."


@dataclass(frozen=True)
class Turn:
    role: str  # "user" | "assistant"
    text: str


def _text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            kind = part.get("type") if isinstance(part, dict) else None
            if kind == "text":
                parts.append(str(part.get("text") or ""))
            else:
                raise UnsupportedContent(f"content part of type {kind!r}")
        return "\n".join(parts)
    raise UnsupportedContent("content of an unknown shape")


def turns_from_messages(messages: list[dict[str, Any]]) -> list[Turn]:
    """User and assistant turns in order (system and developer messages are ignored:
    the agent's behaviour is fixed, not set by the client)."""
    turns: list[Turn] = []
    for message in messages[-MAX_TURNS:]:
        role = message.get("role")
        if role in ("system", "developer"):
            continue
        if role == "tool" or message.get("tool_calls") or message.get("function_call"):
            raise UnsupportedContent("tool messages")
        if role not in ("user", "assistant"):
            raise UnsupportedContent(f"role {role!r}")
        text = _text(message.get("content")).strip()[:MAX_TURN_CHARS]
        if text:
            turns.append(Turn(role, text))
    if not turns or turns[-1].role != "user":
        raise EmptyConversation("the last message is not a user message")
    return turns
