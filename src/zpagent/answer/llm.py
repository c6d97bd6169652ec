"""An OpenAI-compatible chat completions client with bounded, honest failure.

Timeouts are bounded and configurable; 429 and 5xx are retried with
exponential backoff; a dead endpoint is ``LLMUnavailable`` (503
``llm_unavailable``). The API key is sent as a Bearer token and never
logged or put into an error message.

    LLMError (ZPAgentError)
    ├── LLMUnavailable   connection refused, timeouts, 5xx/429 after retries
    │   └── LLMDeadline  the answer's total time ran out (``Deadline``)
    └── LLMBadResponse   a 2xx whose body is not a chat completion

One answer may call the model several times (condensing, generating, retries,
a repair round): a ``Deadline`` passed to every call bounds their sum, so a
dead or slow model never holds a request longer than ANSWER_DEADLINE_SECONDS.
"""

from __future__ import annotations

import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from zpagent.errors import LLMUnavailable, ZPAgentError

log = logging.getLogger(__name__)


class LLMBadResponse(ZPAgentError):
    reason = "llm_bad_response"
    http_status = 502
    public_message = "The language model returned an unusable response."


class LLMDeadline(LLMUnavailable):
    reason = "llm_deadline"
    public_message = "The language model did not answer in time."


@dataclass(frozen=True)
class Deadline:
    """A point in ``time.monotonic()`` by which every model call must be done."""

    at: float

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        return cls(time.monotonic() + seconds)

    def remaining(self) -> float:
        return self.at - time.monotonic()


NO_DEADLINE = Deadline(float("inf"))


@dataclass
class LLMConfig:
    url: str
    model: str
    api_key: str | None = None
    timeout: float = 60.0
    retries: int = 3
    backoff: float = 0.5
    temperature: float = 0.0


@dataclass
class ChatResult:
    content: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    attempts: int = 1
    raw: dict[str, Any] = field(default_factory=dict)


class ChatClient:
    def __init__(self, config: LLMConfig, transport: httpx.BaseTransport | None = None) -> None:
        self.config = config
        headers = {"Authorization": f"Bearer {config.api_key}"} if config.api_key else {}
        base = config.url.rstrip("/")
        if not base.endswith("/v1"):
            base = f"{base}/v1"
        self._client = httpx.Client(
            base_url=base, headers=headers, timeout=config.timeout, transport=transport
        )
        self.calls = 0
        self.prompt_tokens = 0
        self.completion_tokens = 0

    def close(self) -> None:
        self._client.close()

    def chat(
        self,
        messages: list[dict[str, str]],
        json_mode: bool = True,
        deadline: Deadline = NO_DEADLINE,
    ) -> ChatResult:
        """One completion; retries and their waits stay within ``deadline``."""
        body: dict[str, Any] = {
            "model": self.config.model,
            "messages": messages,
            "temperature": self.config.temperature,
        }
        if json_mode:
            body["response_format"] = {"type": "json_object"}
        attempt = 0
        while True:
            attempt += 1
            left = deadline.remaining()
            if left <= 0:
                raise LLMDeadline("the answer's deadline passed")
            self.calls += 1
            try:
                resp = self._client.post(
                    "/chat/completions", json=body, timeout=min(self.config.timeout, left)
                )
            except httpx.TimeoutException as exc:
                if deadline.remaining() <= 0:
                    raise LLMDeadline("the answer's deadline passed") from exc
                if attempt <= self.config.retries:
                    self._sleep(attempt, deadline=deadline)
                    continue
                raise LLMUnavailable("the language model timed out") from exc
            except httpx.HTTPError as exc:
                raise LLMUnavailable("the language model endpoint is unreachable") from exc
            if resp.status_code == 429 or resp.status_code >= 500:
                if attempt <= self.config.retries:
                    self._sleep(attempt, resp.headers.get("retry-after"), deadline)
                    continue
                raise LLMUnavailable(f"the language model answered HTTP {resp.status_code}")
            if resp.status_code >= 400:
                raise LLMUnavailable(f"the language model refused the request ({resp.status_code})")
            return self._parse(resp, attempt)

    def _sleep(
        self, attempt: int, retry_after: str | None = None, deadline: Deadline = NO_DEADLINE
    ) -> None:
        delay = self.config.backoff * 2 ** (attempt - 1)
        if retry_after:
            with contextlib.suppress(ValueError):
                delay = min(max(delay, float(retry_after)), 30.0)
        if delay >= deadline.remaining():
            raise LLMDeadline("no time left to wait for a retry")
        log.info("LLM busy; retry %d in %.1f s", attempt, delay)
        time.sleep(delay)

    def _parse(self, resp: httpx.Response, attempt: int) -> ChatResult:
        try:
            data = resp.json()
            content = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMBadResponse("not a chat completion") from exc
        if not isinstance(content, str):
            raise LLMBadResponse("the completion has no text content")
        usage = data.get("usage") or {}
        result = ChatResult(
            content=content,
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            attempts=attempt,
            raw=data,
        )
        self.prompt_tokens += result.prompt_tokens
        self.completion_tokens += result.completion_tokens
        return result
