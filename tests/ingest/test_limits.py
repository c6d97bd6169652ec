"""Per-page limits: a huge page or one with thousands of headings is cut, reported, fast."""

from zpagent.ingest.chunker import Chunker
from zpagent.ingest.limits import PageLimits
from zpagent.ingest.scan import cut_bytes, scan_wiki


def test_a_page_past_the_size_limit_is_cut_at_a_line_and_reported(tmp_path):
    line = "Slovo o rozpoznávaní reči a strojovom preklade.\n"
    (tmp_path / "big.md").write_text("# Veľká\n\n" + line * 100_000, encoding="utf-8")
    scan = scan_wiki(tmp_path, limits=PageLimits(max_bytes=64 * 1024))
    doc = scan.documents[0]
    assert doc.warnings == ["too_large_truncated"] and doc.title == "Veľká"
    assert len(doc.body.encode()) <= 64 * 1024 and doc.body.endswith(line)
    assert doc.size_bytes > 5_000_000  # the real size is reported
    kept = len(cut_bytes((tmp_path / "big.md").read_bytes(), 64 * 1024))
    assert doc.bytes_left_out == doc.size_bytes - kept


def test_a_page_past_the_heading_limit_is_indexed_up_to_it(tmp_path):
    body = "".join(f"## Nadpis {i}\n\ntext {i}\n\n" for i in range(10_000))
    (tmp_path / "many.md").write_text("# Mnoho\n\n" + body, encoding="utf-8")
    scan = scan_wiki(tmp_path, limits=PageLimits(max_headings=50))
    doc = scan.documents[0]
    assert scan.warning_counts() == {"too_many_headings": 1}
    assert "## Nadpis 48" in doc.body and "## Nadpis 49" not in doc.body
    assert doc.bytes_left_out == len(body[body.index("## Nadpis 49") :].encode())


def test_the_chunker_stops_one_past_the_chunk_limit():
    body = "".join(f"## Sekcia {i}\n\n" + "slovo " * 200 + "\n\n" for i in range(300))
    chunks = Chunker().chunk("x.md", "x", body, max_chunks=10)
    assert len(chunks) == 11
    full = Chunker().chunk("x.md", "x", body)
    assert [c.chunk_id for c in chunks] == [c.chunk_id for c in full[:11]]
