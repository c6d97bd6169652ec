"""The Open WebUI pipe, run by Open WebUI's own code (0.12.4) against a live server.

The pipe's file is stored as an admin saves a function; Open WebUI's
``get_function_models`` lists it, ``generate_function_chat_completion`` loads
it (``load_function_module_by_id``: exec of the file's text), applies the
stored Valves and streams what it yields, passing the ``__event_emitter__``
(its own, from ``socket.main.get_event_emitter``), ``__task__`` and
``__task_body__`` it would pass in a chat; the chat middleware
(``process_chat_response``) turns the stream into the stored message. The backend is a
real ``zpagent serve``; background tasks go to a recording server instead,
which must see nothing.
"""

from __future__ import annotations

import asyncio
import json
import types
from pathlib import Path
from typing import Any

import pytest

from tests.api.conftest import SEARCH_KEY, SYNC_KEY, WEBHOOK_SECRET, serving
from tests.integrations.conftest import HOLP_MASTER, HOLP_URL, Q_TITLE, USER
from tests.live_server import Server, free_port
from zpagent.eval.scripted_llm import ScriptedLLM, claims

PIPE_FILE = Path(__file__).resolve().parents[2] / "integrations" / "openwebui" / "zpagent_pipe.py"


@pytest.fixture(scope="module")
def server(tiny_workspace, tmp_path_factory):
    with serving(tiny_workspace, tmp_path_factory, "pipe") as srv:
        yield srv


def install(openwebui, url: str, key: str = SEARCH_KEY, **valves: Any) -> str:
    """The admin pastes the file as function ``zpagent`` and saves its Valves."""
    stored = {"BACKEND_URL": url, "BACKEND_API_KEY": key, "TIMEOUT_SECONDS": 60, **valves}
    openwebui.function_table.save("zpagent", PIPE_FILE.read_text(encoding="utf-8"), stored)
    return "zpagent"


class Reply:
    def __init__(self, content: str, stored: dict, events: list[dict]) -> None:
        self.content, self.stored, self.events = content, stored, events

    @property
    def statuses(self) -> list[dict]:
        return [e["data"] for e in self.events if e["type"] == "status"]

    @property
    def sources(self) -> list[dict]:
        return [e["data"] for e in self.events if e["type"] == "source"]


def chat(
    openwebui,
    model: str,
    messages: list[dict],
    *,
    stream: bool = True,
    task: str | None = None,
    task_body: dict | None = None,
    message_id: str = "m1",
) -> Reply:
    """One request as Open WebUI's chat sends it to a pipe model. A streamed reply
    goes through the chat middleware (``process_chat_response``), which stores it."""
    metadata = {"user_id": USER.id, "chat_id": "c1", "message_id": message_id, "session_id": "s1"}
    if task is not None:  # background tasks carry no message or session (routers/tasks.py)
        metadata = {"chat_id": "c1", "task": task, "task_body": task_body}
    form = {"model": model, "stream": stream, "messages": messages, "metadata": metadata}
    request = types.SimpleNamespace(
        app=types.SimpleNamespace(state=types.SimpleNamespace(redis=None)),
        state=types.SimpleNamespace(),
    )

    async def run() -> str:
        res = await openwebui.functions.generate_function_chat_completion(request, dict(form), USER)
        if not stream:
            return res["choices"][0]["message"]["content"]
        pipe_model = {"id": model, "pipe": {"type": "pipe"}}
        ctx = await openwebui.middleware.build_chat_response_context(
            request, form, USER, pipe_model, metadata, {}, []
        )
        await openwebui.middleware.process_chat_response(res, ctx)
        stored = openwebui.chats.message("c1", message_id)
        return "".join(
            part["text"]
            for item in stored.get("output", [])
            if item["type"] == "message"
            for part in item["content"]
        )

    content = asyncio.run(run())
    return Reply(
        content, openwebui.chats.message("c1", message_id), openwebui.socket.of(message_id)
    )


def test_open_webui_lists_one_model_with_the_four_valves(openwebui, server):
    install(openwebui, server.url)
    request = types.SimpleNamespace(app=types.SimpleNamespace(state=types.SimpleNamespace()))
    models = asyncio.run(openwebui.functions.get_function_models(request))
    assert [(m["id"], m["pipe"]) for m in models] == [("zpagent", {"type": "pipe"})]
    pipe, kind, frontmatter, _ = asyncio.run(
        openwebui.plugin.load_function_module_by_id("zpagent", PIPE_FILE.read_text("utf-8"))
    )
    assert kind == "pipe" and frontmatter["title"] == "ZP Agent"
    assert frontmatter["requirements"] == "httpx"
    assert set(pipe.Valves.model_fields) == {
        "BACKEND_URL",
        "BACKEND_API_KEY",
        "MODEL",
        "TIMEOUT_SECONDS",
    }
    schema = openwebui.plugin.resolve_valves_schema_options(
        pipe.Valves, pipe.Valves.model_json_schema()
    )
    assert schema["properties"]["MODEL"]["input"]["options"] == [
        "zpagent",
        "zpagent-rag",
        "zpagent-graph",
    ]


def test_a_streamed_answer_with_progress_and_citation_chips(openwebui, server):
    model = install(openwebui, server.url)
    reply = chat(openwebui, model, [{"role": "user", "content": Q_TITLE}], message_id="m-title")
    assert HOLP_MASTER in reply.content and "[S1]" in reply.content
    assert reply.stored["done"] is True
    # Progress: ours first, the backend's lines, then one final status marked done.
    descriptions = [s["description"] for s in reply.statuses]
    assert descriptions[0] == "Pýtam sa ZP Agenta…"
    assert any(d.startswith("Hľadám") for d in descriptions[1:-1]), descriptions
    assert [s["done"] for s in reply.statuses] == [False] * (len(descriptions) - 1) + [True]
    assert descriptions[-1] == f"Hotovo (zdroje: {len(reply.sources)})"
    # One citation chip per cited source, in Open WebUI's source shape.
    assert reply.sources, reply.events
    first = reply.sources[0]
    assert first["source"]["name"] == "[S1] Ján Holp" and first["source"]["url"] == HOLP_URL
    assert first["document"] and all(isinstance(d, str) for d in first["document"])
    assert first["metadata"][0]["source"] == HOLP_URL
    assert any(HOLP_MASTER in d for s in reply.sources for d in s["document"])
    # What Open WebUI stored with the message: the chips and the status lines.
    assert reply.stored["sources"] == reply.sources
    assert reply.stored["statusHistory"] == reply.statuses


def test_a_follow_up_is_answered_about_the_person_asked_before(openwebui, server):
    model = install(openwebui, server.url)
    first = chat(openwebui, model, [{"role": "user", "content": Q_TITLE}], message_id="m-1")
    conversation = [
        {"role": "system", "content": "Si asistent katedry."},
        {"role": "user", "content": Q_TITLE},
        {"role": "assistant", "content": first.content},
        {"role": "user", "content": "A kto bol jeho vedúci?"},
    ]
    reply = chat(openwebui, model, conversation, message_id="m-2")
    assert "Daniel Hládek" in reply.content, reply.content
    assert "Ján Staš" not in reply.content  # Mária Nováková's supervisor
    assert reply.sources and reply.sources[0]["source"]["name"] == "[S1] Ján Holp"


def test_the_conversation_and_the_model_valve_reach_the_backend(openwebui):
    """What the pipe sends: user and assistant turns in order, the chosen model."""
    with ScriptedLLM() as backend:
        model = install(openwebui, backend.url, MODEL="zpagent-graph")
        backend.script({"status": 500})
        conversation = [
            {"role": "system", "content": "Si asistent katedry."},
            {"role": "user", "content": [{"type": "text", "text": Q_TITLE}]},
            {"role": "assistant", "content": "Názov je …"},
            {"role": "user", "content": "A kto bol jeho vedúci?"},
        ]
        reply = chat(openwebui, model, conversation, message_id="m-sent")
        [sent] = backend.requests
        assert sent["model"] == "zpagent-graph" and sent["stream"] is True
        assert sent["messages"] == [
            {"role": "user", "content": Q_TITLE},
            {"role": "assistant", "content": "Názov je …"},
            {"role": "user", "content": "A kto bol jeho vedúci?"},
        ]
        headers = {k.lower(): v for k, v in backend.headers[0].items()}
        assert headers["authorization"] == f"Bearer {SEARCH_KEY}"
        assert reply.content == "Otázku sa nepodarilo spracovať."


@pytest.mark.parametrize(
    "task",
    [
        "title_generation",
        "follow_up_generation",
        "tags_generation",
        "emoji_generation",
        "query_generation",
        "image_prompt_generation",
        "autocomplete_generation",
        "function_calling",
        "moa_response_generation",
    ],
)
def test_background_tasks_never_reach_the_backend(openwebui, task):
    assert task in {str(t) for t in openwebui.constants.TASKS}  # Open WebUI's own names
    chat_messages = [
        {"role": "user", "content": "Aký „názov“ diplomovej práce má Ján Holp, prosím?"},
        {"role": "assistant", "content": f"{HOLP_MASTER} [S1]"},
    ]
    template = openwebui.config_text("DEFAULT_TITLE_GENERATION_PROMPT_TEMPLATE")
    prompt = [{"role": "user", "content": template}]
    with ScriptedLLM() as backend:
        model = install(openwebui, backend.url)
        body = {"model": model, "messages": chat_messages}
        reply = chat(openwebui, model, prompt, stream=False, task=task, task_body=body)
        assert backend.requests == []
    if task == "title_generation":
        # As Open WebUI reads it (middleware and frontend): the JSON object in the reply.
        title = json.loads(reply.content[reply.content.find("{") : reply.content.rfind("}") + 1])
        assert title == {"title": "Aký názov diplomovej práce má Ján Holp, prosím"}
    elif task == "follow_up_generation":
        assert json.loads(reply.content) == {"follow_ups": []}
        assert openwebui.task.parse_follow_ups(reply.content) == []
    elif task == "tags_generation":
        assert json.loads(reply.content) == {"tags": []}
    else:
        assert reply.content == ""


def test_a_normal_turn_does_reach_the_recording_backend(openwebui):
    """The control for the test above: the same setup without a task is sent."""
    with ScriptedLLM() as backend:
        model = install(openwebui, backend.url)
        backend.script({"status": 500})
        chat(openwebui, model, [{"role": "user", "content": Q_TITLE}], message_id="m-control")
        assert len(backend.requests) == 1


def test_a_wrong_key_and_a_dead_backend_give_a_clear_message(openwebui, server):
    model = install(openwebui, server.url, key="x" * 40)
    reply = chat(openwebui, model, [{"role": "user", "content": Q_TITLE}], message_id="m-key")
    assert reply.content == "ZP Agent odmietol prístup: skontrolujte BACKEND_API_KEY vo Valves."
    assert reply.statuses[-1] == {"description": reply.content, "done": True}
    model = install(openwebui, f"http://127.0.0.1:{free_port()}", TIMEOUT_SECONDS=5)
    reply = chat(openwebui, model, [{"role": "user", "content": Q_TITLE}], message_id="m-dead")
    assert reply.content == "ZP Agent je momentálne nedostupný. Skúste to, prosím, neskôr."
    assert reply.sources == []


def test_without_streaming_the_answer_comes_whole(openwebui, server):
    model = install(openwebui, server.url, MODEL="zpagent-graph")
    q = "Kto viedol diplomovú prácu Jána Holpa?"
    reply = chat(openwebui, model, [{"role": "user", "content": q}], stream=False)
    assert "Daniel Hládek" in reply.content and "[S1]" in reply.content


def test_a_refused_llm_answer_shows_only_the_evidence(openwebui, tiny_workspace, tmp_path):
    """The backend's model invents a title twice: the user sees the page's title."""
    invented = {
        "kind": "thesis_title",
        "subject": "Ján Holp",
        "thesis_kind": "master",
        "value": "Vymyslený názov o kvantových počítačoch",
        "sources": ["S1"],
    }
    with ScriptedLLM() as llm:
        llm.script(claims(invented), claims(invented))
        env = {
            "SEARCH_API_KEY": SEARCH_KEY,
            "SYNC_API_KEY": SYNC_KEY,
            "WEBHOOK_SECRET": WEBHOOK_SECRET,
            "ANSWER_LLM_URL": llm.url,
            "ANSWER_MODEL": "scripted",
        }
        srv = Server(tiny_workspace.data.root, tmp_path / "log", env)
        try:
            srv.wait_up()
            model = install(openwebui, srv.url, MODEL="zpagent-rag")
            reply = chat(
                openwebui, model, [{"role": "user", "content": Q_TITLE}], message_id="m-llm"
            )
        finally:
            srv.stop()
        assert len(llm.requests) == 2  # the answer and one repair round
    assert "kvantových" not in reply.content
    assert HOLP_MASTER in reply.content
