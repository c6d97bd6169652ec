import os

import pytest

from zpagent.errors import WikiError
from zpagent.ingest.scan import scan_wiki


def write(root, rel, content, mode="w"):
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_missing_and_empty_wiki_are_clear_errors(tmp_path):
    with pytest.raises(WikiError, match="does not exist"):
        scan_wiki(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    write(tmp_path / "empty", "notes.txt", "not markdown")
    with pytest.raises(WikiError, match="no Markdown pages"):
        scan_wiki(tmp_path / "empty")


def test_scan_reads_pages_skips_hidden_and_reports_problems(tmp_path):
    write(tmp_path, "pages/students/2016/jh428ek/README.md", "---\ntitle: Ján Holp\n---\n# Ján\n")
    write(tmp_path, "pages/README.md", "# Domov\n\nVitajte.")
    write(tmp_path, ".git/README.md", "# hidden")
    write(tmp_path, "pages/.hidden.md", "# hidden")
    write(tmp_path, "pages/bad/README.md", b"---\ntitle: X\n---\nbad \xff\xfe bytes\n")
    write(tmp_path, "pages/broken/README.md", "---\ntitle: 'x\n---\nbody")
    result = scan_wiki(tmp_path, base_url="https://zp.example.edu")
    paths = [d.path for d in result.documents]
    assert paths == [
        "pages/README.md",
        "pages/bad/README.md",
        "pages/broken/README.md",
        "pages/students/2016/jh428ek/README.md",
    ]
    assert result.warning_counts() == {"broken_yaml": 1, "invalid_utf8": 1}
    # A page without front matter is normal input (plain Markdown wikis): a note.
    assert result.note_counts() == {"no_front_matter": 1}
    assert result.problem_documents() == 2
    bad = result.documents[1]
    assert "bad" in bad.body and "\ufffd" in bad.body
    holp = result.documents[3]
    assert holp.source_url == "https://zp.example.edu/students/2016/jh428ek"
    assert len(holp.content_hash) == 64


def test_symlink_loop_and_outside_links_are_warnings(tmp_path):
    wiki = tmp_path / "wiki"
    write(wiki, "pages/a/README.md", "# A")
    os.symlink(wiki / "pages", wiki / "pages" / "a" / "loop")
    secret = write(tmp_path, "secret.md", "# secret")
    os.symlink(secret, wiki / "pages" / "leak.md")
    os.symlink(wiki / "missing.md", wiki / "pages" / "dangling.md")
    result = scan_wiki(wiki)
    assert [d.path for d in result.documents] == ["pages/a/README.md"]
    kinds = result.warning_counts()
    assert kinds.get("symlink_loop") == 1
    assert kinds.get("symlink_outside_wiki") == 1
    assert kinds.get("broken_symlink") == 1


def test_unreadable_file_is_a_warning(tmp_path, monkeypatch):
    write(tmp_path, "ok.md", "# ok")
    p = write(tmp_path, "locked.md", "# locked")
    p.chmod(0)
    if os.geteuid() == 0:
        # root reads any file: make the permission error happen anyway.
        from zpagent.ingest import scan as scan_module

        real_read = scan_module.read_regular_file

        def denying_read(path, *args, **kwargs):
            if str(path).endswith("locked.md"):
                raise PermissionError(13, "Permission denied")
            return real_read(path, *args, **kwargs)

        monkeypatch.setattr(scan_module, "read_regular_file", denying_read)
    result = scan_wiki(tmp_path)
    assert [d.path for d in result.documents] == ["ok.md"]
    assert result.warning_counts() == {"unreadable": 1}
