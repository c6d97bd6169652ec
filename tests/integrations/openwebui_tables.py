"""What stands behind Open WebUI's stubbed storage in the integration tests.

Open WebUI keeps functions, chats and its configuration in a database and
pushes events to browsers over Socket.IO. The code under test only reads and
writes a few fields of them; these in-memory tables hold exactly those, so a
test can set what an admin saved and read what Open WebUI stored or sent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel


class UserModel(BaseModel):
    """The fields of Open WebUI's ``UserModel`` that the code under test reads."""

    id: str
    name: str
    email: str
    role: str = "user"


@dataclass
class StoredFunction:
    id: str
    content: str
    type: str = "pipe"
    name: str = ""
    is_active: bool = True
    created_at: int = 0
    valves: dict[str, Any] = field(default_factory=dict)


class FunctionTable:
    """Open WebUI's ``functions`` table in memory: what the admin saved."""

    def __init__(self) -> None:
        self.rows: dict[str, StoredFunction] = {}

    def save(self, function_id: str, content: str, valves: dict[str, Any] | None = None) -> None:
        self.rows[function_id] = StoredFunction(function_id, content, valves=dict(valves or {}))

    async def get_function_by_id(self, function_id: str) -> StoredFunction | None:
        return self.rows.get(function_id)

    async def get_function_valves_by_id(self, function_id: str) -> dict[str, Any] | None:
        row = self.rows.get(function_id)
        return dict(row.valves) if row else None

    async def get_functions_by_type(self, type: str, active_only: bool = False) -> list:
        rows = self.rows.values()
        return [r for r in rows if r.type == type and (r.is_active or not active_only)]

    async def update_function_by_id(self, function_id: str, updated: dict[str, Any]) -> None:
        row = self.rows.get(function_id)
        if row is not None:
            for key, value in updated.items():
                setattr(row, key, value)

    async def get_user_valves_by_id_and_user_id(self, function_id: str, user_id: str) -> dict:
        return {}

    async def get_active_filter_ids(self) -> list[str]:
        return [r.id for r in self.rows.values() if r.type == "filter" and r.is_active]

    async def get_functions_by_ids(self, ids: list[str]) -> list:
        return [self.rows[i] for i in ids if i in self.rows]

    async def get_function_valves_by_ids(self, ids: list[str]) -> dict[str, dict]:
        return {i: dict(self.rows[i].valves) for i in ids if i in self.rows}


class Socket:
    """Stands in for the Socket.IO server (``open_webui.socket.main.sio``): what
    Open WebUI's real event emitter pushes to the browser."""

    def __init__(self) -> None:
        self.emitted: list[dict[str, Any]] = []

    async def emit(self, event: str, data: dict[str, Any], room: str | None = None, **kw: Any):
        self.emitted.append({"event": event, "data": json.loads(json.dumps(data)), "room": room})

    def of(self, message_id: str) -> list[dict[str, Any]]:
        """The events a message's author received (``events`` to ``user:<id>``)."""
        return [
            e["data"]["data"]
            for e in self.emitted
            if e["event"] == "events"
            and e["data"].get("message_id") == message_id
            and not e["data"].get("shared")
        ]


class ChatTable:
    """Open WebUI's stored chat messages (``Chats``), only what the emitter writes."""

    def __init__(self) -> None:
        self.messages: dict[tuple[str, str], dict[str, Any]] = {}

    def message(self, chat_id: str, message_id: str) -> dict[str, Any]:
        return self.messages.setdefault((chat_id, message_id), {})

    async def add_message_status_to_chat_by_id_and_message_id(self, chat_id, message_id, status):
        self.message(chat_id, message_id).setdefault("statusHistory", []).append(status)

    async def get_message_by_id_and_message_id(self, chat_id, message_id):
        return self.messages.get((chat_id, message_id))

    async def get_message_metadata(self, chat_id, message_id, key):
        return self.message(chat_id, message_id).get(key)

    async def upsert_message_to_chat_by_id_and_message_id(self, chat_id, message_id, fields, **kw):
        self.message(chat_id, message_id).update(json.loads(json.dumps(fields)))

    async def get_chat_title_by_id(self, chat_id: str) -> str:
        return "Nový chat"

    async def get_chat_folder_id(self, chat_id: str, user_id: str | None = None) -> None:
        return None

    async def get_messages_map_by_chat_id(self, chat_id: str) -> dict | None:
        return None  # no history kept here: Open WebUI then skips its background tasks


class ConfigTable:
    """Open WebUI's persistent config (``Config.get``), e.g. the admin's tool servers
    under ``tool_server.connections``."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    async def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    async def get_many(self, *keys: str) -> dict[str, Any]:
        return {k: self.values.get(k) for k in keys}

    async def upsert(self, values: dict[str, Any]) -> None:
        self.values.update(values)
