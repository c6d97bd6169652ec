"""A scripted OpenAI-compatible chat server speaking real HTTP on 127.0.0.1.

No model can be downloaded here, so tests and ``zpagent eval answers
--llm scripted`` talk to this server instead: the whole client path (HTTP,
retries, timeouts, JSON parsing, verification) runs for real. Each request
pops the next scripted step, or asks a responder function: the honest
stand-in (``honest_llm``) or an adversary (``adversarial_llm``). It is a
harness for the pipeline, not a measure of any real model.
"""

from __future__ import annotations

import json
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
