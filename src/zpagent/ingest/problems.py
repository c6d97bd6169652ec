"""What reading a page can report, and how loud each kind is.

Two levels. A *problem* (warning) is something an editor should fix or an
operator should know: broken YAML, a refused symlink, a binary file named
``.md``, a page cut at a limit. A *note* (info) is normal input that is
worth counting but not worth a warning: a page without front matter (every
page of a plain Markdown wiki), an empty Grav section page, a language
variant that is not indexed. Only problems make a "problem document".
"""

from __future__ import annotations

# Why a path the site generator does not publish is not indexed
# (``zpagent.ingest.sites``): notes, counted apart in the build summary.
SITE_SKIPS = (
    "excluded_by_option",  # --exclude or INDEX_EXCLUDE
    "outside_content_dir",  # Hugo's content/, MkDocs' docs_dir
    "unpublished_folder",  # Jekyll: _includes, _layouts, _data ...
    "unpublished_file",  # Jekyll: _name.md, #name.md, name.md~
    "collection_not_output",  # Jekyll collection, output: false
    "site_exclude",  # Jekyll's exclude, MkDocs' exclude_docs
    "draft",  # Jekyll's _drafts, Hugo's draft: true, MkDocs' draft_docs
)

# Kinds that are normal input: logged at INFO, never counted as problems.
NOTE_KINDS = frozenset(
    {
        "no_front_matter",
        "empty_body",  # Grav section pages (chapter.md) often hold only a title
        "language_variant",  # default.en.md beside default.md: not indexed
        "charset_declared",  # decoded with the charset the page declares
        *SITE_SKIPS,
    }
)

# Kinds for which the file was not indexed at all.
SKIPPED_KINDS = frozenset(
    {
        "unreadable",
        "special_file",
        "binary_file",
        "symlink_outside_wiki",
        "symlink_to_hidden",
        "symlink_to_non_markdown",
        "symlink_alias",
        "broken_symlink",
        "symlink_loop",
        "language_variant",
        *SITE_SKIPS,
    }
)


def is_note(kind: str) -> bool:
    return kind in NOTE_KINDS
