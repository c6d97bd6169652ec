"""engine=auto on questions about what a set of pages says: the graph picks the pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.asking import read
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.service import answer
from zpagent.eval.adversarial import TruthChecker
from zpagent.eval.adversarial_llm import ATTACKS, Adversary
from zpagent.eval.honest_llm import honest_responder
from zpagent.eval.scripted_llm import ScriptedLLM

REPO = Path(__file__).resolve().parents[2]
TRUTH = json.loads((REPO / "examples" / "zpwiki-truth.json").read_text(encoding="utf-8"))
QUESTION = "O čom sú diplomové práce, ktoré viedol Ján Staš?"
STAS_MASTERS = {
    p["document_path"]
    for p in TRUTH["persons"]
    if p["published"]
    and any(t["kind"] == "master" and t["supervisor"] == "Ján Staš" for t in p["theses"])
}


@pytest.fixture(scope="module")
def sample(sample_workspace):
    with sample_workspace.open_current() as gen:
        yield sample_workspace, gen


def test_without_an_llm_each_page_of_the_set_is_quoted(sample):
    ws, gen = sample
    r = answer(gen, ws.embedder, read(gen, QUESTION), AnswerOptions(engine="auto"))
    assert r.engine_used == "rag+graph" and r.mode == "extractive"
    cited = {s.document_path for s in r.sources if any(s.source_id in c.sources for c in r.claims)}
    assert len(cited) >= 3 and cited <= STAS_MASTERS
    assert all(c.kind == "statement" for c in r.claims)


def test_an_honest_model_quotes_the_set_and_an_adversary_delivers_nothing_wrong(sample):
    from zpagent.answer.llm import ChatClient, LLMConfig

    ws, gen = sample
    checker = TruthChecker(TRUTH, gen)
    with ScriptedLLM(honest_responder) as server:
        client = ChatClient(LLMConfig(url=server.url, model="scripted", retries=0))
        try:
            r = answer(
                gen, ws.embedder, read(gen, QUESTION), AnswerOptions(engine="auto"), client=client
            )
            assert r.mode == "llm" and r.failures == [] and r.claims
            assert checker.problems(r, [], []) == []
            for attack in sorted(ATTACKS):
                adversary = Adversary(attack)
                server.responder = adversary
                r = answer(
                    gen,
                    ws.embedder,
                    read(gen, QUESTION),
                    AnswerOptions(engine="auto"),
                    client=client,
                )
                if r.status == "ok":
                    assert checker.problems(r, [], adversary.payload) == [], attack
        finally:
            client.close()
