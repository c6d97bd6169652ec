"""Person mentions decided by the conversation: a reply to "which one?" picks one
candidate, and a name that fits several persons is the one the conversation has
already shown or named."""

from __future__ import annotations

from dataclasses import replace

from zpagent.agent.state import State
from zpagent.query import EntityRef, Query


def seen_before(state: State, turn: Query) -> Query:
    """ "Kdo vedl práci té Kristíny?" after a list with one Kristína: a name that fits
    several persons, one of whom the conversation has shown or named, is that one."""
    seen = [i.person for i in state.items] + list(state.focus) + [p for p, _ in state.named]
    for ref in turn.persons():
        if len(ref.ids) < 2:
            continue
        known = list(dict.fromkeys(i for i in seen if i in ref.ids))
        if len(known) == 1:
            turn = repin(turn, ref, ref.narrowed((known[0],)))
    return turn


def repin(query: Query, old: EntityRef, new: EntityRef) -> Query:
    """``query`` with the mention ``old`` decided as ``new`` wherever it stands."""

    def swap(refs: tuple[EntityRef, ...]) -> tuple[EntityRef, ...]:
        return tuple(new if r == old else r for r in refs)

    clauses = tuple(
        replace(c, supervisors=swap(c.supervisors), consultants=swap(c.consultants))
        for c in query.clauses
    )
    reference = query.reference
    if reference is not None and reference.of == old:
        reference = replace(reference, of=new)
    subjects = swap(query.subjects)
    unknown = tuple(n for n in query.unknown_names if n != old.text)
    return query.edit(subjects=subjects, clauses=clauses, reference=reference,
                      unknown_names=unknown)  # fmt: skip
