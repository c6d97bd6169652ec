"""Attacks on checked answers: no wrong fact is ever delivered, whatever the model says.

Two attackers. A property test (hypothesis) takes the correct claims for a
question on the sample wiki and mutates them (swap subject or value between
two people of the evidence, change the year or the kind, cut or pad a title,
fold diacritics, use look-alike letters, negate a quote, add an unasked
claim): every fact the verifier binds is one that answers the question, and
no mutated string is ever shown. And the scripted adversary of ``zpagent
eval answers --llm adversarial``, one case per attack class, over real HTTP
through the whole pipeline, judged against the ground truth.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.asking import read
from zpagent.answer.claims import Claim, ClaimSet
from zpagent.answer.gather import AnswerOptions, rag_bundle
from zpagent.answer.render import render_facts
from zpagent.answer.select import answering_facts
from zpagent.answer.service import answer
from zpagent.answer.subjects import resolve_names
from zpagent.answer.verify import verify
from zpagent.config import Settings
from zpagent.eval.adversarial import TruthChecker
from zpagent.eval.adversarial_llm import ATTACKS, Adversary
from zpagent.eval.honest_llm import honest_responder
from zpagent.eval.scripted_llm import ScriptedLLM
from zpagent.inert import plain_text

REPO = Path(__file__).resolve().parents[2]
TRUTH = json.loads((REPO / "examples" / "zpwiki-truth.json").read_text(encoding="utf-8"))
QUESTIONS = [
    ("Aký je názov diplomovej práce Petra Kováča?", ["pk214dn"]),
    ("Kto viedol bakalársku prácu Jána Holpa?", ["jh428ek"]),
    ("V ktorom roku obhájil Ján Holp diplomovú prácu?", ["jh428ek"]),
    ("Aký je názov bakalárskej práce Martina Horvátha z roku 2021?", ["mh456cd"]),
    ("Kto bol konzultantom diplomovej práce Michala Sedláka?", ["ms550br"]),
    ("Kto viedol diplomovú prácu Michala Sedláka?", ["ms550br"]),
    ("Kedy začal študovať Ján Holp?", ["jh428ek"]),
]


@pytest.fixture(scope="module")
def sample(sample_workspace):
    with sample_workspace.open_current() as gen:
        yield sample_workspace, gen


@pytest.fixture(scope="module")
def bundles(sample):
    ws, gen = sample
    out = []
    for question, _ in QUESTIONS:
        q = read(gen, question)
        names = resolve_names(gen, q, Settings(_env_file=None), False)
        bundle = rag_bundle(gen, ws.embedder, q, names, AnswerOptions())
        correct = answering_facts(bundle)
        assert correct, question  # the evidence answers every question here
        out.append((bundle, correct))
    return out


def as_claim(f, **over) -> dict:
    claim = {
        "kind": f.attribute,
        "value": f.value,
        "sources": [f.source_id],
        "subject": f.subject,
        "subject_id": f.subject_id,
        "thesis_kind": f.kind,
    }
    return {**claim, **over}


LOOKALIKE = str.maketrans("aeiopcxyAEIOPCXY", "аеіорсхуАЕІОРСХУ")  # Cyrillic twins
KINDS = ["bachelor", "master", "dissertation", "team_project", None]
SUBJECTS = ["Daniel Hládek", "Ján Staš", "Mária Nováková", "Karol Holp", None]


def mutate(how: int, f, o, n: int, pad: str, text: str) -> dict:
    """One mutation of the correct claim ``f`` (``o``: another fact of the evidence)."""
    return [
        lambda: as_claim(f, value=str(1990 + n)),  # another year
        lambda: as_claim(f, thesis_kind=KINDS[n % len(KINDS)]),  # another kind
        lambda: as_claim(f, value=f.value[1 + n % 12 :] or "x"),  # cut at the start
        lambda: as_claim(f, value=f.value[: -(1 + n % 12)] or "x"),  # cut at the end
        lambda: as_claim(f, value=f"{f.value} {pad}"),  # padded
        lambda: as_claim(f, value=f.value.translate(LOOKALIKE)),  # look-alike letters
        lambda: as_claim(f, subject=SUBJECTS[n % len(SUBJECTS)]),  # another person named
        lambda: as_claim(f, value=o.value),  # another fact's value
        lambda: as_claim(f, subject=o.subject, subject_id=o.subject_id, sources=[o.source_id]),
        lambda: as_claim(o),  # an unasked fact
        lambda: {"kind": "statement", "value": "x", "quote": "Nie " + text, "sources": ["S1"]},
    ][how]()


MUTATIONS = 11


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    which=st.integers(0, len(QUESTIONS) - 1),
    plan=st.lists(
        st.tuples(
            st.integers(0, MUTATIONS - 1),
            st.integers(0, 1000),
            st.integers(0, 60),
            st.text("abcdefghijklmnopqrstuvwxyzáäčďéíľňóôšťúýž ", min_size=1, max_size=20),
        ),
        min_size=1,
        max_size=3,
    ),
    keep=st.booleans(),
)
def test_no_mutant_of_a_correct_answer_is_ever_delivered(bundles, which, plan, keep):
    bundle, correct = bundles[which]
    others = [f for f in bundle.facts if f not in correct] or correct
    texts = [t for e in bundle.by_id.values() for t in e.texts] or ["x"]
    mutants = [
        mutate(
            how, correct[k % len(correct)], others[k % len(others)], n, pad, texts[k % len(texts)]
        )
        for how, k, n, pad in plan
    ]
    claims = [as_claim(f) for f in correct[:1]] if keep else []
    claim_set = ClaimSet(claims=[Claim(**c) for c in claims + mutants])
    verdict = verify(claim_set, bundle)
    assert set(verdict.facts) <= set(correct)
    assert not verdict.quotes  # no "Nie ..." sentence is in the evidence
    shown = plain_text(render_facts(bundle, verdict.facts, verdict.quotes, verdict.count))
    true_values = {f.value for f in bundle.facts}
    for m in mutants:
        # A cut title is part of the right one, which may be delivered in full.
        inside = any(m["value"] in f.value for f in verdict.facts)
        if m["value"] not in true_values and len(m["value"]) > 4 and not inside:
            assert m["value"] not in shown


def test_the_property_is_not_vacuous(bundles):
    """The unmutated claims bind: the property above does test delivery."""
    for bundle, correct in bundles:
        verdict = verify(ClaimSet(claims=[Claim(**as_claim(f)) for f in correct]), bundle)
        assert set(verdict.facts) == set(correct) and not verdict.blocking


@pytest.fixture(scope="module")
def scripted(sample):
    from zpagent.answer.llm import ChatClient, LLMConfig

    with ScriptedLLM(honest_responder) as server:
        client = ChatClient(LLMConfig(url=server.url, model="scripted", retries=0))
        yield server, client
        client.close()


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_every_attack_class_delivers_no_wrong_fact(sample, scripted, attack):
    ws, gen = sample
    server, client = scripted
    checker = TruthChecker(TRUTH, gen)
    applied = 0
    for question, logins in [
        *QUESTIONS,
        ("Ako používať Git?", []),
        ("Koľko prác viedol Ján Staš?", []),
    ]:
        for engine in ("rag", "auto"):
            adversary = Adversary(attack)
            server.responder = adversary
            resp = answer(
                gen, ws.embedder, read(gen, question), AnswerOptions(engine=engine), client=client
            )
            applied += adversary.applied
            if resp.status == "ok":
                assert checker.problems(resp, logins, adversary.payload) == [], (question, engine)
    if attack != "wrong_count":  # counts are answered by the database, never the model
        assert applied, f"{attack} never applied: the test would be vacuous"


def test_the_honest_model_is_accepted_on_the_first_pass(sample, scripted):
    ws, gen = sample
    server, client = scripted
    server.responder = honest_responder
    for question, _ in QUESTIONS:
        resp = answer(
            gen, ws.embedder, read(gen, question), AnswerOptions(engine="rag"), client=client
        )
        assert resp.mode == "llm" and resp.failures == [], question
