"""`zpagent answer --engine graph` answers the graph dev set with no LLM configured."""

from __future__ import annotations

from pathlib import Path

from tests.asking import read
from zpagent.answer.service import answer
from zpagent.eval.datasets import load_dataset
from zpagent.eval.metrics import text_norm as norm

DATASET = Path(__file__).resolve().parents[2] / "eval" / "datasets" / "graph.json"


def test_graph_dev_set_answered_without_an_llm(sample_workspace):
    ds = load_dataset(DATASET, strict=True)
    failures = []
    with sample_workspace.open_current() as gen:
        for item in ds.select("dev"):
            exp = ds.typed_expect(item)
            resp = answer(
                gen,
                sample_workspace.embedder,
                read(gen, item.query),
                sample_workspace.answer_options("graph"),
                client=None,
            )
            assert resp.llm.used is False
            problem = None
            if resp.status != exp.status:
                problem = f"status {resp.status} != {exp.status}"
            elif exp.status == "ok":
                text = norm(resp.answer)
                wanted = [str(exp.count)] if exp.count is not None else list(exp.answers)
                if exp.question_type == "path":
                    wanted = []  # paths are phrased, their endpoints are checked in tests/graph
                missing = [v for v in wanted if norm(v) not in text]
                if missing:
                    problem = f"missing {missing}"
                if not resp.accepted_for_delivery or ("[S" not in resp.answer and exp.count != 0):
                    problem = problem or "not a cited, accepted answer"
            elif exp.status == "ambiguous" and "Ktorú z nich" not in resp.answer:
                problem = "no clarifying question"
            if problem:
                failures.append((item.id, problem))
    assert failures == []
