"""Which facts of the evidence answer the question.

The verifier's own lookup, used three ways: the answer without an LLM is
rendered from it; a model's "not answerable" is refused when it is not
empty; and an asked attribute the model left out is noticed. A fact answers
when it has an asked attribute, belongs to a person the question names
(when it names any), and, for thesis attributes, to a thesis of an asked
kind and year (when the question gives them).
"""

from __future__ import annotations

from collections import defaultdict

from zpagent.answer.evidence import Bundle
from zpagent.answer.facts import ITEM_ATTRIBUTES, Fact
from zpagent.query.names import same_or_initial, same_person

# Asked attributes a single fact can answer (lists and counts come from the graph).
FACT_ATTRIBUTES = frozenset(
    {*ITEM_ATTRIBUTES, "start_year", "keyword", "topic", "document", "role"}
)


# Facts about one person, asked only of a person the question names (or lists).
PERSON_OWNED = frozenset({*ITEM_ATTRIBUTES, "start_year", "keyword", "role"})


def item_years(facts: list[Fact]) -> dict[str, set[int]]:
    years: dict[str, set[int]] = defaultdict(set)
    for f in facts:
        if f.attribute == "thesis_year" and f.item and f.value.isdigit():
            years[f.item].add(int(f.value))
    return years


def _hop_names(bundle: Bundle) -> set[str]:
    """Whom the first hop of a two-hop question found: the role of the student's
    theses ("konzultant bakalárky X" -> the consultant's name)."""
    via = bundle.question.via
    assert via is not None
    return {f.value for f in bundle.facts if _first_hop(f, bundle)}


def _first_hop(f: Fact, bundle: Bundle) -> bool:
    via = bundle.question.via
    assert via is not None
    return (
        f.attribute == via.relation
        and f.subject_id in via.of.ids
        and (not via.kinds or f.kind in via.kinds)
    )


def fits_question(f: Fact, bundle: Bundle, years_of: dict[str, set[int]]) -> str | None:
    """Why ``f`` is not about what the question asks (None: it is)."""
    if bundle.question.via is not None:
        # Two hops: the role found at the first, then facts of whom it found.
        if _first_hop(f, bundle):
            return None
        if not any(same_person(f.subject or "", n) for n in _hop_names(bundle)):
            return "unasked_person"
        kinds = bundle.question.kinds
        return "unasked_kind" if kinds and f.item and f.kind not in kinds else None
    ids = {s.id for s in bundle.subjects}
    # A page's author is not the person the question names ("Kto je autorom stránky X?").
    if ids and f.attribute != "document" and f.subject_id not in ids:
        return "unasked_person"
    if not ids and f.attribute in PERSON_OWNED and "person" not in bundle.asked and f.subject_id:
        # The question names nobody and lists nobody; a fact of no person (a team
        # project's leader) may still answer it.
        return "unasked_person"
    kinds = bundle.question.kinds
    if kinds and f.item and f.kind not in kinds:
        return "unasked_kind"
    years = set(bundle.question.years)
    if years and f.item and not (years_of.get(f.item, set()) & years):
        return "unasked_year"
    return None


def answering_facts(bundle: Bundle) -> list[Fact]:
    """The facts that answer the asked attributes (empty when none is asked)."""
    asked = bundle.asked & FACT_ATTRIBUTES
    if not asked:
        return []
    if bundle.question.via is not None:
        asked |= {bundle.question.via.relation}  # the first hop is part of the answer
    years_of = item_years(bundle.facts)
    left_out = _left_out_items(bundle)
    return [
        f
        for f in bundle.facts
        if f.attribute in asked
        and f.item not in left_out
        and fits_question(f, bundle, years_of) is None
    ]


def _left_out_items(bundle: Bundle) -> set[str]:
    """Theses led by a supervisor the question leaves out ("kdo kromě Fabiána vedl
    práce o syntéze řeči?"): the pages of a set may hold them beside the others."""
    names = [n for c in bundle.question.clauses if c.negated for r in c.supervisors
             for n in r.names]  # fmt: skip
    return {
        f.item for f in bundle.facts
        if f.item and f.attribute == "supervisor"
        and any(same_or_initial(f.value, n) for n in names)
    }  # fmt: skip
