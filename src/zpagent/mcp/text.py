"""Compact text of each envelope for the model (``content``); the full envelope
travels beside it as ``structuredContent``. The text says the same things, with
the same source ids, in a form a model reads at a glance."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zpagent.contract import AnswerResponse, Envelope, ErrorResponse, RagResponse, SearchResponse
from zpagent.graph.contract import GraphResponse
from zpagent.history.contract import (
    BlameResponse,
    HistoryAnswerResponse,
    HistoryResponse,
    PageDiffResponse,
    PageVersionResponse,
)

SNIPPET_CHARS = 600
MAX_FACTS = 30


def _status(env: Envelope) -> str:
    line = f"status: {env.status}"
    if env.reason:
        line += f" ({env.reason})"
    if env.truncated:
        line += f"; truncated: {', '.join(env.truncation_reasons)}"
    return line


def _sources(env: Envelope) -> str:
    if not env.sources:
        return ""
    lines = ["Sources:"]
    for s in env.sources:
        where = s.source_url or s.document_path
        extra = ""
        if hasattr(s, "commit"):
            extra = f" — commit {s.commit[:10]}, {s.date}, {s.author}: {s.message}"
        lines.append(f"[{s.source_id}] {s.title or s.document_path} — {where}{extra}")
    return "\n".join(lines)


def _search(r: SearchResponse) -> list[str]:
    out = [f"{len(r.results)} results ({r.mode})"]
    for item in r.results:
        section = " › ".join(item.heading_path)
        text = " ".join(item.text.split())[:SNIPPET_CHARS]
        out.append(f"[{item.source_id}] {item.title or item.document_path} › {section}\n{text}")
    return out


def _rag(r: RagResponse) -> list[str]:
    if r.status != "ok":
        return []
    return [r.instructions, f"Context:\n{r.context}", r.answer_format]


def _graph(r: GraphResponse) -> list[str]:
    out = []
    if r.answers:
        out.append("Answers: " + "; ".join(r.answers))
    if r.aggregation is not None:
        agg = r.aggregation
        out.append(f"Count: {agg.count} {agg.unit} (exact; all listed: {agg.complete})")
    for fact in r.facts[:MAX_FACTS]:
        value = fact.value if fact.value is not None else (fact.object.name if fact.object else "")
        cites = " ".join(f"[{s}]" for s in fact.source_ids)
        out.append(f"- {fact.subject.name} · {fact.predicate}: {value} {cites}".rstrip())
    for path in r.paths:
        out.append(f"- path: {path.text} " + " ".join(f"[{s}]" for s in path.source_ids))
    for c in r.candidates:
        out.append(f"- {c.status}: {c.name} ({c.document_path or '-'}) {c.summary or ''}".rstrip())
    return out


def _answer(r: AnswerResponse | HistoryAnswerResponse) -> list[str]:
    return [r.answer]


def _history(r: HistoryResponse) -> list[str]:
    out = [f"HEAD {r.head[:10]}; {len(r.commits)} commits, newest first"]
    for c in r.commits:
        pages = ", ".join(
            f"{ch.status} {ch.document_path}"
            + (f" (from {ch.previous_path})" if ch.previous_path else "")
            for ch in c.changes
        )
        merge = " merge" if c.merge else ""
        out.append(f"[{c.source_id}] {c.date} {c.author}{merge}: {c.message} — {pages}")
    return out


def _version(r: PageVersionResponse) -> list[str]:
    where = r.path_at_revision
    last = f", last changed in [{r.last_change}]" if r.last_change else ""
    return [f"{r.document_path} at {r.revision[:10]} (path then: {where}){last}", r.content]


def _diff(r: PageDiffResponse) -> list[str]:
    # null commits: the page did not exist yet, or the version was made while hidden
    frm = r.from_commit[:10] if r.from_commit else "(not shown)" if r.from_path else "(nothing)"
    to = r.to_commit[:10] if r.to_commit else "(not shown)"
    head = f"{r.document_path}: {frm} → {to}, +{r.added_lines} −{r.removed_lines}"
    sections = "Sections: " + "; ".join(r.sections) if r.sections else ""
    return [head, sections, r.diff]


def _blame(r: BlameResponse) -> list[str]:
    where = f"section „{r.section}“, " if r.section else ""
    head = f"{r.document_path} at {r.revision[:10]}: {where}lines {r.start_line}-{r.end_line}"
    if r.last_change:
        head += f"; last changed in [{r.last_change}]"
    return [head, "\n".join(f"{ln.line:>5} [{ln.source_id or '-'}] {ln.text}" for ln in r.lines)]


def _error(r: ErrorResponse) -> list[str]:
    out = [r.message]
    for d in r.details or []:
        out.append(f"- {d.loc}: {d.type}")
    return out


_RENDERERS: list[tuple[type, Callable[[Any], list[str]]]] = [
    (ErrorResponse, _error),
    (SearchResponse, _search),
    (RagResponse, _rag),
    (GraphResponse, _graph),
    (AnswerResponse, _answer),
    (HistoryAnswerResponse, _answer),
    (HistoryResponse, _history),
    (PageVersionResponse, _version),
    (PageDiffResponse, _diff),
    (BlameResponse, _blame),
]


def envelope_text(env: Envelope) -> str:
    parts = [_status(env)]
    for kind, render in _RENDERERS:
        if isinstance(env, kind):
            parts += render(env)
            break
    parts.append(_sources(env))
    return "\n\n".join(p for p in parts if p)
