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
The answer without the model is built in ``without_llm.py``, the one with it
in ``with_llm.py``, their envelopes in ``responses.py``.

A question about the wiki's changes ("Kedy sa naposledy zmenila stránka
Jána Holpa?") is not a question about a thesis: it is answered from the
wiki's Git history when the caller passes ``history`` (a function of the
question text, see ``zpagent.history.answer.history_asker``), and refused
as ``history_unavailable`` otherwise, never with thesis facts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from zpagent.answer import render
from zpagent.answer.condense import CondenseCache
from zpagent.answer.gather import ENGINES, AnswerOptions, gather, rag_bundle
from zpagent.answer.llm import ChatClient, Deadline
from zpagent.answer.meaning import unit_meaning
from zpagent.answer.responses import _deliver, _names_response, _not_found, _response
from zpagent.answer.subjects import Names, needs_a_person, resolve_names
from zpagent.answer.with_llm import _with_llm
from zpagent.answer.without_llm import _without_llm
from zpagent.contract import AnswerResponse, LLMUsage
from zpagent.embed.base import Embedder
from zpagent.errors import InvalidQuery, LLMUnavailable, RetrievalUnavailable
from zpagent.query import Query
from zpagent.query.small_talk import reply

if TYPE_CHECKING:
    from zpagent.history.answer import HistoryAnswer

log = logging.getLogger(__name__)
# The wiki's Git history, asked with the typed query (``history.answer.history_asker``).
HistoryAsk = Callable[[Query], "HistoryAnswer"]


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
    bundle.meaning = unit_meaning(gen, embedder, q)
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


__all__ = ["ENGINES", "AnswerOptions", "answer"]
