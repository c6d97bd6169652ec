"""Graph-guided retrieval served from Neo4j gives what the embedded store gives.

The sample generation is written to a real Neo4j (as publication does); questions
of every category of the fusion dataset are then answered with GRAPH_BACKEND=embedded
and with GRAPH_BACKEND=neo4j, and the two responses must be identical: the
same set, counts, steps, evidence and budget.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.asking import read
from tests.graph.conftest import neo4j_overrides  # noqa: F401 - a fixture
from zpagent.eval.datasets import load_dataset
from zpagent.rag.graph_guided import graph_rag

pytestmark = pytest.mark.neo4j

FUSION = Path(__file__).resolve().parents[2] / "eval" / "datasets" / "fusion.json"


def test_both_engines_give_the_same_responses(sample_workspace, neo4j_overrides):  # noqa: F811
    from zpagent.config import Settings
    from zpagent.graph.store.remote import Neo4jRemoteGraph

    embedded = sample_workspace.settings
    neo4j = Settings(_env_file=None, **neo4j_overrides)
    with sample_workspace.open_current() as gen:
        Neo4jRemoteGraph(neo4j).write_generation(gen.path, gen.index_version, lambda _: None)
    # Two questions of every category, every refusal (the suite runs on two shared cores).
    by_category: dict[str, list[str]] = {}
    for item in load_dataset(FUSION, strict=True).items:
        by_category.setdefault(item.category, []).append(item.query)
    questions = [
        q for cat, qs in by_category.items() for q in (qs if cat == "guarantee" else qs[:2])
    ]
    answers = {}
    # One generation object per backend: a generation keeps the store it opened.
    for name, settings in (("embedded", embedded), ("neo4j", neo4j)):
        with sample_workspace.open_current() as gen:
            answers[name] = [
                graph_rag(
                    gen,
                    sample_workspace.embedder,
                    read(gen, q, settings=settings),
                    settings=settings,
                    limit=10,
                    include_diagnostics=True,
                ).model_dump()
                for q in questions
            ]
    differ = [
        q
        for q, a, b in zip(questions, answers["embedded"], answers["neo4j"], strict=True)
        if a != b
    ]
    assert differ == []
    statuses = {a["status"] for a in answers["neo4j"]}
    assert statuses == {"ok", "ambiguous", "no_answer"}
