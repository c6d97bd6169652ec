"""A real Git repository of a small wiki, built with real ``git`` commands.

History (author dates fixed, so answers are deterministic):

    c1  2026-09-01  Daniel Hládek   Pridané stránky (the tiny wiki, a page to delete, a
                                    page to rename, a secret unpublished page, an image)
    c2  2026-09-15  Mária Nováková  Premenovaná stránka Zuzany (xy333ef -> zm333ef, edited)
    c3  2026-10-01  Ján Holp        Stretnutie 12. 3. 2021 (on branch ``feature``)
    c4  2026-10-05  Daniel Hládek   Úprava stránky Márie (on ``main``)
    c5  2026-10-10  Daniel Hládek   Merge branch 'feature' (``--no-ff``)
    c6  2026-11-03  Daniel Hládek   Zmena vedúceho; zmazaná stará téma (also the secret page)
    c7  2026-11-04  Peter Kováč     Tajná zmena Kováč (only the unpublished page)
    draft           Ján Holp        Návrh (a branch never merged: not the wiki's history)
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.conftest import TINY_PAGES, write_pages

HOLP = "pages/students/2016/jh428ek/README.md"
NOVAKOVA = "pages/students/2017/mn111ab/README.md"
KOVAC = "pages/students/2018/pk222cd/README.md"  # published: false
OLD_ZUZANA = "pages/students/2019/xy333ef/README.md"
ZUZANA = "pages/students/2019/zm333ef/README.md"
STARY = "pages/topics/stary/README.md"
SECRET = "pages/secret/README.md"

EXTRA_PAGES = {
    OLD_ZUZANA: """---
title: Zuzana Malá
taxonomy:
    category: bp2022
---
# Zuzana Malá

## Bakalárska práca 2022

Názov práce: Detekcia emócií v slovenských tweetoch

Vedúci práce: Ing. Daniel Hládek, PhD.
""",
    STARY: """# Stará téma

Táto téma sa už nepoužíva.
""",
    SECRET: """---
title: Tajný projekt
published: false
---
# Tajný projekt

Nikto o ňom nesmie vedieť.
""",
}


def git(repo: Path, *args: str, author: str = "Daniel Hládek", date: str = "") -> str:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("GIT_")},
        "GIT_AUTHOR_NAME": author,
        "GIT_AUTHOR_EMAIL": "author@example.edu",
        "GIT_COMMITTER_NAME": author,
        "GIT_COMMITTER_EMAIL": "author@example.edu",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    out = subprocess.run(
        ["git", "-C", str(repo), *args], env=env, check=True, capture_output=True, text=True
    )
    return out.stdout.strip()


def edit(repo: Path, rel: str, old: str, new: str) -> None:
    path = repo / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, (rel, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def build_wiki_repo(root: Path) -> dict[str, str]:
    """Create the repository under ``root``; returns the commit ids by name."""
    write_pages(root, {**TINY_PAGES, **EXTRA_PAGES})
    (root / "pages/students/2016/jh428ek/foto.png").write_bytes(b"\x89PNG not really")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "Pridané stránky", date="2026-09-01T09:00:00+02:00")
    c = {"c1": git(root, "rev-parse", "HEAD")}

    git(root, "mv", "pages/students/2019/xy333ef", "pages/students/2019/zm333ef")
    edit(root, ZUZANA, "Vedúci práce: Ing. Daniel Hládek, PhD.", "Vedúci práce: doc. Ing. Ján Staš")
    git(
        root,
        "commit",
        "-qam",
        "Premenovaná stránka Zuzany",
        author="Mária Nováková",
        date="2026-09-15T10:00:00+02:00",
    )
    c["c2"] = git(root, "rev-parse", "HEAD")

    git(root, "checkout", "-qb", "feature")
    edit(
        root,
        HOLP,
        "Vedúci práce: Ing. Daniel Hládek, PhD.\n",
        "Vedúci práce: Ing. Daniel Hládek, PhD.\n\n### Stretnutie 12. 3. 2021\n\n"
        "Stav: hotová kapitola o dátach.\n",
    )
    git(
        root,
        "commit",
        "-qam",
        "Stretnutie 12. 3. 2021",
        author="Ján Holp",
        date="2026-10-01T15:30:00+02:00",
    )
    c["c3"] = git(root, "rev-parse", "HEAD")

    git(root, "checkout", "-q", "main")
    edit(
        root,
        NOVAKOVA,
        "Vedúci: doc. Ing. Ján Staš, PhD.",
        "Vedúci: doc. Ing. Ján Staš, PhD.\n\nKonzultant: Ing. Peter Novák",
    )
    git(root, "commit", "-qam", "Úprava stránky Márie", date="2026-10-05T08:00:00+02:00")
    c["c4"] = git(root, "rev-parse", "HEAD")

    git(
        root,
        "merge",
        "-q",
        "--no-ff",
        "-m",
        "Merge branch 'feature'",
        "feature",
        date="2026-10-10T12:00:00+02:00",
    )
    c["c5"] = git(root, "rev-parse", "HEAD")

    edit(
        root,
        HOLP,
        "Vedúci práce: Ing. Daniel Hládek, PhD.",
        "Vedúci práce: doc. Ing. Ján Staš, PhD.",
    )
    git(root, "rm", "-q", "-r", "pages/topics/stary", "pages/secret")
    git(
        root,
        "commit",
        "-qam",
        "Zmena vedúceho; zmazaná stará téma",
        date="2026-11-03T14:05:00+01:00",
    )
    c["c6"] = git(root, "rev-parse", "HEAD")

    edit(root, KOVAC, "Tajná nepublikovaná téma", "Ešte tajnejšia téma")
    git(
        root,
        "commit",
        "-qam",
        "Tajná zmena Kováč",
        author="Peter Kováč",
        date="2026-11-04T09:00:00+01:00",
    )
    c["c7"] = git(root, "rev-parse", "HEAD")

    git(root, "checkout", "-qb", "draft")
    edit(root, HOLP, "## Bakalárska práca 2019", "## Bakalárska práca 2019 (návrh)")
    git(root, "commit", "-qam", "Návrh", author="Ján Holp", date="2026-11-05T09:00:00+01:00")
    c["draft"] = git(root, "rev-parse", "HEAD")
    git(root, "checkout", "-q", "main")
    return c
