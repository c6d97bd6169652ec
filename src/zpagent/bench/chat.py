"""``zpagent bench --sections chat``: the main agent over HTTP, streamed.

A real ``zpagent serve`` plays every conversation of
``eval/datasets/conversations.json`` through ``POST /v1/chat/completions``
as a chat client does: each earlier user turn is sent with the answers the
server gave before it, and the last turn is streamed. One client at a time,
then several at once. For each last turn: the time to the first streamed
byte (the role chunk, sent at once), to the first byte of the answer itself
and to the end, and whether the answer passes the same check as
``zpagent eval conversations`` (status, expected facts, the expected person
in the final chunk's ``zpagent.about``).
"""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from zpagent.bench.stats import summarize_ms


def _conversations(datasets: Path, limit: int | None) -> list[tuple[Any, list[str]]]:
    from zpagent.eval.datasets import load_dataset

    ds = load_dataset(datasets / "conversations.json", strict=True)
    out = []
    for item in ds.select("all")[:limit]:
        exp = ds.typed_expect(item)
        out.append((exp, [*exp.turns, item.query]))
    return out


def _post(client: Any, messages: list[dict[str, str]]) -> str:
    body = {"model": "zpagent", "stream": False, "messages": messages}
    resp = client.post("/v1/chat/completions", json=body)
    resp.raise_for_status()
    return resp.json()["choices"][0]["message"]["content"]


def _stream(client: Any, messages: list[dict[str, str]]) -> dict[str, Any]:
    body = {"model": "zpagent", "stream": True, "messages": messages}
    t0 = time.perf_counter()
    first = answer = None
    text: list[str] = []
    final: dict[str, Any] = {}
    with client.stream("POST", "/v1/chat/completions", json=body) as resp:
        resp.raise_for_status()
        for line in resp.iter_lines():
            now = time.perf_counter()
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            first = first or now
            chunk = json.loads(line[6:])
            choice = (chunk.get("choices") or [{}])[0]
            content = (choice.get("delta") or {}).get("content")
            if content:
                answer = answer or now
                text.append(content)
            if choice.get("finish_reason") == "stop":
                final = chunk.get("zpagent") or {}
    end = time.perf_counter()
    return {
        "first_byte": ((first or end) - t0) * 1000,
        "first_answer_byte": ((answer or end) - t0) * 1000,
        "total": (end - t0) * 1000,
        "text": "".join(text),
        "final": final,
    }


def _play(url: str, key: str, exp: Any, turns: list[str]) -> dict[str, Any]:
    import httpx

    from zpagent.eval.conversations import judge

    headers = {"Authorization": f"Bearer {key}"}
    messages: list[dict[str, str]] = []
    # One kept-alive connection per conversation, as a chat client holds one.
    with httpx.Client(base_url=url, headers=headers, timeout=120) as client:
        for turn in turns[:-1]:
            messages.append({"role": "user", "content": turn})
            messages.append({"role": "assistant", "content": _post(client, messages)})
        messages.append({"role": "user", "content": turns[-1]})
        last = _stream(client, messages)
    final = last["final"]
    verdict = judge(exp, final.get("status", ""), last["text"], final.get("about") or [])
    return {**last, "passed": verdict["passed"]}


def bench_chat(
    url: str, key: str, datasets: Path, say: Any, limit: int | None = None
) -> dict[str, Any]:
    convs = _conversations(datasets, limit)
    runs = []
    for concurrency in (1, 4):
        say(f"chat: {len(convs)} conversations, the last turn streamed, concurrency {concurrency}")
        t0 = time.perf_counter()
        with ThreadPoolExecutor(concurrency) as pool:
            played = list(pool.map(lambda c: _play(url, key, *c), convs))
        runs.append(
            {
                "concurrency": concurrency,
                "requests": len(played),
                "accuracy": round(sum(p["passed"] for p in played) / len(played), 4),
                "seconds": round(time.perf_counter() - t0, 2),
                "first_byte_ms": summarize_ms([p["first_byte"] for p in played]),
                "first_answer_byte_ms": summarize_ms([p["first_answer_byte"] for p in played]),
                "total_ms": summarize_ms([p["total"] for p in played]),
            }
        )
    return {"endpoint": "/v1/chat/completions (stream)", "runs": runs}
