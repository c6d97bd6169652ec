"""``answer()``: question -> names -> evidence -> claims -> binding -> rendering.

The question is analyzed once; small talk is answered as such. Its names
are resolved exactly first, whatever the engine: an unknown name gets
``no_answer`` with the near misses, an ambiguous one a clarifying question.
Then the evidence: typed facts of every source page, graph facts, counts.

Without an LLM, the answer is rendered from the facts that answer the
question (or, for open questions, verbatim sentences). With an LLM, the
model returns typed claims (JSON); each is bound to one fact or quote of
the evidence or dropped; one repair round gets the failures back; what is
delivered is always the evidence's own words. When the model still leaves
out what the evidence answers, the facts themselves are delivered; when
nothing can be verified, the user gets an honest refusal. All model calls of
one answer share one deadline (ANSWER_DEADLINE_SECONDS, from the start of
``answer``): when it passes or the model is down, the answer is the one built
without the model, with ``llm.used: false`` and ``llm.fallback`` saying why.

A question about the wiki's changes ("Kedy sa naposledy zmenila stránka
Jána Holpa?") is not a question about a thesis: it is answered from the
wiki's Git history when the caller passes ``history`` (a function of the
question text, see ``zpagent.history.answer.history_asker``), and refused
as ``history_unavailable`` otherwise, never with thesis facts.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from zpagent.answer import render
from zpagent.answer.claims import ClaimSet, MalformedClaims, parse_claims
from zpagent.answer.condense import CondenseCache, condense
from zpagent.answer.evidence import Bundle
from zpagent.answer.extractive import extract
from zpagent.answer.facts import TYPED, Fact
from zpagent.answer.gather import ENGINES, AnswerOptions, gather, rag_bundle
from zpagent.answer.llm import ChatClient, Deadline, LLMBadResponse
from zpagent.answer.prompts import SYSTEM, evidence_context, repair_message, user_message
from zpagent.answer.quotes import Quote
from zpagent.answer.select import answering_facts
from zpagent.answer.subjects import Names, needs_a_person, resolve_names
from zpagent.answer.unread import says_unread, unnamed_term, unread_lines
from zpagent.answer.verify import Failure, Verdict, verify
from zpagent.contract import AnswerResponse, ClaimFailure, LLMUsage, MatchedPerson, VerifiedClaim
from zpagent.embed.base import Embedder
from zpagent.errors import InvalidQuery, LLMUnavailable, RetrievalUnavailable
from zpagent.ingest.tokens import TokenCounter
from zpagent.query import Query
from zpagent.query.describe import describe
from zpagent.query.small_talk import reply

if TYPE_CHECKING:
    from zpagent.history.answer import HistoryAnswer

log = logging.getLogger(__name__)
# The wiki's Git history, asked with the typed query (``history.answer.history_asker``).
HistoryAsk = Callable[[Query], "HistoryAnswer"]


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


def _history(gen: Any, question: Query, opts: AnswerOptions, ask: HistoryAsk | None):
    from zpagent.history.errors import HistoryError

    try:
        if ask is None:
            raise HistoryError("no history for this caller")
        found = ask(question)
    except HistoryError as exc:
        log.info("history question not answered: %s", exc.reason)
        return _response(
            None,
            question,
            opts,
            status="no_answer",
            reason="history_unavailable",
            answer=render.HISTORY_UNAVAILABLE,
            mode="history",
            engine_used="history",
            index_version=gen.index_version,
            complete=None,
        )
    reasons = list(dict.fromkeys(found.truncation_reasons))
    return _response(
        None,
        question,
        opts,
        status=found.status,
        reason=found.reason,
        answer=found.answer,
        mode="history",
        engine_used="history",
        sources=found.sources,
        index_version=gen.index_version,
        complete=not reasons if found.status == "ok" else None,
        truncated=bool(reasons),
        truncation_reasons=reasons,
    )


def answer(
    gen: Any,
    embedder: Embedder | None,
    q: Query,
    opts: AnswerOptions,
    client: ChatClient | None = None,
    cache: CondenseCache | None = None,
    history: HistoryAsk | None = None,
) -> AnswerResponse:
    if opts.engine not in ENGINES:
        raise InvalidQuery(f"unknown engine {opts.engine!r}")
    deadline = Deadline.after(opts.config.answer_deadline_seconds)
    if q.small_talk:
        return _response(
            None, q, opts, answer=reply(q.small_talk), mode="small_talk", complete=None
        )
    if gen is None or embedder is None:
        raise RetrievalUnavailable("no generation is published")
    if q.ask == "history":
        return _history(gen, q, opts, history)
    names = resolve_names(gen, q, opts.config, opts.include_unpublished)
    if names.status in ("unknown", "ambiguous"):
        return _names_response(names, q, opts)
    if needs_a_person(q):
        return _response(
            None,
            q,
            opts,
            status="no_answer",
            reason="person_not_named",
            answer=render.NO_PERSON,
            mode="not_found",
            index_version=gen.index_version,
            complete=None,
        )
    resp = _answer_names(gen, embedder, q, names, opts, client, cache, deadline)
    if names.not_found and resp.status == "ok":
        resp.answer = render.render_not_found_beside(names.not_found) + "\n" + resp.answer
    return resp


def _answer_names(
    gen: Any,
    embedder: Embedder,
    q: Query,
    names: Names,
    opts: AnswerOptions,
    client: ChatClient | None,
    cache: CondenseCache | None,
    deadline: Deadline,
) -> AnswerResponse:
    bundle = gather(gen, embedder, q, names, opts, llm=client is not None)
    if bundle.status == "ambiguous":
        return _names_response(Names("ambiguous", candidates=bundle.candidates), q, opts)
    if bundle.status == "no_answer" and bundle.reason == "unknown_person":
        return _names_response(Names("unknown", candidates=bundle.candidates), q, opts)
    agg = bundle.aggregation or {}
    if bundle.status == "ok" and agg.get("count") == 0 and not bundle.facts:
        if bundle.exact is False:
            # None found over a relation the graph may not hold completely: no
            # "0"; what the text says instead.
            bundle = rag_bundle(gen, embedder, q, names, opts)
            if bundle.status != "ok" or not bundle.sources:
                return _not_found(bundle, q, opts)
            return _without_llm(bundle, q, opts)
        # "How many ...?" with none: zero is an exact answer, not "not found".
        return _deliver(bundle, q, opts, [], [], 0, mode="deterministic")
    if bundle.status != "ok" or not bundle.sources:
        return _not_found(bundle, q, opts)
    from_graph = bundle.engine == "graph" and (bundle.facts or bundle.paths or agg)
    if client is None or from_graph:
        # Graph facts are exact and typed: rendering them directly is the
        # verified answer; an LLM could only add ways to be wrong.
        return _without_llm(bundle, q, opts)
    try:
        return _with_llm(bundle, q, opts, client, cache, deadline)
    except LLMUnavailable as exc:
        # A dead, failing or slow model: the answer built without it, said so.
        log.warning("answer without the model: %s", exc.reason)
        resp = _without_llm(bundle, q, opts)
        resp.llm = LLMUsage(used=False, model=client.config.model, fallback=exc.reason)
        return resp


def with_their_titles(facts: list[Fact], evidence: list[Fact]) -> list[Fact]:
    """A supervisor or consultant with the title of the thesis they led: "which
    thesis" is part of the answer; and a thesis title with who led it ("Čo robil
    Attila za prácu?" reads best with its supervisor). Verified facts of the same
    evidence, never another item's."""
    titled = {f.item for f in facts if f.attribute in ("thesis_title", "work_title")}
    leads = {f.item for f in facts if f.attribute in ("supervisor", "consultant") and f.item}
    titles = [
        f for f in evidence
        if f.attribute in ("thesis_title", "work_title") and f.item in leads - titled
    ]  # fmt: skip
    led = {f.item for f in facts if f.attribute == "supervisor"}
    leaders = [
        f for f in evidence
        if f.attribute == "supervisor" and f.item in titled - led and f.thesis_kind
    ]  # fmt: skip
    unique = {(f.item, f.value): f for f in leaders}
    return facts + list({f.item: f for f in titles}.values()) + list(unique.values())


# llm.fallback when the model's own answer failed verification, or when it found
# nothing the evidence answers (see _with_llm).
UNVERIFIED = "llm_unverified"
NOT_FOUND_BY_MODEL = "llm_no_answer"


def _without_llm(
    bundle: Bundle, question: Query, opts: AnswerOptions, **fields: Any
) -> AnswerResponse:
    # Graph lists and counts state their exact size, computed by the database.
    count = (bundle.aggregation or {}).get("count")
    facts = with_their_titles(answering_facts(bundle), bundle.facts)
    # Lists, profiles, paths: everything the graph found (what pages *say* is quoted).
    everything = bundle.engine != "rag" and not bundle.question.about_content
    if everything and not (bundle.asked & {f.attribute for f in bundle.facts}):
        facts = list(bundle.facts)
    if facts or count is not None or (bundle.paths and bundle.engine != "rag"):
        quotes = unread_lines(bundle, question) if facts else []
        return _deliver(bundle, question, opts, facts, quotes, count, mode="deterministic",
                        **fields)  # fmt: skip
    if bundle.about_own_pages and bundle.asked & TYPED:
        # Asked for a typed fact of named persons that their pages do not state
        # ("konzultant bakalárskej práce" when only the master thesis has one):
        # not found, never a quote of another thesis's line.
        return _not_found(bundle, question, opts, **fields)
    quotes = extract(bundle, per_source=bundle.engine == "rag+graph")
    if question.ask in ("fact", "profile", "list", "count") and question.unaccounted:
        # What is asked is a word nobody read ("oponentom"): only a line that says
        # that word answers; another line of the page would answer another question.
        quotes = [q for q in quotes if says_unread(q.text, question)]
    if unnamed_term(quotes, question):
        # "Aká je maximálna dĺžka úlohy v Slurme?": the name the question hinges on
        # stands in none of the lines; lines that share its other words answer
        # another question.
        quotes = []
    if not quotes:
        return _not_found(bundle, question, opts, **fields)
    return _deliver(bundle, question, opts, [], quotes, None, mode="extractive", **fields)


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


__all__ = ["ENGINES", "AnswerOptions", "answer"]
