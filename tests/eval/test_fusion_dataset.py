"""eval/datasets/fusion.json: valid, derived from the truth, reproducible, frozen test split."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

from zpagent.eval.datasets import load_dataset, split_hash

REPO = Path(__file__).resolve().parents[2]
DATASET = REPO / "eval" / "datasets" / "fusion.json"
GENERATOR = REPO / "eval" / "datasets" / "make_fusion_dataset.py"
WIKI = REPO / "examples" / "zpwiki"
TRUTH = json.loads((REPO / "examples" / "zpwiki-truth.json").read_text(encoding="utf-8"))

# The test split is frozen: a deliberate change updates this hash in the same change.
TEST_SPLIT_HASH = "346b3982e9e2d2437419f4f6a59e478a42c297140aac385d94e071a41acdfe2e"
CATEGORIES = {
    "supervisor_kind",
    "supervisor_year",
    "topic_members",
    "topic_time",
    "kind_year",
    "comparison",
    "bridge_supervisor",
    "bridge_topic",
    "topic_description",
    "guarantee",
}


def test_valid_in_strict_mode_and_large_enough():
    ds = load_dataset(DATASET, strict=True)
    assert ds.kind == "fusion" and len(ds.items) >= 80
    assert {i.category for i in ds.items} == CATEGORIES
    statuses = collections.Counter(ds.typed_expect(i).status for i in ds.items)
    assert statuses["ambiguous"] >= 2 and statuses["no_answer"] >= 2
    # Multi-hop: most questions expect several pages.
    sizes = [ds.typed_expect(i).count for i in ds.items if ds.typed_expect(i).status == "ok"]
    assert sum(1 for n in sizes if n >= 3) >= len(sizes) // 2


def test_every_category_has_both_splits():
    ds = load_dataset(DATASET, strict=True)
    splits: dict[str, set[str]] = collections.defaultdict(set)
    for item in ds.items:
        splits[item.category].add(item.split)
    assert all(seen == {"dev", "test"} for seen in splits.values()), splits


def test_expected_pages_are_published_student_pages_of_the_truth():
    visible = {p["document_path"]: p for p in TRUTH["persons"] if p["published"]}
    ds = load_dataset(DATASET, strict=True)
    for item in ds.items:
        expect = ds.typed_expect(item)
        for path in expect.pages:
            assert (WIKI / path).is_file() and path in visible, (item.id, path)
        # Every expected fact is a title or a name written on one of the pages.
        texts = [" ".join((WIKI / p).read_text(encoding="utf-8").split()) for p in expect.pages]
        for fact in expect.answers:
            assert any(fact in text for text in texts), (item.id, fact)


def test_a_supervisor_set_is_every_thesis_of_that_kind():
    ds = load_dataset(DATASET, strict=True)
    item = next(i for i in ds.items if i.id == "fusion-supervisorkind-jan-stas-master-0")
    want = {
        p["document_path"]
        for p in TRUTH["persons"]
        if p["published"]
        and any(t["supervisor"] == "Ján Staš" and t["kind"] == "master" for t in p["theses"])
    }
    assert set(ds.typed_expect(item).pages) == want


def test_the_generator_reproduces_the_file():
    res = subprocess.run(
        [sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stderr


def test_the_test_split_is_frozen():
    assert split_hash(load_dataset(DATASET), "test") == TEST_SPLIT_HASH, (
        "the test split of fusion.json changed; if that is deliberate, update TEST_SPLIT_HASH "
        "in the same change"
    )
