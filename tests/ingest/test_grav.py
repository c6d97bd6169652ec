"""Grav conventions on a tree shaped like the Grav documentation (getgrav/grav-learn)."""

from pathlib import Path

from zpagent.ingest.grav import GravSite, merge_front_matter, parse_site, select_pages
from zpagent.ingest.metadata import normalize_meta
from zpagent.ingest.scan import scan_wiki
from zpagent.ingest.walk import SourceFile

# The structure of getgrav/grav-learn, with small made-up pages.
SYSTEM_YAML = """\
languages:
    supported: [17,16,15]
    default_lang: 17
    include_default_lang: true
    content_fallback:
        15: ['15', '']
        16: ['16', '15', '']
        17: ['17', '16', '15', '']
"""
GRAV = {
    "config/system.yaml": SYSTEM_YAML,
    "README.md": "# Grav Learn\n\nThe repository's own readme, not a page.\n",
    "pages/01.basics/chapter.md": "---\ntitle: Basics\n---\n",
    "pages/01.basics/01.what-is-grav/docs.md": "---\ntitle: What is Grav?\n---\n\nA CMS.\n",
    "pages/01.basics/05.grav-configuration/docs.md": "---\ntitle: Configuration\n---\n\nOld.\n",
    "pages/01.basics/05.grav-configuration/docs.17.md": (
        "---\ntitle: Configuration\n---\n\nCurrent configuration text.\n"
    ),
    "pages/03.themes/07.asset-manager/docs.15.md": "---\ntitle: Asset Manager\n---\n\n1.5\n",
    "pages/03.themes/07.asset-manager/docs.16.md": "---\ntitle: Asset Manager\n---\n\n1.6\n",
    "pages/08.advanced/05.multisite-setup/docs.md": (
        "# Multisite Setup\n\n```bash\n# copy the user folder\ncp -r user site2\n```\n"
    ),
    "pages/14.api/frontmatter.yaml": "title: Grav API\ntaxonomy:\n  category: [api]\n",
    "pages/14.api/default.md": "---\ntaxonomy:\n  tag: [classes]\n---\n\nEvery class.\n",
    "pages/14.api/default.17.md": "---\ntaxonomy:\n  tag: [classes17]\n---\n\nEvery 1.7 class.\n",
    "pages/15.hints/item.md": "Plain Markdown, no front matter.\n\nHints\n=====\n\nText.\n",
}


def grav_site(root: Path, pages: dict[str, str] = GRAV) -> Path:
    for rel, text in pages.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_parse_site_reads_the_fallback_chain():
    assert parse_site(SYSTEM_YAML) == GravSite("17", ("17", "16", "15", ""), ("17", "16", "15"))
    assert parse_site("languages:\n  supported: [sk, en]\n") == GravSite("sk", (), ("sk", "en"))
    assert GravSite("sk").chain() == ("sk", "")
    assert parse_site("broken: [") == GravSite() and GravSite().chain() == ("",)


def test_one_file_per_page_the_default_language_variant():
    files = [SourceFile(rel, Path(rel), "page") for rel in GRAV if rel.endswith(".md")]
    chosen = select_pages(files, parse_site(SYSTEM_YAML))
    rels = [f.rel for f in chosen.pages]
    assert "pages/01.basics/05.grav-configuration/docs.17.md" in rels
    assert "pages/01.basics/05.grav-configuration/docs.md" not in rels
    assert "pages/03.themes/07.asset-manager/docs.16.md" in rels  # 17 missing: 16 next
    assert sorted(n.path for n in chosen.notes) == [
        "pages/01.basics/05.grav-configuration/docs.md",
        "pages/03.themes/07.asset-manager/docs.15.md",
        "pages/14.api/default.md",
    ]
    assert {n.kind for n in chosen.notes} == {"language_variant"}
    # Without a site configuration, "17" is no language code: both files are pages
    # (an honest duplicate beats a guess); language codes on templates still group.
    plain = select_pages(files, GravSite())
    assert "pages/01.basics/05.grav-configuration/docs.17.md" in [f.rel for f in plain.pages]
    en = [SourceFile(r, Path(r), "page") for r in ("p/a/default.md", "p/a/default.en.md")]
    assert [f.rel for f in select_pages(en, GravSite()).pages] == ["p/a/default.md"]
    # A plain wiki's dotted names are pages of their own.
    rels = ("p/2021.md", "p/2021.10.md", "p/x.md", "p/x.en.md")
    notes = [SourceFile(r, Path(r), "page") for r in rels]
    assert len(select_pages(notes, GravSite()).pages) == 4


def test_folder_front_matter_is_merged_under_the_page():
    merged = merge_front_matter(
        {"title": "API", "taxonomy": {"category": ["api"], "tag": ["x"]}},
        {"taxonomy": {"tag": ["classes"]}},
    )
    assert merged == {"title": "API", "taxonomy": {"category": ["api"], "tag": ["classes"]}}


def test_titles_fall_back_past_code_comments_and_order_prefixes():
    meta = normalize_meta({}, "```bash\n# a comment\n```\nno heading", "pages/08.advanced/docs.md")
    assert (meta.title, meta.title_source) == ("advanced", "path")
    meta = normalize_meta({}, "Intro\n\nNázov\n=====\n", "pages/x/README.md")
    assert (meta.title, meta.title_source) == ("Názov", "heading")


def test_a_grav_site_scans_as_grav_serves_it(tmp_path):
    root = grav_site(tmp_path / "learn")
    scan = scan_wiki(root, base_url="https://learn.example.org/17/")
    docs = {d.path: d for d in scan.documents}
    assert sorted(docs) == [
        "pages/01.basics/01.what-is-grav/docs.md",
        "pages/01.basics/05.grav-configuration/docs.17.md",
        "pages/01.basics/chapter.md",
        "pages/03.themes/07.asset-manager/docs.16.md",
        "pages/08.advanced/05.multisite-setup/docs.md",
        "pages/14.api/default.17.md",
        "pages/15.hints/item.md",
    ]
    assert "Current configuration" in docs["pages/01.basics/05.grav-configuration/docs.17.md"].body
    multisite = docs["pages/08.advanced/05.multisite-setup/docs.md"]
    assert multisite.title == "Multisite Setup"  # not "copy the user folder"
    assert multisite.source_url == "https://learn.example.org/17/advanced/multisite-setup"
    assert docs["pages/01.basics/chapter.md"].source_url == "https://learn.example.org/17/basics"
    api = docs["pages/14.api/default.17.md"]
    assert (api.title, api.categories, api.tags) == ("Grav API", ["api"], ["classes17"])
    assert docs["pages/15.hints/item.md"].title == "Hints"
    # Plain Markdown and empty section pages are normal input: notes, no problems.
    assert scan.warning_counts() == {} and scan.problem_documents() == 0
    assert scan.note_counts() == {"empty_body": 1, "language_variant": 3, "no_front_matter": 2}
    assert [rel for rel, _ in scan.extra_sources] == [
        "config/system.yaml",
        "pages/14.api/frontmatter.yaml",
    ]


def test_folder_front_matter_changes_the_source_hash(tmp_path):
    from zpagent.index.version import hash_rows

    root = grav_site(tmp_path / "learn")
    before = hash_rows(scan_wiki(root, report=False).source_rows())
    (root / "pages/14.api/frontmatter.yaml").write_text("title: Renamed\n", encoding="utf-8")
    assert hash_rows(scan_wiki(root, report=False).source_rows()) != before
