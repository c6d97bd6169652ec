"""The graph as part of a generation: built, versioned, published atomically."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.conftest import make_workspace, write_pages
from tests.graph.conftest import REPO
from zpagent.errors import BuildError
from zpagent.graph.build.stats import graph_stats
from zpagent.graph.payload import has_payload, read_payload
from zpagent.graph.store import ladybug_store
from zpagent.graph.store.base import GraphLoadError, GraphUnavailable, expected_counts
from zpagent.graph.store.ladybug_store import GRAPH_FILE, LadybugStore
from zpagent.graph.store.serving import graph_store


def test_the_generation_holds_the_graph_at_its_version(sample_workspace):
    with sample_workspace.open_current() as gen:
        assert (gen.path / GRAPH_FILE).is_file()
        assert has_payload(gen.db())
        store = graph_store(gen, sample_workspace.settings)
        state = store.read_index_state()
        assert state["version"] == gen.version
        assert state["index_version"] == gen.index_version
        assert store.counts() == expected_counts(read_payload(gen.db()))


def test_stats_report_extraction_quality(sample_workspace):
    truth = json.loads((REPO / "examples" / "zpwiki-truth.json").read_text(encoding="utf-8"))
    persons = truth["persons"]
    with sample_workspace.open_current() as gen:
        stats = graph_stats(gen, sample_workspace.settings)
    p = stats.person_pages
    assert p.total == len(persons)
    assert p.with_title == sum(1 for x in persons if any(t["title"] for t in x["theses"]))
    assert p.with_supervisor == sum(1 for x in persons if any(t["supervisor"] for t in x["theses"]))
    assert p.with_start_year == sum(1 for x in persons if x["start_year"])
    assert stats.theses.total == sum(len(x["theses"]) for x in persons)
    assert stats.theses.year_conflicts == 2 and len(stats.conflicts) == 2
    assert stats.store_matches_payload
    assert stats.nodes["IndexState"] == 1


def test_a_failed_graph_fails_the_build_and_keeps_the_old_generation(
    tmp_path, tiny_wiki, fresh_copy, monkeypatch
):
    wiki = fresh_copy(tiny_wiki, "wiki")
    ws = make_workspace(tmp_path / "data")
    ws.index(wiki)
    with ws.open_current() as gen:
        before = gen.version

    def broken(cls, *args, **kwargs):
        raise GraphLoadError("injected")

    write_pages(wiki, {"pages/students/2020/xx000aa/README.md": "# Nový Študent\n"})
    monkeypatch.setattr(ladybug_store.LadybugStore, "build", classmethod(broken))
    with pytest.raises(BuildError):
        ws.index(wiki)
    with ws.open_current() as gen:
        assert gen.version == before
        assert graph_store(gen, ws.settings).read_index_state()["version"] == before


def test_a_generation_without_a_graph_is_refused(tmp_path, tiny_workspace):
    with tiny_workspace.open_current() as gen:
        with pytest.raises(GraphUnavailable):
            LadybugStore(tmp_path / "nothing" / GRAPH_FILE)
        uri = f"file:{gen.path / 'index.sqlite'}?mode=ro"
        db = sqlite3.connect(uri, uri=True)
        try:
            assert has_payload(db)
        finally:
            db.close()


@pytest.mark.neo4j
def test_one_generation_serves_each_backend_its_own_store(sample_workspace, neo4j_overrides):
    """``zpagent eval graph`` asks one generation of both backends: Neo4j must not
    be answered by the embedded store opened first (it was, through one cache key)."""
    from zpagent.graph.store.factory import NEO4J

    neo4j_settings = make_workspace(sample_workspace.data.root, **neo4j_overrides).settings
    with sample_workspace.open_current() as gen:
        embedded = graph_store(gen, sample_workspace.settings)
        remote = graph_store(gen, neo4j_settings)
        assert embedded.dialect != NEO4J and remote.dialect == NEO4J
        assert graph_store(gen, sample_workspace.settings) is embedded
        assert graph_store(gen, neo4j_settings) is remote
