"""``zpagent bench --sections chat``: the main agent over HTTP, streamed.

A real ``zpagent serve`` answers the conversations of
``eval/datasets/conversations.json`` through ``POST /v1/chat/completions``
with ``stream: true``, one client at a time and then several at once. For
each request: the time to the first streamed byte (the role chunk, sent at
once), to the first byte of the answer itself, and to the end.
"""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from zpagent.bench.stats import summarize_ms


def _conversations(datasets: Path, limit: int) -> list[list[dict[str, str]]]:
    data = json.loads((datasets / "conversations.json").read_text(encoding="utf-8"))
    out = []
    for item in data["items"][:limit]:
        messages = []
        for turn in item["expect"]["turns"]:
            messages += [{"role": "user", "content": turn}, {"role": "assistant", "content": "…"}]
        out.append([*messages, {"role": "user", "content": item["query"]}])
    return out


def _one(url: str, key: str, messages: list[dict[str, str]]) -> dict[str, float]:
    import httpx

    body = {"model": "zpagent", "stream": True, "messages": messages}
    headers = {"Authorization": f"Bearer {key}"}
    t0 = time.perf_counter()
    first = answer = None
    with httpx.stream(
        "POST", f"{url}/v1/chat/completions", json=body, headers=headers, timeout=120
    ) as resp:
        resp.raise_for_status()
        for line in resp.iter_lines():
            now = time.perf_counter()
            if not line.startswith("data: "):
                continue
            if first is None:
                first = now
            if answer is None and '"content": "' in line and '"content": ""' not in line:
                answer = now
    end = time.perf_counter()
    return {
        "first_byte": ((first or end) - t0) * 1000,
        "first_answer_byte": ((answer or end) - t0) * 1000,
        "total": (end - t0) * 1000,
    }


def bench_chat(
    url: str, key: str, datasets: Path, say: Any, conversations: int = 60
) -> dict[str, Any]:
    convs = _conversations(datasets, conversations)
    runs = []
    for concurrency in (1, 4):
        say(f"chat: {len(convs)} streamed conversations at concurrency {concurrency}")
        t0 = time.perf_counter()
        with ThreadPoolExecutor(concurrency) as pool:
            timings = list(pool.map(lambda m: _one(url, key, m), convs))
        runs.append(
            {
                "concurrency": concurrency,
                "requests": len(timings),
                "seconds": round(time.perf_counter() - t0, 2),
                "first_byte_ms": summarize_ms([t["first_byte"] for t in timings]),
                "first_answer_byte_ms": summarize_ms([t["first_answer_byte"] for t in timings]),
                "total_ms": summarize_ms([t["total"] for t in timings]),
            }
        )
    return {"endpoint": "/v1/chat/completions (stream)", "runs": runs}
