"""ZP Agent as an OpenAI connection in Open WebUI (no plugin), through Open WebUI's
own code (0.12.4) against a live ``zpagent serve``.

The admin's connection is stored as Open WebUI stores it (``openai.*`` config);
``get_all_models`` (routers/openai.py) lists the models from ``/v1/models``;
``generate_chat_completion`` posts the chat to ``/v1/chat/completions`` over
aiohttp with the bearer key and proxies the SSE stream; the chat middleware's
``process_chat_response`` turns it into what the user sees and what is stored
with the message: the answer, the progress as a reasoning block, the sources as
citation chips.
"""

from __future__ import annotations

import asyncio
import types
from typing import Any

import pytest

from tests.api.conftest import SEARCH_KEY, serving
from tests.integrations.conftest import HOLP_MASTER, HOLP_URL, Q_TITLE, USER


@pytest.fixture(scope="module")
def server(tiny_workspace, tmp_path_factory):
    with serving(tiny_workspace, tmp_path_factory, "conn") as srv:
        yield srv


def connect(openwebui, url: str, key: str = SEARCH_KEY) -> None:
    """*Admin Panel → Settings → Connections → OpenAI API → +*: URL and key."""
    openwebui.config.values.update(
        {
            "openai.enable": True,
            "openai.api_base_urls": [f"{url}/v1"],
            "openai.api_keys": [key],
            "openai.api_configs": {},
        }
    )


def new_request() -> Any:
    state = types.SimpleNamespace(redis=None, OPENAI_MODELS={}, MODELS={})
    return types.SimpleNamespace(
        app=types.SimpleNamespace(state=state), state=types.SimpleNamespace(), cookies={}
    )


async def _chat(openwebui, model: str, messages: list[dict], message_id: str) -> dict:
    request = new_request()
    try:
        listed = await openwebui.openai.get_all_models(request, USER)
        models = {m["id"]: m for m in listed["data"]}
        metadata = {
            "user_id": USER.id,
            "chat_id": "c1",
            "message_id": message_id,
            "session_id": "s1",
        }
        form = {"model": model, "messages": messages, "stream": True, "metadata": metadata}
        response = await openwebui.openai.generate_chat_completion(request, dict(form), USER)
        ctx = await openwebui.middleware.build_chat_response_context(
            request, form, USER, models[model], metadata, {}, []
        )
        await openwebui.middleware.process_chat_response(response, ctx)
        return {"models": listed["data"], "response": response}
    finally:
        await openwebui.session_pool.close_session()


def chat(openwebui, model: str, messages: list[dict], message_id: str) -> dict:
    """One chat turn; the message as Open WebUI stored it, and what the browser got."""
    result = asyncio.run(_chat(openwebui, model, messages, message_id))
    result["stored"] = openwebui.chats.message("c1", message_id)
    result["events"] = openwebui.socket.of(message_id)
    return result


def parts(stored: dict, kind: str) -> list[str]:
    return [
        part["text"]
        for item in stored.get("output", [])
        if item["type"] == kind
        for part in item.get("content", [])
    ]


def list_models(openwebui) -> list[dict]:
    async def run() -> list[dict]:
        try:
            return (await openwebui.openai.get_all_models(new_request(), USER))["data"]
        finally:
            await openwebui.session_pool.close_session()

    return asyncio.run(run())


def test_open_webui_lists_the_three_models_only_with_the_right_key(openwebui, server):
    connect(openwebui, server.url)
    listed = {m["id"]: m for m in list_models(openwebui)}
    assert set(listed) == {"zpagent", "zpagent-rag", "zpagent-graph"}
    assert listed["zpagent"]["name"].startswith("ZP Agent")
    connect(openwebui, server.url, key="x" * 40)
    assert list_models(openwebui) == []  # Open WebUI offers no ZP Agent model then


def test_the_answer_progress_and_citation_chips_as_open_webui_stores_them(openwebui, server):
    connect(openwebui, server.url)
    stored = chat(openwebui, "zpagent", [{"role": "user", "content": Q_TITLE}], "m-answer")[
        "stored"
    ]
    assert stored["done"] is True
    [answer] = parts(stored, "message")
    assert HOLP_MASTER in answer and "[S1]" in answer
    [reasoning] = parts(stored, "reasoning")
    assert "Hľadám" in reasoning  # the backend's progress, folded away as a reasoning block
    chips = stored["sources"]
    assert chips and chips[0]["source"]["name"] == "[S1] Ján Holp"
    assert chips[0]["source"]["url"] == HOLP_URL
    assert any(HOLP_MASTER in d for chip in chips for d in chip["document"])


def test_a_follow_up_is_about_the_person_asked_before(openwebui, server):
    connect(openwebui, server.url)
    first = chat(openwebui, "zpagent", [{"role": "user", "content": Q_TITLE}], "m-f1")
    [answer] = parts(first["stored"], "message")
    conversation = [
        {"role": "user", "content": Q_TITLE},
        {"role": "assistant", "content": answer},
        {"role": "user", "content": "A kto bol jeho vedúci?"},
    ]
    stored = chat(openwebui, "zpagent", conversation, "m-f2")["stored"]
    [followed] = parts(stored, "message")
    assert "Daniel Hládek" in followed and "Ján Staš" not in followed
    assert stored["sources"][0]["source"]["name"] == "[S1] Ján Holp"
