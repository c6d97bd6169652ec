"""Answer a question about the wiki's changes from git data alone, with commits as sources.

    history_answer(workspace, gen, question) -> HistoryAnswer

The page is resolved from a path, URL, title or a person's name (see
``resolve``); the kind of question from its cues (see ``intent``). The
answer text is rendered from commits and diffs only (``render``); every
statement cites the commit it comes from. No LLM is involved.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from zpagent.errors import WikiError
from zpagent.history import render
from zpagent.history.contract import (
    CommitSource,
    CommitSources,
    HistoryAnswerResponse,
    PageCandidate,
)
from zpagent.history.errors import HistoryUnavailable, UnknownPage
from zpagent.history.model import Commit, CommitList, PageDiff
from zpagent.history.policy import HistoryPolicy
from zpagent.history.resolve import PageRef, resolve_page
from zpagent.history.service import WikiHistory
from zpagent.index.reader import Generation
from zpagent.query import Query
from zpagent.query.model import HistoryAsk

__all__ = [
    "HistoryAnswer",
    "answer_response",
    "history_answer",
    "history_asker",
]


@dataclass(frozen=True)
class HistoryIntent:
    """A history query's kind and the start of its period, as a date-time."""

    kind: str  # last_change | authors | since | history
    since: dt.datetime | None = None

    @classmethod
    def of(cls, ask: HistoryAsk | None) -> HistoryIntent:
        if ask is None:
            return cls("last_change")
        return cls(ask.kind, dt.datetime.fromisoformat(ask.since) if ask.since else None)


NO_PAGE = "Takú stránku vo wiki nepoznám, preto o jej zmenách neviem nič povedať."
AUTHOR_COMMITS = 100
LIST_COMMITS = 15


@dataclass
class HistoryAnswer:
    status: str  # ok | no_answer | ambiguous
    reason: str | None
    answer: str
    kind: str  # last_change | authors | since | history
    sources: list[CommitSource] = field(default_factory=list)  # the commits cited, S1..Sn
    document_path: str | None = None  # None: the question is about the whole wiki
    candidates: list[PageRef] = field(default_factory=list)
    head: str | None = None
    truncation_reasons: list[str] = field(default_factory=list)


class _Citations:
    """``cite(commit)`` -> ``[S1]``: numbers the commits an answer cites."""

    def __init__(self, history: WikiHistory, page: str | None) -> None:
        self.page = page
        self.registry = CommitSources(history.catalog)

    def __call__(self, commit: Commit) -> str:
        page = self.page or (commit.changes[0].path if commit.changes else "")
        return f"[{self.registry.add(commit, page)}]"


def open_history(workspace: Any, gen: Generation | None) -> WikiHistory:
    """The history of the wiki the workspace indexes (``ZPWIKI_PATH``)."""
    try:
        wiki = workspace.wiki_path()
    except WikiError as exc:
        raise HistoryUnavailable("ZPWIKI_PATH is not set") from exc
    limits = workspace.page_limits() if hasattr(workspace, "page_limits") else None
    policy = HistoryPolicy.from_settings(workspace.settings)
    return WikiHistory(wiki, gen, workspace.settings.wiki_base_url, limits, policy)


def history_asker(workspace: Any, gen: Generation):
    """``answer(..., history=history_asker(ws, gen))``: history questions go to Git."""
    return lambda question: history_answer(workspace, gen, question)


def history_answer(workspace: Any, gen: Generation, query: Query) -> HistoryAnswer:
    """Raises ``HistoryError`` subclasses (``history_unavailable`` when the wiki has
    no Git history)."""
    intent = HistoryIntent.of(query.history)
    match = resolve_page(gen, query)
    if match.status == "ambiguous":
        names = "; ".join(
            f"{render.page_name(p.title, p.document_path)} ({render.plain(p.document_path)})"
            for p in match.pages
        )
        return HistoryAnswer(
            "ambiguous",
            "ambiguous_page",
            f"Otázka sa môže týkať viacerých stránok: {names}. Ktorú máte na mysli?",
            intent.kind,
            candidates=match.pages,
        )
    if match.status == "unknown":
        return HistoryAnswer(
            "no_answer",
            match.reason,
            NO_PAGE,
            intent.kind,
            candidates=match.pages,
        )
    history = open_history(workspace, gen)
    page = match.page
    if page is None:
        return _wiki_answer(history, intent)
    try:
        return _page_answer(history, intent, page)
    except UnknownPage:  # indexed, but not a (published) page of the repository now
        return HistoryAnswer("no_answer", "unknown_page", NO_PAGE, intent.kind)


def _page_answer(history: WikiHistory, intent: HistoryIntent, page: PageRef) -> HistoryAnswer:
    path = page.document_path
    cite = _Citations(history, path)
    name = render.page_name(page.title, path)
    reasons: list[str] = []
    if intent.kind == "authors":
        log = history.page_history(path, limit=AUTHOR_COMMITS)
        text = render.authors(f"Stránku {name}", log.commits, cite, bool(log.truncated_reasons))
        reasons = log.truncated_reasons
    elif intent.kind == "history":
        log = history.page_history(path, limit=LIST_COMMITS)
        heading = f"História stránky {name} (od najnovšej zmeny):"
        text = render.commit_list(heading, log.commits, cite, bool(log.truncated_reasons))
        reasons = log.truncated_reasons
    elif intent.kind == "since" and intent.since is not None:
        log = history.page_history(path, since=intent.since, limit=LIST_COMMITS)
        reasons = log.truncated_reasons
        since = render.day(intent.since)
        if log.commits:
            heading = f"Od {since} sa stránka {name} zmenila ({render.times(len(log.commits))}):"
            text = render.commit_list(heading, log.commits, cite, bool(reasons))
        else:
            last = history.page_history(path, limit=1).commits
            text = f"Od {since} sa stránka {name} nezmenila."
            if last:
                text += (
                    f" Naposledy sa zmenila {render.when(last[0])} "
                    f"({render.plain(last[0].author, 80)}) {cite(last[0])}."
                )
    else:
        try:
            diff: PageDiff | None = history.page_diff(path)
        except UnknownPage:  # e.g. the version before the last change was hidden
            diff = None
        if diff is not None and diff.to_commit is not None:
            text = render.last_change(name, diff.to_commit, diff, cite)
            reasons = diff.truncated_reasons
        else:  # the last change that may be shown, without what it changed
            last = history.page_history(path, limit=1).commits
            if not last:
                raise UnknownPage("the page has no change that may be shown")
            text = render.last_change(name, last[0], None, cite)
    return _answer(intent, text, cite, history, path, reasons)


def _wiki_answer(history: WikiHistory, intent: HistoryIntent) -> HistoryAnswer:
    cite = _Citations(history, None)
    catalog = history.catalog

    def label(path: str) -> str:
        return render.page_name(catalog.title(path), path)

    limit = AUTHOR_COMMITS if intent.kind == "authors" else LIST_COMMITS
    log: CommitList = history.recent_changes(since=intent.since, limit=limit)
    if not log.commits:
        since = f" od {render.day(intent.since)}" if intent.since else ""
        return HistoryAnswer(
            "no_answer",
            "no_matching_commits",
            f"Vo wiki sa{since} nenašli žiadne zmeny publikovaných stránok.",
            intent.kind,
            head=history.head,
        )
    more = bool(log.truncated_reasons)
    if intent.kind == "authors":
        text = render.authors("Wiki", log.commits, cite, more)
    else:
        since = f" od {render.day(intent.since)}" if intent.since else ""
        text = render.commit_list(
            f"Zmeny vo wiki{since} (od najnovšej):", log.commits, cite, more, label
        )
    return _answer(intent, text, cite, history, None, log.truncated_reasons)


def _answer(
    intent: HistoryIntent,
    text: str,
    cite: _Citations,
    history: WikiHistory,
    path: str | None,
    reasons: list[str],
) -> HistoryAnswer:
    return HistoryAnswer(
        "ok",
        None,
        text,
        intent.kind,
        sources=cite.registry.sources(),
        document_path=path,
        head=history.head,
        truncation_reasons=list(reasons),
    )


def answer_response(
    a: HistoryAnswer, question: str, index_version: dict | None
) -> HistoryAnswerResponse:
    """The contract envelope of a history answer (MCP's ``history_question``)."""
    return HistoryAnswerResponse(
        status=a.status,  # type: ignore[arg-type]
        reason=a.reason,
        sources=a.sources,
        index_version=index_version,
        head=a.head,
        question=question,
        answer=a.answer,
        kind=a.kind,  # type: ignore[arg-type]
        document_path=a.document_path,
        candidates=[
            PageCandidate(document_path=p.document_path, title=p.title, source_url=p.source_url)
            for p in a.candidates
        ],
        truncated=bool(a.truncation_reasons),
        truncation_reasons=list(dict.fromkeys(a.truncation_reasons)),
        complete=not a.truncation_reasons if a.status == "ok" else None,
    )
