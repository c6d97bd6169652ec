"""The ``AnswerResponse`` envelopes ``answer()`` returns: facts and quotes
delivered with their claims, nothing found, a name unknown or ambiguous."""

from __future__ import annotations

from typing import Any

from zpagent.answer import render
from zpagent.answer.evidence import Bundle
from zpagent.answer.facts import Fact
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.quotes import Quote
from zpagent.answer.subjects import Names
from zpagent.contract import AnswerResponse, MatchedPerson, VerifiedClaim
from zpagent.query import Query
from zpagent.query.describe import describe


def _response(
    bundle: Bundle | None, question: Query, opts: AnswerOptions, **fields: Any
) -> AnswerResponse:
    base: dict[str, Any] = {
        "query": question.text,
        "interpreted_as": describe(question) if question.ask != "small_talk" else None,
        "engine_requested": opts.engine,
        "engine_used": bundle.engine if bundle else "none",
        "status": "ok",
        "reason": None,
        "accepted_for_delivery": True,
    }
    if bundle is not None:
        base.update(
            sources=bundle.sources,
            index_version=bundle.index_version,
            complete=bundle.complete,
            truncated=bundle.truncated,
            truncation_reasons=bundle.truncation_reasons,
            matched=[
                MatchedPerson(id=s.id, name=s.name, document_path=s.document_path, match=s.match)
                for s in bundle.subjects
            ],
        )
    base.update(fields)
    return AnswerResponse(**base)


def _claims(facts: list[Fact], quotes: list[Quote], count: int | None) -> list[VerifiedClaim]:
    out = [VerifiedClaim(kind="count", value=str(count), sources=[])] if count is not None else []
    out += [
        VerifiedClaim(
            kind=f.attribute,
            value=f.value,
            sources=[f.source_id],
            subject=f.subject,
            subject_id=f.subject_id,
            thesis_kind=f.kind,
            evidence=f.span or None,
        )
        for f in facts
    ]
    out += [
        VerifiedClaim(kind="statement", value=s, sources=[q.source_id])
        for q in quotes
        for s in q.statements
    ]
    return out


def _deliver(
    bundle: Bundle,
    question: Query,
    opts: AnswerOptions,
    facts: list[Fact],
    quotes: list[Quote],
    count: int | None,
    **fields: Any,
) -> AnswerResponse:
    return _response(
        bundle,
        question,
        opts,
        answer=render.render_facts(bundle, facts, quotes, count),
        claims=_claims(facts, quotes, count),
        **fields,
    )


def _not_found(
    bundle: Bundle | None,
    question: Query,
    opts: AnswerOptions,
    mode: str = "not_found",
    **fields: Any,
) -> AnswerResponse:
    reason = (bundle.reason if bundle else None) or "no_matching_sources"
    return _response(
        bundle,
        question,
        opts,
        status="no_answer",
        reason=reason,
        answer=render.not_found(question),
        mode=mode,
        **fields,
    )


def _names_response(names: Names, question: Query, opts: AnswerOptions) -> AnswerResponse:
    if names.status == "unknown":
        return _response(
            None,
            question,
            opts,
            status="no_answer",
            reason="unknown_person",
            answer=render.render_unknown(names.candidates),
            mode="not_found",
            candidates=names.candidates,
            complete=None,
        )
    return _response(
        None,
        question,
        opts,
        status="ambiguous",
        reason="ambiguous_person",
        answer=render.render_clarification(names.candidates),
        mode="clarify",
        candidates=[c for c in names.candidates if c.get("status") == "candidate"],
        complete=None,
    )
