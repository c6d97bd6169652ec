"""Evaluation datasets: JSON files in ``eval/datasets/``, validated by schema.

Every file is ``{"schema_version": 1, "kind": ..., "description": ...,
"items": [...]}``. Every item has an ``id`` (unique in the file), a
``split`` (``dev`` for tuning, ``test`` frozen: a test pins its hash), a
``category``, the ``query`` and an ``expect`` object whose fields depend on
the kind. ``--strict-dataset`` refuses unknown fields and inconsistent items
instead of skipping them.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from zpagent.errors import ZPAgentError

log = logging.getLogger(__name__)

Split = Literal["dev", "test"]
Status = Literal["ok", "no_answer", "ambiguous", "error"]


class DatasetError(ZPAgentError):
    reason = "invalid_dataset"
    http_status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        # The message names the file (not its path) and the item: show it in the
        # ``--json`` error envelope too, instead of the generic "Internal error.".
        self.public_message = message


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RetrievalExpect(_Strict):
    # Pages that answer the query; any of them counts as a hit. Empty for no-answer items.
    relevant: list[str] = Field(default_factory=list)
    status: Status = "ok"
    # Strings that must occur in the evidence of a correct hit (optional, informative).
    answers: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> RetrievalExpect:
        if self.status == "ok" and not self.relevant:
            raise ValueError("an ok item needs relevant documents")
        if self.status == "no_answer" and self.relevant:
            raise ValueError("a no_answer item has no relevant documents")
        return self


class GraphExpect(_Strict):
    question_type: str
    status: Status = "ok"
    reason: str | None = None
    # Expected answer values (titles, years, names, keywords, ...), compared normalized.
    answers: list[str] = Field(default_factory=list)
    # For count questions: the exact number.
    count: int | None = None
    # Expected person ids (truth ids) for list questions, or candidates when ambiguous.
    persons: list[str] = Field(default_factory=list)
    # Evidence documents a correct answer must cite (any order).
    documents: list[str] = Field(default_factory=list)


class RobustnessExpect(_Strict):
    behaviour: Literal[
        "answer_grounded",
        "refuse_no_answer",
        "ignore_injection",
        "correct_false_premise",
        "ask_clarification",
        "no_invention",
    ]
    severity: Literal["low", "medium", "high", "critical"]
    # Statuses acceptable from the retrieval/graph tools for this item.
    tool: Literal["rag", "graph", "search", "answer"] = "rag"
    statuses: list[Status] = Field(default_factory=lambda: ["ok"])
    relevant: list[str] = Field(default_factory=list)
    # Strings that must never appear in the tool's instructions or answer.
    forbidden: list[str] = Field(default_factory=list)


class PerformanceExpect(_Strict):
    profile: Literal[
        "short", "noisy", "multi_document", "no_answer", "large_limit", "context_heavy", "hot"
    ]
    endpoint: Literal["search", "rag", "graph"] = "search"
    limit: int = Field(10, ge=1, le=50)


class AnswerExpect(_Strict):
    engine: Literal["rag", "graph", "auto"] = "auto"
    should_answer: bool = True
    facts: list[str] = Field(default_factory=list)
    source_urls: list[str] = Field(default_factory=list)
    documents: list[str] = Field(default_factory=list)


class FusionExpect(_Strict):
    status: Status = "ok"
    reason: str | None = None
    # The set of pages the question is about (every page of it is evidence).
    pages: list[str] = Field(default_factory=list)
    # The exact size of the set.
    count: int | None = None
    # Facts a correct answer states (thesis titles, or the students' names).
    answers: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> FusionExpect:
        if self.status == "ok" and (not self.pages or self.count != len(set(self.pages))):
            raise ValueError("an ok item needs its pages and their exact count")
        if self.status != "ok" and (self.pages or self.answers):
            raise ValueError("a refused item has no pages and no answers")
        return self


class SmallTalkExpect(_Strict):
    small_talk: bool
    # The kinds of small talk in the turn (greeting, thanks, ...), in order.
    kinds: list[str] = Field(default_factory=list)


class ConversationExpect(_Strict):
    # The user turns before ``query``; the agent answers each in order.
    turns: list[str] = Field(default_factory=list)
    facts: list[str] = Field(default_factory=list)
    status: Status = "ok"
    # The truth id of the person the last answer must be about.
    person: str | None = None


EXPECT_MODELS: dict[str, type[BaseModel]] = {
    "retrieval": RetrievalExpect,
    "graph": GraphExpect,
    "robustness": RobustnessExpect,
    "performance": PerformanceExpect,
    "answers": AnswerExpect,
    "fusion": FusionExpect,
    "small_talk": SmallTalkExpect,
    "conversations": ConversationExpect,
}


class Item(_Strict):
    id: str = Field(min_length=1)
    split: Split
    category: str = Field(min_length=1)
    query: str = Field(min_length=1)
    expect: dict[str, Any]
    note: str | None = None


class Dataset(_Strict):
    schema_version: Literal[1] = 1
    kind: Literal[
        "retrieval",
        "graph",
        "robustness",
        "performance",
        "answers",
        "small_talk",
        "conversations",
        "fusion",
    ]
    description: str = ""
    items: list[Item]

    def typed_expect(self, item: Item) -> Any:
        return EXPECT_MODELS[self.kind].model_validate(item.expect)

    def select(self, split: str) -> list[Item]:
        return [i for i in self.items if split == "all" or i.split == split]


def load_dataset(path: Path | str, strict: bool = False) -> Dataset:
    """Load and validate every ``expect`` and id uniqueness.

    Strict mode refuses the file at the first problem; otherwise the items with a
    duplicate id or an invalid ``expect`` are skipped with a warning (as the module
    docstring says: before, such an item crashed the evaluation as an internal error).
    """
    path = Path(path)
    raw: Any = None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        ds = Dataset.model_validate(raw)
    except ValidationError as exc:
        where = _failing_items(raw, exc)
        raise DatasetError(f"{path.name}: not a valid dataset: {where}{exc}") from exc
    except (OSError, ValueError) as exc:
        raise DatasetError(f"{path.name}: not a valid dataset: {exc}") from exc
    seen: set[str] = set()
    kept: list[Item] = []
    for item in ds.items:
        try:
            if item.id in seen:
                raise DatasetError(f"{path.name}: duplicate id {item.id}")
            try:
                ds.typed_expect(item)
            except ValidationError as exc:
                raise DatasetError(f"{path.name}: item {item.id}: {exc}") from exc
        except DatasetError as exc:
            if strict:
                raise
            log.warning("skipped: %s", exc)
            continue
        seen.add(item.id)
        kept.append(item)
    ds.items = kept
    return ds


def _failing_items(raw: Any, exc: ValidationError) -> str:
    """``item <id>: `` for schema errors inside items (pydantic names only the index)."""
    items = raw.get("items") if isinstance(raw, dict) else None
    if not isinstance(items, list):
        return ""
    ids = []
    for err in exc.errors():
        loc = err.get("loc", ())
        if len(loc) > 1 and loc[0] == "items" and isinstance(loc[1], int):
            found = items[loc[1]] if loc[1] < len(items) else None
            ids.append(str(found.get("id")) if isinstance(found, dict) else f"#{loc[1]}")
    return f"item {', '.join(dict.fromkeys(ids))}: " if ids else ""


def split_hash(ds: Dataset, split: str = "test") -> str:
    """Hash of one split's items (canonical JSON): tests pin the frozen test split."""
    items = [i.model_dump() for i in ds.items if i.split == split]
    canonical = json.dumps(items, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
