"""Real Git repositories: a bare ``origin`` (as Gitea would hold it), the wiki clone
that ZP Agent syncs, and an author's clone that pushes changes."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import TINY_PAGES, write_pages

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Tester",
    "GIT_AUTHOR_EMAIL": "tester@example.edu",
    "GIT_COMMITTER_NAME": "Tester",
    "GIT_COMMITTER_EMAIL": "tester@example.edu",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **GIT_ENV, "HOME": str(cwd)}
    out = subprocess.run(
        ["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=True, timeout=60
    )
    return out.stdout.strip()


@dataclass
class Repos:
    origin: Path  # bare, path ends with zp/wiki.git -> full name "zp/wiki"
    wiki: Path  # the checkout ZP Agent indexes
    author: Path  # someone else's clone that pushes

    def push(self, rel: str, text: str, message: str = "edit", branch: str = "main") -> str:
        path = self.author / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        git(self.author, "add", "-A")
        git(self.author, "commit", "-q", "-m", message)
        git(self.author, "push", "-q", "origin", f"HEAD:refs/heads/{branch}")
        return git(self.author, "rev-parse", "HEAD")

    def head(self) -> str:
        return git(self.wiki, "rev-parse", "HEAD")


@pytest.fixture
def repos(tmp_path) -> Repos:
    origin = tmp_path / "gitea" / "zp" / "wiki.git"
    origin.mkdir(parents=True)
    git(origin, "init", "-q", "--bare", "-b", "main")
    author = tmp_path / "author"
    author.mkdir()
    git(author, "init", "-q", "-b", "main")
    write_pages(author, TINY_PAGES)
    git(author, "add", "-A")
    git(author, "commit", "-q", "-m", "initial wiki")
    git(author, "remote", "add", "origin", str(origin))
    git(author, "push", "-q", "origin", "main")
    wiki = tmp_path / "wiki"
    git(tmp_path, "clone", "-q", str(origin), str(wiki))
    return Repos(origin, wiki, author)


@pytest.fixture
def faults(tmp_path, monkeypatch):
    """Enable the named fault points of zpagent.faults in this process."""
    folder = tmp_path / "faults"
    folder.mkdir()

    def arm(spec: str) -> Path:
        monkeypatch.setenv("ZPAGENT_ENABLE_FAULT_INJECTION", "1")
        monkeypatch.setenv("ZPAGENT_FAULT", spec)
        monkeypatch.setenv("ZPAGENT_FAULT_DIR", str(folder))
        return folder

    yield arm
    # never leave a paused sync thread behind
    for reached in folder.glob("*.reached"):
        (folder / reached.name.replace(".reached", ".go")).touch()
