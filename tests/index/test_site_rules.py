"""The site generator's rules through the whole build: snapshot, scan, real SQLite,
search, the summary and the CLI options."""

import json

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from tests.conftest import make_workspace, write_pages
from zpagent.cli.main import app
from zpagent.requests import SearchRequest

PAGE = "---\ntitle: {0}\n---\n# {0}\n\n{1}\n"
JEKYLL = {
    "_config.yml": "collections:\n  docs:\n    output: true\nexclude: [archive]\n",
    "index.md": PAGE.format("Úvod", "Vitajte v dokumentácii o preklade."),
    "_docs/guide.md": PAGE.format("Návod", "Návod spomína slovo astrolábium."),
    "_includes/footer.md": PAGE.format("Päta", "Päta spomína slovo kaleidoskop."),
    "archive/old.md": PAGE.format("Archív", "Archív spomína slovo gramofón."),
}


def _ws(tmp_path, **settings):
    return make_workspace(
        tmp_path / "data", embedding_model="hash", embedding_seed_cache=False, **settings
    )


def _found(ws, word: str) -> set[str]:
    resp = ws.search(SearchRequest(query=word, mode="fts", limit=20))
    return {r.document_path for r in resp.results}


def test_a_jekyll_site_is_indexed_as_published_and_the_summary_says_what_was_skipped(
    tmp_path,
):
    wiki = write_pages(tmp_path / "wiki", JEKYLL)
    ws = _ws(tmp_path)
    result = ws.index(wiki)
    assert result["documents"] == 2
    site = result["site"]
    assert (site["generator"], site["config"]) == ("jekyll", ["_config.yml"])
    assert site["skipped"] == {"site_exclude": 1, "unpublished_folder": 1}
    assert {p["path"] for p in site["skipped_paths"]} == {"_includes", "archive"}
    assert "_docs/guide.md" in _found(ws, "astrolábium")
    assert _found(ws, "kaleidoskop") == set() and _found(ws, "gramofón") == set()

    # --include and --exclude override the site's rules for one build.
    result = ws.index(wiki, include=["_includes/**"], exclude=["_docs"])
    assert result["site"]["skipped"] == {"excluded_by_option": 1, "site_exclude": 1}
    assert result["site"]["include"] == ["_includes/**"]
    assert "_includes/footer.md" in _found(ws, "kaleidoskop")
    assert _found(ws, "astrolábium") == set()
    ws.close()


def test_a_hugo_site_leaves_out_drafts_and_a_broken_config_is_reported_once(tmp_path):
    pages = {
        "hugo.toml": "title = [unclosed\n",
        "README.md": PAGE.format("Readme", "Readme spomína slovo metronóm."),
        "content/posts/hotovy.md": '+++\ntitle = "Hotový"\n+++\nHotový spomína harmoniku.\n',
        "content/posts/koncept.md": "---\ntitle: Koncept\ndraft: true\n---\nKoncept: bandura.\n",
    }
    ws = _ws(tmp_path)
    result = ws.index(write_pages(tmp_path / "wiki", pages))
    assert result["documents"] == 1
    assert result["warnings"] == {"broken_site_config": 1}
    assert result["site"]["skipped"] == {"draft": 1, "outside_content_dir": 1}
    assert _found(ws, "harmoniku") == {"content/posts/hotovy.md"}
    assert _found(ws, "bandura") == set() and _found(ws, "metronóm") == set()
    with ws.open_current() as gen:
        title = gen.db().execute("SELECT title FROM documents").fetchone()[0]
    assert title == "Hotový"  # from the TOML front matter
    ws.close()


def test_index_exclude_setting_applies_to_every_build(tmp_path):
    wiki = write_pages(tmp_path / "wiki", JEKYLL)
    ws = _ws(tmp_path, index_exclude="_docs, index.md", index_include="_includes")
    result = ws.sync(wiki)
    assert result["documents"] == 1
    assert result["site"]["exclude"] == ["_docs", "index.md"]
    assert "_includes/footer.md" in _found(ws, "kaleidoskop")
    ws.close()
    with pytest.raises(ValidationError, match="inside the wiki"):
        _ws(tmp_path, index_exclude="../etc")


def test_cli_include_exclude_and_a_bad_glob(tmp_path):
    wiki = write_pages(tmp_path / "wiki", JEKYLL)
    env = {"EMBEDDING_MODEL": "hash", "EMBEDDING_SEED_CACHE": "0"}
    base = ["index", "--wiki", str(wiki), "--data", str(tmp_path / "data")]
    args = [*base, "--include", "_includes/**", "--exclude", "archive", "--exclude", "_docs"]
    res = CliRunner().invoke(app, [*args, "--json"], env=env)
    assert res.exit_code == 0, res.output
    site = json.loads(res.stdout)["site"]
    assert site["include"] == ["_includes/**"] and site["exclude"] == ["archive", "_docs"]
    assert site["skipped"] == {"excluded_by_option": 2}
    res = CliRunner().invoke(app, args, env=env)
    flat = " ".join(res.stdout.replace("│", " ").split())
    assert "site jekyll (_config.yml)" in flat and "skipped excluded_by_option: 2" in flat
    res = CliRunner().invoke(app, [*base, "--exclude", "../outside"], env=env)
    assert res.exit_code == 2 and "inside the wiki" in res.output
