"""Open WebUI's background prompts (title, tags, follow-ups, queries, autocompletion)
sent to the /v1 connection: answered at once with the JSON the template asks for,
never as a wiki question. The templates are Open WebUI's own, read from its wheel."""

from __future__ import annotations

import ast
import json

import httpx
import pytest

from tests.api.conftest import SEARCH_KEY, serving
from tests.integrations import openwebui_code

HISTORY = "USER: Aký názov diplomovej práce má Ján Holp?\nASSISTANT: Ján Holp — …"
EXPECTED = {
    "TITLE": {"title": "Aký názov diplomovej práce má Ján Holp"},
    "TAGS": {"tags": []},
    "FOLLOW_UP": {"follow_ups": []},
    "QUERY": {"queries": []},
    "AUTOCOMPLETE": {"text": ""},
}


def templates() -> dict[str, str]:
    """The DEFAULT_*_GENERATION_PROMPT_TEMPLATE strings of Open WebUI's config.py."""
    source = (openwebui_code.INSTALL_DIR / "open_webui" / "config.py").read_text("utf-8")
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            name = getattr(node.targets[0], "id", "")
            for kind in EXPECTED:
                if name == f"DEFAULT_{kind}_GENERATION_PROMPT_TEMPLATE":
                    found[kind] = node.value.value
    return found


@pytest.fixture(scope="module")
def server(tiny_workspace, tmp_path_factory):
    with serving(tiny_workspace, tmp_path_factory, "tasks") as srv:
        yield srv


def test_background_prompts_get_the_json_they_ask_for(openwebui, server):
    found = templates()
    assert set(found) == set(EXPECTED)
    for kind, template in found.items():
        prompt = template
        for marker in ("{{MESSAGES:END:2}}", "{{MESSAGES:END:5}}", "{{MESSAGES:END:6}}"):
            prompt = prompt.replace(marker, HISTORY)
        r = httpx.post(
            f"{server.url}/v1/chat/completions",
            headers={"Authorization": f"Bearer {SEARCH_KEY}"},
            json={"model": "zpagent", "messages": [{"role": "user", "content": prompt}]},
            timeout=60,
        )
        assert r.status_code == 200, (kind, r.text)
        body = r.json()
        assert body["zpagent"]["route"] == "task" and body["sources"] == [], kind
        assert json.loads(body["choices"][0]["message"]["content"]) == EXPECTED[kind], kind
