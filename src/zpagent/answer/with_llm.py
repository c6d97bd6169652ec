"""The answer with an LLM: the model returns typed claims (JSON); each is bound
to one fact or quote of the evidence or dropped; one repair round gets the
failures back; what is delivered is always the evidence's own words. When the
model still leaves out what the evidence answers, the facts themselves are
delivered; when nothing can be verified, the user gets an honest refusal."""

from __future__ import annotations

import time
from typing import Any

from zpagent.answer import render
from zpagent.answer.claims import ClaimSet, MalformedClaims, parse_claims
from zpagent.answer.condense import CondenseCache, condense
from zpagent.answer.evidence import Bundle
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.llm import ChatClient, Deadline, LLMBadResponse
from zpagent.answer.prompts import SYSTEM, evidence_context, repair_message, user_message
from zpagent.answer.responses import _deliver, _not_found, _response
from zpagent.answer.select import answering_facts
from zpagent.answer.verify import Failure, Verdict, verify
from zpagent.answer.without_llm import _without_llm
from zpagent.contract import AnswerResponse, ClaimFailure, LLMUsage
from zpagent.ingest.tokens import TokenCounter
from zpagent.query import Query

# llm.fallback when the model's own answer failed verification, or when it found
# nothing the evidence answers (see _with_llm).
UNVERIFIED = "llm_unverified"
NOT_FOUND_BY_MODEL = "llm_no_answer"


def _ask(
    client: ChatClient, messages: list[dict[str, str]], usage: LLMUsage, deadline: Deadline
) -> tuple[ClaimSet | None, str]:
    """One model call; malformed output is a failed claim set, not a crash."""
    result = client.chat(messages, deadline=deadline)
    usage.calls += result.attempts
    usage.prompt_tokens += result.prompt_tokens
    usage.completion_tokens += result.completion_tokens
    try:
        return parse_claims(result.content), result.content
    except MalformedClaims:
        return None, result.content


def _with_llm(
    bundle: Bundle,
    question: Query,
    opts: AnswerOptions,
    client: ChatClient,
    cache: CondenseCache | None,
    deadline: Deadline,
) -> AnswerResponse:
    context = evidence_context(bundle)
    condensed_info = None
    usage = LLMUsage(used=True, model=client.config.model)
    tokens = TokenCounter().count(context)
    if tokens > opts.context_tokens and cache is not None:
        # Binding uses the original facts and texts, never this summary.
        context, cached = condense(client, cache, context, deadline)
        usage.calls += 0 if cached else 1
        condensed_info = {"applied": True, "cached": cached, "tokens_before": tokens}
    notes = []
    if bundle.cut:
        notes.append("Pozor: dôkazy boli skrátené, zoznamy a počty nemusia byť úplné.")
    if bundle.aggregation:
        notes.append(f"Agregácia z grafu: počet = {bundle.aggregation.get('count')}")
    messages = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": user_message(question.core, context, notes)},
    ]
    failures: list[ClaimFailure] = []
    verify_ms = 0.0
    verdict: Verdict | None = None
    claims: ClaimSet | None = None
    for attempt in (1, 2):
        try:
            claims, raw = _ask(client, messages, usage, deadline)
        except LLMBadResponse:
            claims, raw = None, ""
        if claims is None:
            verdict = None
            found = [Failure("malformed_json", None, "model nevrátil platný JSON s tvrdeniami")]
        else:
            t0 = time.perf_counter()
            verdict = verify(claims, bundle)
            verify_ms += (time.perf_counter() - t0) * 1000
            found = verdict.failures
        failures += [
            ClaimFailure(attempt=attempt, code=f.code, claim=f.claim, detail=f.detail)
            for f in found
        ]
        if verdict is not None and not verdict.blocking:
            break
        if attempt == 1:
            messages += [
                {"role": "assistant", "content": raw},
                {"role": "user", "content": repair_message(found)},
            ]
    common: dict[str, Any] = {
        "failures": failures,
        "repair_attempted": any(f.attempt == 2 for f in failures) or len(messages) > 2,
        "llm": usage,
        "condensed": condensed_info,
        "verification_ms": round(verify_ms, 3),
    }
    if verdict is not None and not verdict.blocking and not verdict.empty:
        return _deliver(
            bundle,
            question,
            opts,
            verdict.facts,
            verdict.quotes,
            verdict.count,
            mode="llm",
            **common,
        )
    expected = answering_facts(bundle)
    if expected:
        # The evidence answers the question: deliver its facts, not the model's words.
        return _deliver(bundle, question, opts, expected, [], None, mode="deterministic", **common)
    # A model never makes an answer worse: when it finds nothing, or its answer
    # failed verification twice, the answer built without it is delivered if
    # there is one (verbatim quotes, a block), said so in llm.fallback.
    said_none = claims is not None and (not claims.answerable or not claims.claims)
    usage.fallback = NOT_FOUND_BY_MODEL if said_none else UNVERIFIED
    fallback = _without_llm(bundle, question, opts, **common)
    if fallback.status == "ok":
        return fallback
    usage.fallback = None
    if said_none:
        return _not_found(bundle, question, opts, mode="llm", **common)
    last = [f for f in failures if f.attempt == max(x.attempt for x in failures)]
    return _response(
        bundle,
        question,
        opts,
        status="no_answer",
        reason="unverified_answer",
        answer=render.render_refusal([Failure(f.code, f.claim, f.detail) for f in last]),
        accepted_for_delivery=False,
        mode="llm",
        **common,
    )
