"""The whole synthetic wiki: student pages, topic pages, guides and the truth.

``generate_wiki`` drives the student generator over ``n_students`` pages, then
writes the topic pages and the fixed guides and returns the ground truth.
"""

from __future__ import annotations

from pathlib import Path

from zpagent.synthetic.student import _Gen
from zpagent.synthetic.variants import _norm_kw, folder_login

# --------------------------------------------------------------------------- fixed pages

_GUIDES = (
    (
        "pages/README.md",
        "home",
        "Záverečné práce",
        "Wiki záverečných prác katedry. Študenti sú v priečinku `students/<rok>/<login>`, "
        "témy v priečinku `topics`.",
    ),
    (
        "pages/rules/README.md",
        "rules",
        "Pravidlá pre záverečné práce",
        "Tému si vyberte do 30. novembra, zadanie sa schvaľuje do 31. januára. Po každom "
        "stretnutí s vedúcim doplňte na svoju stránku záznam.",
    ),
    (
        "pages/guides/ako-pisat-zaverecnu-pracu/README.md",
        "guide",
        "Ako písať záverečnú prácu",
        "Píšte priebežne, citujte pôvodné zdroje a výsledky vždy porovnajte so základným modelom.",
    ),
    (
        "pages/guides/git/README.md",
        "guide",
        "Git pre záverečné práce",
        "Každá práca má repozitár na git.example.edu. Commitujte často, dáta a modely do gitu "
        "nepatria.",
    ),
)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def generate_wiki(root: Path, n_students: int, seed: int = 0) -> dict:
    """Write a synthetic wiki with ``n_students`` student pages under ``root``.

    ``root`` must be missing or empty, so that no stale page survives a rerun.

    Returns the ground truth (schema of ``examples/zpwiki-truth.json``).
    """
    if n_students < 0:
        raise ValueError("n_students must be >= 0")
    root = Path(root)
    if root.exists() and any(root.iterdir()):
        raise FileExistsError(f"{root} is not empty; generate_wiki writes into a new folder")
    gen = _Gen(Path(root), n_students, seed)
    persons: list[dict] = []
    documents: list[dict] = []
    for i in range(n_students):
        person, doc = gen.student(i)
        persons.append(person)
        documents.append(doc)

    by_name: dict[str, list[dict]] = {}
    for p in persons:
        by_name.setdefault(p["name"], []).append(p)
    ambiguous = []
    for name, group in by_name.items():
        if len(group) > 1:
            for p in group:
                p["id"] = f"{p['id']}-{p['login']}"
                p["variants"] = sorted({*p["variants"], "same_full_name"})
            ambiguous.append({"name": name, "person_ids": [p["id"] for p in group]})
    ids = {folder_login(p["document_path"]): p["id"] for p in persons}

    topics = []
    for slug, title, keyword, *_ in gen.topics:
        path = f"pages/topics/{slug}/README.md"
        members = gen.members[slug]
        (gen.root / path).parent.mkdir(parents=True, exist_ok=True)
        with (gen.root / path).open("w", encoding="utf-8", newline="\n") as fh:
            fh.write(
                f"---\ntitle: {title}\npublished: true\ntaxonomy:\n"
                f"    category: [topics]\n    tag: [{keyword}]\n---\n\n# {title}\n\n"
                f"Študenti, ktorí sa venujú téme {title.lower()}.\n\n## Študenti\n\n"
            )
            for _pid, fl, name, latest in members:
                suffix = f" – {latest}" if latest else ""
                fh.write(f"- [{name}](../../students/{fl}){suffix}\n")
        topics.append(
            {
                "slug": slug,
                "title": title,
                "document_path": path,
                "keyword": _norm_kw(keyword),
                "students": [ids[m[1]] for m in members],
            }
        )
        documents.append(
            {"path": path, "kind": "topic", "title": title, "published": True, "warnings": []}
        )
    for path, kind, title, text in _GUIDES:
        _write(gen.root / path, f"---\ntitle: {title}\n---\n\n# {title}\n\n{text}\n")
        documents.append(
            {"path": path, "kind": kind, "title": title, "published": True, "warnings": []}
        )
    documents.sort(key=lambda d: d["path"])
    return {
        "schema_version": 1,
        "persons": persons,
        "supervisors": [{"name": n, "display": d} for n, d in gen.supervisors if n in gen.used_sup],
        "topics": topics,
        "documents": documents,
        "ambiguous_names": sorted(ambiguous, key=lambda a: a["name"]),
    }
