"""``zpagent search`` options end to end, and ``zpagent demo`` really run.

Search runs in-process (typer's CliRunner) against real generations; the
demo runs as a real process twice on one data directory: cold (it builds
the bundled sample wiki, about a minute and a half on 2 cores) and warm
(every embedding comes from the cache).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from tests.api.conftest import ENVELOPE_KEYS as CONTRACT_KEYS
from tests.conftest import make_workspace, write_pages
from zpagent.cli.main import app
from zpagent.demo import DEMO_QUERIES
from zpagent.index import datadir as dd
from zpagent.ingest.text import fold

runner = CliRunner()

HOLP = "pages/students/2016/jh428ek/README.md"
KOVAC = "pages/students/2018/pk222cd/README.md"  # published: false in the tiny wiki

ENVELOPE_KEYS = CONTRACT_KEYS | {"query", "mode", "results", "confidence"}
RESULT_KEYS = {
    "rank",
    "source_id",
    "document_path",
    "chunk_id",
    "title",
    "source_url",
    "heading_path",
    "text",
    "scores",
}


def search_json(data, *args: str) -> dict:
    res = runner.invoke(app, ["search", *args, "--data", str(data), "--json"], env={})
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


@pytest.mark.parametrize("mode", ["fts", "vector", "hybrid"])
def test_search_json_envelope_honours_the_mode(tiny_workspace, mode):
    data = tiny_workspace.data.root
    payload = search_json(data, "Ján Holp", "--mode", mode)
    assert set(payload) == ENVELOPE_KEYS
    assert payload["contract_version"] == "1"
    assert payload["status"] == "ok" and payload["reason"] is None
    assert payload["mode"] == mode
    assert payload["query"] == "Ján Holp"
    assert payload["index_version"] == dd.read_pointer(tiny_workspace.data)["index_version"]
    assert payload["complete"] is not payload["truncated"]
    results = payload["results"]
    assert results and results[0]["document_path"] == HOLP
    assert [r["rank"] for r in results] == list(range(1, len(results) + 1))
    source_ids = {s["source_id"] for s in payload["sources"]}
    for r in results:
        assert set(r) == RESULT_KEYS
        assert r["source_id"] in source_ids
        s = r["scores"]
        if mode == "fts":
            assert s["fts"] is not None and s["fts_strategy"] is not None
            assert s["vector"] is None and s["vector_rank"] is None
        elif mode == "vector":
            assert s["vector"] is not None and s["vector_rank"] is not None
            assert s["fts"] is None and s["fts_rank"] is None and s["fts_strategy"] is None
    if mode == "hybrid":
        top = results[0]["scores"]
        assert top["fts_rank"] == 1 and top["vector_rank"] is not None
        assert top["fused"] > 0


@pytest.mark.parametrize("mode", ["fts", "vector", "hybrid"])
def test_unpublished_page_only_with_the_flag(tiny_workspace, mode):
    data = tiny_workspace.data.root
    query = "tajná nepublikovaná téma kryptografia"
    hidden = search_json(data, query, "--mode", mode, "--limit", "50")
    assert KOVAC not in [r["document_path"] for r in hidden["results"]]
    shown = search_json(data, query, "--mode", mode, "--include-unpublished")
    assert shown["status"] == "ok"
    assert shown["results"][0]["document_path"] == KOVAC
    assert shown["results"][0]["title"] == "Peter Kováč"


HYDRO = "pages/students/2020/hy200bb/README.md"
SECTION = (
    "Hydropónia je pestovanie rastlín bez pôdy v živnom roztoku. Meranie číslo {i}. "
    "Študent meria rast šalátu, teplotu, vlhkosť a vodivosť roztoku každý deň."
)


@pytest.fixture(scope="module")
def multi_chunk_data(tmp_path_factory):
    """A page with four matching sections (one chunk each) and one other page."""
    root = tmp_path_factory.mktemp("cli-multi")
    pages = {
        HYDRO: "---\ntitle: Hydroponický skleník\n---\n# Hydroponický skleník\n\n"
        + "\n\n".join(f"## Meranie {i}\n\n{SECTION.format(i=i)}" for i in range(1, 5))
        + "\n",
        "pages/guides/zahrada/README.md": "# Záhrada\n\nAj hydropónia sa dá skúsiť doma.\n",
        "pages/guides/git/README.md": "# Git\n\nKaždý študent má repozitár na Gite.\n",
    }
    ws = make_workspace(root / "data", chunk_min_tokens=10)
    ws.index(write_pages(root / "wiki", pages))
    return ws.data.root


def test_max_per_document_option(multi_chunk_data):
    default = search_json(multi_chunk_data, "hydropónia")
    paths = [r["document_path"] for r in default["results"]]
    assert paths.count(HYDRO) == 1  # the default is one chunk per page
    assert "per_document_limit" in default["truncation_reasons"]
    assert default["truncated"] is True and default["complete"] is False

    three = search_json(multi_chunk_data, "hydropónia", "--max-per-document", "3")
    assert [r["document_path"] for r in three["results"]].count(HYDRO) == 3
    assert "per_document_limit" in three["truncation_reasons"]

    four = search_json(multi_chunk_data, "hydropónia", "--max-per-document", "4")
    hydro = [r for r in four["results"] if r["document_path"] == HYDRO]
    assert len(hydro) == 4 and len({r["chunk_id"] for r in hydro}) == 4
    assert four["truncation_reasons"] == [] and four["complete"] is True
    # one page = one source, however many of its chunks are returned
    assert len([s for s in four["sources"] if s["document_path"] == HYDRO]) == 1


def test_max_per_document_is_validated(multi_chunk_data):
    for bad in ("0", "11"):
        res = runner.invoke(
            app,
            ["search", "hydropónia", "--max-per-document", bad, "--data", str(multi_chunk_data)],
        )
        assert res.exit_code == 2


# --------------------------------------------------------------------------
# zpagent demo, really run


def run_demo(data, cwd, *extra: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200"}  # wide tables: one line per result row
    return subprocess.run(
        [sys.executable, "-m", "zpagent", "demo", "--data", str(data), *extra],
        capture_output=True,
        text=True,
        timeout=540,
        cwd=cwd,
        env=env,
    )


def build_value(stdout: str, key: str) -> str:
    m = re.search(rf"│ {key}\s*│ (\S+)", stdout)
    assert m, f"{key} missing from the build table"
    return m.group(1)


def table_rows(stdout: str, title: str) -> list[str]:
    """The result rows (``│ 1 │ page ...``) of the table titled ``title``."""
    start = stdout.index(title)
    end = stdout.find("└", start)
    return [ln for ln in stdout[start:end].splitlines() if re.match(r"│ \d+ │", ln)]


@pytest.mark.slow
def test_demo_builds_the_sample_wiki_from_the_seed_prints_results_and_rebuilds(tmp_path):
    searches = [q for tool, q in DEMO_QUERIES if tool == "search"]
    assert len(searches) == 3
    plain = [q for q in searches if fold(q) == q]
    assert plain == ["rozpoznavanie reci neuronove siete"]  # typed without diacritics

    data = tmp_path / "data"
    cold = run_demo(data, tmp_path)
    assert cold.returncode == 0, cold.stderr[-3000:]
    out = cold.stdout
    segments = int(build_value(out, "embedding_segments"))
    chunks = int(build_value(out, "chunks"))
    assert int(build_value(out, "documents")) >= 40
    assert segments >= chunks > 0
    # The shipped seed cache holds every vector of the sample wiki: nothing is embedded.
    assert int(build_value(out, "embedding_computed")) == 0
    assert int(build_value(out, "embedding_reused")) == segments

    expected_first = {
        searches[0]: "pages/students/2016/jh428ek/README.md",
        searches[1]: "pages/topics/rozpoznavanie-reci/README.md",
    }
    for q in searches:
        rows = table_rows(out, f"hybrid search: {q}")
        assert len(rows) == 3, (q, rows)  # the demo asks for three results
        assert [r.split("│")[1].strip() for r in rows] == ["1", "2", "3"]
    # The result tables name the right pages (title on the row, path below it).
    holp = out[out.index(f"hybrid search: {searches[0]}") :]
    assert "│ 1 │ Ján Holp " in holp and "pages/students/2016/jh428ek/README.md" in holp
    speech = out[out.index(f"hybrid search: {searches[1]}") :]
    assert "│ 1 │ Rozpoznávanie reči " in speech
    chat_rows = table_rows(out, f"hybrid search: {searches[2]}")
    assert any("chatbot" in r.lower() for r in chat_rows)
    # The other tools print something for each of their questions.
    for tool, q in DEMO_QUERIES:
        if tool != "search":
            assert q in out, q

    warm = run_demo(data, tmp_path, "--json")
    assert warm.returncode == 0, warm.stderr[-3000:]
    payload = json.loads(warm.stdout)
    build = payload["build"]
    assert payload["status"] == "ok"
    assert build["embedding_segments"] == segments
    assert build["embedding_computed"] == 0
    assert build["embedding_reused"] == segments
    queries = payload["queries"]
    assert [q["tool"] for q in queries] == [tool for tool, _ in DEMO_QUERIES]
    found = {q["query"]: q for q in queries if q["tool"] == "search"}
    for q, path in expected_first.items():
        assert found[q]["results"][0]["document_path"] == path
    assert len(found[searches[2]]["results"]) == 3
