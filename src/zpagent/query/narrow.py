"""Tell namesakes apart by what else the question says.

"Aký názov mala diplomovka Martina Horvátha z roku 2023?" names two Martin
Horváths; only one has a master thesis of 2023. A mention with several
candidates keeps those whose facts (``Lexicon.facts``) satisfy every other
condition of the question: thesis kinds and years, supervisors,
consultants, title words, topics, keywords, the start of study, the initial of a given
name. When exactly one is left, the mention is resolved; when none is, the
candidates stay as they were and the answer asks back.
"""

from __future__ import annotations

from zpagent.query.lexicon import Lexicon, PersonFacts
from zpagent.query.model import Condition, EntityRef, ThesisClause


def _thesis_fits(facts: PersonFacts, clause: ThesisClause) -> bool:
    sups = {r.resolved for r in clause.supervisors if r.resolved}
    cons = {r.resolved for r in clause.consultants if r.resolved}
    # A title named by its words may fit several theses: any of them.
    titled = {i for r in clause.titles for i in r.ids}
    for t in facts.theses:
        if clause.titles and t.id not in titled:
            continue
        if clause.kinds and t.kind not in clause.kinds:
            continue
        if clause.years and t.year not in clause.years:
            continue
        if sups and not sups & set(t.supervisors):
            continue
        if cons and not cons & set(t.consultants):
            continue
        return True
    return False


def _condition_fits(facts: PersonFacts, cond: Condition) -> bool:
    ids = {r.resolved for r in cond.refs if r.resolved}
    if cond.relation == "topic":
        return bool(ids & set(facts.topics))
    if cond.relation == "keyword":
        return bool(ids & set(facts.keywords))
    if cond.relation == "start_year":
        return facts.start_year in cond.years
    return True


def fits(
    facts: PersonFacts, clauses: tuple[ThesisClause, ...], conditions: tuple[Condition, ...]
) -> bool:
    """Whether a person satisfies the query's positive conditions."""
    for clause in clauses:
        if not clause.negated and not clause.empty and not _thesis_fits(facts, clause):
            return False
    return all(_condition_fits(facts, c) for c in conditions if not c.negated)


def narrow(
    ref: EntityRef,
    lexicon: Lexicon,
    clauses: tuple[ThesisClause, ...],
    conditions: tuple[Condition, ...],
) -> EntityRef:
    """``ref`` with only the candidates the rest of the question fits (see above)."""
    if len(ref.ids) < 2:
        return ref
    constrained = any(not c.negated and not c.empty for c in clauses) or any(
        not c.negated and c.relation in ("topic", "keyword", "start_year") for c in conditions
    )
    if not constrained:
        return ref
    known = lexicon.facts(ref.ids)
    kept = tuple(i for i in ref.ids if i in known and fits(known[i], clauses, conditions))
    if not kept:
        return ref
    return ref.narrowed(kept)
