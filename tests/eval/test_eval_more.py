"""Issue 6, the parts without a test elsewhere: strict dataset loading, the ranking
metrics on hand-computed examples, ``zpagent eval retrieval`` end to end on the tiny
wiki, and the benchmark's load generator and latency statistics."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from zpagent.bench.load import run_load
from zpagent.bench.stats import summarize_ms
from zpagent.cli.main import app
from zpagent.eval import metrics as m
from zpagent.eval.datasets import DatasetError, load_dataset
from zpagent.eval.scripted_llm import ScriptedLLM

HOLP = "pages/students/2016/jh428ek/README.md"
NOVAKOVA = "pages/students/2017/mn111ab/README.md"
GIT = "pages/guides/git/README.md"


def item(id_: str, split: str = "dev", query: str = "Ján Holp", **expect) -> dict:
    return {
        "id": id_,
        "split": split,
        "category": "factual",
        "query": query,
        "expect": expect or {"relevant": [HOLP]},
    }


def write_dataset(path: Path, items: list[dict], kind: str = "retrieval") -> Path:
    payload = {"schema_version": 1, "kind": kind, "description": "test", "items": items}
    path.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    return path


# --- 1. strict dataset loading ----------------------------------------------------------

# name -> (items, the id the error must name, a fragment of the error)
BROKEN = {
    "duplicate id": ([item("r1"), item("r2"), item("r2")], "r2", "duplicate id"),
    "unknown expect field": (
        [item("r1"), item("r-typo", relevant=[HOLP], relevnt=[NOVAKOVA])],
        "r-typo",
        "relevnt",
    ),
    "ok item without relevant pages": (
        [item("r1"), item("r-empty", status="ok")],
        "r-empty",
        "needs relevant documents",
    ),
    "no_answer item with relevant pages": (
        [item("r1"), item("r-na", status="no_answer", relevant=[HOLP])],
        "r-na",
        "no relevant documents",
    ),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_strict_loading_refuses_and_names_the_item(tmp_path, name):
    items, bad_id, fragment = BROKEN[name]
    path = write_dataset(tmp_path / "ds.json", items)
    with pytest.raises(DatasetError) as info:
        load_dataset(path, strict=True)
    message = str(info.value)
    assert info.value.reason == "invalid_dataset"
    assert "ds.json" in message and bad_id in message and fragment in message


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_non_strict_loading_skips_what_strict_refuses(tmp_path, name, caplog):
    """eval/datasets docstring: ``--strict-dataset`` refuses unknown fields and
    inconsistent items *instead of skipping them*: without it they are skipped
    (with a warning naming them) and the rest is evaluated."""
    items, bad_id, _ = BROKEN[name]
    path = write_dataset(tmp_path / "ds.json", items)
    ds = load_dataset(path, strict=False)
    ids = [i.id for i in ds.items]
    if name == "duplicate id":
        assert ids == ["r1", "r2"]  # the first one is kept, the repetition skipped
    else:
        assert ids == ["r1"]
    # every kept item has a valid expectation: evaluating them cannot crash
    assert [ds.typed_expect(i).relevant for i in ds.items] == [[HOLP]] * len(ids)
    assert bad_id in caplog.text


@pytest.mark.parametrize("strict", [True, False])
def test_a_bad_split_is_refused_in_both_modes_naming_the_item(tmp_path, strict):
    path = write_dataset(tmp_path / "ds.json", [item("r1"), item("r-train", split="train")])
    with pytest.raises(DatasetError) as info:
        load_dataset(path, strict=strict)
    message = str(info.value)
    assert "r-train" in message and "split" in message and "'dev' or 'test'" in message


def test_a_valid_file_loads_identically_in_both_modes(tmp_path):
    items = [
        item("r1"),
        item("r2", split="test", query="Mária Nováková", relevant=[NOVAKOVA]),
        item("r3", query="xqzvbn wpfkjr", status="no_answer"),
    ]
    path = write_dataset(tmp_path / "ds.json", items)
    strict, lax = load_dataset(path, strict=True), load_dataset(path)
    assert strict.model_dump() == lax.model_dump()
    assert [i.id for i in strict.select("dev")] == ["r1", "r3"]
    assert [i.id for i in strict.select("test")] == ["r2"]
    assert [i.id for i in strict.select("all")] == ["r1", "r2", "r3"]


def test_unknown_top_level_fields_and_bad_json_are_dataset_errors(tmp_path):
    path = tmp_path / "ds.json"
    path.write_text('{"schema_version": 1, "kind": "retrieval", "items": [', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"ds\.json: not a valid dataset"):
        load_dataset(path)
    payload = {"schema_version": 1, "kind": "retrieval", "items": [], "extra": 1}
    path.write_text(json.dumps(payload), encoding="utf-8")
    with pytest.raises(DatasetError, match="extra"):
        load_dataset(path)


# --- 2. ranking metrics on hand-computed examples -----------------------------------------


def test_metrics_when_nothing_relevant_is_found():
    ranked = ["a", "b", "c", "d", "e"]
    rel = {"x"}
    assert m.hit_at(ranked, rel, 5) == 0.0
    assert m.reciprocal_rank(ranked, rel) == 0.0
    assert m.recall_at(ranked, rel, 5) == 0.0
    assert m.ndcg_at(ranked, rel, 10) == 0.0
    assert m.recall_at(ranked, set(), 5) == 0.0 and m.ndcg_at(ranked, set(), 10) == 0.0


def test_metrics_with_the_relevant_page_at_rank_3():
    ranked = ["a", "b", "x", "c", "d"]
    rel = {"x"}
    assert [m.hit_at(ranked, rel, k) for k in (1, 2, 3, 5)] == [0.0, 0.0, 1.0, 1.0]
    assert m.reciprocal_rank(ranked, rel) == pytest.approx(1 / 3)
    assert m.reciprocal_rank(ranked, rel, k=2) == 0.0  # beyond the cut-off
    assert m.recall_at(ranked, rel, 2) == 0.0 and m.recall_at(ranked, rel, 3) == 1.0
    # DCG = 1/log2(4) = 0.5; ideal DCG = 1/log2(2) = 1
    assert m.ndcg_at(ranked, rel, 10) == pytest.approx(0.5)
    assert m.ndcg_at(ranked, rel, 2) == 0.0


def test_metrics_with_several_relevant_pages():
    ranked = ["a", "x", "b", "y", "c", "z"]
    rel = {"x", "y", "z"}
    assert m.hit_at(ranked, rel, 1) == 0.0 and m.hit_at(ranked, rel, 2) == 1.0
    assert m.reciprocal_rank(ranked, rel) == pytest.approx(0.5)  # first relevant counts
    assert m.recall_at(ranked, rel, 5) == pytest.approx(2 / 3)
    assert m.recall_at(ranked, rel, 6) == pytest.approx(1.0)
    # DCG@10 = 1/log2(3) + 1/log2(5) + 1/log2(7); ideal = 1 + 1/log2(3) + 1/log2(4)
    dcg = 1 / math.log2(3) + 1 / math.log2(5) + 1 / math.log2(7)
    ideal = 1 + 1 / math.log2(3) + 0.5
    assert m.ndcg_at(ranked, rel, 10) == pytest.approx(dcg / ideal)
    assert m.ndcg_at(ranked, rel, 10) == pytest.approx(0.6653, abs=1e-4)
    # at k=2 the ideal ranking has two relevant pages: (1/log2(3)) / (1 + 1/log2(3))
    assert m.ndcg_at(ranked, rel, 2) == pytest.approx(0.3869, abs=1e-4)
    # a perfect ranking scores 1 on every metric
    perfect = ["x", "y", "z", "a"]
    assert m.ndcg_at(perfect, rel, 10) == pytest.approx(1.0)
    assert m.recall_at(perfect, rel, 3) == 1.0 and m.reciprocal_rank(perfect, rel) == 1.0


def test_duplicates_in_the_ranking_do_not_inflate_recall():
    assert m.recall_at(["x", "x", "a"], {"x", "y"}, 3) == pytest.approx(0.5)


# --- 3. zpagent eval retrieval on the tiny wiki -----------------------------------------


def run_cli(*args: str):
    return CliRunner().invoke(app, list(args), env={})


SMALL = [
    item("holp", query="Ján Holp"),
    item("nova", query="Mária Nováková rozpoznávanie reči", relevant=[NOVAKOVA]),
    item("git", query="Ako používať Git repozitár", relevant=[GIT]),
    item("none", query="xqzvbn wpfkjr", status="no_answer"),
    item("frozen", split="test", query="Strojový preklad", relevant=[HOLP]),
]


def test_eval_retrieval_cli_writes_json_and_markdown(tmp_path, tiny_wiki):
    dataset = write_dataset(tmp_path / "small.json", SMALL)
    out = tmp_path / "results"
    data = tmp_path / "eval-data"
    args = ["eval", "retrieval", "--split", "dev", "--json", "--dataset", str(dataset)]
    res = run_cli(*args, "--data", str(data), "--wiki", str(tiny_wiki), "--out", str(out))
    assert res.exit_code == 0, res.output
    assert "built the evaluated index" in res.stderr
    printed = json.loads(res.stdout)
    assert printed["status"] == "ok" and printed["reason"] is None
    assert printed["split"] == "dev" and printed["items"] == 4  # the test item is left out
    assert sorted(p.name for p in out.iterdir()) == [
        "retrieval-small-dev.json",
        "retrieval-small-dev.md",
    ]
    written = json.loads((out / "retrieval-small-dev.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in printed.items() if k not in ("status", "reason")} == written
    assert set(written["modes"]) == {"hybrid", "fts", "vector"}
    hybrid = written["modes"]["hybrid"]["overall"]
    assert hybrid["items"] == 4 and hybrid["answerable"] == 3
    # three easy queries on a five-page wiki: every relevant page ranks first
    for metric in ("hit@1", "hit@3", "hit@5", "mrr", "recall@5", "ndcg@10"):
        assert hybrid[metric] == 1.0, metric
    assert hybrid["no_answer_accuracy"] == 1.0 and hybrid["false_no_answer_rate"] == 0.0
    assert set(written["modes"]["fts"]["categories"]) == {"factual"}
    assert written["index_version"]["version"]
    md = (out / "retrieval-small-dev.md").read_text(encoding="utf-8")
    assert md.startswith("# Retrieval evaluation (dev split, 4 queries)")
    assert "| hybrid | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 | 1.000 | 0.000 |" in md
    assert "| mode | hit@1 | hit@3 | hit@5 | mrr | recall@5 | ndcg@10 |" in md

    # the test split alone, into another directory; the index is reused, not rebuilt
    out2 = tmp_path / "results-test"
    args2 = ["eval", "retrieval", "--split", "test", "--json", "--dataset", str(dataset)]
    res = run_cli(*args2, "--data", str(data), "--wiki", str(tiny_wiki), "--out", str(out2))
    assert res.exit_code == 0, res.output
    assert "built the evaluated index" not in res.stderr
    assert json.loads(res.stdout)["items"] == 1
    assert sorted(p.name for p in out2.iterdir()) == [
        "retrieval-small-test.json",
        "retrieval-small-test.md",
    ]


def test_eval_retrieval_cli_strict_dataset_fails_with_the_item_named(tmp_path, tiny_wiki):
    dataset = write_dataset(tmp_path / "bad.json", [*SMALL, item("typo", relevnt=[HOLP])])
    out = tmp_path / "results"
    args = ["eval", "retrieval", "--strict-dataset", "--json", "--dataset", str(dataset)]
    res = run_cli(*args, "--data", str(tmp_path / "d"), "--wiki", str(tiny_wiki), "--out", str(out))
    assert res.exit_code == 1
    payload = json.loads(res.stdout)
    assert payload["status"] == "error" and payload["reason"] == "invalid_dataset"
    assert payload["message"].startswith("bad.json: item typo:") and "relevnt" in payload["message"]
    assert str(tmp_path) not in res.stdout
    assert not out.exists()  # nothing was evaluated or written
    human = ["eval", "retrieval", "--strict-dataset", "--dataset", str(dataset)]
    res = run_cli(*human, "--out", str(out))
    assert res.exit_code == 1
    assert "invalid_dataset" in res.stderr and "item typo" in res.stderr
    assert not out.exists()


def test_eval_retrieval_cli_rejects_an_unknown_split(tmp_path, tiny_wiki):
    dataset = write_dataset(tmp_path / "small.json", SMALL)
    res = run_cli("eval", "retrieval", "--split", "train", "--dataset", str(dataset))
    assert res.exit_code == 2
    assert "dev, test or all" in res.output


# --- 4. the benchmark: load generator and statistics ----------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "http://10.0.0.1:8000",
        "http://192.0.2.10",
        "https://example.com",
        "http://127.0.0.1.example.com:8000",
        "http://127.0.0.1@192.0.2.10:8000",
        "http://0.0.0.0:8000",
    ],
)
def test_load_generator_refuses_targets_other_than_loopback(url):
    t = time.monotonic()
    with pytest.raises(SystemExit, match=r"only targets 127\.0\.0\.1"):
        run_load(url, "/search", [{"query": "x"}], 4, 10, 5.0, 5.0, None)
    assert time.monotonic() - t < 1.0  # refused before any connection attempt


def test_load_generator_process_refuses_a_remote_target(tmp_path):
    queries = tmp_path / "q.json"
    queries.write_text('[{"query": "x"}]', encoding="utf-8")
    proc = subprocess.run(
        [
            *(sys.executable, "-m", "zpagent.bench.load"),
            *("--url", "http://192.0.2.10:8000", "--queries", str(queries), "--requests", "5"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode != 0
    assert "only targets 127.0.0.1" in proc.stderr
    assert proc.stdout == ""


def test_load_generator_is_bounded_in_count_and_sends_the_key():
    with ScriptedLLM(lambda body: {"content": "ok"}) as server:
        base = server.url.removesuffix("/v1")
        queries = [{"query": "a"}, {"query": "b"}, {"query": "c"}]
        result = run_load(base, "/v1/chat/completions", queries, 4, 10, 30.0, 5.0, "k" * 20)
        assert len(server.requests) == 10
        assert {h["X-API-Key"] for h in server.headers} == {"k" * 20}
        # bodies cycle through the queries in order of issue
        assert sorted(r["query"] for r in server.requests) == sorted(["a", "b", "c"] * 3 + ["a"])
    assert result["requests"] == 10 and result["concurrency"] == 4
    assert result["status"] == {"200": 10}
    assert result["error_rate"] == 0.0 and result["timeout_rate"] == 0.0
    assert result["latency_ms"]["n"] == 10


def test_load_generator_is_bounded_in_time_and_counts_errors_and_timeouts():
    with ScriptedLLM(lambda body: {"status": 500, "sleep": 0.2}) as server:
        base = server.url.removesuffix("/v1")
        t = time.monotonic()
        result = run_load(base, "/v1/x", [{"query": "a"}], 2, 1000, 0.5, 5.0, None)
        elapsed = time.monotonic() - t
    assert elapsed < 3.0
    assert 2 <= result["requests"] <= 12  # far below the 1000 asked for
    assert result["error_rate"] == 1.0 and result["status"] == {"500": result["requests"]}
    with ScriptedLLM(lambda body: {"content": "late", "sleep": 1.0}) as server:
        base = server.url.removesuffix("/v1")
        result = run_load(base, "/v1/x", [{"query": "a"}], 2, 2, 10.0, 0.2, None)
    assert result["requests"] == 2 and result["timeout_rate"] == 1.0
    assert result["latency_ms"] == {"n": 0}


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))  # 1..100
    assert m.percentile(values, 50) == 50
    assert m.percentile(values, 95) == 95
    assert m.percentile(values, 99) == 99
    assert m.percentile(values, 100) == 100
    four = [40.0, 10.0, 30.0, 20.0]  # order does not matter
    assert [m.percentile(four, q) for q in (0, 25, 50, 75, 95, 99)] == [10, 10, 20, 30, 40, 40]
    assert m.percentile([7.0], 99) == 7.0
    assert math.isnan(m.percentile([], 50))


def test_latency_summary_on_known_samples():
    assert summarize_ms([1, 2, 3, 4, 100]) == {
        "n": 5,
        "mean": 22.0,
        "p50": 3,
        "p95": 100,
        "p99": 100,
        "max": 100,
    }
    s = summarize_ms([3.336, 1.111, 2.222])
    assert s == {"n": 3, "mean": 2.22, "p50": 2.22, "p95": 3.34, "p99": 3.34, "max": 3.34}
    samples = [float(i) for i in range(1, 201)]  # 1..200 ms
    s = summarize_ms(samples)
    assert (s["mean"], s["p50"], s["p95"], s["p99"], s["max"]) == (100.5, 100, 190, 198, 200)
    assert summarize_ms([]) == {"n": 0}
