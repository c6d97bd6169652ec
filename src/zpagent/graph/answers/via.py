"""Two-hop questions (``Query.via``): the persons found first, then what is asked.

"Kto konzultoval bakalárku X a ako sa volá jeho dizertačka?": the consultant of
X's bachelor thesis is found as a fact of X (with the line that says it, so the
answer shows the first hop too), then the dissertation's title is asked of that
person; "Vedúci X – ktoré diplomovky viedol v 2021?": the theses the person
found led. Nothing found at the first hop is "not found", never a guess.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from zpagent.graph.answers.context import Context
from zpagent.graph.answers.resolve import unresolved
from zpagent.graph.contract import GraphResponse
from zpagent.graph.select import Selector, check_refs
from zpagent.query.hops import hop_query, second_hop
from zpagent.query.model import EntityRef

Handler = Callable[[Context], GraphResponse]


def via_answer(ctx: Context, facts: Handler, handler_of: Callable[[str], Handler | None]
               ) -> GraphResponse:  # fmt: skip
    b = ctx.builder
    via = ctx.query.via
    assert via is not None
    first = hop_query(ctx.query)
    status, problem = check_refs(first)
    if status != "ok" and problem is not None:
        return unresolved(b, ctx.lexicon, status, problem, ctx.include_unpublished)
    facts(replace(ctx, query=first))  # the first hop's facts, with their lines
    found = Selector(ctx.store, ctx.lexicon, ctx.include_unpublished).leaders_of_ref(via)
    if not found:
        return b.build("no_answer", "no_matching_facts")
    b.answers.clear()  # the answer is what the second hop finds
    names = tuple(ctx.lexicon.name_of(pid) or pid for pid in found)
    second = second_hop(ctx.query, EntityRef("person", "", None, tuple(found), "context",
                                             names=names))  # fmt: skip
    handler = handler_of(second.ask)
    if handler is None:
        return b.build("no_answer", "no_matching_facts")
    return handler(replace(ctx, query=second))
