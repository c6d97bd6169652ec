"""``WikiHistory``: the wiki's Git history for one request, read-only and confined.

Binds the repository (found from ``ZPWIKI_PATH``), its HEAD at the start of
the request, the served index's view of the pages and the visibility rule,
so that every question of one request sees one consistent state.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from zpagent.history import content as ct
from zpagent.history.blame import blame_lines
from zpagent.history.errors import HistoryUnavailable, UnknownPage
from zpagent.history.git import GitRepo
from zpagent.history.log import page_history, recent_changes
from zpagent.history.model import Blame, CommitList, PageDiff, PageVersion
from zpagent.history.pages import PageCatalog, Visibility, is_published
from zpagent.history.validate import check_page_path
from zpagent.index.reader import Generation


class WikiHistory:
    def __init__(self, wiki: Path, gen: Generation | None, base_url: str | None) -> None:
        self.repo = GitRepo(wiki)
        head = self.repo.head()
        if head is None:
            raise HistoryUnavailable("the wiki's repository has no commits")
        self.head = head
        self.catalog = PageCatalog(gen, base_url)
        self.visibility = Visibility(self.repo, self.catalog, head)

    # --- pages -----------------------------------------------------------------------

    def require_page(self, page: str) -> str:
        """The validated path of a page that exists now and may be shown."""
        page = check_page_path(page)
        # Without a fallback revision, visible means: a published page at HEAD.
        if not self.visibility.is_visible(page):
            raise UnknownPage("no such page, or it is not published")
        return page

    def _revision(self, revision: str | None) -> str:
        if revision is None:
            return self.head
        return ct.on_branch(self.repo, self.repo.resolve(revision), self.head)

    # --- the questions ---------------------------------------------------------------

    def recent_changes(
        self, since: dt.datetime | None = None, page: str | None = None, limit: int = 20
    ) -> CommitList:
        if page is not None:
            return self.page_history(page, since=since, limit=limit)
        return recent_changes(self.repo, self.visibility, self.head, since=since, limit=limit)

    def page_history(
        self, page: str, since: dt.datetime | None = None, limit: int = 20
    ) -> CommitList:
        page = self.require_page(page)
        return page_history(self.repo, page, self.head, since=since, limit=limit)

    def page_at(self, page: str, revision: str) -> PageVersion:
        page = self.require_page(page)
        sha = self._revision(revision)
        names = ct.renamed_from(self.repo, page, self.head)
        path, blob = ct.visible_version(self.repo, names, sha)
        text = ct.decode(blob)
        reasons = []
        if len(text) > ct.MAX_CONTENT_CHARS:
            text = text[: ct.MAX_CONTENT_CHARS]
            reasons.append("output_limit")
        return PageVersion(
            page=page,
            path_at_revision=path,
            commit=ct.commit_of(self.repo, sha),
            last_change=ct.last_change(self.repo, path, sha),
            content=text,
            truncated_reasons=reasons,
        )

    def page_diff(
        self, page: str, from_revision: str | None = None, to_revision: str | None = None
    ) -> PageDiff:
        """The diff between two revisions; without ``from_revision``, the page's last
        change at or before ``to_revision`` (what that commit changed)."""
        page = self.require_page(page)
        names = ct.renamed_from(self.repo, page, self.head)
        to_sha = self._revision(to_revision)
        to_path, to_blob = ct.visible_version(self.repo, names, to_sha)
        if from_revision is not None:
            from_sha: str | None = self._revision(from_revision)
            to_commit = ct.commit_of(self.repo, to_sha)
        else:
            change = ct.last_change(self.repo, to_path, to_sha)
            if change is None:
                raise UnknownPage("the page has no history")
            to_commit = change
            from_sha = change.parents[0] if change.parents else None
        old = ct.version_at(self.repo, names, from_sha) if from_sha else None
        if old is not None and not is_published(old[1]):
            raise UnknownPage("that version of the page is unpublished")
        from_path = old[0] if old else None
        diff, added, removed, cut = ct.unified_diff(
            self.repo, from_sha if old else None, from_path, to_sha, to_path
        )
        return PageDiff(
            page=page,
            from_commit=ct.commit_of(self.repo, from_sha) if from_sha else None,
            to_commit=to_commit,
            from_path=from_path,
            to_path=to_path,
            diff=diff,
            added_lines=added,
            removed_lines=removed,
            sections=ct.touched_sections(
                diff, ct.decode(old[1]) if old else None, ct.decode(to_blob)
            ),
            truncated_reasons=["output_limit"] if cut else [],
        )

    def blame(
        self,
        page: str,
        revision: str | None = None,
        start_line: int | None = None,
        end_line: int | None = None,
        section: str | None = None,
    ) -> Blame:
        page = self.require_page(page)
        sha = self._revision(revision)
        names = ct.renamed_from(self.repo, page, self.head)
        path, blob = ct.visible_version(self.repo, names, sha)
        return blame_lines(
            self.repo,
            page,
            path,
            ct.commit_of(self.repo, sha),
            ct.decode(blob),
            start_line=start_line,
            end_line=end_line,
            section=section,
        )
