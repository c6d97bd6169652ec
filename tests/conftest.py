"""Shared fixtures: real wikis on disk, real generations built once per session."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from zpagent.config import Settings
from zpagent.workspace import Workspace

REPO = Path(__file__).resolve().parents[1]
SAMPLE_WIKI = REPO / "examples" / "zpwiki"

# Pages of the tiny wiki: small enough to embed in a second, varied enough to
# exercise search (a person page, an unpublished page, a topic, a guide).
TINY_PAGES = {
    "pages/students/2016/jh428ek/README.md": """---
title: Ján Holp
taxonomy:
    category: [dp2021, bp2019]
    tag: [nlp, preklad]
    author: Daniel Hládek
---
# Ján Holp

- Rok začiatku štúdia: 2016

## Diplomová práca 2021

*Názov diplomovej práce*: Rozpoznávanie pomenovaných entít v slovenčine

Vedúci práce: Ing. Daniel Hládek, PhD.

## Bakalárska práca 2019

Názov práce: Strojový preklad pomocou neurónových sietí
""",
    "pages/students/2017/mn111ab/README.md": """---
title: Mária Nováková
taxonomy:
    category: bp2020
    tag: reč, asr
---
# Mária Nováková

## Bakalárska práca 2020

Názov práce: Rozpoznávanie reči pomocou hlbokých neurónových sietí

Vedúci: doc. Ing. Ján Staš, PhD.
""",
    "pages/students/2018/pk222cd/README.md": """---
title: Peter Kováč
published: false
---
# Peter Kováč

## Bakalárska práca

Názov práce: Tajná nepublikovaná téma o kryptografii
""",
    "pages/topics/chatboty/README.md": """# Chatboty

Konverzačné systémy pre študijné oddelenie a zákaznícku podporu.
""",
    "pages/guides/git/README.md": """---
title: Ako používať Git
---
# Ako používať Git

Každý študent má repozitár na školskom Gite. Commitujte často.
""",
}


def write_pages(root: Path, pages: dict[str, str]) -> Path:
    for rel, text in pages.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root


def make_workspace(data: Path, **overrides) -> Workspace:
    settings = Settings(_env_file=None, zpagent_data_dir=data, **overrides)
    return Workspace(settings)


def built_workspace(factory, name: str, pages: dict[str, str], **overrides) -> Workspace:
    """A wiki of ``pages`` written and indexed into a fresh data dir (module fixtures)."""
    wiki = write_pages(factory.mktemp(f"{name}-wiki"), pages)
    ws = make_workspace(factory.mktemp(f"{name}-data"), **overrides)
    ws.index(wiki)
    return ws


@pytest.fixture(autouse=True)
def _isolate_env(monkeypatch):
    """Tests never read the developer's .env or ZP Agent environment."""
    for key in list(os.environ):
        if key.startswith(("ZPAGENT_", "ZPWIKI_", "WIKI_BASE_URL", "CHUNK_", "EMBEDDING_")):
            monkeypatch.delenv(key, raising=False)


@pytest.fixture(scope="session")
def tiny_wiki(tmp_path_factory) -> Path:
    return write_pages(tmp_path_factory.mktemp("tiny-wiki"), TINY_PAGES)


@pytest.fixture(scope="session")
def tiny_workspace(tmp_path_factory, tiny_wiki) -> Workspace:
    ws = make_workspace(
        tmp_path_factory.mktemp("tiny-data"), wiki_base_url="https://zp.example.edu/"
    )
    ws.index(tiny_wiki)
    return ws


@pytest.fixture(scope="session")
def sample_workspace(tmp_path_factory) -> Workspace:
    """The sample wiki, built once per session (about a minute on 2 cores)."""
    if not (SAMPLE_WIKI / "pages").is_dir():
        pytest.skip("examples/zpwiki is missing")
    ws = make_workspace(tmp_path_factory.mktemp("sample-data"))
    ws.index(SAMPLE_WIKI)
    return ws


@pytest.fixture
def fresh_copy(tmp_path):
    """Copy a directory tree into tmp_path (to modify it safely)."""

    def copy(src: Path, name: str = "copy") -> Path:
        dst = tmp_path / name
        shutil.copytree(src, dst, symlinks=True)
        return dst

    return copy


@pytest.fixture(scope="session")
def git_wiki(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A wiki in a real Git repository with renames, deletions and a merge (see
    ``tests/history/wiki_repo.py``): (work tree, commit ids by name)."""
    from tests.history.wiki_repo import build_wiki_repo

    root = tmp_path_factory.mktemp("git-wiki")
    return root, build_wiki_repo(root)


@pytest.fixture(scope="session")
def git_workspace(tmp_path_factory, git_wiki) -> Workspace:
    """``git_wiki`` indexed, with ZPWIKI_PATH and a base URL configured."""
    root, _ = git_wiki
    ws = make_workspace(
        tmp_path_factory.mktemp("git-data"),
        zpwiki_path=root,
        wiki_base_url="https://zp.example.edu/",
    )
    ws.index(root)
    return ws
