"""A scripted OpenAI-compatible chat server speaking real HTTP on 127.0.0.1.

No model can be downloaded here, so tests and ``zpagent eval answers
--llm scripted`` talk to this server instead: the whole client path (HTTP,
retries, timeouts, JSON parsing, verification) runs for real. Each request
pops the next scripted step, or asks a responder function such as
``oracle_responder``: a rule-based stand-in that reads labelled lines
("Názov práce:", "Vedúci:") from the prompt's sources. It is a harness for
the pipeline, not a measure of any real model.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Step = dict[str, Any]


def completion(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "model": "scripted",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
    }


def claims(*items: dict[str, Any], answerable: bool = True) -> Step:
    return {
        "content": json.dumps({"answerable": answerable, "claims": list(items)}, ensure_ascii=False)
    }


class ScriptedLLM:
    def __init__(self, responder: Callable[[dict[str, Any]], Step] | None = None) -> None:
        self.steps: list[Step] = []
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.responder = responder
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                owner.requests.append(body)
                owner.headers.append(dict(self.headers))
                if owner.steps:
                    step = owner.steps.pop(0)
                elif owner.responder is not None:
                    step = owner.responder(body)
                else:
                    step = {"status": 500}
                if step.get("sleep"):
                    time.sleep(step["sleep"])
                status = step.get("status", 200)
                if "raw" in step:
                    payload = step["raw"].encode()
                elif status == 200:
                    payload = json.dumps(completion(step["content"])).encode()
                else:
                    payload = json.dumps({"error": {"message": "scripted"}}).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    if step.get("retry_after") is not None:
                        self.send_header("retry-after", str(step["retry_after"]))
                    self.send_header("content-length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> ScriptedLLM:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def script(self, *steps: Step) -> None:
        self.steps.extend(steps)


# --- a rule-based stand-in for CI -------------------------------------------------------

_BLOCK = re.compile(r"^\[(S\d+)\] (.+)$", re.MULTILINE)
_KIND_WORDS = (("bakal", "bachelor"), ("diplom", "master"), ("dizert", "dissertation"))
_LABELS = (
    ("thesis_title", re.compile(r"^(?:názov[^:]*|téma|title)\s*:\s*(.+)$", re.IGNORECASE)),
    ("supervisor", re.compile(r"^(?:vedúc[iaí][^:]*|školiteľ[^:]*)\s*:\s*(.+)$", re.IGNORECASE)),
    ("consultant", re.compile(r"^konzultant[^:]*:\s*(.+)$", re.IGNORECASE)),
    ("start_year", re.compile(r"^rok začiatku štúdia\s*:\s*(\d{4})", re.IGNORECASE)),
)
_HEADING_YEAR = re.compile(r"(bakal|diplom|dizert)\w*\s+\w*\s*(\d{4})", re.IGNORECASE)


def _blocks(prompt: str) -> list[tuple[str, str, str]]:
    starts = list(_BLOCK.finditer(prompt))
    out = []
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(prompt)
        out.append((m.group(1), m.group(2).strip(), prompt[m.end() : end]))
    return out


def _clean(value: str) -> str:
    value = re.sub(r"[*_`]", "", value).strip()
    return re.sub(r"^(?:Ing|Mgr|Bc|doc|prof|RNDr)\.\s*", "", value).split(", ")[0].strip()


def oracle_responder(body: dict[str, Any]) -> Step:
    """Claims for what the question asks, read from labelled lines of the best block."""
    from zpagent.ingest.text import fold
    from zpagent.question.analysis import asked_attributes

    messages = body.get("messages", [])
    prompt = messages[1]["content"] if len(messages) > 1 else ""
    question = prompt.rsplit("Otázka:", 1)[-1].split("\n", 1)[0].strip()
    asked = asked_attributes(fold(question)) or {"thesis_title"}
    q = fold(question)
    wanted_kind = next((k for w, k in _KIND_WORDS if w in q), None)
    found = []
    for sid, title, text in _blocks(prompt):
        name_hits = sum(1 for part in fold(title).split() if len(part) > 2 and part[:4] in q)
        if not name_hits:
            continue
        kind = None
        for line in text.splitlines():
            line = re.sub(r"^[\s*#>-]+", "", line).strip()
            low = fold(line)
            for word, k in _KIND_WORDS:
                if low.startswith(word) or (f"> {word}" in low):
                    kind = k
            year = _HEADING_YEAR.search(line)
            if year and "thesis_year" in asked:
                found.append((name_hits, "thesis_year", year.group(2), sid, title, kind))
            for attr, pattern in _LABELS:
                m = pattern.match(line.replace("*", ""))
                if m and attr in asked:
                    value = _clean(m.group(1)) if attr != "thesis_title" else m.group(1).strip()
                    found.append((name_hits, attr, value.strip(" *"), sid, title, kind))
    if not found:
        return {"content": json.dumps({"answerable": False, "claims": []})}
    best = max(f[0] for f in found)
    chosen = [f for f in found if f[0] == best and (not wanted_kind or f[5] in (wanted_kind, None))]
    items = []
    for _, attr, value, sid, title, kind in chosen or [f for f in found if f[0] == best]:
        items.append(
            {"kind": attr, "value": value, "sources": [sid], "subject": title, "thesis_kind": kind}
        )
    return claims(*items[:4])
