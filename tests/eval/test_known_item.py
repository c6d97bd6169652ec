"""``zpagent eval known-item`` on a small purpose-built wiki: queries generated
reproducibly from the pages (seeded), duplicates of a page count as relevant,
the four systems side by side, JSON and Markdown written."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.conftest import built_workspace
from zpagent.cli.main import app
from zpagent.eval.known_item import Bm25Pages, evaluate_known_items
from zpagent.eval.known_items import generate, plain_sentences

DOCS = "pages/01.basics/02.installation/docs.md"
DOCS_OLD = "pages/01.basics/02.installation/docs.17.md"
INSTALL = """---
title: Inštalácia systému
---
# Inštalácia systému

Stiahnite si balík z oficiálnej stránky projektu a rozbaľte archív do koreňového priečinka
webového servera.

```bash
# Nainštalujte závislosti
composer install
```

Oprávnenia súborov nastavte tak, aby webový server mohol zapisovať do priečinkov cache a logs.
"""
PAGES = {
    DOCS: INSTALL,
    DOCS_OLD: INSTALL,  # Grav keeps a copy per version: both are the right page
    "pages/02.content/docs.md": """---
title: Obsah stránok
---
# Obsah stránok

Každá stránka je priečinok so súborom Markdown, obrázkami a ďalšími prílohami.
Hlavička stránky v YAML určuje názov, taxonómiu, poradie v menu a viditeľnosť.
""",
    "pages/03.themes/docs.md": """# Témy vzhľadu

Téma určuje vzhľad webu: šablóny Twig, štýly CSS, písma a obrázky loga.
Vlastnú tému odvodíte zdedením existujúcej a prepísaním jednotlivých šablón.
""",
    "pages/04.empty/docs.md": "Krátka stránka bez nadpisu.\n",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory):
    return built_workspace(tmp_path_factory, "known-item", PAGES)


def test_queries_are_reproducible_and_follow_the_rules(ws):
    with ws.open_current() as gen:
        items = generate(gen, seed=3)
        assert items == generate(gen, seed=3)
        other = generate(gen, seed=4)
    titles = {i.page: i for i in items if i.kind == "title"}
    sentences = {i.page: i for i in items if i.kind == "sentence"}
    # A title without diacritics; none for a page whose title is its path.
    assert titles[DOCS].query == "Instalacia systemu"
    assert "pages/04.empty/docs.md" not in titles
    # Identical copies are each other's relevant pages.
    assert set(titles[DOCS].relevant) == {DOCS, DOCS_OLD}
    assert set(sentences[DOCS].relevant) == {DOCS, DOCS_OLD}
    for it in sentences.values():
        assert 6 <= len(it.query.split()) <= 10
        assert "composer" not in it.query and "Nainštalujte" not in it.query  # no code
    assert {i.split for i in items} <= {"dev", "test"}
    assert [i.id for i in items] == [i.id for i in other]  # the seed moves windows, not ids


def test_plain_sentences_drop_code_links_and_markup():
    body = (
        "Text [odkaz](http://x.example) a `kód`.\n\n```\nkod()\n```\n| a | b |\n## Nadpis\n"
        "- Krok:\n\n  ```python\n  print(1)\n  ```\nKoniec."
    )
    assert plain_sentences(body) == ["Text odkaz a .", "- Krok:", "Koniec."]


def test_bm25s_baseline_ranks_whole_pages(ws):
    with ws.open_current() as gen:
        ranked = Bm25Pages(gen).ranked("sablony Twig styly CSS")
        assert ranked[0] == "pages/03.themes/docs.md"
        assert Bm25Pages(gen).ranked("xqzvbn") == []


def test_report_has_every_system_and_split(ws):
    with ws.open_current() as gen:
        report = evaluate_known_items(gen, ws.embedder, seed=0, name="tiny")
    assert report["corpus"] == "tiny" and report["pages"] == len(PAGES)
    for block in report["splits"].values():
        assert set(block) == {"hybrid", "fts", "vector", "bm25s"}
        for system, entry in block.items():
            o = entry["overall"]
            assert 0.0 <= o["mrr"] <= 1.0 and o["p50_ms"] is not None
            if system != "bm25s":
                assert 0.0 <= o["no_answer_accuracy"] <= 1.0
                assert 0.0 <= o["false_no_answer_rate"] <= 1.0
    queries = sum(b["hybrid"]["overall"]["queries"] for b in report["splits"].values())
    assert queries == 8  # four titles and four sentences (none for the untitled page)


def test_cli_writes_json_and_markdown(tmp_path):
    from tests.conftest import write_pages

    wiki = write_pages(tmp_path / "wiki", PAGES)
    out = tmp_path / "out"
    args = ["eval", "known-item", "--wiki", str(wiki), "--seed", "1", "--name", "tiny"]
    res = CliRunner().invoke(
        app, [*args, "--data", str(tmp_path / "data"), "--out", str(out), "--json"], env={}
    )
    assert res.exit_code == 0, res.output
    printed = json.loads(res.stdout)
    assert printed["status"] == "ok" and printed["seed"] == 1
    assert sorted(p.name for p in out.iterdir()) == ["known-item-tiny.json", "known-item-tiny.md"]
    md = (out / "known-item-tiny.md").read_text(encoding="utf-8")
    assert md.startswith("# Known-item evaluation: tiny")
    assert "| bm25s |" in md and "| hybrid |" in md
