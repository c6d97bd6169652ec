"""Claims: what the LLM must return (JSON) instead of free text."""

from __future__ import annotations

import json
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from zpagent.answer.evidence import KINDS, THESIS_KINDS
from zpagent.errors import ZPAgentError

ClaimKind = Literal[KINDS]  # type: ignore[valid-type]


class MalformedClaims(ZPAgentError):
    reason = "malformed_claims"
    http_status = 502


class Claim(BaseModel):
    model_config = ConfigDict(extra="ignore")

    kind: ClaimKind = Field(description="What the value is.")  # type: ignore[valid-type]
    value: str = Field(min_length=1, max_length=2000)
    sources: list[str] = Field(min_length=1, max_length=10)
    subject: str | None = Field(None, max_length=200, description="The person it is about.")
    thesis_kind: Literal[THESIS_KINDS] | None = None  # type: ignore[valid-type]
    complete: bool = Field(False, description="Claims that a list or count is complete.")
    quote: str | None = Field(None, max_length=2000, description="Verbatim support (statements).")


class ClaimSet(BaseModel):
    model_config = ConfigDict(extra="ignore")

    answerable: bool = True
    claims: list[Claim] = Field(default_factory=list, max_length=50)


_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$", re.MULTILINE)


def parse_claims(text: str) -> ClaimSet:
    """Parse the model's JSON (tolerating a Markdown fence around it)."""
    cleaned = _FENCE.sub("", text.strip())
    start, end = cleaned.find("{"), cleaned.rfind("}")
    if start < 0 or end < start:
        raise MalformedClaims("the model did not return a JSON object")
    try:
        return ClaimSet.model_validate(json.loads(cleaned[start : end + 1]))
    except (ValueError, ValidationError) as exc:
        raise MalformedClaims("the model's JSON does not match the claim schema") from exc
