"""A real Git repository whose pages are hidden in every way the indexer knows.

Every string that starts with ``SECRET-`` is hidden content or the message of a
commit that must never be shown; ``SECRETS`` lists them.

    k1   Základ wiki                    public, flip (public), hidden/ (hidden by its
                                        frontmatter.yaml: README.md, extra.md), later/ and
                                        vault/ (hidden by frontmatter.yaml / FrontMatter.yaml)
    k2   Tajná úprava SECRET-MSG-HIDDEN-ONLY   only hidden/README.md (author Tajný Autor)
    k3   Skrytá verzia SECRET-MSG-FLIP         flip: ``published: false`` + a secret line
                                               (author Skrytý Autor)
    k4   Znova verejná                         flip: public again, the secret line removed
    k5   Odstránené heslo SECRET-MSG-LATER     later: the secret line removed (still hidden)
    k6   Zverejnená stránka Neskôr             later/frontmatter.yaml removed (no page touched)
    k7   Trezor bez tajomstva SECRET-MSG-VAULT vault: the secret line removed (still hidden)
    k8   Presunutý trezor                      vault/README.md -> moved/README.md (public)
    k9   Zmazaná SECRET-MSG-DEL                hidden/extra.md deleted
    k10  Pridaná SECRET-MSG-UTF16              utf16/README.md: UTF-16, ``published: false``
    k11  Zmazaná SECRET-MSG-UTF16DEL           utf16/README.md deleted
    k12  Úprava verejnej stránky               public edited
    ---- the index is built here (``build_hidden_repo``) ----
    k13  Nová tajná SECRET-MSG-UNSYNCED        hidden/new.md added (``add_unsynced``)
    k14  Čerstvá SECRET-MSG-FRESH              fresh/README.md, no front matter
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import write_pages
from tests.history.wiki_repo import edit, git

PUBLIC = "pages/public/README.md"
FLIP = "pages/flip/README.md"
HIDDEN = "pages/hidden/README.md"
EXTRA = "pages/hidden/extra.md"
LATER = "pages/later/README.md"
VAULT = "pages/vault/README.md"
MOVED = "pages/moved/README.md"
UTF16 = "pages/utf16/README.md"
UNSYNCED = "pages/hidden/new.md"
FRESH = "pages/fresh/README.md"
ALL_PAGES = [PUBLIC, FLIP, HIDDEN, EXTRA, LATER, VAULT, MOVED, UTF16, UNSYNCED, FRESH]

SECRETS = [
    "SECRET-FOLDER",
    "SECRET-EXTRA",
    "SECRET-LATER",
    "SECRET-VAULT",
    "SECRET-FLIP",
    "SECRET-UTF16",
    "SECRET-UNSYNCED",
    "SECRET-FRESH",
    "Tajný Autor",
    "Skrytý Autor",
]  # every "SECRET-MSG-..." message starts with "SECRET-"

PAGES = {
    PUBLIC: "---\ntitle: Verejná stránka\n---\n# Verejná stránka\n\nPrvý odsek.\n",
    FLIP: "---\ntitle: Prepínaná\n---\n# Prepínaná\n\nVerzia 1.\n",
    HIDDEN: "---\ntitle: Skrytý priečinok\n---\n# Skrytý priečinok\n\nTajné SECRET-FOLDER.\n",
    "pages/hidden/frontmatter.yaml": "published: false\n",
    EXTRA: "# Extra\n\nTajné SECRET-EXTRA.\n",
    LATER: "---\ntitle: Neskôr\n---\n# Neskôr\n\nVerejný text.\n\nHeslo: SECRET-LATER\n",
    "pages/later/frontmatter.yaml": "published: false\n",
    VAULT: "---\ntitle: Trezor\n---\n# Trezor\n\nObsah trezoru.\n\nKód: SECRET-VAULT\n",
    "pages/vault/FrontMatter.yaml": "published: false\n",
}
UTF16_PAGE = "---\npublished: false\n---\n# Tajné UTF-16\n\nObsah SECRET-UTF16.\n"


def _commit(root: Path, message: str, day: str, author: str = "Daniel Hládek") -> str:
    git(root, "add", "-A")
    git(root, "commit", "-qm", message, author=author, date=f"2025-{day}T10:00:00+01:00")
    return git(root, "rev-parse", "HEAD")


def build_hidden_repo(root: Path) -> dict[str, str]:
    """The repository up to k12 (what the index is built from); commit ids by name."""
    write_pages(root, PAGES)
    git(root, "init", "-q", "-b", "main")
    c = {"k1": _commit(root, "Základ wiki", "01-10")}
    edit(root, HIDDEN, "Tajné SECRET-FOLDER.", "Tajné SECRET-FOLDER, druhá verzia.")
    c["k2"] = _commit(root, "Tajná úprava SECRET-MSG-HIDDEN-ONLY", "01-20", "Tajný Autor")
    edit(
        root,
        FLIP,
        "title: Prepínaná\n",
        "title: Prepínaná\npublished: false\n",
    )
    edit(root, FLIP, "Verzia 1.\n", "Verzia 1.\n\nPoznámka z tajnej verzie.\n\nSECRET-FLIP\n")
    c["k3"] = _commit(root, "Skrytá verzia SECRET-MSG-FLIP", "02-01", "Skrytý Autor")
    edit(root, FLIP, "published: false\n", "")
    edit(root, FLIP, "\nSECRET-FLIP\n", "")
    c["k4"] = _commit(root, "Znova verejná", "02-10")
    edit(root, LATER, "\nHeslo: SECRET-LATER\n", "")
    c["k5"] = _commit(root, "Odstránené heslo SECRET-MSG-LATER", "02-15")
    (root / "pages/later/frontmatter.yaml").unlink()
    c["k6"] = _commit(root, "Zverejnená stránka Neskôr", "02-20")
    edit(root, VAULT, "\nKód: SECRET-VAULT\n", "")
    c["k7"] = _commit(root, "Trezor bez tajomstva SECRET-MSG-VAULT", "03-01")
    (root / "pages/moved").mkdir()
    git(root, "mv", VAULT, MOVED)
    c["k8"] = _commit(root, "Presunutý trezor", "03-05")
    git(root, "rm", "-q", EXTRA)
    c["k9"] = _commit(root, "Zmazaná SECRET-MSG-DEL", "03-10")
    (root / "pages/utf16").mkdir()
    (root / UTF16).write_bytes(UTF16_PAGE.encode("utf-16"))  # with a BOM
    c["k10"] = _commit(root, "Pridaná SECRET-MSG-UTF16", "03-12")
    git(root, "rm", "-q", UTF16)
    c["k11"] = _commit(root, "Zmazaná SECRET-MSG-UTF16DEL", "03-14")
    edit(root, PUBLIC, "Prvý odsek.\n", "Prvý odsek.\n\nDruhý odsek.\n")
    c["k12"] = _commit(root, "Úprava verejnej stránky", "03-20")
    return c


def add_unsynced(root: Path, c: dict[str, str]) -> None:
    """Commits pushed after the index was built (the sync is pending or failed)."""
    write_pages(root, {UNSYNCED: "# Nová\n\nTajné SECRET-UNSYNCED.\n"})
    c["k13"] = _commit(root, "Nová tajná SECRET-MSG-UNSYNCED", "04-01")
    write_pages(root, {FRESH: "# Čerstvá\n\nČerstvý obsah SECRET-FRESH.\n"})
    c["k14"] = _commit(root, "Čerstvá SECRET-MSG-FRESH", "04-02")


def build_nested_repo(top: Path) -> Path:
    """A wiki in ``top/wiki`` of a larger repository; returns the wiki's folder.

    Commits that touch only files outside the wiki carry ``SECRET-MSG-OUTSIDE``.
    """
    write_pages(
        top,
        {"wiki/pages/a/README.md": "# A\n\nPrvá verzia.\n", "outside/notes.md": "# Poznámky\n"},
    )
    git(top, "init", "-q", "-b", "main")
    _commit(top, "Základ", "01-01")
    edit(top, "outside/notes.md", "# Poznámky\n", "# Poznámky\n\nIné.\n")
    _commit(top, "Mimo wiki SECRET-MSG-OUTSIDE-1", "01-02", "Cudzí Autor SECRET-OUT")
    edit(top, "wiki/pages/a/README.md", "Prvá verzia.\n", "Druhá verzia.\n")
    _commit(top, "Úprava A", "01-03")
    edit(top, "outside/notes.md", "Iné.\n", "Ešte iné.\n")
    _commit(top, "Mimo wiki SECRET-MSG-OUTSIDE-2", "01-04", "Cudzí Autor SECRET-OUT")
    return top / "wiki"
