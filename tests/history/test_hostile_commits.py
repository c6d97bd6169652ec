"""Commit messages, author names and changed lines are untrusted: what the history
shows of them is inert Markdown (no link, image, tag or autolink reaches a chat)."""

from __future__ import annotations

from tests.asking import read_history
from tests.conftest import make_workspace
from tests.history.wiki_repo import git
from zpagent.history.answer import history_answer
from zpagent.inert import plain_text

PAGE = "pages/students/2020/ab123cd/README.md"
HOSTILE = "Oprava [klikni](javascript:alert(1)) ![x](https://evil.example/p.png) <script>x</script>"


def test_a_hostile_commit_is_shown_as_plain_text(tmp_path):
    root = tmp_path / "wiki"
    page = root / PAGE
    page.parent.mkdir(parents=True)
    page.write_text("---\ntitle: Adam Bielý\n---\n# Adam Bielý\n\nPrvá verzia.\n", "utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "Pridaná stránka", date="2026-10-01T10:00:00+02:00")
    page.write_text(
        page.read_text("utf-8") + "\nViac na https://evil.example/login alebo <b>tu</b>.\n", "utf-8"
    )
    git(root, "commit", "-qam", HOSTILE, author="[Admin](https://evil.example)",
        date="2026-10-02T10:00:00+02:00")  # fmt: skip
    ws = make_workspace(tmp_path / "data", zpwiki_path=root)
    ws.index(root)
    with ws.open_current() as gen:
        found = history_answer(
            ws,
            gen,
            read_history(gen, "Kedy sa naposledy zmenila stránka Adama Bielého?"),
        )
    assert found.status == "ok"
    shown = found.answer
    # Markdown and HTML from the repository are escaped, bare URLs are no autolinks.
    for raw in ("[klikni](", "![x](", "<script>", "<b>", "https://evil", "[Admin]("):
        assert raw not in shown, raw
    # ... and read back as the text git holds.
    assert HOSTILE in plain_text(shown) and "[Admin](https://evil.example)" in plain_text(shown)
