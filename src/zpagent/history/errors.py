"""Typed errors of the history library; each has a stable reason and a fixed public text.

    ZPAgentError
    └── HistoryError                  (500 history_failed)
        ├── InvalidRef                (400 invalid_ref)   not a safe commit-ish name
        ├── UnknownRef                (404 unknown_ref)   well formed, but no such commit
        ├── InvalidPath               (400 invalid_path)  not a relative Markdown page path
        ├── InvalidRange              (400 invalid_range) a line range that cannot exist
        ├── UnknownPage               (404 unknown_page)  no such page, or a hidden one
        ├── PageNotAtRevision         (404 page_not_at_revision)
        ├── UnknownSection            (404 unknown_section)
        ├── ContentHidden             (403 history_content_hidden) HISTORY_CONTENT
        └── HistoryUnavailable        (503 history_unavailable) no repository, git failed

The exception's own message is for the operator's log and may name the
ref or path that was refused; transports send only ``reason`` and
``public_message`` (``zpagent.contract.error_result``), never git's stderr
or a path on the server.
"""

from __future__ import annotations

from zpagent.errors import ZPAgentError


class HistoryError(ZPAgentError):
    reason = "history_failed"
    http_status = 500
    public_message = "The wiki's history could not be read."


class InvalidRef(HistoryError):
    reason = "invalid_ref"
    http_status = 400
    public_message = (
        "The revision is not a valid commit name (a commit id, a branch or tag name, "
        "HEAD, optionally with ~N or ^N)."
    )


class UnknownRef(HistoryError):
    reason = "unknown_ref"
    http_status = 404
    public_message = "No such commit in the wiki's history."


class InvalidPath(HistoryError):
    reason = "invalid_path"
    http_status = 400
    public_message = (
        "The page must be a relative path of a Markdown page inside the wiki "
        "(e.g. pages/students/2016/jh428ek/README.md)."
    )


class InvalidRange(HistoryError):
    reason = "invalid_range"
    http_status = 400
    public_message = "The line range is not valid for this page."


class UnknownPage(HistoryError):
    reason = "unknown_page"
    http_status = 404
    public_message = "No such page in the wiki."


class ContentHidden(HistoryError):
    reason = "history_content_hidden"
    http_status = 403
    public_message = (
        "The wiki's history does not show this version's text (HISTORY_CONTENT); "
        "its commits, authors and dates are available."
    )


class PageNotAtRevision(HistoryError):
    reason = "page_not_at_revision"
    http_status = 404
    public_message = "The page did not exist at that revision."


class UnknownSection(HistoryError):
    reason = "unknown_section"
    http_status = 404
    public_message = "The page has no section with that heading."


class HistoryUnavailable(HistoryError):
    reason = "history_unavailable"
    http_status = 503
    public_message = "The wiki's Git history is not available on this server."
