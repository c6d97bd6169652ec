"""One person in either role: "Koho viedol alebo konzultoval Juraj Kmeť?", "Kto mal
Kmeťa ako vedúceho alebo konzultanta?", "Kto je Samuel Baran?" (of someone with no
page of his own, who only leads).

A name takes one role (the nearer role word), so the other role word was read as
an asked attribute or as "has a consultant", and the count of one role was stated
as exact. Two clauses, one per role, combined with "or", are what was asked.
"""

from __future__ import annotations

from dataclasses import replace

from zpagent.query import cues as cu
from zpagent.query.model import Condition, ThesisClause
from zpagent.query.parts import Parts, _has

ROLES = frozenset({"supervisor", "consultant"})


_WHO_IS = frozenset({("kto", "je"), ("kdo", "je"), ("who", "is"), ("kto", "bol"), ("kdo", "byl"),
                     ("kto", "bola"), ("kdo", "byla"), ("who", "was")})  # fmt: skip


def who_is(parts: Parts) -> bool:
    """ "Kto je Samuel Baran?": the question is the copula and a name, nothing else."""
    words = [t.folded for t in parts.tokens]
    return len(words) >= 3 and tuple(words[:2]) in _WHO_IS


def _roles_or(parts: Parts) -> bool:
    """Both role words, joined by "alebo"/"or"."""
    if not (_has(parts, "supervisor") and _has(parts, "consultant")):
        return False
    sup = parts.cues["supervisor"][0]
    con = parts.cues["consultant"][0]
    lo, hi = min(sup[1], con[1]), max(sup[0], con[0])
    return any(lo <= m.start() and m.end() <= hi for m in cu.OR.finditer(parts.folded))


def either_role(
    parts: Parts, clauses: tuple[ThesisClause, ...], conditions: tuple[Condition, ...]
) -> tuple[ThesisClause, ...] | None:
    """The clauses of one person as supervisor or consultant, when both role words are
    joined by "alebo"/"or", or when the question asks who a person who only leads is
    ("Kto je Samuel Baran?": what the wiki says of him is whom he led or consulted),
    and the question names nothing else to combine."""
    if conditions or not (_roles_or(parts) or who_is(parts)):
        return None
    positive = [c for c in clauses if not c.negated]
    if len(positive) != 1:
        return None
    clause = positive[0]
    refs = (*clause.supervisors, *clause.consultants)
    if len(refs) != 1:
        return None
    bare = replace(clause, supervisors=(), consultants=(), with_consultant=None)
    negated = tuple(c for c in clauses if c.negated)
    return (replace(bare, supervisors=refs), replace(bare, consultants=refs), *negated)
