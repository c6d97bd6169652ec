"""Refs and paths are refused before they reach a git command line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zpagent.history.errors import InvalidPath, InvalidRange, InvalidRef
from zpagent.history.validate import check_line_range, check_page_path, check_ref


@pytest.mark.parametrize(
    "ref",
    ["HEAD", "HEAD~2", "HEAD^", "main", "origin/main", "v1.0", "a1b2c3d", "main~1^2", "0" * 40],
)
def test_valid_refs(ref):
    assert check_ref(ref) == ref


@pytest.mark.parametrize(
    "ref",
    [
        "",
        "-p",
        "--output=/tmp/x",
        "--upload-pack=evil",
        "HEAD..main",
        "main...HEAD",
        "HEAD@{1}",
        "@",
        "HEAD:README.md",
        "main~1:x",
        "ma in",
        "main\n",
        "refs/heads/../x",
        "x.lock",
        "a//b",
        "a/.b",
        "*",
        "main^{tree}",
        "$(id)",
        "x" * 101,
    ],
)
def test_refused_refs(ref):
    with pytest.raises(InvalidRef):
        check_ref(ref)


@pytest.mark.parametrize(
    "path",
    [
        "pages/students/2016/jh428ek/README.md",
        "README.md",
        "pages/a b/Ján.md",
        " pages/x.MD ",
    ],
)
def test_valid_paths(path):
    assert check_page_path(path) == path.strip()


@pytest.mark.parametrize(
    "path",
    [
        "",
        "/etc/passwd.md",
        "../secret.md",
        "pages/../../x.md",
        "pages/./x.md",
        ".git/config",
        ".git/x.md",
        "pages/.hidden/x.md",
        "pages//x.md",
        "pages/x.txt",
        "pages/x",
        ".md",
        "-p.md",
        "--output=/tmp/x.md",
        "pages\\x.md",
        "C:/x.md",
        "pages/x\x00.md",
        "pages/x\n.md",
        "a/" * 300 + "x.md",
    ],
)
def test_refused_paths(path):
    with pytest.raises(InvalidPath):
        check_page_path(path)


@given(st.text(max_size=60))
def test_any_accepted_path_is_relative_markdown_without_dots(text):
    try:
        path = check_page_path(text)
    except InvalidPath:
        return
    parts = path.split("/")
    assert path.lower().endswith(".md") and not path.startswith(("/", "-"))
    assert all(p and not p.startswith(".") for p in parts)


@given(st.text(max_size=40))
def test_any_accepted_ref_cannot_be_an_option_or_range(text):
    try:
        ref = check_ref(text)
    except InvalidRef:
        return
    assert not ref.startswith("-") and ".." not in ref and ":" not in ref and "@" not in ref


def test_line_ranges():
    assert check_line_range(None, None, 10) == (1, 10)
    assert check_line_range(3, 99, 10) == (3, 10)
    for start, end in [(0, 2), (5, 4), (11, 12)]:
        with pytest.raises(InvalidRange):
            check_line_range(start, end, 10)
    with pytest.raises(InvalidRange):
        check_line_range(None, None, 0)
