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
from zpagent.history.errors import ContentHidden, HistoryUnavailable, UnknownPage, UnknownRef
from zpagent.history.git import GitRepo
from zpagent.history.log import page_changes, page_history, recent_changes
from zpagent.history.model import Blame, CommitList, PageDiff, PageVersion, Revision
from zpagent.history.pages import PageCatalog, Visibility, is_page_path
from zpagent.history.policy import HistoryPolicy
from zpagent.history.validate import check_page_path
from zpagent.history.versions import Version
from zpagent.index.reader import Generation
from zpagent.ingest.limits import PageLimits


class WikiHistory:
    def __init__(
        self,
        wiki: Path,
        gen: Generation | None,
        base_url: str | None,
        limits: PageLimits | None = None,
        policy: HistoryPolicy | None = None,
    ) -> None:
        """``limits``: the indexer's page limits (they decide how a page's bytes are read);
        ``policy``: what may be shown of old content and which commits never are."""
        self.repo = GitRepo(wiki)
        head = self.repo.head()
        if head is None:
            raise HistoryUnavailable("the wiki's repository has no commits")
        self.head = head
        self.policy = policy or HistoryPolicy()
        self.catalog = PageCatalog(gen, base_url)
        self.visibility = Visibility(self.repo, self.catalog, head, limits, self.policy.excluded)
        self._revisions: dict[str, str] = {}  # a caller's revision -> its commit on the branch

    # --- pages -----------------------------------------------------------------------

    def require_page(self, page: str) -> str:
        """The validated path of a page that exists now and may be shown."""
        page = check_page_path(page)
        if not self.visibility.current_page(page):
            raise UnknownPage("no such page, or it is not published")
        return page

    def _revision(self, revision: str | None) -> str:
        if revision is None:
            return self.head
        if revision not in self._revisions:
            sha = ct.on_branch(self.repo, self.repo.resolve(revision), self.head)
            if sha in self.policy.excluded:
                raise UnknownRef("an excluded commit (HISTORY_EXCLUDE_COMMITS)")
            self._revisions[revision] = sha
        return self._revisions[revision]

    def _version(self, page: str, sha: str) -> Version:
        names = ct.renamed_from(self.repo, page, self.head)
        return ct.visible_version(self.visibility, names, sha)

    def _text_shown(self, page: str, version: Version) -> bool:
        """Whether the policy lets this version's text be shown (HISTORY_CONTENT)."""
        if self.policy.content == "all":
            return True
        if self.policy.content == "none":
            return False
        return version.content == self._version(page, self.head).content

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
        return page_history(self.repo, self.visibility, page, self.head, since=since, limit=limit)

    def page_at(self, page: str, revision: str) -> PageVersion:
        """The page at a revision, described by the commit that made that version."""
        page = self.require_page(page)
        sha = self._revision(revision)
        version = self._version(page, sha)
        if not self._text_shown(page, version):
            raise ContentHidden("an older version's text (HISTORY_CONTENT)")
        text = ct.decode(version.content or b"")
        reasons = []
        if len(text) > ct.MAX_CONTENT_CHARS:
            text = text[: ct.MAX_CONTENT_CHARS]
            reasons.append("output_limit")
        return PageVersion(
            page=page,
            path_at_revision=version.path,
            commit=Revision(sha),
            last_change=ct.maker(self.repo, self.visibility, version.path, sha),
            content=text,
            truncated_reasons=reasons,
        )

    def page_diff(
        self, page: str, from_revision: str | None = None, to_revision: str | None = None
    ) -> PageDiff:
        """The diff between the page's versions at two revisions, each described by the
        commit that made it. Without ``from_revision``: what the page's last visible
        change at or before ``to_revision`` changed (against its first parent)."""
        page = self.require_page(page)
        names = ct.renamed_from(self.repo, page, self.head)
        to_sha = self._revision(to_revision)
        new = ct.visible_version(self.visibility, names, to_sha)
        if from_revision is not None:
            old = ct.version_at(self.visibility, names, self._revision(from_revision))
            to_commit = ct.maker(self.repo, self.visibility, new.path, to_sha)
        else:
            changes, _ = page_changes(
                self.repo,
                self.visibility,
                new.path,
                to_sha,
                limit=1,
                first_parent=True,
                deletions=False,
            )
            if not changes:
                raise UnknownPage("the page has no change that may be shown")
            to_commit = changes[0]
            new = ct.visible_version(self.visibility, [changes[0].changes[0].path], to_commit.sha)
            parent = to_commit.parents[0] if to_commit.parents else None
            old = ct.version_at(self.visibility, names, parent) if parent else None
        if old is not None and not (old.published and is_page_path(old.path)):
            raise UnknownPage("that version of the page is unpublished")
        from_commit = ct.maker(self.repo, self.visibility, old.path, old.rev) if old else None
        diff, added, removed, cut = ct.unified_diff(
            self.repo, old.rev if old else None, old.path if old else None, new.rev, new.path
        )
        sections = ct.touched_sections(
            diff, ct.decode(old.content or b"") if old else None, ct.decode(new.content or b"")
        )
        reasons = ["output_limit"] if cut else []
        if self.policy.content != "all":
            # The removed lines are old text: counts and sections only.
            diff, reasons = "", [*reasons, "content_hidden"]
        return PageDiff(
            page=page,
            from_commit=from_commit,
            to_commit=to_commit,
            from_path=old.path if old else None,
            to_path=new.path,
            diff=diff,
            added_lines=added,
            removed_lines=removed,
            sections=sections,
            truncated_reasons=reasons,
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
        version = self._version(page, sha)
        blame = blame_lines(
            self.repo,
            page,
            version.path,
            Revision(sha),
            ct.decode(version.content or b""),
            start_line=start_line,
            end_line=end_line,
            section=section,
            shown=self._shown_commits,
        )
        if not self._text_shown(page, version):
            for line in blame.lines:
                line.text = ""
            blame.truncated_reasons.append("content_hidden")
        return blame

    def _shown_commits(self, pairs: list[tuple[str, str]]) -> set[str]:
        """The commits among ``(commit, repository path)`` whose version may be shown."""
        items = {}
        for sha, repo_path in pairs:
            path = self.repo.page_path(repo_path)
            if path is not None:
                items[sha] = (sha, path)
        shown = self.visibility.shown(items.values())
        return {sha for sha, item in items.items() if item in shown}
