"""The walk never leaves the wiki: links, special files, Grav sites."""

import os
import socket
import stat

import pytest

from zpagent.ingest.document import ScanWarning
from zpagent.ingest.walk import NotRegularFile, iter_source_files, read_regular_file


def write(root, rel, text="# page\n"):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def walk(root):
    warnings: list[ScanWarning] = []
    files = {f.rel: f for f in iter_source_files(root, warnings)}
    return files, {w.path: w.kind for w in warnings}


def test_links_are_refused_and_say_what_they_point_at(tmp_path):
    outside = write(tmp_path, "server/.env", "SEARCH_API_KEY=secret")
    wiki = tmp_path / "wiki"
    page = write(wiki, "pages/students/a/README.md")
    write(wiki, ".git/config", "[core]\n")
    write(wiki, "notes.txt", "not a page")
    (wiki / "pages/alias").mkdir()
    os.symlink(page, wiki / "pages/alias/README.md")  # harmless, but a duplicate
    os.symlink("students", wiki / "pages/mirror")  # would move pages to other paths
    os.symlink(outside, wiki / "pages/env.md")
    os.symlink("/etc/passwd", wiki / "pages/passwd.md")
    os.symlink("../.git/config", wiki / "pages/git-config.md")
    os.symlink("../.git", wiki / "pages/gitdir")
    os.symlink("../notes.txt", wiki / "pages/notes.md")
    os.symlink(tmp_path / "server", wiki / "pages/server")
    os.symlink("missing.md", wiki / "pages/dangling.md")
    files, refused = walk(wiki)
    assert sorted(files) == ["pages/students/a/README.md"]
    assert refused == {
        "pages/alias/README.md": "symlink_alias",
        "pages/mirror": "symlink_alias",
        "pages/env.md": "symlink_outside_wiki",
        "pages/passwd.md": "symlink_outside_wiki",
        "pages/server": "symlink_outside_wiki",
        "pages/git-config.md": "symlink_to_hidden",
        "pages/gitdir": "symlink_to_hidden",
        "pages/notes.md": "symlink_to_non_markdown",
        "pages/dangling.md": "broken_symlink",
    }


def test_special_files_are_refused_and_never_opened(tmp_path):
    write(tmp_path, "ok.md")
    os.mkfifo(tmp_path / "fifo.md")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "sock.md"))
    try:
        if os.geteuid() == 0:
            os.mknod(tmp_path / "dev.md", stat.S_IFCHR | 0o600, os.makedev(1, 5))  # /dev/zero
        files, refused = walk(tmp_path)
    finally:
        sock.close()
    assert list(files) == ["ok.md"]
    expected = {"fifo.md": "special_file", "sock.md": "special_file"}
    if os.geteuid() == 0:
        expected["dev.md"] = "special_file"
    assert refused == expected


def test_a_file_swapped_for_a_fifo_or_link_after_the_walk_is_not_read(tmp_path):
    fifo = tmp_path / "page.md"
    os.mkfifo(fifo)
    with pytest.raises(NotRegularFile):
        read_regular_file(fifo, 1024)  # returns at once: no blocking open
    link = tmp_path / "link.md"
    os.symlink("/etc/hostname", link)
    with pytest.raises(OSError):
        read_regular_file(link, 1024)


def test_reads_at_most_one_byte_past_the_limit(tmp_path):
    page = write(tmp_path, "big.md", "x" * 5000)
    raw, size = read_regular_file(page, 1024)
    assert (len(raw), size) == (1025, 5000)


def test_a_loop_is_not_entered(tmp_path):
    write(tmp_path, "pages/a/README.md")
    os.symlink("..", tmp_path / "pages/a/up")
    os.symlink("self", tmp_path / "pages/self")
    files, refused = walk(tmp_path)
    assert list(files) == ["pages/a/README.md"]
    assert refused == {"pages/a/up": "symlink_loop", "pages/self": "symlink_loop"}


def test_a_grav_site_is_read_from_pages_only(tmp_path):
    write(tmp_path, "config/system.yaml", "languages:\n  supported: [en]\n")
    write(tmp_path, "README.md", "# the repository's readme")
    write(tmp_path, "plugins/x/README.md", "# a plugin")
    write(tmp_path, "pages/01.basics/chapter.md")
    write(tmp_path, "pages/14.api/frontmatter.yaml", "title: API\n")
    os.symlink("../README.md", tmp_path / "pages/readme.md")  # outside pages/: refused
    files, refused = walk(tmp_path)
    assert {rel: f.kind for rel, f in files.items()} == {
        "config/system.yaml": "site_config",
        "pages/01.basics/chapter.md": "page",
        "pages/14.api/frontmatter.yaml": "folder_meta",
    }
    assert refused == {"pages/readme.md": "symlink_outside_wiki"}


def test_a_linked_pages_folder_never_makes_a_grav_site(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    write(elsewhere, "secret.md", "# not part of the wiki")
    wiki = tmp_path / "wiki"
    write(wiki, "config/system.yaml", "languages:\n  supported: [en]\n")
    os.symlink(elsewhere, wiki / "pages")
    files, refused = walk(wiki)
    assert files == {} and refused == {"pages": "symlink_outside_wiki"}
