"""The bundled sample wiki, its ground truth, and the synthetic wiki generator.

The truth file (examples/zpwiki-truth.json) is what parser, search and graph tests
compare against, so it must agree with the pages literally.
"""

from __future__ import annotations

import collections
import hashlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from zpagent.synthetic import generate_wiki

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
WIKI = EXAMPLES / "zpwiki"
TRUTH_PATH = EXAMPLES / "zpwiki-truth.json"
BUILD_SCRIPT = EXAMPLES / "build_sample_wiki.py"

PERSON_KEYS = {
    "id",
    "name",
    "login",
    "document_path",
    "year_folder",
    "start_year",
    "published",
    "page_authors",
    "keywords",
    "categories",
    "topics",
    "theses",
    "works",
    "variants",
}
THESIS_KEYS = {
    "kind",
    "title",
    "year",
    "year_heading",
    "year_category",
    "supervisor",
    "supervisor_line",
    "consultant",
    "language",
}
HEADINGS = {
    "bachelor": "Bakalárska práca",
    "master": "Diplomová práca",
    "dissertation": "Dizertačná práca",
}
BIG_WARNINGS = {"huge_code_block", "long_table", "enormous_word"}

# variant -> minimum number of persons exercising it in the sample wiki
REQUIRED_VARIANTS = {
    "heading_master_plain": 2,
    "heading_master_year": 2,
    "heading_bachelor_year": 2,
    "heading_bachelor_plain": 2,
    "heading_dissertation_plain": 2,
    "heading_diploma_project": 2,
    "heading_team_project": 2,
    "heading_research_task": 2,
    "title_label_nazov_prace": 2,
    "title_label_bachelor_italic": 2,
    "title_label_master_italic": 2,
    "title_label_nazov_bold": 2,
    "title_label_tema": 2,
    "title_label_title_en": 2,
    "title_label_dissertation": 2,
    "title_english": 2,
    "supervisor_label_veduci": 2,
    "supervisor_label_veduci_prace": 2,
    "supervisor_label_skolitel": 2,
    "supervisor_without_titles": 2,
    "consultant": 2,
    "label_bold": 2,
    "label_italic": 2,
    "thesis_year_heading_only": 2,
    "thesis_year_category_only": 2,
    "thesis_year_both": 2,
    "thesis_year_disagree": 2,
    "thesis_title_missing": 2,
    "start_year_explicit": 2,
    "start_year_differs_from_folder": 2,
    "no_start_year": 6,
    "no_start_year_folder_mismatch": 2,
    "published_false_bool": 3,
    "published_false_string": 2,
    "published_no": 2,
    "published_missing": 2,
    "categories_list": 2,
    "categories_list_block": 2,
    "categories_string": 2,
    "tags_list": 2,
    "tags_string": 2,
    "key_case": 2,
    "unknown_keys": 2,
    "author_taxonomy": 2,
    "author_top": 2,
    "author_top_list": 2,
    "author_top_dict": 2,
    "author_taxonomy_list": 2,
    "author_missing": 2,
    "author_is_student": 2,
    "broken_yaml": 2,
    "no_front_matter": 2,
    "missing_front_matter_end": 1,
    "meeting_log": 20,
    "meeting_log_long": 3,
    "git_link": 2,
    "bachelor_only": 2,
    "bachelor_and_master": 2,
    "master_only": 2,
    "dissertation": 2,
    "same_full_name": 2,
    "shared_surname": 2,
    "huge_code_block": 1,
    "long_table": 1,
    "enormous_word": 1,
    "prompt_injection": 1,
}


def tree_hash(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def front_matter(text: str) -> tuple[str | None, bool]:
    """(raw front matter, closed). Without a closing line the front matter is taken
    to end at the first heading, the recovery the format allows."""
    lines = text.split("\n")
    if not lines or lines[0] != "---":
        return None, False
    for i, line in enumerate(lines[1:], start=1):
        if line == "---":
            return "\n".join(lines[1:i]), True
    for i, line in enumerate(lines[1:], start=1):
        if re.match(r"#{1,6}\s", line):
            return "\n".join(lines[1:i]), False
    return None, False


def check_person_on_page(root: Path, person: dict) -> None:
    """Every literal fact of the truth occurs on the person's page (markers stripped)."""
    text = (root / person["document_path"]).read_text(encoding="utf-8")
    plain = text.replace("*", "")
    where = person["document_path"]
    assert person["name"] in plain, where
    assert person["document_path"].split("/")[2] == str(person["year_folder"]), where
    assert person["document_path"].split("/")[3] == person["login"], where
    for thesis in person["theses"]:
        assert set(thesis) == THESIS_KEYS, where
        if thesis["title"] is not None:
            line = re.compile(rf"^.*:\s*{re.escape(thesis['title'])}\s*$", re.M)
            assert line.search(plain), (where, thesis["title"])
        if thesis["supervisor_line"] is not None:
            line = re.compile(rf"^.*:\s*{re.escape(thesis['supervisor_line'])}\s*$", re.M)
            assert line.search(plain), (where, thesis["supervisor_line"])
            assert thesis["supervisor"] is not None
            assert set(thesis["supervisor"].split()) <= set(
                thesis["supervisor_line"].replace(",", " ").split()
            ), where
        if thesis["consultant"] is not None:
            assert re.search(rf"^.*Konzultant:.*{re.escape(thesis['consultant'])}", plain, re.M)
            assert thesis["consultant"] != thesis["supervisor"], where
        heading = HEADINGS[thesis["kind"]]
        if thesis["year_heading"] is not None:
            assert f"## {heading} {thesis['year_heading']}\n" in text, where
            assert thesis["year"] == thesis["year_heading"], where
        else:
            assert f"## {heading}\n" in text, where
            assert thesis["year"] == thesis["year_category"], where
        if thesis["year_category"] is not None:
            code = {"bachelor": "bp", "master": "dp", "dissertation": "dz"}[thesis["kind"]]
            assert f"{code}{thesis['year_category']}" in person["categories"], where
    for work in person["works"]:
        if work["title"] is not None:
            assert work["title"] in plain, (where, work["title"])
    if person["start_year"] is None:
        assert "Rok začiatku štúdia" not in plain, where
    else:
        assert f"Rok začiatku štúdia: {person['start_year']}" in plain, where


# --------------------------------------------------------------------------- sample


@pytest.fixture(scope="module")
def truth() -> dict:
    return json.loads(TRUTH_PATH.read_text(encoding="utf-8"))


def test_sample_wiki_shape(truth: dict) -> None:
    students = sorted(WIKI.glob("pages/students/*/*/README.md"))
    assert len(students) >= 48
    assert len({p.parts[-3] for p in students}) >= 7
    assert len(list(WIKI.glob("pages/topics/*/README.md"))) >= 6
    assert (WIKI / "pages" / "README.md").is_file()
    assert (WIKI / "pages" / "rules" / "README.md").is_file()
    assert len(list(WIKI.glob("pages/guides/*/README.md"))) >= 2
    kinds = collections.Counter(d["kind"] for d in truth["documents"])
    assert kinds["student"] == len(students) == len(truth["persons"])
    assert kinds["home"] == 1 and kinds["rules"] >= 1 and kinds["guide"] >= 2
    assert 5 <= len(truth["supervisors"]) <= 7
    dissertations = [p for p in truth["persons"] if "dissertation" in p["variants"]]
    assert 2 <= len(dissertations) <= 3


def test_truth_schema(truth: dict) -> None:
    assert truth["schema_version"] == 1
    assert set(truth) == {
        "schema_version",
        "persons",
        "supervisors",
        "topics",
        "documents",
        "ambiguous_names",
    }
    ids = [p["id"] for p in truth["persons"]]
    assert len(ids) == len(set(ids))
    for p in truth["persons"]:
        assert set(p) == PERSON_KEYS
        assert re.fullmatch(r"[a-z]{2}\d{3}[a-z]{2}", p["login"])
        assert re.fullmatch(r"[a-z0-9-]+", p["id"])
        for w in p["works"]:
            assert w["kind"] in {"team_project", "research_task", "diploma_project"}
        assert all(k == k.strip().lower() for k in p["keywords"])
    for t in truth["topics"]:
        assert set(t) == {"slug", "title", "document_path", "keyword", "students"}
    for d in truth["documents"]:
        assert set(d) == {"path", "kind", "title", "published", "warnings"}
        assert d["kind"] in {"student", "topic", "guide", "home", "rules"}


def test_truth_paths_and_documents(truth: dict) -> None:
    documented = {d["path"] for d in truth["documents"]}
    on_disk = {p.relative_to(WIKI).as_posix() for p in WIKI.rglob("*.md")}
    assert documented == on_disk
    for p in truth["persons"]:
        assert (WIKI / p["document_path"]).is_file()
    for t in truth["topics"]:
        assert (WIKI / t["document_path"]).is_file()


def test_persons_occur_literally_on_their_pages(truth: dict) -> None:
    for person in truth["persons"]:
        check_person_on_page(WIKI, person)


def check_front_matter(root: Path, person: dict, warnings: set[str]) -> None:
    """The page's front matter parses (or fails to) exactly as the truth says."""
    path = person["document_path"]
    text = (root / path).read_text(encoding="utf-8")
    raw, closed = front_matter(text)
    if "no_front_matter" in warnings:
        assert not text.startswith("---"), path
        return
    assert raw is not None, path
    assert closed is ("missing_front_matter_end" not in warnings), path
    if "broken_yaml" in warnings:
        with pytest.raises(yaml.YAMLError):
            yaml.safe_load(raw)
        return
    meta = {k.lower(): v for k, v in yaml.safe_load(raw).items()}
    assert meta["title"] == person["name"], path
    published = meta.get("published", True)
    if isinstance(published, str):
        published = published.strip().lower() not in {"false", "no", "0"}
    assert published is person["published"], path
    taxonomy = meta.get("taxonomy") or {}
    cats = taxonomy.get("category") or []
    cats = cats.split(",") if isinstance(cats, str) else cats
    assert [c.strip().lower() for c in cats] == person["categories"], path
    author = taxonomy.get("author") or meta.get("author")
    if isinstance(author, dict):
        author = author["name"]
    authors = [] if author is None else [author] if isinstance(author, str) else author
    assert authors == person["page_authors"], path


def test_front_matter_agrees_with_truth(truth: dict) -> None:
    docs = {d["path"]: d for d in truth["documents"]}
    for person in truth["persons"]:
        check_front_matter(WIKI, person, set(docs[person["document_path"]]["warnings"]))
        if person["name"] in person["page_authors"]:
            assert "author_is_student" in person["variants"]


def test_unpublished_pages(truth: dict) -> None:
    hidden = [p for p in truth["persons"] if not p["published"]]
    assert len(hidden) >= 5
    for d in truth["documents"]:
        match = [p for p in truth["persons"] if p["document_path"] == d["path"]]
        if match:
            assert d["published"] == match[0]["published"]
            assert d["title"] == match[0]["name"]


def test_required_variants_are_covered(truth: dict) -> None:
    counts = collections.Counter(v for p in truth["persons"] for v in p["variants"])
    counts.update(w for d in truth["documents"] for w in d["warnings"] if d["kind"] != "student")
    missing = {v: (counts[v], n) for v, n in REQUIRED_VARIANTS.items() if counts[v] < n}
    assert not missing, missing
    half = len(truth["persons"]) // 2
    assert abs(counts["meeting_log"] - half) <= len(truth["persons"]) // 4


def test_warnings_are_real(truth: dict) -> None:
    for d in truth["documents"]:
        text = (WIKI / d["path"]).read_text(encoding="utf-8")
        w = set(d["warnings"])
        if "huge_code_block" in w:
            blocks = re.findall(r"^```[a-z]*\n(.*?)^```", text, re.M | re.S)
            assert max(len(b) for b in blocks) > 12_000
        if "long_table" in w:
            assert sum(1 for line in text.splitlines() if line.startswith("|")) > 80
        if "enormous_word" in w:
            assert max(len(word) for word in text.split()) >= 5000
        if "prompt_injection" in w:
            assert "Ignoruj všetky predchádzajúce pokyny" in text
        if "missing_front_matter_end" in w:
            assert text.split("\n").count("---") == 1


def test_ambiguous_names_and_ids(truth: dict) -> None:
    names = collections.Counter(p["name"] for p in truth["persons"])
    expected = sorted(n for n, c in names.items() if c > 1)
    assert [a["name"] for a in truth["ambiguous_names"]] == expected == ["Martin Horváth"]
    by_id = {p["id"]: p for p in truth["persons"]}
    for entry in truth["ambiguous_names"]:
        folders = {by_id[i]["year_folder"] for i in entry["person_ids"]}
        assert len(folders) == len(entry["person_ids"])
        for pid in entry["person_ids"]:
            assert pid.endswith(by_id[pid]["login"])
    surnames = collections.Counter(p["name"].split()[-1] for p in truth["persons"])
    assert surnames["Kováč"] == 2 and surnames["Nováková"] >= 2


def test_topics_agree_with_pages(truth: dict) -> None:
    by_id = {p["id"]: p for p in truth["persons"]}
    for topic in truth["topics"]:
        text = (WIKI / topic["document_path"]).read_text(encoding="utf-8")
        linked = re.findall(r"\]\(\.\./\.\./students/(\d{4}/[a-z0-9]+)", text)
        listed = [
            "/".join(by_id[pid]["document_path"].split("/")[2:4]) for pid in topic["students"]
        ]
        assert linked == listed, topic["slug"]
        for pid in topic["students"]:
            person = by_id[pid]
            folder = "/".join(person["document_path"].split("/")[2:4])
            assert f"[{person['name']}](../../students/{folder}" in text
            assert topic["keyword"] in person["keywords"]
            assert topic["slug"] in person["topics"]
    for person in truth["persons"]:
        for slug in person["topics"]:
            topic = next(t for t in truth["topics"] if t["slug"] == slug)
            assert person["id"] in topic["students"]


def test_page_authors_are_not_the_subject_by_default(truth: dict) -> None:
    supervisors = {s["name"] for s in truth["supervisors"]}
    for person in truth["persons"]:
        for author in person["page_authors"]:
            assert author in supervisors or author == person["name"]


def test_prose_budget(truth: dict) -> None:
    big = {d["path"] for d in truth["documents"] if BIG_WARNINGS & set(d["warnings"])}
    chars = sum(
        len(p.read_text(encoding="utf-8"))
        for p in WIKI.rglob("*.md")
        if p.relative_to(WIKI).as_posix() not in big
    )
    assert chars / 4 < 60_000


def test_build_script_reproduces_sample(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, str(BUILD_SCRIPT), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    assert tree_hash(tmp_path / "zpwiki") == tree_hash(WIKI)
    assert (tmp_path / "zpwiki-truth.json").read_bytes() == TRUTH_PATH.read_bytes()


# --------------------------------------------------------------------------- synthetic


def test_generate_wiki_is_deterministic(tmp_path: Path) -> None:
    a = generate_wiki(tmp_path / "a", 150, seed=3)
    b = generate_wiki(tmp_path / "b", 150, seed=3)
    c = generate_wiki(tmp_path / "c", 150, seed=4)
    assert tree_hash(tmp_path / "a") == tree_hash(tmp_path / "b")
    assert tree_hash(tmp_path / "a") != tree_hash(tmp_path / "c")
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert json.dumps(a, sort_keys=True) != json.dumps(c, sort_keys=True)


def test_generate_wiki_truth_matches_pages(tmp_path: Path) -> None:
    n = 600
    truth = generate_wiki(tmp_path, n, seed=11)
    students = list(tmp_path.glob("pages/students/*/*/README.md"))
    assert len(students) == len(truth["persons"]) == n
    assert len({p.parts[-3] for p in students}) >= 7
    assert len(truth["topics"]) >= 6
    documented = {d["path"] for d in truth["documents"]}
    assert documented == {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.md")}
    ids = [p["id"] for p in truth["persons"]]
    assert len(ids) == len(set(ids))
    for person in truth["persons"]:
        assert set(person) == PERSON_KEYS
    docs = {d["path"]: d for d in truth["documents"]}
    for person in random.Random(0).sample(truth["persons"], 50):
        check_person_on_page(tmp_path, person)
        check_front_matter(tmp_path, person, set(docs[person["document_path"]]["warnings"]))
    for topic in truth["topics"]:
        text = (tmp_path / topic["document_path"]).read_text(encoding="utf-8")
        assert text.count("](../../students/") == len(topic["students"])
    counts = collections.Counter(v for p in truth["persons"] for v in p["variants"])
    for variant in (
        "no_start_year",
        "thesis_year_category_only",
        "thesis_year_heading_only",
        "consultant",
        "meeting_log",
    ):
        assert counts[variant] > 0, variant
    warnings = collections.Counter(w for d in truth["documents"] for w in d["warnings"])
    assert warnings["no_front_matter"] + warnings["broken_yaml"] > 0
    assert truth["ambiguous_names"], "name collisions should be rare but present"
    assert len(truth["ambiguous_names"]) < n // 20


def test_generate_wiki_cli(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), *sys.path])}
    out = subprocess.run(
        [sys.executable, "-m", "zpagent.synthetic", str(tmp_path / "w"), "--students", "25"],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    assert out.stdout.startswith("25 students")
    assert len(list(tmp_path.glob("w/pages/students/*/*/README.md"))) == 25
