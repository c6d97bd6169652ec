"""Questions read the way the transports read them: once, into a typed query.

Library calls below the facade take a ``Query`` (never a string); tests
that call them directly read their question here, with the generation's
lexicon, exactly as ``Workspace.understand`` does.
"""

from __future__ import annotations

from typing import Any

from zpagent.config import Settings
from zpagent.graph.lexicon import load_lexicon
from zpagent.graph.understand import understand_in
from zpagent.query import Query, understand


def read(
    gen: Any, text: str, include_unpublished: bool = False, settings: Any = None, now: Any = None
) -> Query:
    """The typed query of ``text`` against ``gen``'s graph."""
    return understand_in(
        gen, text, settings or Settings(_env_file=None), include_unpublished, now=now
    )


def read_store(store: Any, text: str, include_unpublished: bool = False) -> Query:
    """The typed query of ``text`` against a graph store's own lexicon."""
    return understand(text, load_lexicon(store), include_unpublished=include_unpublished)


def read_history(gen: Any, text: str, now: Any = None) -> Query:
    """A history question's typed query (as MCP's ``history_question`` reads it)."""
    return read(gen, text, now=now).edit(ask="history")


def chat(workspace: Any, *turns: str) -> list[Any]:
    """Each turn asked as a client asks: the whole conversation so far, the agent's
    replies between; the replies, in order."""
    messages: list[dict[str, str]] = []
    replies = []
    for turn in turns:
        messages.append({"role": "user", "content": turn})
        reply = workspace.chat(messages)
        replies.append(reply)
        messages.append({"role": "assistant", "content": reply.text})
    return replies
