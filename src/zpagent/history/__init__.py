"""The wiki's Git history: read-only, confined to the wiki, hidden pages stay hidden.

``WikiHistory`` (service) answers recent changes, a page's history
(following renames), a page at a revision, diffs and blame; ``answer``
turns a question about changes into an answer with commits as sources.
No MCP or HTTP here: the transports call these functions.
"""
