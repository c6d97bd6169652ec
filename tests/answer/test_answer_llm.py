"""Checked answers against a scripted OpenAI-compatible server over real HTTP."""

import logging
import time

from tests.answer.conftest import LLM_KEY
from tests.asking import read
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.llm import ChatClient, LLMConfig
from zpagent.answer.service import answer
from zpagent.config import Settings
from zpagent.eval.scripted_llm import claims

HOLP_MASTER = "Rozpoznávanie pomenovaných entít v slovenčine"
HOLP_BACHELOR = "Strojový preklad pomocou neurónových sietí"
RAG = AnswerOptions(engine="rag")
INVENTED = "Kvantové počítače v praxi"


def title(value=HOLP_MASTER, source="S1", subject="Ján Holp", **kw):
    return {
        "kind": "thesis_title",
        "subject": subject,
        "thesis_kind": "master",
        "value": value,
        "sources": [source],
        **kw,
    }


def supervisor(value="Daniel Hládek", **kw):
    return {
        "kind": "supervisor",
        "subject": "Ján Holp",
        "thesis_kind": "master",
        "value": value,
        "sources": ["S1"],
        **kw,
    }


def ask(gen, emb, client, q="Aký názov diplomovej práce má Ján Holp?", opts=RAG, cache=None):
    return answer(gen, emb, read(gen, q), opts, client=client, cache=cache)


def test_correct_claims_are_delivered_with_citations(gen, tiny_workspace, llm, client):
    llm.script(claims(title()))
    r = ask(gen, tiny_workspace.embedder, client)
    assert r.accepted_for_delivery and r.status == "ok" and r.mode == "llm"
    assert HOLP_MASTER in r.answer and "[S1]" in r.answer
    assert "https://zp.example.edu/students/2016/jh428ek" in r.answer
    assert [c.value for c in r.claims] == [HOLP_MASTER]
    assert r.claims[0].subject_id == "jan-holp" and r.claims[0].thesis_kind == "master"
    assert r.claims[0].evidence.endswith(HOLP_MASTER)  # the page's line
    assert [m.id for m in r.matched] == ["jan-holp"]
    assert r.failures == [] and not r.repair_attempted
    assert r.llm.calls == 1 and r.llm.prompt_tokens == 100
    # the model saw the evidence, its typed facts and the question
    prompt = llm.requests[0]["messages"][1]["content"]
    assert HOLP_MASTER in prompt and "Ján Holp" in prompt
    assert f"fakt: thesis_title (master) = {HOLP_MASTER}" in prompt


def test_the_value_shown_is_the_pages_not_the_models(gen, tiny_workspace, llm, client):
    """Case, diacritics, full-width letters and combining marks are matched, never shown."""
    for written in (
        "rozpoznavanie pomenovanych entit v slovencine",
        "ＲＯＺＰＯＺＮÁＶＡＮＩＥ pomenovaných entít v slovenčine",
        "R\u0336ozpoznávanie pomenovaných entít v slovenčine",
    ):
        llm.script(claims(title(written)))
        r = ask(gen, tiny_workspace.embedder, client)
        assert r.accepted_for_delivery and r.mode == "llm", written
        assert f"„{HOLP_MASTER}“" in r.answer and written not in r.answer
        assert [c.value for c in r.claims] == [HOLP_MASTER]


def test_invented_value_is_repaired(gen, tiny_workspace, llm, client):
    llm.script(claims(title(INVENTED)), claims(title()))
    r = ask(gen, tiny_workspace.embedder, client)
    assert r.accepted_for_delivery and r.repair_attempted and r.mode == "llm"
    assert [f.code for f in r.failures] == ["unsupported_value", "missing_attribute"]
    assert {f.attempt for f in r.failures} == {1}
    assert "Kvantové" not in r.answer and HOLP_MASTER in r.answer
    repair = llm.requests[1]["messages"][-1]["content"]
    assert "unsupported_value" in repair


def test_failure_not_fixed_by_repair_delivers_the_evidence_not_the_model(
    gen, tiny_workspace, llm, client
):
    bad = claims(title(INVENTED))
    llm.script(bad, bad)
    r = ask(gen, tiny_workspace.embedder, client)
    # The evidence answers the question: its fact is delivered, the invention never.
    assert r.accepted_for_delivery and r.status == "ok" and r.mode == "deterministic"
    assert HOLP_MASTER in r.answer and "Kvantové" not in r.answer
    assert [c.value for c in r.claims] == [HOLP_MASTER]
    assert {(f.attempt, f.code) for f in r.failures} == {
        (1, "unsupported_value"),
        (1, "missing_attribute"),
        (2, "unsupported_value"),
        (2, "missing_attribute"),
    }


def test_an_open_question_the_model_fails_gets_the_answer_built_without_it(
    gen, tiny_workspace, llm, client
):
    bad = claims({"kind": "statement", "value": "x", "quote": "Git je zlý.", "sources": ["S1"]})
    llm.script(bad, bad)
    r = ask(gen, tiny_workspace.embedder, client, "Ako používať Git?")
    without = ask(gen, tiny_workspace.embedder, None, "Ako používať Git?")
    assert without.status == "ok"  # the evidence answers it without a model
    # A model never makes an answer worse: the answer without it, said so.
    assert r.status == "ok" and r.mode == without.mode and r.answer == without.answer
    assert r.llm.used and r.llm.fallback == "llm_unverified"
    assert "zlý" not in r.answer
    assert [f.attempt for f in r.failures if f.code == "unsupported_quote"] == [1, 2]


def test_a_verbatim_quote_is_delivered_in_the_evidences_words(gen, tiny_workspace, llm, client):
    quote = "Každý študent má repozitár na školskom Gite."
    llm.script(
        claims(
            {"kind": "statement", "value": "paraphrase", "quote": f"„{quote}“", "sources": ["S1"]}
        )
    )
    r = ask(gen, tiny_workspace.embedder, client, "Ako používať Git?")
    assert r.accepted_for_delivery and r.mode == "llm"
    assert f"„{quote}“ [S1]" in r.answer and "paraphrase" not in r.answer
    assert [(c.kind, c.value) for c in r.claims] == [("statement", quote)]


def test_wrong_and_unknown_citations(gen, tiny_workspace, llm, client):
    llm.script(claims(title(source="S9")), claims(title(source="S9")))
    r = ask(gen, tiny_workspace.embedder, client)
    assert {f.code for f in r.failures} == {"unknown_source", "missing_attribute"}
    assert r.mode == "deterministic" and HOLP_MASTER in r.answer


def test_author_and_subject_swapped(gen, tiny_workspace, llm, client):
    swapped = claims(title(subject="Daniel Hládek"))
    llm.script(swapped, swapped)
    r = ask(gen, tiny_workspace.embedder, client)
    assert "author_as_subject" in {f.code for f in r.failures}
    # nothing the model said about "Daniel Hládek" is delivered; the page's fact is
    assert r.mode == "deterministic" and r.claims[0].subject == "Ján Holp"


def test_missing_requested_attribute(gen, tiny_workspace, llm, client):
    q = "Kto bol vedúcim diplomovej práce Jána Holpa?"
    only_title = claims(title())
    llm.script(only_title, claims(supervisor()))
    r = ask(gen, tiny_workspace.embedder, client, q)
    # the title was not asked: dropped; the repair brings the supervisor
    assert [(f.attempt, f.code) for f in r.failures] == [
        (1, "unasked_attribute"),
        (1, "missing_attribute"),
    ]
    assert r.accepted_for_delivery and r.mode == "llm"
    assert "Daniel Hládek" in r.answer and HOLP_MASTER not in r.answer


def test_a_consultant_is_not_a_supervisor_and_kinds_are_compared(gen, tiny_workspace, llm, client):
    q = "Kto bol vedúcim diplomovej práce Jána Holpa?"
    # the bachelor thesis's supervisor is not the master thesis's
    llm.script(claims(supervisor("Marek Bielik")), claims(supervisor()))
    r = ask(gen, tiny_workspace.embedder, client, q)
    assert r.failures[0].code == "unsupported_value"  # not on the tiny wiki's page at all
    assert "Marek Bielik" not in r.answer and "Daniel Hládek" in r.answer


def test_false_completeness_is_never_delivered(gen, tiny_workspace, llm, client):
    """With limit=1 the evidence is cut (result_limit): "this is all" is not repeated."""
    llm.script(claims(title(complete=True)))
    opts = AnswerOptions(engine="rag", limit=1)
    r = ask(gen, tiny_workspace.embedder, client, "Aký názov diplomovej práce má Ján Holp?", opts)
    assert r.truncated and "result_limit" in r.truncation_reasons
    assert "false_completeness" in {f.code for f in r.failures}
    assert "úpln" not in r.answer.replace("neúplný", "")


def test_a_bachelor_title_is_not_the_master_title(gen, tiny_workspace, llm, client):
    both = claims(title(), title(HOLP_BACHELOR))
    llm.script(both)
    r = ask(gen, tiny_workspace.embedder, client)
    assert "wrong_kind" in {f.code for f in r.failures}
    assert HOLP_MASTER in r.answer and HOLP_BACHELOR not in r.answer


def test_malformed_json_repaired_once_then_the_evidence(gen, tiny_workspace, llm, client):
    llm.script({"content": "Ján Holp napísal prácu o NER."}, claims(title()))
    r = ask(gen, tiny_workspace.embedder, client)
    assert r.accepted_for_delivery and r.repair_attempted and r.mode == "llm"
    assert r.failures[0].code == "malformed_json"
    llm.script({"content": "{not json"}, {"raw": "<html>oops</html>"})
    r = ask(gen, tiny_workspace.embedder, client)
    assert [f.code for f in r.failures] == ["malformed_json", "malformed_json"]
    assert r.mode == "deterministic" and "oops" not in r.answer


def test_false_not_found_is_refused(gen, tiny_workspace, llm, client):
    llm.script(claims(answerable=False), claims(answerable=False))
    r = ask(gen, tiny_workspace.embedder, client)
    assert [f.code for f in r.failures] == ["missed_answer", "missed_answer"]
    assert r.status == "ok" and HOLP_MASTER in r.answer


def test_a_models_not_found_never_hides_the_answer_built_without_it(
    gen, tiny_workspace, llm, client
):
    llm.script(claims(answerable=False), claims(answerable=False))
    r = ask(gen, tiny_workspace.embedder, client, "Ako používať Git?")
    without = ask(gen, tiny_workspace.embedder, None, "Ako používať Git?")
    assert without.status == "ok"
    assert r.status == "ok" and r.answer == without.answer
    assert r.llm.used and r.llm.fallback == "llm_no_answer"


def test_429_then_success(gen, tiny_workspace, llm, client):
    llm.script({"status": 429, "retry_after": 0}, {"status": 503}, claims(title()))
    r = ask(gen, tiny_workspace.embedder, client)
    assert r.accepted_for_delivery and r.mode == "llm"
    assert len(llm.requests) == 3 and r.llm.calls == 3


def test_a_slow_model_gives_the_answer_built_without_it(gen, tiny_workspace, llm, client):
    # Each request alone is within the client's timeout (2 s): only the answer's
    # deadline (3 s over all requests) stops the retries and the repair round.
    slow = {"sleep": 1.6, "content": "{}"}
    llm.script(slow, slow, slow, slow, slow, slow)
    opts = AnswerOptions(engine="rag", settings=Settings(answer_deadline_seconds=3))
    r = ask(gen, tiny_workspace.embedder, client, opts=opts)
    assert r.llm.used is False and r.llm.fallback == "llm_deadline"
    assert r.status == "ok" and HOLP_MASTER in r.answer and r.mode != "llm"
    assert 1 <= len(llm.requests) <= 2  # the deadline, not the retries, ended it


def test_a_model_that_hangs_is_given_up_at_the_deadline(gen, tiny_workspace, llm):
    patient = ChatClient(LLMConfig(url=llm.url, model="m", timeout=120, retries=3))
    llm.script(*[{"sleep": 120, "content": "{}"}] * 4)
    opts = AnswerOptions(engine="rag", settings=Settings(answer_deadline_seconds=2))
    started = time.monotonic()
    r = ask(gen, tiny_workspace.embedder, patient, opts=opts)
    # Without the deadline this call would wait for the model for 8 minutes.
    assert time.monotonic() - started < 60
    assert r.llm.fallback == "llm_deadline" and len(llm.requests) == 1
    assert r.status == "ok" and HOLP_MASTER in r.answer
    patient.close()


def test_endpoint_down_gives_the_answer_built_without_it(gen, tiny_workspace):
    dead = ChatClient(LLMConfig(url="http://127.0.0.1:9/v1", model="m", retries=0, timeout=1))
    r = ask(gen, tiny_workspace.embedder, dead)
    assert r.llm.used is False and r.llm.fallback == "llm_unavailable"
    assert r.status == "ok" and HOLP_MASTER in r.answer
    dead.close()


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
    for q in ("Ahoj!", "Ďakujem pekne", "dobrý deň", "Thanks!", "Ahoj, ako sa máš?"):
        r = ask(gen, tiny_workspace.embedder, client, q)
        assert r.mode == "small_talk" and r.sources == [] and r.engine_used == "none"
    assert llm.requests == []


def test_an_unknown_name_is_never_answered_about_someone_else(gen, tiny_workspace, llm, client):
    for q in ("Kto viedol prácu Karola Holpa?", "Aký názov práce má Jozef Holp?"):
        for engine in ("rag", "auto", "graph"):
            r = ask(gen, tiny_workspace.embedder, client, q, AnswerOptions(engine=engine))
            assert r.status == "no_answer" and r.reason == "unknown_person", (q, engine)
            assert "Ján Holp" in r.answer  # a near miss, named as such
            assert r.claims == [] and r.sources == []
    assert llm.requests == []
