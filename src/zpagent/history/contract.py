"""Contract v1 envelopes of the history tools, and their construction from results.

Sources are commits: each ``CommitSource`` is a ``Source`` (the page it is
about: path, URL, title) plus the commit's id, author date, author and
subject, numbered ``S1..Sn`` per response. Only commits that made a visible
version of a visible page are ever sources; a revision the caller gave is
echoed by its id only.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from zpagent.contract import Envelope, Source
from zpagent.history.model import Blame, Commit, CommitList, PageChange, PageDiff, PageVersion
from zpagent.history.pages import PageCatalog

ChangeStatus = Literal["added", "modified", "deleted", "renamed", "copied", "type_changed"]


class CommitSource(Source):
    commit: str = Field(description="Full commit id.")
    date: str = Field(description="Author date, ISO 8601 with offset.")
    author: str
    message: str = Field(description="The commit message's subject line.")


class ChangeItem(BaseModel):
    status: ChangeStatus
    document_path: str
    previous_path: str | None = Field(None, description="The path before a rename or copy.")
    title: str | None
    source_url: str | None


class CommitItem(BaseModel):
    source_id: str
    commit: str
    parents: list[str]
    merge: bool = Field(description="A merge commit: changes are against its first parent.")
    date: str
    author: str
    message: str
    changes: list[ChangeItem] = Field(default_factory=list)
    changes_truncated: bool = False


class HistoryEnvelope(Envelope):
    sources: list[CommitSource] = Field(default_factory=list)  # type: ignore[assignment]
    head: str = Field(description="The wiki's HEAD commit when the question was answered.")


class HistoryResponse(HistoryEnvelope):
    document_path: str | None = Field(None, description="The page asked about, if one.")
    since: str | None = None
    commits: list[CommitItem] = Field(default_factory=list)


class PageVersionResponse(HistoryEnvelope):
    document_path: str
    title: str | None
    source_url: str | None
    revision: str = Field(
        description="The revision asked for (full id only; its own commit is not described)."
    )
    path_at_revision: str = Field(description="The page's path at that revision (renames).")
    last_change: str | None = Field(
        None,
        description="source_id of the commit that made this version (the page's last change "
        "at or before the revision); null: none that may be shown.",
    )
    content: str = Field(description="The page's Markdown as it was at the revision.")


class PageDiffResponse(HistoryEnvelope):
    document_path: str
    from_commit: str | None = Field(
        description="The commit that made the older version. null: the page did not exist "
        "yet (from_path is null too), or that version was made while the page was hidden."
    )
    to_commit: str | None = Field(
        description="The commit that made the newer version (not the revision asked for); "
        "null: it was made while the page was hidden."
    )
    from_path: str | None
    to_path: str
    added_lines: int
    removed_lines: int
    sections: list[str] = Field(description="Headings of the sections the change touches.")
    diff: str = Field(description="Unified diff (3 lines of context).")


class BlameLineItem(BaseModel):
    line: int
    text: str
    source_id: str | None = Field(
        description="The commit that last changed the line; null: the line comes from a "
        "version made while the page was hidden (that commit is not shown)."
    )


class BlameResponse(HistoryEnvelope):
    document_path: str
    revision: str
    section: str | None = Field(None, description="The section's heading, as written.")
    start_line: int
    end_line: int
    last_change: str | None = Field(None, description="source_id of the newest commit here.")
    lines: list[BlameLineItem] = Field(default_factory=list)


class PageCandidate(BaseModel):
    document_path: str
    title: str | None
    source_url: str | None


class HistoryAnswerResponse(HistoryEnvelope):
    question: str
    answer: str = Field(description="Slovak text rendered from git data only, citing [S1]...")
    kind: Literal["last_change", "authors", "since", "history"]
    document_path: str | None = Field(None, description="The page; null: the whole wiki.")
    candidates: list[PageCandidate] = Field(
        default_factory=list, description="With `ambiguous`: the pages the question may mean."
    )
    head: str | None = Field(None, description="The wiki's HEAD commit, when it was read.")  # type: ignore[assignment]


class CommitSources:
    """Numbers commits S1..Sn in order of first use within one response."""

    def __init__(self, catalog: PageCatalog) -> None:
        self.catalog = catalog
        self._by_sha: dict[str, CommitSource] = {}

    def add(self, commit: Commit, page: str) -> str:
        src = self._by_sha.get(commit.sha)
        if src is None:
            src = CommitSource(
                source_id=f"S{len(self._by_sha) + 1}",
                document_path=page,
                source_url=self.catalog.url(page),
                title=self.catalog.title(page),
                commit=commit.sha,
                date=commit.date,
                author=commit.author,
                message=commit.message,
            )
            self._by_sha[commit.sha] = src
        return src.source_id

    def sources(self) -> list[CommitSource]:
        return list(self._by_sha.values())


def _truncation(reasons: list[str]) -> dict[str, Any]:
    return {
        "truncated": bool(reasons),
        "truncation_reasons": list(dict.fromkeys(reasons)),
        "complete": not reasons,
    }


def _change(change: PageChange, catalog: PageCatalog) -> ChangeItem:
    return ChangeItem(
        status=change.status,  # type: ignore[arg-type]
        document_path=change.path,
        previous_path=change.previous_path,
        title=catalog.title(change.path),
        source_url=catalog.url(change.path) if change.status != "deleted" else None,
    )


def history_response(
    result: CommitList, catalog: PageCatalog, index_version: dict | None, since: str | None = None
) -> HistoryResponse:
    reg = CommitSources(catalog)
    items = []
    for c in result.commits:
        page = result.page or (c.changes[0].path if c.changes else "")
        items.append(
            CommitItem(
                source_id=reg.add(c, page),
                commit=c.sha,
                parents=c.parents,
                merge=c.merge,
                date=c.date,
                author=c.author,
                message=c.message,
                changes=[_change(ch, catalog) for ch in c.changes],
                changes_truncated=c.changes_truncated,
            )
        )
    return HistoryResponse(
        status="ok" if items else "no_answer",
        reason=None if items else "no_matching_commits",
        sources=reg.sources(),
        index_version=index_version,
        head=result.head or "",
        document_path=result.page,
        since=since,
        commits=items,
        **_truncation(result.truncated_reasons),
    )


def version_response(
    v: PageVersion, catalog: PageCatalog, index_version: dict | None, head: str
) -> PageVersionResponse:
    reg = CommitSources(catalog)
    last = reg.add(v.last_change, v.page) if v.last_change else None
    return PageVersionResponse(
        status="ok",
        sources=reg.sources(),
        index_version=index_version,
        head=head,
        document_path=v.page,
        title=catalog.title(v.page),
        source_url=catalog.url(v.page),
        revision=v.commit.sha,
        path_at_revision=v.path_at_revision,
        last_change=last,
        content=v.content,
        **_truncation(v.truncated_reasons),
    )


def diff_response(
    d: PageDiff, catalog: PageCatalog, index_version: dict | None, head: str
) -> PageDiffResponse:
    reg = CommitSources(catalog)
    if d.to_commit is not None:
        reg.add(d.to_commit, d.page)
    if d.from_commit is not None:
        reg.add(d.from_commit, d.page)
    return PageDiffResponse(
        status="ok",
        sources=reg.sources(),
        index_version=index_version,
        head=head,
        document_path=d.page,
        from_commit=d.from_commit.sha if d.from_commit else None,
        to_commit=d.to_commit.sha if d.to_commit else None,
        from_path=d.from_path,
        to_path=d.to_path,
        added_lines=d.added_lines,
        removed_lines=d.removed_lines,
        sections=d.sections,
        diff=d.diff,
        **_truncation(d.truncated_reasons),
    )


def blame_response(
    b: Blame, catalog: PageCatalog, index_version: dict | None, head: str
) -> BlameResponse:
    reg = CommitSources(catalog)
    for commit in b.commits.values():  # newest first: S1 is the last change
        reg.add(commit, b.page)
    ids = {s.commit: s.source_id for s in reg.sources()}
    return BlameResponse(
        status="ok",
        sources=reg.sources(),
        index_version=index_version,
        head=head,
        document_path=b.page,
        revision=b.revision.sha,
        section=b.section,
        start_line=b.start_line,
        end_line=b.end_line,
        last_change=ids.get(b.last_change.sha) if b.last_change else None,
        lines=[
            BlameLineItem(line=ln.line, text=ln.text, source_id=ids.get(ln.sha) if ln.sha else None)
            for ln in b.lines
        ],
        **_truncation(b.truncated_reasons),
    )
