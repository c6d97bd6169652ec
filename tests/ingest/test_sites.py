"""What is a page follows the site generator (Jekyll, Hugo, MkDocs), on real folders."""

import pytest

from tests.conftest import write_pages
from zpagent.ingest.globs import PatternList, compile_glob
from zpagent.ingest.scan import scan_wiki
from zpagent.ingest.sites.rules import Overrides, page_rules


def _scan(root, include=(), exclude=()):
    rules, problems = page_rules(root, Overrides(tuple(include), tuple(exclude)))
    return scan_wiki(root, report=False, rules=rules, refused=problems)


def _paths(scan) -> set[str]:
    return {d.path for d in scan.documents}


def _skipped(scan) -> dict[str, str]:
    return {p["path"]: p["reason"] for p in scan.site()["skipped_paths"]}


PAGE = "---\ntitle: {0}\n---\n# {0}\n\nText stránky {0}.\n"

JEKYLL_CONFIG = """\
title: Dokumentácia
collections_dir: .
collections:
  docs:
    output: true
  authors:
    output: false
  tutorials:
    permalink: /:collection/:path/
include: [_pages]
exclude:
  - readme.md
  - archive/*
"""
JEKYLL = {
    "_config.yml": JEKYLL_CONFIG,
    "index.md": PAGE.format("Úvod"),
    "readme.md": PAGE.format("Readme"),
    "about/team.md": PAGE.format("Tím"),
    "archive/old.md": PAGE.format("Starý"),
    "_includes/footer.md": PAGE.format("Päta"),
    "_layouts/page.md": PAGE.format("Rozloženie"),
    "_drafts/next.md": PAGE.format("Koncept"),
    "_posts/2020-01-01-hello.md": PAGE.format("Príspevok"),
    "blog/_posts/2021-02-02-news.md": PAGE.format("Novinka"),
    "_docs/guide.md": PAGE.format("Návod"),
    "_docs/_partial.md": PAGE.format("Časť"),
    "_authors/jana.md": PAGE.format("Jana"),
    "_tutorials/first.md": PAGE.format("Tutoriál"),
    "_pages/contact.md": PAGE.format("Kontakt"),
    "#scratch.md": PAGE.format("Poznámky"),
    "node_modules/pkg/README.md": PAGE.format("Balík"),
    "vendor/bundle/gem/README.md": PAGE.format("Gem"),
}


def test_jekyll_indexes_what_the_site_publishes(tmp_path):
    scan = _scan(write_pages(tmp_path, JEKYLL))
    assert _paths(scan) == {
        "index.md",
        "about/team.md",
        "_posts/2020-01-01-hello.md",
        "blog/_posts/2021-02-02-news.md",
        "_docs/guide.md",
        "_pages/contact.md",  # include: [_pages]
    }
    assert _skipped(scan) == {
        "#scratch.md": "unpublished_file",
        "_authors": "collection_not_output",
        "_docs/_partial.md": "unpublished_file",
        "_drafts": "draft",
        "_includes": "unpublished_folder",
        "_layouts": "unpublished_folder",
        "_tutorials": "collection_not_output",  # output defaults to false
        "archive/old.md": "site_exclude",
        "node_modules": "site_exclude",  # Jekyll's default excludes
        "readme.md": "site_exclude",
        "vendor/bundle": "site_exclude",
    }
    site = scan.site()
    assert site["generator"] == "jekyll" and site["config"] == ["_config.yml"]
    assert site["skipped"] == {
        "collection_not_output": 2,
        "draft": 1,
        "site_exclude": 4,
        "unpublished_file": 2,
        "unpublished_folder": 2,
    }
    assert scan.warning_counts() == {} and "site_exclude" not in scan.note_counts()
    assert ("_config.yml", scan.extra_sources[0][1]) in scan.source_rows()


def test_jekyll_collections_dir_and_a_list_of_collections(tmp_path):
    pages = {
        "_config.yml": "collections_dir: my\ncollections: [notes]\n",
        "my/_posts/2020-01-01-a.md": PAGE.format("A"),
        "my/_notes/n.md": PAGE.format("N"),
        "_notes/elsewhere.md": PAGE.format("E"),  # not in collections_dir
    }
    scan = _scan(write_pages(tmp_path, pages))
    assert _paths(scan) == {"my/_posts/2020-01-01-a.md"}
    assert _skipped(scan) == {"my/_notes": "collection_not_output", "_notes": "unpublished_folder"}


@pytest.mark.parametrize(
    "config",
    [
        "exclude: [unclosed\n",  # not YAML
        "exclude: readme.md\n",  # Jekyll wants a list
        "a: &a [x, x]\nb: [*a, *a]\n",  # aliases are refused
        "- a list\n",  # not a mapping
    ],
)
def test_a_broken_jekyll_config_is_a_reported_problem_and_defaults_apply(tmp_path, config):
    pages = {
        "_config.yml": config,
        "readme.md": PAGE.format("Readme"),
        "_includes/x.md": PAGE.format("X"),
        "node_modules/p/README.md": PAGE.format("P"),
    }
    scan = _scan(write_pages(tmp_path, pages))
    assert scan.warning_counts() == {"broken_site_config": 1}
    assert [w.path for w in scan.problems()] == ["_config.yml"]
    assert _paths(scan) == {"readme.md"}  # the site's own exclude could not be read
    assert _skipped(scan) == {"_includes": "unpublished_folder", "node_modules": "site_exclude"}


def test_include_and_exclude_override_the_site(tmp_path):
    root = write_pages(tmp_path, JEKYLL)
    scan = _scan(root, include=["_includes/**", "readme.md"], exclude=["_docs", "about/"])
    paths = _paths(scan)
    assert {"_includes/footer.md", "readme.md"} <= paths
    assert not paths & {"_docs/guide.md", "about/team.md", "_layouts/page.md"}
    skipped = _skipped(scan)
    assert skipped["_docs"] == skipped["about"] == "excluded_by_option"
    # "readme.md" may match at any depth: the walk looks into skipped folders for it.
    assert skipped["_layouts/page.md"] == "unpublished_folder"
    # An --exclude wins over an --include of the same path.
    scan = _scan(root, include=["_includes"], exclude=["footer.md"])
    assert "_includes/footer.md" not in _paths(scan)
    assert _skipped(scan)["_includes/footer.md"] == "excluded_by_option"
    assert scan.site()["include"] == ["_includes"] and scan.site()["exclude"] == ["footer.md"]


def test_an_include_reaches_into_a_skipped_folder_only_where_it_matches(tmp_path):
    pages = {
        "_config.yml": "title: x\n",
        "index.md": PAGE.format("I"),
        "_includes/a/keep.md": PAGE.format("K"),
        "_includes/a/other.md": PAGE.format("O"),
        "_includes/b/x.md": PAGE.format("X"),
    }
    scan = _scan(write_pages(tmp_path, pages), include=["_includes/a/keep.md"])
    assert _paths(scan) == {"index.md", "_includes/a/keep.md"}
    assert _skipped(scan) == {
        "_includes/a/other.md": "unpublished_folder",
        "_includes/b": "unpublished_folder",
    }


HUGO = {
    "hugo.toml": 'baseURL = "https://example.org/"\ntitle = "Stránka"\n',
    "README.md": PAGE.format("Readme"),
    "archetypes/default.md": PAGE.format("Šablóna"),
    "themes/t/README.md": PAGE.format("Téma"),
    "content/_index.md": PAGE.format("Domov"),
    "content/posts/yaml-draft.md": "---\ntitle: Koncept\ndraft: true\n---\nText.\n",
    "content/posts/toml-draft.md": '+++\ntitle = "Koncept 2"\ndraft = true\n+++\nText.\n',
    "content/posts/toml.md": '+++\ntitle = "Hotový"\ndate = 2024-01-02\n+++\nText hotového.\n',
    "content/posts/not-draft.md": "---\ntitle: Hotový 2\ndraft: false\n---\nText.\n",
}


def test_hugo_indexes_its_content_folder_without_drafts(tmp_path):
    scan = _scan(write_pages(tmp_path, HUGO))
    assert _paths(scan) == {
        "content/_index.md",
        "content/posts/toml.md",
        "content/posts/not-draft.md",
    }
    toml = next(d for d in scan.documents if d.path == "content/posts/toml.md")
    assert toml.title == "Hotový" and toml.body.strip() == "Text hotového."
    assert _skipped(scan) == {
        "README.md": "outside_content_dir",
        "archetypes": "outside_content_dir",
        "themes": "outside_content_dir",
        "content/posts/toml-draft.md": "draft",
        "content/posts/yaml-draft.md": "draft",
    }
    assert scan.site()["generator"] == "hugo" and scan.site()["content_root"] == "content"
    # An --include of a draft or of a file outside content/ indexes it.
    scan = _scan(tmp_path, include=["content/posts/toml-draft.md", "/README.md"])
    assert {"content/posts/toml-draft.md", "README.md"} <= _paths(scan)


def test_hugo_legacy_config_needs_a_content_folder_and_honours_content_dir(tmp_path):
    plain = write_pages(tmp_path / "plain", {"config.yaml": "a: 1\n", "x.md": PAGE.format("X")})
    assert _paths(_scan(plain)) == {"x.md"} and _scan(plain).site()["generator"] is None
    pages = {
        "config.toml": 'contentDir = "site/content"\n',
        "site/content/a.md": PAGE.format("A"),
        "content/b.md": PAGE.format("B"),
    }
    scan = _scan(write_pages(tmp_path / "moved", pages))
    assert _paths(scan) == {"site/content/a.md"}
    assert _skipped(scan) == {"content": "outside_content_dir"}


def test_a_broken_hugo_config_is_reported_and_content_is_still_the_default(tmp_path):
    pages = {**HUGO, "hugo.toml": "title = [unclosed\n"}
    scan = _scan(write_pages(tmp_path, pages))
    assert scan.warning_counts() == {"broken_site_config": 1}
    assert "content/posts/toml.md" in _paths(scan) and "README.md" not in _paths(scan)


MKDOCS_CONFIG = """\
site_name: Dokumentácia
docs_dir: documentation
site_url: !ENV [SITE_URL, "https://example.org/"]
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
exclude_docs: |
  # drafts of the team
  drafts/
  *.tmp.md
  !keep.tmp.md
draft_docs: |
  wip.md
"""
MKDOCS = {
    "mkdocs.yml": MKDOCS_CONFIG,
    "README.md": PAGE.format("Readme"),
    "docs/old.md": PAGE.format("Starý"),
    "documentation/index.md": PAGE.format("Úvod"),
    "documentation/guide/setup.md": PAGE.format("Inštalácia"),
    "documentation/drafts/x.md": PAGE.format("X"),
    "documentation/a.tmp.md": PAGE.format("A"),
    "documentation/keep.tmp.md": PAGE.format("Keep"),
    "documentation/wip.md": PAGE.format("Rozrobené"),
    "documentation/templates/t.md": PAGE.format("Šablóna"),
}


def test_mkdocs_indexes_docs_dir_without_excluded_and_draft_docs(tmp_path):
    scan = _scan(write_pages(tmp_path, MKDOCS))
    assert _paths(scan) == {
        "documentation/index.md",
        "documentation/guide/setup.md",
        "documentation/keep.tmp.md",
    }
    assert _skipped(scan) == {
        "README.md": "outside_content_dir",
        "docs": "outside_content_dir",
        "documentation/drafts": "site_exclude",
        "documentation/a.tmp.md": "site_exclude",
        "documentation/templates": "site_exclude",  # MkDocs' own default
        "documentation/wip.md": "draft",
    }
    assert scan.warning_counts() == {}  # its tags are read as null, not refused
    assert scan.site()["content_root"] == "documentation"


def test_mkdocs_default_docs_dir_and_a_docs_dir_outside_the_wiki(tmp_path):
    pages = {"mkdocs.yml": "site_name: x\n", "docs/a.md": PAGE.format("A"), "b.md": "# B\n"}
    scan = _scan(write_pages(tmp_path / "default", pages))
    assert _paths(scan) == {"docs/a.md"}
    pages = {**pages, "mkdocs.yml": "docs_dir: ../elsewhere\n"}
    scan = _scan(write_pages(tmp_path / "outside", pages))
    assert scan.warning_counts() == {"broken_site_config": 1} and _paths(scan) == {"docs/a.md"}


def test_a_wiki_without_a_site_generator_is_read_as_before(tmp_path):
    pages = {
        "pages/_includes/x.md": PAGE.format("X"),
        "node_modules/p/README.md": PAGE.format("P"),
        "content/draft.md": "---\ntitle: D\ndraft: true\n---\n+++\n",
        "docs/readme.md": PAGE.format("R"),
    }
    scan = scan_wiki(write_pages(tmp_path, pages), report=False)
    assert _paths(scan) == set(pages)
    assert scan.site()["generator"] is None and scan.site()["skipped"] == {}


def test_no_page_left_is_a_clear_error(tmp_path):
    from zpagent.errors import WikiError

    pages = {"_config.yml": "x: 1\n", "_includes/a.md": PAGE.format("A")}
    with pytest.raises(WikiError, match="not published by the site's rules"):
        _scan(write_pages(tmp_path, pages))


@pytest.mark.parametrize(
    ("pattern", "path", "is_dir", "expected"),
    [
        ("node_modules", "a/node_modules", True, True),
        ("*.draft.md", "x/y/z.draft.md", False, True),
        ("docs/old", "docs/old", True, True),
        ("docs/old", "x/docs/old", True, False),
        ("/README.md", "README.md", False, True),
        ("/README.md", "a/README.md", False, False),
        ("docs/**/old.md", "docs/old.md", False, True),
        ("docs/**/old.md", "docs/a/b/old.md", False, True),
        ("docs/*", "docs/a/b.md", False, False),
        ("build/", "build", False, False),
        ("[!a]*.md", "b.md", False, True),
        ("[!a]*.md", "a.md", False, False),
    ],
)
def test_glob_subset(pattern, path, is_dir, expected):
    assert compile_glob(pattern).matches(path, is_dir) is expected


def test_pattern_lists_take_back_with_a_bang_and_refuse_parent_paths():
    lines = PatternList(["*.tmp.md", "!keep.tmp.md", "# a comment", ""])
    assert lines.matches("a.tmp.md", False) and not lines.matches("keep.tmp.md", False)
    with pytest.raises(ValueError, match="inside the wiki"):
        Overrides(exclude=("../secret",))
