"""eval/datasets/graph.json: valid, reproducible from the truth, frozen test split."""

from __future__ import annotations

import collections
import subprocess
import sys
from pathlib import Path

from zpagent.eval.datasets import load_dataset, split_hash

REPO = Path(__file__).resolve().parents[2]
DATASET = REPO / "eval" / "datasets" / "graph.json"
GENERATOR = REPO / "eval" / "datasets" / "make_graph_dataset.py"

# The test split is frozen: a deliberate change updates this hash in the same change.
# (Last change: the students a published topic page lists count for the topic, those
# whose own page is hidden among them; counts and lists of topics' students only.)
TEST_SPLIT_HASH = "dc3e2cfffa124913ee2dac750423d8d5eaa97ce7b49b6ac8d1fa0fb709007b65"


def test_valid_in_strict_mode_and_large_enough():
    ds = load_dataset(DATASET, strict=True)
    assert ds.kind == "graph" and len(ds.items) >= 220
    types = collections.Counter(ds.typed_expect(i).question_type for i in ds.items)
    assert len(types) >= 15
    statuses = collections.Counter(ds.typed_expect(i).status for i in ds.items)
    assert statuses["no_answer"] >= 20 and statuses["ambiguous"] >= 10


def test_splits_are_spread_over_types():
    ds = load_dataset(DATASET, strict=True)
    by_type: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for item in ds.items:
        by_type[ds.typed_expect(item).question_type][item.split] += 1
    for qtype, counts in by_type.items():
        total = sum(counts.values())
        if total >= 3:
            assert counts["dev"] and counts["test"], qtype
            assert 0.45 <= counts["dev"] / total <= 0.75, qtype
    dev = sum(c["dev"] for c in by_type.values())
    assert 0.55 <= dev / len(ds.items) <= 0.65


def test_the_generator_reproduces_the_file():
    res = subprocess.run(
        [sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stderr


def test_the_test_split_is_frozen():
    assert split_hash(load_dataset(DATASET), "test") == TEST_SPLIT_HASH
