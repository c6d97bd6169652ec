"""The headers Open WebUI's browser sends to a direct tool server, read from the
0.12.4 frontend bundle in the wheel: the lists tests/api/test_cors.py preflights."""

from __future__ import annotations

import re

from tests.api.test_cors import SPEC_FETCH_HEADERS, TOOL_CALL_HEADERS
from tests.integrations.openwebui_code import INSTALL_DIR

CHUNKS = INSTALL_DIR / "open_webui" / "frontend" / "_app" / "immutable" / "chunks"
# Keys of a minified object literal (`"Content-Type":"…"`, `authorization:`…``) and
# keys set by assignment (`J["X-Session-Id"]=…`).
HEADER_KEY = re.compile(r'(?:"([\w-]+)"|\b([A-Za-z][\w-]*)):(?:"|`)|\["([\w-]+)"\]=')


def header_names(snippet: str) -> set[str]:
    return {next(g for g in m.groups() if g) for m in HEADER_KEY.finditer(snippet)}


def tool_server_client() -> str:
    """The built module holding getToolServerData and executeToolServer."""
    found = [
        text
        for js in sorted(CHUNKS.glob("*.js"))
        if "Request body expected for operation" in (text := js.read_text(errors="ignore"))
    ]
    assert len(found) == 1
    return found[0]


def test_direct_tool_calls_send_the_headers_we_allow(openwebui):
    code = tool_server_client()
    start = code.index("Request body expected for operation")
    call = code[start : code.index("fetch(", start)]  # builds the headers, then fetches
    assert header_names(call) == set(TOOL_CALL_HEADERS)


def test_the_spec_fetch_sends_the_headers_we_allow(openwebui):
    code = tool_server_client()
    yaml_check = code.index('.endsWith(".yaml")')
    fetch = code[code.rindex("headers:{", 0, yaml_check) : yaml_check]
    assert header_names(fetch) == set(SPEC_FETCH_HEADERS)
