import json
import sqlite3

import pytest

from tests.conftest import TINY_PAGES, make_workspace, write_pages
from zpagent.errors import RetrievalUnavailable, WikiError
from zpagent.index import datadir as dd
from zpagent.index.reader import Generation


def test_build_writes_one_consistent_generation(tiny_workspace):
    ws = tiny_workspace
    pointer = dd.read_pointer(ws.data)
    assert pointer is not None
    gen_dir = dd.generation_path(ws.data, pointer)
    db = sqlite3.connect(gen_dir / "index.sqlite")
    n_docs = db.execute("SELECT COUNT(*) FROM documents").fetchone()[0]
    n_chunks = db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
    n_segs = db.execute("SELECT COUNT(*) FROM segments").fetchone()[0]
    state = json.loads(db.execute("SELECT index_version FROM index_state").fetchone()[0])
    assert n_docs == len(TINY_PAGES)
    assert n_chunks >= n_docs
    assert n_segs >= n_chunks
    assert state == pointer["index_version"]
    assert state["version"] == pointer["version"]
    for key in (
        "wiki_revision",
        "built_at",
        "source_hash",
        "documents_hash",
        "chunks_hash",
        "embedding_model",
        "embedding_fingerprint",
        "chunker",
    ):
        assert key in state
    assert state["wiki_revision"] is None  # not a git repository
    url = db.execute("SELECT source_url FROM documents WHERE path LIKE '%jh428ek%'").fetchone()[0]
    assert url == "https://zp.example.edu/students/2016/jh428ek"
    # vectors are unit length float32 of the model's dimension
    blob = db.execute("SELECT vector FROM segments LIMIT 1").fetchone()[0]
    assert len(blob) == 4 * 384


def test_rebuild_reuses_every_embedding_and_a_change_recomputes_only_its_page(
    tmp_path, tiny_wiki, fresh_copy
):
    wiki = fresh_copy(tiny_wiki, "wiki")
    ws = make_workspace(tmp_path / "data")
    first = ws.index(wiki)
    assert first["embedding_computed"] == first["embedding_segments"] > 0
    second = ws.index(wiki)
    assert second["embedding_computed"] == 0
    assert second["embedding_reused"] == second["embedding_segments"]
    assert second["version"] != first["version"]
    page = wiki / "pages/guides/git/README.md"
    page.write_text(page.read_text() + "\nNový odsek o vetvách.\n", encoding="utf-8")
    third = ws.index(wiki)
    assert third["embedding_computed"] == 1
    assert third["embedding_reused"] == third["embedding_segments"] - 1


def test_corrupt_cache_rows_are_recomputed(tmp_path, tiny_wiki):
    ws = make_workspace(tmp_path / "data")
    ws.index(tiny_wiki)
    db = sqlite3.connect(ws.data.embedding_cache)
    db.execute("UPDATE embeddings SET vector = zeroblob(length(vector))")
    db.commit()
    db.close()
    report = ws.index(tiny_wiki)
    assert report["embedding_computed"] == report["embedding_segments"]


def test_missing_wiki_is_a_clear_error(tmp_path):
    ws = make_workspace(tmp_path / "data")
    with pytest.raises(WikiError):
        ws.index(tmp_path / "nope")
    assert dd.read_pointer(ws.data) is None


def test_nothing_published_is_unavailable(tmp_path):
    ws = make_workspace(tmp_path / "data")
    with pytest.raises(RetrievalUnavailable):
        ws.open_current()


def test_old_generations_are_removed_only_when_unused(tmp_path):
    wiki = write_pages(tmp_path / "wiki", {"a.md": "# A\n\nprvá verzia"})
    ws = make_workspace(tmp_path / "data")
    v1 = ws.index(wiki)["version"]
    reader = ws.open_current()  # holds v1 open
    assert reader.version == v1
    (wiki / "a.md").write_text("# A\n\ndruhá verzia")
    v2 = ws.index(wiki)["version"]
    (wiki / "a.md").write_text("# A\n\ntretia verzia")
    v3 = ws.index(wiki)["version"]
    names = {p.name for p in ws.data.generations.iterdir()}
    # v1 is still read, v2 is the previous one, v3 is current
    assert {v1, v2, v3} <= names
    reader.close()
    (wiki / "a.md").write_text("# A\n\nštvrtá verzia")
    v4 = ws.index(wiki)["version"]
    names = {p.name for p in ws.data.generations.iterdir()}
    assert names == {v3, v4}
    assert list(ws.data.staging.iterdir()) == []


def test_failed_build_leaves_the_previous_generation_serving(tmp_path, monkeypatch):
    wiki = write_pages(tmp_path / "wiki", {"a.md": "# A\n\ntext"})
    ws = make_workspace(tmp_path / "data")
    v1 = ws.index(wiki)["version"]

    def boom(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr("zpagent.index.staging._write_chunks", boom)
    (wiki / "a.md").write_text("# A\n\nnew text")
    with pytest.raises(Exception):  # noqa: B017 - any failure must leave v1 serving
        ws.index(wiki)
    assert dd.read_pointer(ws.data)["version"] == v1
    assert list(ws.data.staging.iterdir()) == []
    with ws.open_current() as gen:
        assert gen.version == v1


def test_pointer_and_generation_must_agree(tmp_path):
    wiki = write_pages(tmp_path / "wiki", {"a.md": "# A\n\ntext"})
    ws = make_workspace(tmp_path / "data")
    ws.index(wiki)
    pointer = dd.read_pointer(ws.data)
    pointer["version"] = "something-else"
    dd.write_json_atomic(ws.data.pointer, pointer)
    with pytest.raises(RetrievalUnavailable):
        ws.open_current()


def test_corrupt_pointer_is_unavailable_not_a_crash(tmp_path):
    ws = make_workspace(tmp_path / "data")
    ws.data.ensure()
    ws.data.pointer.write_text("{not json")
    with pytest.raises(RetrievalUnavailable):
        ws.open_current()
    ws.data.pointer.write_text(json.dumps({"version": "x", "path": "../../etc"}))
    with pytest.raises(RetrievalUnavailable):
        ws.open_current()


def test_reader_loads_vectors_and_published_mask(tiny_workspace):
    with tiny_workspace.open_current() as gen:
        assert isinstance(gen, Generation)
        assert gen.vectors.shape[1] == gen.dim == 384
        assert gen.doc_published.sum() == len(TINY_PAGES) - 1


def test_a_problem_page_is_reported_once_per_build(tmp_path, caplog):
    pages = {
        "pages/a/README.md": "---\ntitle: A\n---\n# A\n\nText o strojovom preklade.\n",
        "pages/b/README.md": "---\ntitle: [rozbité\n---\n# B\n\nText o rozpoznávaní reči.\n",
    }
    wiki = write_pages(tmp_path / "wiki", pages)
    ws = make_workspace(tmp_path / "data")
    with caplog.at_level("WARNING", logger="zpagent.ingest.scan"):
        summary = ws.index(wiki)
    lines = [r.getMessage() for r in caplog.records if r.name == "zpagent.ingest.scan"]
    assert [m for m in lines if m.startswith("pages/b/README.md")] == [
        "pages/b/README.md: broken_yaml"
    ]
    assert not [m for m in lines if m.startswith("pages/a/")]
    assert summary["warnings"] == {"broken_yaml": 1} and summary["problem_documents"] == 1
