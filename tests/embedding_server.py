"""A real OpenAI-compatible ``/v1/embeddings`` endpoint on 127.0.0.1 for tests.

Deterministic vectors (hashed words), every request recorded, and a gate:
while ``release`` is clear, requests wait after being recorded, so a test
can hold an embedding in flight without a timing guess.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np


def fake_vector(text: str, dim: int, seed: str = "") -> list[float]:
    """Deterministic bag-of-words vector (hashed words), never all zero."""
    vec = [0.001] * dim
    for word in re.findall(r"\w+", text.lower()):
        idx = int(hashlib.sha256((seed + word).encode()).hexdigest(), 16) % dim
        vec[idx] += 1.0
    return vec


def unit(vec: list[float]) -> np.ndarray:
    arr = np.asarray(vec, dtype=np.float32)
    return arr / np.linalg.norm(arr)


class EmbeddingServer:
    """``POST /v1/embeddings`` on 127.0.0.1 that records every request.

    ``mode``: ``ok``; ``http_error`` (500); ``no_data`` (200 without ``data``);
    ``not_json`` (200 with an HTML body). Answers list the vectors in
    *reverse* order (each with its ``index``): clients must reorder.
    """

    def __init__(self, dim: int = 32, seed: str = "") -> None:
        self.dim = dim
        self.seed = seed
        self.mode = "ok"
        self.requests: list[dict] = []
        self.release = threading.Event()
        self.release.set()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                server.requests.append(
                    {"path": self.path, "auth": self.headers.get("Authorization"), "body": body}
                )
                if self.path != "/v1/embeddings":
                    return self._send(404, b'{"error": "not found"}')
                server.release.wait(60)
                if server.mode == "http_error":
                    return self._send(500, b'{"error": "model crashed"}')
                if server.mode == "not_json":
                    return self._send(200, b"<html>proxy error</html>", "text/html")
                if server.mode == "no_data":
                    return self._send(200, b'{"object": "list"}')
                data = [
                    {
                        "object": "embedding",
                        "index": i,
                        "embedding": fake_vector(t, server.dim, server.seed),
                    }
                    for i, t in enumerate(body["input"])
                ]
                payload = {"object": "list", "model": body["model"], "data": data[::-1]}
                self._send(200, json.dumps(payload).encode())

            def _send(self, status: int, raw: bytes, ctype: str = "application/json") -> None:
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, *args) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    def inputs(self) -> list[str]:
        return [t for r in self.requests for t in r["body"]["input"]]

    def stop(self) -> None:
        self.release.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=10)
