"""What reading a page can report, and how loud each kind is.

Two levels. A *problem* (warning) is something an editor should fix or an
operator should know: broken YAML, a refused symlink, a binary file named
``.md``, a page cut at a limit. A *note* (info) is normal input that is
worth counting but not worth a warning: a page without front matter (every
page of a plain Markdown wiki), an empty Grav section page, a language
variant that is not indexed. Only problems make a "problem document".
"""

from __future__ import annotations

# Kinds that are normal input: logged at INFO, never counted as problems.
NOTE_KINDS = frozenset(
    {
        "no_front_matter",
        "empty_body",  # Grav section pages (chapter.md) often hold only a title
        "language_variant",  # default.en.md beside default.md: not indexed
        "charset_declared",  # decoded with the charset the page declares
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
    }
)


def is_note(kind: str) -> bool:
    return kind in NOTE_KINDS
