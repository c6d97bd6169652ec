"""Big pages: indexed in full up to a byte limit, and what a limit cuts is reported.

Built through the sync pipeline (snapshot, real SQLite) with the hashing
embedder: the point is what is indexed and reported, not the vectors.
"""

import json

from typer.testing import CliRunner

from tests.conftest import make_workspace, write_pages
from zpagent.cli.main import app
from zpagent.ingest.chunker import Chunker
from zpagent.ingest.limits import DEFAULT_MAX_CHUNKS
from zpagent.ingest.scan import cut_bytes
from zpagent.requests import SearchRequest

SMALL = {"pages/topics/chatboty/README.md": "# Chatboty\n\nKonverzačné systémy pre študentov.\n"}
LINE = "Riadok o rozpoznávaní reči a strojovom preklade, ktorý sa opakuje.\n"


def _history(versions: int, last_line: str) -> str:
    """A changelog like Jekyll's ``history.md``: many versions, a list of fixes each."""
    out = ["# História zmien\n"]
    for v in range(versions, 0, -1):
        out.append(f"\n## Verzia 3.{v} / 2019-{v % 12 + 1:02d}-01\n\n")
        out.extend(f"- Oprava číslo {v}.{i}: {LINE}" for i in range(14))
    out.append(f"\n{last_line}\n")
    return "".join(out)


def _workspace(tmp_path, **limits):
    return make_workspace(
        tmp_path / "data", embedding_model="hash", embedding_seed_cache=False, **limits
    )


def _found(ws, query: str, mode: str = "fts") -> set[str]:
    resp = ws.search(SearchRequest(query=query, mode=mode, limit=20))
    return {r.document_path for r in resp.results}


def test_a_big_page_under_the_limit_is_indexed_in_full(tmp_path):
    page = _history(260, "Posledný riadok spomína slovo kvintesencia.")
    assert len(page.encode()) > 303_000  # the size of Jekyll's history.md
    wiki = write_pages(tmp_path / "wiki", {"pages/history/README.md": page, **SMALL})
    ws = _workspace(tmp_path)
    result = ws.index(wiki)
    chunks = len(Chunker(ws.chunk_settings()).chunk("h", "h", page.split("\n", 1)[1]))
    assert 100 < chunks < DEFAULT_MAX_CHUNKS  # past the old cap of 100
    assert result["pages_cut"] == 0 and result["bytes_left_out"] == 0
    assert result["cut_pages"] == [] and "too_many_chunks" not in result["warnings"]
    for mode in ("fts", "hybrid"):
        assert "pages/history/README.md" in _found(ws, "kvintesencia", mode), mode
    ws.close()


def test_a_page_past_the_byte_limit_is_reported_with_its_bytes_left_out(tmp_path):
    raw = ("# Veľká\n\nZačiatok spomína slovo prológ.\n\n" + LINE * 5000).encode()
    raw += "Koniec spomína slovo epilóg.\n".encode()
    wiki = write_pages(tmp_path / "wiki", SMALL)
    (wiki / "pages/big").mkdir(parents=True)
    (wiki / "pages/big/README.md").write_bytes(raw)
    ws = _workspace(tmp_path, page_max_bytes=64 * 1024)
    result = ws.index(wiki)
    left = len(raw) - len(cut_bytes(raw, 64 * 1024))
    assert left > len(raw) - 64 * 1024
    assert (result["pages_cut"], result["bytes_left_out"]) == (1, left)
    assert result["cut_pages"] == [
        {
            "path": "pages/big/README.md",
            "limits": ["too_large_truncated"],
            "size_bytes": len(raw),  # the page's, not the snapshot's copy
            "bytes_left_out": left,
        }
    ]
    assert "pages/big/README.md" in _found(ws, "prológ")
    assert "pages/big/README.md" not in _found(ws, "epilóg")  # left out, and said so
    ws.close()


def test_a_page_past_the_heading_limit_reports_the_bytes_after_the_cut(tmp_path):
    page = "# Mnoho\n\n" + "".join(f"## Nadpis {i}\n\n{LINE}\n" for i in range(80))
    wiki = write_pages(tmp_path / "wiki", {"pages/headings/README.md": page, **SMALL})
    result = _workspace(tmp_path, page_max_headings=50).index(wiki)
    # Heading 51 of the page (its title is heading 1) starts what was left out.
    after = page[page.index("## Nadpis 49\n") :]
    assert result["cut_pages"] == [
        {
            "path": "pages/headings/README.md",
            "limits": ["too_many_headings"],
            "size_bytes": len(page.encode()),
            "bytes_left_out": len(after.encode()),
        }
    ]
    assert (result["pages_cut"], result["bytes_left_out"]) == (1, len(after.encode()))


def test_a_page_past_the_chunk_limit_reports_the_bytes_after_its_last_chunk(tmp_path):
    sections = "".join(f"## Časť {i}\n\n{LINE * 12}\n" for i in range(30))
    page = f"# Dlhá\n\nÚvod spomína slovo prológ.\n\n{sections}Koniec spomína slovo epilóg.\n"
    wiki = write_pages(tmp_path / "wiki", {"pages/long/README.md": page, **SMALL})
    ws = _workspace(tmp_path, page_max_chunks=5)
    result = ws.index(wiki)
    fifth = Chunker(ws.chunk_settings()).chunk("x", "x", page)[4]  # no front matter
    left = len(page[fifth.char_end :].encode())
    assert result["cut_pages"] == [
        {
            "path": "pages/long/README.md",
            "limits": ["too_many_chunks"],
            "size_bytes": len(page.encode()),
            "bytes_left_out": left,
        }
    ]
    assert (result["pages_cut"], result["bytes_left_out"]) == (1, left)
    assert result["warnings"] == {"too_many_chunks": 1}
    assert "pages/long/README.md" in _found(ws, "prológ")
    assert "pages/long/README.md" not in _found(ws, "epilóg")  # left out, and said so
    ws.close()


def test_the_index_summary_names_the_cut_page(tmp_path):
    raw = ("# Veľká\n\n" + LINE * 3000).encode()
    wiki = write_pages(tmp_path / "wiki", SMALL)
    (wiki / "pages/big").mkdir(parents=True)
    (wiki / "pages/big/README.md").write_bytes(raw)
    env = {"PAGE_MAX_BYTES": "65536", "EMBEDDING_MODEL": "hash", "EMBEDDING_SEED_CACHE": "0"}
    args = ["index", "--wiki", str(wiki), "--data", str(tmp_path / "data")]
    res = CliRunner().invoke(app, args, env=env)
    assert res.exit_code == 0, res.output
    flat = " ".join(res.stdout.replace("│", " ").split())  # cells wrap at any width
    left = len(raw) - len(cut_bytes(raw, 65536))
    assert f"pages_cut 1 bytes_left_out {left}" in flat
    line = f"pages/big/README.md: {left} of {len(raw)} bytes left out (too_large_truncated)"
    assert line in flat
    # ``graph stats --problems`` lists it for an editor, ``--json`` with its figures.
    data = ["--data", str(tmp_path / "data")]
    res = CliRunner().invoke(app, ["graph", "stats", "--problems", *data], env=env)
    assert res.exit_code == 0, res.output
    assert "pages/big/README.md" in res.stdout
    assert f"{left} of {len(raw)} bytes not indexed (too_large_truncated)" in res.stdout
    res = CliRunner().invoke(app, ["graph", "stats", "--json", *data], env=env)
    stats = json.loads(res.stdout)
    assert (stats["pages_cut"], stats["bytes_left_out"]) == (1, left)
    assert stats["cut_pages"][0]["path"] == "pages/big/README.md"
