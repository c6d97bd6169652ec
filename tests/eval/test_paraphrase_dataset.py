"""eval/datasets/paraphrase.json: thesis titles in other words, derived from the
truth file by make_paraphrase_dataset.py; valid, reproducible, frozen test split."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

from zpagent.eval.datasets import load_dataset, split_hash

REPO = Path(__file__).resolve().parents[2]
DATASETS = REPO / "eval" / "datasets"
TRUTH = json.loads((REPO / "examples" / "zpwiki-truth.json").read_text(encoding="utf-8"))
# sha256 of the test split (zpagent.eval.datasets.split_hash): frozen; update it only
# together with a deliberate change of the test items.
TEST_SPLIT_HASH = "23012cb0db550fe77f950743ee17bd9af825456a993e33a7c6624c8f7a8c7818"

sys.path.insert(0, str(DATASETS))
import make_paraphrase_dataset as gen  # noqa: E402


def test_loads_strictly_with_both_categories_in_both_splits():
    ds = load_dataset(DATASETS / "paraphrase.json", strict=True)
    assert ds.kind == "retrieval"
    splits = collections.defaultdict(set)
    for item in ds.items:
        splits[item.category].add(item.split)
    assert dict(splits) == {
        "title_paraphrase": {"dev", "test"},
        "title_crosslingual": {"dev", "test"},
    }


def test_every_titled_thesis_is_asked_for_twice_without_the_students_name():
    ds = load_dataset(DATASETS / "paraphrase.json", strict=True)
    titled = [(p, t) for p in TRUTH["persons"] if p["published"] for t in p["theses"] if t["title"]]
    assert len(ds.items) == 2 * len(titled)
    by_path = {p["document_path"]: p for p, _ in titled}
    for item in ds.items:
        person = by_path[item.expect["relevant"][0]]
        assert item.expect["answers"][0] in [t["title"] for t in person["theses"]]
        surname = person["name"].split()[-1]
        assert gen.fold(surname[:4]).lower() not in gen.fold(item.query).lower(), item.id


def test_paraphrases_share_few_words_with_their_title():
    ds = load_dataset(DATASETS / "paraphrase.json", strict=True)
    for item in ds.items:
        if item.category == "title_paraphrase":
            assert gen.shared(item.query, item.expect["answers"][0]) <= gen.MAX_SHARED, item.id


def test_generator_reproduces_the_file(tmp_path):
    subprocess.run(
        [sys.executable, str(DATASETS / "make_paraphrase_dataset.py"), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    committed = (DATASETS / "paraphrase.json").read_bytes()
    assert (tmp_path / "paraphrase.json").read_bytes() == committed


def test_test_split_is_frozen():
    ds = load_dataset(DATASETS / "paraphrase.json", strict=True)
    assert split_hash(ds, "test") == TEST_SPLIT_HASH, "update TEST_SPLIT_HASH deliberately"
