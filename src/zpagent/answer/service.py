"""``answer()``: gate -> evidence -> claims -> verification -> rendering.

With an LLM: the model returns typed claims as JSON; every claim is
verified against the evidence; one repair round gets the list of failures;
what still fails is never delivered: the user gets an honest refusal that
names what could not be verified. Without an LLM: graph questions are
rendered from facts, RAG questions by quoting the best evidence lines.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass
from typing import Any

from zpagent.answer import render
from zpagent.answer.claims import Claim, ClaimSet, MalformedClaims, parse_claims
from zpagent.answer.condense import CondenseCache, condense
from zpagent.answer.evidence import THESIS_KINDS, Bundle, Fact, SourceEvidence
from zpagent.answer.extractive import extract
from zpagent.answer.gate import asked_attributes, is_structured, small_talk
from zpagent.answer.llm import ChatClient, LLMBadResponse
from zpagent.answer.prompts import SYSTEM, repair_message, user_message
from zpagent.answer.verify import Failure, verify
from zpagent.contract import (
    AnswerResponse,
    ClaimFailure,
    LLMUsage,
    Source,
    VerifiedClaim,
)
from zpagent.embed.base import Embedder
from zpagent.errors import InvalidQuery
from zpagent.index.reader import Generation
from zpagent.ingest.tokens import TokenCounter
from zpagent.rag.build import rag

log = logging.getLogger(__name__)

ENGINES = ("rag", "graph", "auto")


@dataclass
class AnswerOptions:
    engine: str = "auto"
    include_unpublished: bool = False
    limit: int = 8
    max_per_document: int = 2
    context_tokens: int = 6000
    rag_budget_tokens: int = 12000


def rag_bundle(gen: Generation, embedder: Embedder, question: str, opts: AnswerOptions) -> Bundle:
    resp = rag(
        gen,
        embedder,
        question,
        limit=opts.limit,
        max_per_document=opts.max_per_document,
        include_unpublished=opts.include_unpublished,
        budget_tokens=opts.rag_budget_tokens,
    )
    by_id = {
        s.source_id: SourceEvidence(
            s,
            authors=resp._evidence.get(s.source_id, {}).get("authors", []),
            texts=resp._evidence.get(s.source_id, {}).get("texts", []),
        )
        for s in resp.sources
    }
    return Bundle(
        question=question,
        engine="rag",
        status=resp.status,
        reason=resp.reason,
        sources=resp.sources,
        by_id=by_id,
        complete=resp.complete,
        truncated=resp.truncated,
        truncation_reasons=list(resp.truncation_reasons),
        index_version=resp.index_version,
        asked=asked_attributes(question),
        context=resp.context,
    )


def merge_bundles(graph: Bundle, text: Bundle) -> Bundle:
    """Graph first, then RAG, with RAG sources renumbered after the graph's."""
    by_path = {s.document_path: s.source_id for s in graph.sources}
    sources = list(graph.sources)
    by_id = dict(graph.by_id)
    renumber: dict[str, str] = {}
    for s in text.sources:
        if s.document_path in by_path:
            sid = by_path[s.document_path]
            by_id[sid].texts.extend(text.by_id[s.source_id].texts)
            by_id[sid].authors = by_id[sid].authors or text.by_id[s.source_id].authors
        else:
            sid = f"S{len(sources) + 1}"
            new = Source(**{**s.model_dump(), "source_id": sid})
            sources.append(new)
            by_id[sid] = SourceEvidence(
                new, text.by_id[s.source_id].authors, list(text.by_id[s.source_id].texts)
            )
        renumber[s.source_id] = sid
    context = text.context
    for old, new in sorted(renumber.items(), key=lambda kv: -len(kv[0])):
        context = context.replace(f"[{old}]", f"[{new}*]")
    context = context.replace("*]", "]")
    return Bundle(
        question=graph.question,
        engine="rag+graph",
        status="ok",
        reason=None,
        sources=sources,
        by_id=by_id,
        facts=graph.facts,
        aggregation=graph.aggregation,
        complete=graph.complete and text.complete,
        truncated=graph.truncated or text.truncated,
        truncation_reasons=list(dict.fromkeys(graph.truncation_reasons + text.truncation_reasons)),
        index_version=graph.index_version,
        asked=graph.asked | text.asked,
        context=f"{graph.context}\n\n{context}".strip(),
    )


def gather(
    gen: Generation, embedder: Embedder, question: str, opts: AnswerOptions, llm: bool = False
) -> Bundle:
    """Evidence from the requested engine; ``auto`` tries the graph for structured questions.

    When the graph understood a structured question and has no answer, text
    evidence is added only if an LLM will read it: quoting lines at random
    would look like an answer without being one.
    """
    from zpagent.answer.graph_evidence import graph_available, graph_bundle

    if opts.engine == "rag" or (opts.engine == "auto" and not graph_available(gen)):
        return rag_bundle(gen, embedder, question, opts)
    if opts.engine == "graph":
        return graph_bundle(gen, question, opts.include_unpublished)
    if not is_structured(question):
        return rag_bundle(gen, embedder, question, opts)
    graph = graph_bundle(gen, question, opts.include_unpublished)
    if graph.status == "ambiguous":
        return graph
    if graph.status != "ok":
        return rag_bundle(gen, embedder, question, opts) if llm else graph
    if graph.asked - {f.kind for f in graph.facts} - {"count"}:
        # The graph found the entity but not everything asked: add the text.
        text = rag_bundle(gen, embedder, question, opts)
        if text.status == "ok":
            return merge_bundles(graph, text)
    return graph


def _clarify_if_about_different_people(
    gen: Generation, bundle: Bundle, opts: AnswerOptions
) -> Bundle:
    """Text evidence about several people who fit the question becomes ``ambiguous``."""
    from zpagent.answer.clusters import ambiguous_evidence
    from zpagent.answer.graph_evidence import graph_available
    from zpagent.config import get_settings
    from zpagent.graph.store.serving import graph_store

    if bundle.status != "ok" or not graph_available(gen):
        return bundle
    store = graph_store(gen, get_settings())
    found = ambiguous_evidence(store, bundle, opts.include_unpublished)
    if not found:
        return bundle
    bundle.status, bundle.reason, bundle.candidates = "ambiguous", "ambiguous_person", found
    return bundle


def _response(
    bundle: Bundle | None,
    question: str,
    opts: AnswerOptions,
    **fields: Any,
) -> AnswerResponse:
    base: dict[str, Any] = {
        "query": question,
        "engine_requested": opts.engine,
        "engine_used": bundle.engine if bundle else "none",
        "status": "ok",
        "reason": None,
    }
    if bundle is not None:
        base.update(
            sources=bundle.sources,
            index_version=bundle.index_version,
            complete=bundle.complete,
            truncated=bundle.truncated,
            truncation_reasons=bundle.truncation_reasons,
        )
    base.update(fields)
    return AnswerResponse(**base)


def _claims_from_facts(bundle: Bundle) -> list[Claim]:
    """Graph facts as claims; works (team projects, ...) carry no thesis kind."""
    claims = []
    for f in bundle.facts:
        claims.append(
            Claim(
                kind=f.kind,  # type: ignore[arg-type]
                value=f.value,
                sources=f.source_ids or [bundle.sources[0].source_id],
                subject=f.subject,
                thesis_kind=f.thesis_kind if f.thesis_kind in THESIS_KINDS else None,  # type: ignore[arg-type]
            )
        )
    return claims


def _verified(claims: list[Claim]) -> list[VerifiedClaim]:
    return [
        VerifiedClaim(
            kind=c.kind,
            value=c.value,
            sources=c.sources,
            subject=c.subject,
            thesis_kind=c.thesis_kind,
        )
        for c in claims
    ]


def answer(
    gen: Generation | None,
    embedder: Embedder | None,
    question: str,
    opts: AnswerOptions,
    client: ChatClient | None = None,
    cache: CondenseCache | None = None,
) -> AnswerResponse:
    if opts.engine not in ENGINES:
        raise InvalidQuery(f"unknown engine {opts.engine!r}")
    if not question or not question.strip():
        raise InvalidQuery("the question is empty")
    gate = small_talk(question)
    if gate.small_talk:
        return _response(
            None,
            question,
            opts,
            answer=gate.reply,
            accepted_for_delivery=True,
            mode="small_talk",
            complete=None,
        )
    if gen is None or embedder is None:
        from zpagent.errors import RetrievalUnavailable

        raise RetrievalUnavailable("no generation is published")
    bundle = gather(gen, embedder, question, opts, llm=client is not None)
    if bundle.engine == "rag":
        bundle = _clarify_if_about_different_people(gen, bundle, opts)
    if bundle.status == "ambiguous":
        return _response(
            bundle,
            question,
            opts,
            status="ambiguous",
            reason=bundle.reason,
            answer=render.render_clarification(bundle),
            accepted_for_delivery=True,
            mode="clarify",
            candidates=bundle.candidates,
        )
    agg = bundle.aggregation or {}
    if bundle.status == "ok" and agg.get("count") == 0 and not bundle.sources:
        # "How many ...?" with none: zero is an exact answer, not "not found".
        return _response(
            bundle,
            question,
            opts,
            answer="Počet: 0 (podľa grafu zo všetkých publikovaných stránok).",
            accepted_for_delivery=True,
            mode="deterministic",
            claims=[VerifiedClaim(kind="count", value="0", sources=[])],
        )
    if bundle.status != "ok" or not bundle.sources:
        return _response(
            bundle,
            question,
            opts,
            status="no_answer",
            reason=bundle.reason or "no_matching_sources",
            answer=render.NOT_FOUND,
            accepted_for_delivery=True,
            mode="not_found",
        )
    if client is None or (bundle.engine == "graph" and bundle.facts):
        # Graph facts are exact and typed: rendering them directly is the
        # verified answer; an LLM could only add ways to be wrong.
        return _without_llm(bundle, question, opts)
    return _with_llm(bundle, question, opts, client, cache)


def _without_llm(bundle: Bundle, question: str, opts: AnswerOptions) -> AnswerResponse:
    if bundle.facts:
        # Graph facts are the evidence itself: rendering them needs no check
        # beyond the graph's own (every fact names its source line).
        claims = _claims_from_facts(bundle)
        missing = bundle.asked - {f.kind for f in bundle.facts} - {"count"}
        if bundle.engine == "rag+graph" and missing:
            # What the graph does not hold ("... a kedy začal študovať?" when
            # the start year is only in the text): quote the page's line for it.
            wanted = dataclasses.replace(bundle, asked=missing)
            claims += [
                Claim(kind="statement", value=f"„{line}“", sources=[sid])
                for sid, line in extract(wanted, question)
            ]
        return _response(
            bundle,
            question,
            opts,
            answer=render.render_answer(claims, bundle),
            accepted_for_delivery=True,
            mode="deterministic",
            claims=_verified(claims),
        )
    lines = extract(bundle, question)
    if not lines:
        return _response(
            bundle,
            question,
            opts,
            status="no_answer",
            reason="no_matching_sources",
            answer=render.NOT_FOUND,
            accepted_for_delivery=True,
            mode="not_found",
        )
    body = "\n".join(f"„{line}“ {render.cite([sid])}" for sid, line in lines)
    cited = {sid for sid, _ in lines}
    text = "Z najrelevantnejších zdrojov:\n" + body + "\n\n" + render.sources_footer(bundle, cited)
    claims = [VerifiedClaim(kind="statement", value=line, sources=[sid]) for sid, line in lines]
    return _response(
        bundle,
        question,
        opts,
        answer=text,
        accepted_for_delivery=True,
        mode="extractive",
        claims=claims,
    )


def _ask(
    client: ChatClient, messages: list[dict[str, str]], usage: LLMUsage
) -> tuple[ClaimSet | None, str]:
    """One model call; malformed output is a failed claim set, not a crash."""
    result = client.chat(messages)
    usage.calls += result.attempts
    usage.prompt_tokens += result.prompt_tokens
    usage.completion_tokens += result.completion_tokens
    try:
        return parse_claims(result.content), result.content
    except MalformedClaims:
        return None, result.content


def _with_llm(
    bundle: Bundle,
    question: str,
    opts: AnswerOptions,
    client: ChatClient,
    cache: CondenseCache | None,
) -> AnswerResponse:
    context = bundle.context or "\n\n".join(
        f"[{sid}] " + bundle.text_of(sid) for sid in bundle.by_id
    )
    condensed_info = None
    usage = LLMUsage(used=True, model=client.config.model)
    tokens = TokenCounter().count(context)
    if tokens > opts.context_tokens and cache is not None:
        context, cached = condense(client, cache, context)
        usage.calls += 0 if cached else 1
        condensed_info = {"applied": True, "cached": cached, "tokens_before": tokens}
    notes = []
    if bundle.truncated or (bundle.aggregation or {}).get("complete") is False:
        notes.append("Pozor: dôkazy boli skrátené, zoznamy a počty nemusia byť úplné.")
    if bundle.aggregation:
        notes.append(f"Agregácia z grafu: {bundle.aggregation}")
    messages = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": user_message(question, context, notes)},
    ]
    all_failures: list[ClaimFailure] = []
    claims: ClaimSet | None = None
    repaired = False
    for attempt in (1, 2):
        try:
            claims, raw = _ask(client, messages, usage)
        except LLMBadResponse:
            claims, raw = None, ""
        failures = (
            verify(claims, bundle)
            if claims is not None
            else [Failure("malformed_json", None, "model nevrátil platný JSON s tvrdeniami")]
        )
        all_failures += [
            ClaimFailure(attempt=attempt, code=f.code, claim=f.claim, detail=f.detail)
            for f in failures
        ]
        if not failures:
            break
        if attempt == 1:
            repaired = True
            messages += [
                {"role": "assistant", "content": raw},
                {"role": "user", "content": repair_message(failures)},
            ]
        else:
            claims = None
    common = dict(
        failures=all_failures,
        repair_attempted=repaired,
        llm=usage,
        condensed=condensed_info,
        mode="llm",
    )
    if claims is None:
        last = [f for f in all_failures if f.attempt == max(x.attempt for x in all_failures)]
        text = render.render_refusal([Failure(f.code, f.claim, f.detail) for f in last])
        return _response(
            bundle,
            question,
            opts,
            status="no_answer",
            reason="unverified_answer",
            answer=text,
            accepted_for_delivery=False,
            **common,
        )
    if not claims.answerable or not claims.claims:
        return _response(
            bundle,
            question,
            opts,
            status="no_answer",
            reason="no_matching_sources",
            answer=render.NOT_FOUND,
            accepted_for_delivery=True,
            **common,
        )
    return _response(
        bundle,
        question,
        opts,
        answer=render.render_answer(claims.claims, bundle),
        accepted_for_delivery=True,
        claims=_verified(claims.claims),
        **common,
    )


__all__ = ["ENGINES", "AnswerOptions", "Fact", "answer", "gather", "rag_bundle"]
