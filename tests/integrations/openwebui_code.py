"""Open WebUI's own code, imported from its released wheel, for integration tests.

``.ci/run`` installs the wheel without its dependencies::

    pip install --no-deps --target .openwebui open-webui==0.12.4

Open WebUI's application needs a database, Redis and about 150 packages; the
functions these tests run need none of that: the OpenAI connection router
and the chat middleware, the function loader and pipe runner, the event
emitter, the tool-server client (spec conversion and executor), the
task-reply parsers.
A meta-path finder loads the modules in ``REAL`` from the wheel unchanged and
hands out every other ``open_webui.*`` module, and the few third-party
modules they import at the top that are not installed here, as a hollow stub:
the attributes listed in ``_stub_attributes`` carry Open WebUI's defaults,
in-memory tables (``openwebui_tables``: functions, chats, config) or no-op
policy hooks (access control grants, no Redis snapshots, no webhooks); any
other attribute is a
placeholder (awaiting one fails, so code under test cannot silently depend
on it). The Socket.IO server is replaced by a recorder after import, so Open
WebUI's own event emitter runs and what it sends and stores can be read.

Tests skip with a reason when the wheel is missing, and fail instead when
``ZPAGENT_REQUIRE_OPENWEBUI=1`` (CI), like the Neo4j tests.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.integrations.openwebui_tables import (
    ChatTable,
    ConfigTable,
    FunctionTable,
    Socket,
    StoredFunction,
    UserModel,
)

REPO = Path(__file__).resolve().parents[2]
OPENWEBUI_VERSION = "0.12.4"
INSTALL_HINT = f"pip install --no-deps --target .openwebui open-webui=={OPENWEBUI_VERSION}"

# Read at import: the session's autouse fixture clears ZPAGENT_* variables per test.
REQUIRE_OPENWEBUI = os.environ.get("ZPAGENT_REQUIRE_OPENWEBUI") == "1"
INSTALL_DIR = Path(os.environ.get("ZPAGENT_OPENWEBUI_DIR") or REPO / ".openwebui")

# Open WebUI modules executed as released.
REAL = (
    "open_webui.constants",
    "open_webui.utils.chat_id",
    "open_webui.utils.json_codec",
    "open_webui.utils.misc",
    "open_webui.utils.headers",
    "open_webui.utils.task",
    "open_webui.utils.plugin",
    "open_webui.utils.tools",
    "open_webui.socket.main",
    "open_webui.functions",
    "open_webui.utils.filter",
    "open_webui.utils.response",
    "open_webui.utils.model_ids",
    "open_webui.utils.session_pool",
    "open_webui.utils.middleware",
    "open_webui.routers.openai",
)
# Third-party modules imported at the top of REAL modules but not needed by
# the functions under test; stubbed only when they are not installed.
OPTIONAL_THIRD_PARTY = (
    "langchain_core",
    "mimeparse",
    "engineio",
    "orjson",
    "jwt",
    "pycrdt",
    "socketio",
    "redis",
    "aiocache",
    "aiofiles",
    "sqlalchemy",
    "starlette_compress",
    "PIL",
    "tiktoken",
    "bs4",
    "requests",
    "markdown",
)


def missing_reason() -> str | None:
    """Why Open WebUI's code cannot be imported here, or None."""
    dist = INSTALL_DIR / f"open_webui-{OPENWEBUI_VERSION}.dist-info"
    if not (INSTALL_DIR / "open_webui" / "functions.py").is_file() or not dist.is_dir():
        return f"Open WebUI {OPENWEBUI_VERSION} is not installed in {INSTALL_DIR}: {INSTALL_HINT}"
    return None


class Hollow:
    """A placeholder for anything a stubbed module exports."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, key: str) -> Hollow:
        if key.startswith("__"):
            raise AttributeError(key)
        return Hollow(f"{self._name}.{key}")

    def __call__(self, *args: Any, **kwargs: Any) -> Hollow:
        return Hollow(f"{self._name}()")

    def __iter__(self):
        return iter(())

    def __mro_entries__(self, bases: tuple) -> tuple:
        return (object,)  # a stubbed base class: an empty one

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<hollow {self._name}>"


class StubModule(types.ModuleType):
    def __getattr__(self, key: str) -> Any:
        if key.startswith("__"):
            raise AttributeError(key)
        return Hollow(f"{self.__name__}.{key}")


async def _none(*args: Any, **kwargs: Any) -> None:
    return None


async def _zero(*args: Any, **kwargs: Any) -> int:
    return 0


async def _no_groups(*args: Any, **kwargs: Any) -> list:
    return []


def _dependency() -> None:
    """A FastAPI dependency of a route we never serve (Open WebUI's auth, DB session)."""


def _not_cached(*args: Any, **kwargs: Any):
    """``aiocache.cached`` when aiocache is not installed: no cache."""
    return lambda function: function


async def _granted(*args: Any, **kwargs: Any) -> bool:
    """Access control is Open WebUI's business; these tests use an admin's view."""
    return True


ENV_DEFAULTS: dict[str, Any] = {
    # open_webui/env.py defaults (0.12.4) for every name the REAL modules import.
    "ENABLE_TOOL_SERVERS": True,
    "ENABLE_TOOLS": True,
    "ENABLE_FUNCTIONS": True,
    "AIOHTTP_CLIENT_TIMEOUT": 300,
    "AIOHTTP_CLIENT_TIMEOUT_TOOL_SERVER": 300,
    "AIOHTTP_CLIENT_TIMEOUT_TOOL_SERVER_DATA": 10,
    "AIOHTTP_CLIENT_SESSION_SSL": True,
    "AIOHTTP_CLIENT_SESSION_TOOL_SERVER_SSL": True,
    "AIOHTTP_CLIENT_ALLOW_REDIRECTS": False,
    "ENABLE_FORWARD_USER_INFO_HEADERS": False,
    "FORWARD_SESSION_INFO_HEADER_CHAT_ID": "X-OpenWebUI-Chat-Id",
    "FORWARD_SESSION_INFO_HEADER_MESSAGE_ID": "X-OpenWebUI-Message-Id",
    "REDIS_KEY_PREFIX": "open-webui",
    "BYPASS_MODEL_ACCESS_CONTROL": False,
    "GLOBAL_LOG_LEVEL": "WARNING",
    "CHAT_STREAM_RESPONSE_CHUNK_MAX_BUFFER_SIZE": None,
    "PIP_OPTIONS": [],
    "PIP_PACKAGE_INDEX_OPTIONS": [],
    # Deviations: no orjson here, and the loader must not pip-install into the
    # test environment (the pipe's only requirement, httpx, is installed).
    "ENABLE_ORJSON": False,
    "ENABLE_PIP_INSTALL_FRONTMATTER_REQUIREMENTS": False,
    "OFFLINE_MODE": True,
    # The socket layer without Redis (WEBSOCKET_MANAGER unset).
    "WEBSOCKET_MANAGER": "",
    "ENABLE_WEBSOCKET_SUPPORT": True,
    "WEBSOCKET_HEARTBEAT_INTERVAL": None,
    "WEBSOCKET_EVENT_CALLER_TIMEOUT": None,
    "WEBSOCKET_REDIS_LOCK_TIMEOUT": 60,
    # The chat response path (middleware, OpenAI router, aiohttp session pool).
    "CHAT_RESPONSE_STREAM_DELTA_CHUNK_SIZE": 1,
    "ENABLE_API_OUTLET_FILTERS": True,
    "AIOHTTP_CLIENT_STREAM_IDLE_TIMEOUT": None,
    "AIOHTTP_POOL_CONNECTIONS": None,
    "AIOHTTP_POOL_CONNECTIONS_PER_HOST": None,
    "AIOHTTP_POOL_DNS_TTL": 300,
    "MODELS_CACHE_TTL": 1,
    "AIOHTTP_CLIENT_TIMEOUT_MODEL_LIST": 10,
    "ENABLE_OPENAI_API_PASSTHROUGH": False,
}


def _stub_attributes(
    functions: FunctionTable, chats: ChatTable, config: ConfigTable
) -> dict[str, dict[str, Any]]:
    return {
        "open_webui.env": ENV_DEFAULTS,
        "open_webui.models.config": {"Config": config},
        "open_webui.models.groups": {
            "Groups": types.SimpleNamespace(get_groups_by_member_id=_no_groups)
        },
        "open_webui.utils.access_control": {
            "has_connection_access": _granted,
            "check_model_access": _none,
        },
        "open_webui.config": {"BYPASS_ADMIN_ACCESS_CONTROL": False},
        "open_webui.models.users": {"UserModel": UserModel},
        "open_webui.models.functions": {"Functions": functions, "FunctionModel": StoredFunction},
        "open_webui.models.models": {"Models": types.SimpleNamespace(get_model_by_id=_none)},
        "open_webui.models.chats": {"Chats": chats},
        "open_webui.events": {
            "publish_event": _none,
            "publish_model_provider_request_failed": _none,
        },
        "open_webui.utils.auth": {"get_verified_user": _dependency, "get_admin_user": _dependency},
        "open_webui.internal.db": {"get_async_session": _dependency},
        "aiocache": {"cached": _not_cached},
        # Snapshots of a streaming reply for a browser that reconnects: none kept here.
        "open_webui.tasks": {
            "save_response_stream": _zero,
            "append_response_stream": _none,
            "clear_response_stream": _none,
        },
        "open_webui.utils.oauth": {"get_system_oauth_token": _none},
        "engineio": {"json": json},
    }


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, root: Path, attributes: dict[str, dict[str, Any]]) -> None:
        self.root = root
        self.attributes = attributes
        self.stub_third_party = {
            name for name in OPTIONAL_THIRD_PARTY if importlib.util.find_spec(name) is None
        }

    def find_spec(self, name: str, path: Any = None, target: Any = None):
        if name in REAL:
            return importlib.util.spec_from_file_location(
                name, self.root / (name.replace(".", "/") + ".py")
            )
        top = name.split(".", 1)[0]
        if top == "open_webui" or top in self.stub_third_party:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        module = StubModule(spec.name)
        module.__path__ = []
        module.__dict__.update(self.attributes.get(spec.name, {}))
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        pass


@contextlib.contextmanager
def _root_logging_kept():
    """``open_webui.functions`` calls ``logging.basicConfig`` at import; undo it."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        yield
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)


@dataclass
class OpenWebUI:
    """Handles on the imported modules and on the state behind their stubs."""

    tools: types.ModuleType  # open_webui.utils.tools
    middleware: types.ModuleType  # open_webui.utils.middleware
    openai: types.ModuleType  # open_webui.routers.openai
    session_pool: types.ModuleType  # open_webui.utils.session_pool
    functions: types.ModuleType  # open_webui.functions
    plugin: types.ModuleType  # open_webui.utils.plugin
    task: types.ModuleType  # open_webui.utils.task
    constants: types.ModuleType  # open_webui.constants
    socket: Socket  # what the real event emitter sent to the browser
    chats: ChatTable  # what it stored in the chat (status history, sources)
    function_table: FunctionTable
    config: ConfigTable

    def config_text(self, name: str) -> str:
        """A string constant of ``open_webui/config.py`` (e.g. a default prompt
        template), read from the wheel's source without importing it."""
        tree = ast.parse((INSTALL_DIR / "open_webui" / "config.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets
            ):
                return ast.literal_eval(node.value)
        raise KeyError(name)


_loaded: OpenWebUI | None = None


def load() -> OpenWebUI:
    """Import Open WebUI's modules once per process (call only when installed)."""
    global _loaded
    if _loaded is None:
        functions, chats, config = FunctionTable(), ChatTable(), ConfigTable()
        stubs = _stub_attributes(functions, chats, config)
        sys.meta_path.insert(0, _Finder(INSTALL_DIR, stubs))
        with _root_logging_kept():
            modules = {name: importlib.import_module(name) for name in REAL}
        socket = Socket()
        modules["open_webui.socket.main"].sio = socket
        _loaded = OpenWebUI(
            tools=modules["open_webui.utils.tools"],
            middleware=modules["open_webui.utils.middleware"],
            openai=modules["open_webui.routers.openai"],
            session_pool=modules["open_webui.utils.session_pool"],
            functions=modules["open_webui.functions"],
            plugin=modules["open_webui.utils.plugin"],
            task=modules["open_webui.utils.task"],
            constants=modules["open_webui.constants"],
            socket=socket,
            chats=chats,
            function_table=functions,
            config=config,
        )
    return _loaded
