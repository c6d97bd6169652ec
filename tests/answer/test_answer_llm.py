"""Checked answers against a scripted OpenAI-compatible server over real HTTP."""

import logging

import pytest

from tests.answer.conftest import LLM_KEY
from zpagent.answer.service import AnswerOptions, answer
from zpagent.errors import LLMUnavailable
from zpagent.eval.scripted_llm import claims

HOLP_MASTER = "Rozpoznávanie pomenovaných entít v slovenčine"
HOLP_BACHELOR = "Strojový preklad pomocou neurónových sietí"
RAG = AnswerOptions(engine="rag")


def title(value=HOLP_MASTER, source="S1", subject="Ján Holp", **kw):
    return {
        "kind": "thesis_title",
        "subject": subject,
        "thesis_kind": "master",
        "value": value,
        "sources": [source],
        **kw,
    }


def ask(gen, emb, client, q="Aký názov diplomovej práce má Ján Holp?", opts=RAG, cache=None):
    return answer(gen, emb, q, opts, client=client, cache=cache)


def test_correct_claims_are_delivered_with_citations(gen, tiny_workspace, llm, client):
    llm.script(claims(title()))
    r = ask(gen, tiny_workspace.embedder, client)
    assert r.accepted_for_delivery and r.status == "ok" and r.mode == "llm"
    assert HOLP_MASTER in r.answer and "[S1]" in r.answer
    assert "https://zp.example.edu/students/2016/jh428ek" in r.answer
    assert [c.value for c in r.claims] == [HOLP_MASTER]
    assert r.failures == [] and not r.repair_attempted
    assert r.llm.calls == 1 and r.llm.prompt_tokens == 100
    # the model saw the evidence and the question
    prompt = llm.requests[0]["messages"][1]["content"]
    assert HOLP_MASTER in prompt and "Ján Holp" in prompt


def test_invented_value_is_repaired(gen, tiny_workspace, llm, client):
    llm.script(claims(title("Kvantové počítače v praxi")), claims(title()))
    r = ask(gen, tiny_workspace.embedder, client)
    assert r.accepted_for_delivery and r.repair_attempted
    assert [f.code for f in r.failures] == ["unsupported_value"]
    assert r.failures[0].attempt == 1
    assert "Kvantové" not in r.answer and HOLP_MASTER in r.answer
    repair = llm.requests[1]["messages"][-1]["content"]
    assert "unsupported_value" in repair


def test_failure_not_fixed_by_repair_is_refused(gen, tiny_workspace, llm, client):
    bad = claims(title("Kvantové počítače v praxi"))
    llm.script(bad, bad)
    r = ask(gen, tiny_workspace.embedder, client)
    assert not r.accepted_for_delivery
    assert r.status == "no_answer" and r.reason == "unverified_answer"
    assert r.answer.startswith("Odpoveď sa nepodarilo overiť")
    # The refusal names the kind of failure, never the rejected value itself;
    # the value stays in `failures` for the API client.
    assert "údaj, ktorý citované zdroje neobsahujú" in r.answer
    assert "Kvantové" not in r.answer
    assert any("Kvantové" in f.detail for f in r.failures)
    assert r.claims == []
    assert [f.attempt for f in r.failures] == [1, 2]


def test_wrong_and_unknown_citations(gen, tiny_workspace, llm, client):
    q = "Aký názov diplomovej práce má Ján Holp?"
    llm.script(claims(title(source="S9")), claims(title(source="S9")))
    r = ask(gen, tiny_workspace.embedder, client, q)
    assert not r.accepted_for_delivery
    assert {f.code for f in r.failures} == {"unknown_source"}


def test_author_and_subject_swapped(gen, tiny_workspace, llm, client):
    swapped = claims(title(subject="Daniel Hládek"))
    llm.script(swapped, swapped)
    r = ask(gen, tiny_workspace.embedder, client)
    assert not r.accepted_for_delivery
    assert "author_as_subject" in {f.code for f in r.failures}


def test_missing_requested_attribute(gen, tiny_workspace, llm, client):
    q = "Kto bol vedúcim diplomovej práce Jána Holpa?"
    only_title = claims(title())
    llm.script(only_title, only_title)
    r = ask(gen, tiny_workspace.embedder, client, q)
    assert not r.accepted_for_delivery
    assert "missing_attribute" in {f.code for f in r.failures}
    sup = {
        "kind": "supervisor",
        "subject": "Ján Holp",
        "thesis_kind": "master",
        "value": "Daniel Hládek",
        "sources": ["S1"],
    }
    llm.script(only_title, claims(title(), sup))
    r = ask(gen, tiny_workspace.embedder, client, q)
    assert r.accepted_for_delivery and "Daniel Hládek" in r.answer


def test_false_completeness_claim(gen, tiny_workspace, llm, client):
    """With limit=1 the evidence is cut (result_limit): "this is all" must be refused."""
    import re

    def cite_holp(body):
        prompt = body["messages"][1]["content"]
        sid = re.search(r"\[(S\d+)\] Ján Holp", prompt).group(1)
        return claims(title(source=sid, complete=True))

    llm.responder = cite_holp
    opts = AnswerOptions(engine="rag", limit=1)
    r = ask(gen, tiny_workspace.embedder, client, "Ján Holp práca", opts=opts)
    assert r.truncated and "result_limit" in r.truncation_reasons
    assert {f.code for f in r.failures} == {"false_completeness"}
    assert not r.accepted_for_delivery


def test_contradicting_claims(gen, tiny_workspace, llm, client):
    two = claims(title(), title(HOLP_BACHELOR))
    llm.script(two, two)
    r = ask(gen, tiny_workspace.embedder, client)
    assert "contradiction" in {f.code for f in r.failures}
    assert not r.accepted_for_delivery


def test_malformed_json_repaired_once_then_refused(gen, tiny_workspace, llm, client):
    llm.script({"content": "Ján Holp napísal prácu o NER."}, claims(title()))
    r = ask(gen, tiny_workspace.embedder, client)
    assert r.accepted_for_delivery and r.repair_attempted
    assert r.failures[0].code == "malformed_json"
    llm.script({"content": "{not json"}, {"raw": "<html>oops</html>"})
    r = ask(gen, tiny_workspace.embedder, client)
    assert not r.accepted_for_delivery
    assert [f.code for f in r.failures] == ["malformed_json", "malformed_json"]


def test_429_then_success(gen, tiny_workspace, llm, client):
    llm.script({"status": 429, "retry_after": 0}, {"status": 503}, claims(title()))
    r = ask(gen, tiny_workspace.embedder, client)
    assert r.accepted_for_delivery
    assert len(llm.requests) == 3 and r.llm.calls == 3


def test_timeout_is_llm_unavailable(gen, tiny_workspace, llm, client):
    slow = {"sleep": 3, "content": "{}"}
    llm.script(slow, slow, slow)
    with pytest.raises(LLMUnavailable):
        ask(gen, tiny_workspace.embedder, client)


def test_endpoint_down_is_llm_unavailable(gen, tiny_workspace):
    from zpagent.answer.llm import ChatClient, LLMConfig

    dead = ChatClient(LLMConfig(url="http://127.0.0.1:9/v1", model="m", retries=0, timeout=1))
    with pytest.raises(LLMUnavailable) as info:
        ask(gen, tiny_workspace.embedder, dead)
    assert info.value.reason == "llm_unavailable" and info.value.http_status == 503


def test_api_key_is_sent_but_never_logged(gen, tiny_workspace, llm, client, caplog):
    caplog.set_level(logging.DEBUG)
    llm.script({"status": 429, "retry_after": 0}, claims(title()))
    ask(gen, tiny_workspace.embedder, client)
    assert llm.headers[0]["Authorization"] == f"Bearer {LLM_KEY}"
    assert LLM_KEY not in caplog.text


def test_condensation_is_cached_by_evidence(gen, tiny_workspace, llm, client, cache):
    opts = AnswerOptions(engine="rag", context_tokens=20)
    llm.script({"content": "Ján Holp: diplomová práca „" + HOLP_MASTER + "“ [S1]"}, claims(title()))
    r = ask(gen, tiny_workspace.embedder, client, opts=opts, cache=cache)
    assert r.condensed["applied"] and r.condensed["cached"] is False
    assert r.accepted_for_delivery and len(llm.requests) == 2
    llm.script(claims(title()))
    r = ask(gen, tiny_workspace.embedder, client, opts=opts, cache=cache)
    assert r.condensed["cached"] is True
    assert len(llm.requests) == 3  # no second condensation call


def test_not_answerable_with_empty_evidence_needs_no_llm(gen, tiny_workspace, llm, client):
    r = ask(gen, tiny_workspace.embedder, client, "Ako upiecť čokoládovú tortu?")
    assert r.status == "no_answer" and r.mode == "not_found" and r.accepted_for_delivery
    assert llm.requests == []


def test_small_talk_skips_retrieval_and_llm(gen, tiny_workspace, llm, client):
    for q in ("Ahoj!", "Ďakujem pekne", "dobrý deň", "Thanks!"):
        r = ask(gen, tiny_workspace.embedder, client, q)
        assert r.mode == "small_talk" and r.sources == [] and r.engine_used == "none"
    assert llm.requests == []
