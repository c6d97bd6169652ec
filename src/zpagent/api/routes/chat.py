"""GET /v1/models and POST /v1/chat/completions: the main agent as an OpenAI model.

Streaming (SSE) sends the role first, the agent's progress as
``reasoning_content`` (Open WebUI shows it as a collapsible block), then the
answer, one ``source`` event per cited source (Open WebUI's citation
chips) and a final chunk carrying the structured sources. The answer is the
agent's checked text: nothing is generated here.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, StreamingResponse

from zpagent.agent.agent import AgentReply
from zpagent.agent.conversation import turns_from_messages
from zpagent.agent.tasks import is_background_task
from zpagent.api.deps import TOOL_DEPS
from zpagent.api.openai_models import ChatRequest, Completion, model_list, openai_error
from zpagent.query import validate

router = APIRouter(tags=["chat"])


def chip(reply: AgentReply, source: Any) -> dict[str, Any]:
    """One source in Open WebUI's citation shape (also the structured form)."""
    where = source.url or source.document_path or ""
    documents = []
    if reply.response is not None:
        documents = [c.evidence or c.value for c in reply.response.claims if source.id in c.sources]
    if source.commit:
        documents = [f"commit {source.commit[:12]}"]
    return {
        "source": {"id": source.id, "name": f"[{source.id}] {source.title}", "url": source.url},
        "document": documents or [source.title],
        "metadata": [
            {
                "source": where,
                "name": f"[{source.id}] {source.title}",
                "document_path": source.document_path,
                "commit": source.commit,
            }
        ],
    }


def _extra(reply: AgentReply) -> dict[str, Any]:
    return {
        "sources": [chip(reply, s) for s in reply.sources],
        "zpagent": {
            "status": reply.status,
            "route": reply.route,
            "question": reply.question,
            "rewritten": reply.rewritten,
            "about": reply.about(),
            **reply.details,
        },
    }


def _run(request: Request, body: ChatRequest, engine: str, on_status: Any) -> AgentReply:
    return request.app.state.workspace.chat(body.messages, engine, on_status)


@router.get("/v1/models", dependencies=TOOL_DEPS, include_in_schema=False)
def models() -> dict[str, Any]:
    return model_list()


@router.post("/v1/chat/completions", dependencies=TOOL_DEPS, include_in_schema=False)
async def chat_completions(body: ChatRequest, request: Request) -> Any:
    engine = body.check_supported()
    # Refuse what cannot be answered before any byte is streamed (a 4xx, not an error chunk).
    last = turns_from_messages(body.messages)[-1].text
    if not is_background_task(last):
        validate(last)
    completion = Completion(body.model)
    if not body.stream:
        reply = await asyncio.to_thread(_run, request, body, engine, None)
        return JSONResponse(completion.whole(reply.text, **_extra(reply)))
    return StreamingResponse(
        _stream(request, body, engine, completion),
        media_type="text/event-stream",
        headers={"x-accel-buffering": "no"},
    )


def _sse(payload: dict[str, Any]) -> bytes:
    return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n".encode()


async def _stream(
    request: Request, body: ChatRequest, engine: str, completion: Completion
) -> AsyncIterator[bytes]:
    """Progress lines while the agent works, then the answer and its sources."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

    def status(line: str) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, ("status", line))

    def work() -> None:
        try:
            result: tuple[str, Any] = ("reply", _run(request, body, engine, status))
        except Exception as exc:  # noqa: BLE001 - reported to the client as an error chunk
            result = ("error", exc)
        loop.call_soon_threadsafe(queue.put_nowait, result)

    # The role chunk goes out before the work starts: a busy worker thread holding
    # the GIL would otherwise hold back the client's first byte until the answer.
    yield _sse(completion.chunk({"role": "assistant", "content": ""}))
    threading.Thread(target=work, name="zpagent-chat", daemon=True).start()
    while True:
        kind, value = await queue.get()
        if kind == "status":
            yield _sse(completion.chunk({"reasoning_content": f"{value}\n"}))
            continue
        if kind == "error":
            _, err = openai_error(value)
            yield _sse(err)
            yield b"data: [DONE]\n\n"
            return
        break
    reply: AgentReply = value
    for line in reply.text.splitlines(keepends=True):
        yield _sse(completion.chunk({"content": line}))
    for source in reply.sources:
        event = {"type": "source", "data": chip(reply, source)}
        yield _sse(completion.chunk({}, event=event))
    yield _sse(completion.chunk({}, "stop", **_extra(reply)))
    yield b"data: [DONE]\n\n"
