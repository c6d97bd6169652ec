"""CI runs the dev-split evaluations on every change; a regression fails the build.

Thresholds sit a little below the figures measured when they were set
(eval/results/*-dev.md), so noise does not fail CI but a real regression does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from zpagent.eval.datasets import load_dataset
from zpagent.eval.retrieval import evaluate_retrieval
from zpagent.eval.robustness import run_robustness

DATASETS = Path(__file__).resolve().parents[2] / "eval" / "datasets"


@pytest.fixture(scope="module")
def gen(sample_workspace):
    with sample_workspace.open_current() as g:
        yield g


def test_retrieval_dev_split(gen, sample_workspace):
    ds = load_dataset(DATASETS / "retrieval.json", strict=True)
    report = evaluate_retrieval(gen, sample_workspace.embedder, ds, "dev")
    modes = {m: report["modes"][m]["overall"] for m in ("hybrid", "fts", "vector")}
    assert modes["hybrid"]["mrr"] >= 0.88
    assert modes["hybrid"]["hit@5"] >= 0.93
    # hybrid must beat both single modes on MRR
    assert modes["hybrid"]["mrr"] > modes["fts"]["mrr"]
    assert modes["hybrid"]["mrr"] > modes["vector"]["mrr"]
    # The relevance gate, fitted on this wiki (search/calibration.py), almost
    # never refuses a real query. This set's no-answer queries are near the
    # wiki's field (thesis topics it lacks, unknown persons): a gate fitted
    # against everyday off-topic questions lets more of them through than the
    # old constant tuned on this very set did (eval/README.md, issue 22), but
    # it must still refuse a share of them.
    assert modes["hybrid"]["false_no_answer_rate"] <= 0.06
    assert modes["hybrid"]["no_answer_accuracy"] >= 0.3


def test_paraphrase_dev_split_fusion_keeps_up_with_the_dense_side(gen, sample_workspace):
    ds = load_dataset(DATASETS / "paraphrase.json", strict=True)
    report = evaluate_retrieval(gen, sample_workspace.embedder, ds, "dev")
    modes = {m: report["modes"][m]["overall"] for m in ("hybrid", "fts", "vector")}
    # Fusion never loses to its best retriever by more than 0.01 MRR.
    assert modes["hybrid"]["mrr"] >= max(modes["fts"]["mrr"], modes["vector"]["mrr"]) - 0.01
    assert modes["hybrid"]["mrr"] >= 0.74


def test_robustness_dev_split(gen, sample_workspace):
    ds = load_dataset(DATASETS / "robustness.json", strict=True)
    report = run_robustness(gen, sample_workspace.embedder, sample_workspace.settings, ds, "dev")
    # injected instructions never reach the instructions channel
    assert not [f for f in report["failures"] if f["leaked"]]
    assert report["overall"]["pass_rate"] >= 0.8


def test_answers_dev_split_without_llm(gen, sample_workspace):
    from zpagent.eval.answers import run_answers

    ds = load_dataset(DATASETS / "answers.json", strict=True)
    report = run_answers(
        gen, sample_workspace.embedder, ds, "dev", None, None, sample_workspace.answer_options()
    )
    assert report["overall"]["pass_rate"] >= 0.7


def test_answers_dev_split_with_the_honest_scripted_llm(gen, sample_workspace, tmp_path):
    from zpagent.answer.condense import CondenseCache
    from zpagent.answer.llm import ChatClient, LLMConfig
    from zpagent.eval.answers import run_answers
    from zpagent.eval.honest_llm import honest_responder
    from zpagent.eval.scripted_llm import ScriptedLLM

    ds = load_dataset(DATASETS / "answers.json", strict=True)
    with ScriptedLLM(honest_responder) as llm:
        client = ChatClient(LLMConfig(url=llm.url, model="scripted-honest"))
        cache = CondenseCache(tmp_path / "c.sqlite")
        try:
            report = run_answers(
                gen,
                sample_workspace.embedder,
                ds,
                "dev",
                client,
                cache,
                sample_workspace.answer_options(),
            )
        finally:
            client.close()
            cache.close()
    assert report["overall"]["pass_rate"] >= 0.9


def test_fusion_dev_split(gen, sample_workspace):
    """Fused retrieval holds the whole set where classic RAG does not; the graph's
    refusals (ambiguous, unknown, empty) hold too. Latency is not asserted."""
    from zpagent.eval.fusion import evaluate_fusion

    ds = load_dataset(DATASETS / "fusion.json", strict=True)
    report = evaluate_fusion(
        gen, sample_workspace.embedder, sample_workspace.settings, ds, "dev", timing=False
    )
    modes = {m: report["modes"][m]["overall"] for m in ("rag", "graph", "graph_hybrid")}
    fused = modes["graph_hybrid"]
    assert fused["recall@10"] >= 0.95
    assert fused["recall@10"] >= modes["rag"]["recall@10"] + 0.25
    assert fused["recall@10"] > modes["graph"]["recall@10"]
    assert fused["answer_facts"] >= 0.9 and fused["count_exact"] >= 0.9
    assert report["modes"]["graph_hybrid"]["categories"]["guarantee"]["status"] == 1.0
