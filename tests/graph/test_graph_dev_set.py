"""The graph dataset on the sample wiki, end to end through a built generation.

The dev split must be answered exactly (100 %: statuses, reasons, exact counts,
answer values, persons, cited pages). The test split is run and reported, not
asserted: it is not tuned on.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from zpagent.eval.datasets import load_dataset
from zpagent.eval.graph import run_graph_eval

DATASET = Path(__file__).resolve().parents[2] / "eval" / "datasets" / "graph.json"


def run_split(workspace, split: str) -> dict:
    ds = load_dataset(DATASET, strict=True)
    with workspace.open_current() as gen:
        return run_graph_eval(gen, workspace.settings, ds, split)


def per_type(report: dict) -> str:
    return "\n".join(
        f"{t:24s} {v['accuracy'] * 100:6.1f} % of {v['items']}" for t, v in report["types"].items()
    )


def test_dev_split_is_answered_exactly(sample_workspace, capsys):
    report = run_split(sample_workspace, "dev")
    with capsys.disabled():
        print("\ngraph dev split, accuracy per question type:\n" + per_type(report))
    assert report["failures"] == []
    assert report["overall"]["items"] >= 120
    assert report["overall"]["count_exact"] == 1.0


def test_test_split_is_reported(sample_workspace, capsys):
    report = run_split(sample_workspace, "test")
    with capsys.disabled():
        print("\ngraph test split (reported, not asserted):\n" + per_type(report))
    assert report["overall"]["items"] > 0


@pytest.mark.neo4j
def test_dev_split_on_neo4j(sample_workspace, neo4j_overrides, tmp_path):
    """The same generation served from Neo4j answers the dev split exactly too."""
    from tests.conftest import make_workspace
    from zpagent.graph.store.remote import Neo4jRemoteGraph

    ws = make_workspace(sample_workspace.data.root, **neo4j_overrides)
    with ws.open_current() as gen:
        Neo4jRemoteGraph(ws.settings).write_generation(gen.path, gen.index_version, lambda _: None)
    assert run_split(ws, "dev")["failures"] == []
