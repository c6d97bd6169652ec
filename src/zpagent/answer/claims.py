"""Claims: what the LLM must return (JSON) instead of free text.

A claim proposes one typed value about one person (``subject``, optionally
its id), or a count, or a ``statement`` with a verbatim ``quote``. Nothing
of it is shown as written: the verifier binds it to a fact or a quote of
the evidence, and the renderer prints the evidence's words.
"""

from __future__ import annotations

import json
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from zpagent.errors import ZPAgentError

KINDS = (
    "thesis_title",
    "thesis_year",
    "supervisor",
    "consultant",
    "start_year",
    "work_title",
    "keyword",
    "topic",
    "person",
    "document",
    "count",
    "statement",
)
ITEM_KINDS = (
    "bachelor",
    "master",
    "dissertation",
    "team_project",
    "research_task",
    "diploma_project",
    "other",
)

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
    subject_id: str | None = Field(None, max_length=200, description="That person's id.")
    thesis_kind: Literal[ITEM_KINDS] | None = None  # type: ignore[valid-type]
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
