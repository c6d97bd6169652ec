"""Conditions of a query from the elements of its question, in word order.

The elements are what ``compose`` found: thesis kinds, years, supervisors
and consultants, "with a consultant", team projects, titles, topics,
keywords, families, negations, "aj … aj" and "alebo". How they combine:

- One kind (or none): one thesis clause holds every thesis element. A
  negation binds to the element after it (or just before it): a negated
  kind makes the whole clause negated ("nepísal diplomovku": no master
  thesis); a negated supervisor or consultant keeps the kind and year as
  context ("diplomovky, ktoré neviedol Hládek": master theses, none led by
  Hládek).
- Several kinds: one clause per kind when "aj … aj"/"both" says so or when
  each kind has its own supervisor or year ("pri BP Strmeňová a pri DP
  Mäsiar"); an element named once is shared by all. Otherwise the kinds are
  alternatives of one clause ("bakalárske a diplomové práce z 2021"), also
  when a total is asked ("bakalárky, diplomovky aj dizertácie dokopy").
- Topics, keywords, families and team projects are conditions on the
  person, negated the same way.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from zpagent.query.model import Condition, EntityRef, ThesisClause

THESIS_ELEMENTS = ("kind", "years", "supervisor", "consultant", "with_consultant", "title")
PERSON_ELEMENTS = ("topic", "keyword", "family", "project", "role", "mentions", "start_years")
NEGATION_REACH = 6  # tokens after a negation that it may bind to


@dataclass
class Element:
    type: str  # see THESIS_ELEMENTS, PERSON_ELEMENTS, and negation | both | or | total
    start: int  # token index
    end: int
    value: Any = None
    negated: bool = False


@dataclass
class Built:
    clauses: list[ThesisClause] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    combine: str = "and"


def _bind_negations(elements: list[Element]) -> None:
    """Mark the element each negation word applies to."""
    content = [e for e in elements if e.type in THESIS_ELEMENTS + PERSON_ELEMENTS]
    for neg in (e for e in elements if e.type in ("negation", "except")):
        after = [e for e in content if e.start >= neg.end and e.start - neg.end <= NEGATION_REACH]
        before = [] if neg.type == "except" else [
            e for e in content if e.end <= neg.start and neg.start - e.end <= 2
        ]  # fmt: skip
        target = after[0] if after else (before[-1] if before else None)
        if target is not None:
            target.negated = True


def _clause(elements: list[Element], negated: bool = False) -> ThesisClause:
    kinds: set[str] = set()
    years: set[int] = set()
    sups: list[EntityRef] = []
    cons: list[EntityRef] = []
    titles: list[EntityRef] = []
    with_consultant: bool | None = None
    for e in elements:
        if e.type == "kind":
            kinds.add(e.value)
        elif e.type == "years":
            years |= set(e.value)
        elif e.type == "supervisor":
            sups.append(e.value)
        elif e.type == "consultant":
            cons.append(e.value)
        elif e.type == "with_consultant":
            with_consultant = True
        elif e.type == "title":
            titles.append(e.value)
    return ThesisClause(
        kinds=frozenset(kinds),
        years=frozenset(years),
        supervisors=tuple(sups),
        consultants=tuple(cons),
        with_consultant=with_consultant,
        titles=tuple(titles),
        negated=negated,
    )


def _one_clause(thesis: list[Element]) -> list[ThesisClause]:
    """All thesis elements in one clause; a negated part as its own negated clause."""
    negated = [e for e in thesis if e.negated]
    positive = [e for e in thesis if not e.negated]
    if not negated:
        return [_clause(positive)] if positive else []
    if any(e.type == "kind" for e in negated):
        # "nepísal diplomovku (u Hládka)": no such thesis at all.
        return [_clause(thesis, negated=True)]
    context = [e for e in positive if e.type in ("kind", "years")]
    out = [_clause(positive)] if positive else []
    out.append(_clause(context + negated, negated=True))
    return out


def _by_kind(thesis: list[Element], kinds: list[Element], both: bool) -> list[ThesisClause]:
    """One clause per kind. An element named once is shared when "aj … aj" says so
    or when it comes before every kind ("Koho viedol Hrnčiar aj pri BP, aj pri
    DP?"); as many elements as kinds pair in order; any other belongs to the kind
    it follows ("BP u Hládka, ale nie DP")."""
    others = [e for e in thesis if e.type != "kind"]
    counts = Counter(e.type for e in others)
    groups: list[list[Element]] = [[k] for k in kinds]
    for e in others:
        same = [x for x in others if x.type == e.type]
        if counts[e.type] == 1 and (both or e.start < kinds[0].start):
            for g in groups:
                g.append(e)
        elif len(same) == len(kinds):
            groups[same.index(e)].append(e)
        else:
            before = [i for i, k in enumerate(kinds) if k.start <= e.start]
            groups[before[-1] if before else 0].append(e)
    out = []
    for g in groups:
        negated = g[0].negated
        for e in g:
            e.negated = e.negated and not negated
        out += _one_clause(g) if not negated else [_clause(g, negated=True)]
    return out


def _someone_else(elements: list[Element]) -> list[Element]:
    """ "BP u Dobrovskej, ale DP u niekoho iného": the one supervisor named, negated
    where "someone else" stands, so that the kind it follows pairs with it (that
    thesis exists, and none of that kind was hers)."""
    others = [e for e in elements if e.type == "someone_else"]
    sups = [e for e in elements if e.type == "supervisor"]
    if not others or len(sups) != 1:
        return elements
    rest = [e for e in elements if e.type != "someone_else"]
    copies = [Element("supervisor", o.start, o.end, sups[0].value, negated=True) for o in others]
    return sorted(rest + copies, key=lambda e: e.start)


def build(elements: list[Element]) -> Built:
    """Thesis clauses and person conditions from the question's elements."""
    elements = _someone_else(sorted(elements, key=lambda e: e.start))
    if any(e.type in ("project", "role") for e in elements):
        # "Kto robil tímový projekt Parkovanie v kampuse?": the kind word names the
        # project itself, whose members are whoever its pages list (also those
        # without a page of their own, who have no team-project work to match); so
        # does a member's role ("kto mal v tímových projektoch na starosti testovanie").
        elements = [e for e in elements if not (e.type == "kind" and e.value == "team_project")]
    _bind_negations(elements)
    built = Built()
    thesis = [e for e in elements if e.type in THESIS_ELEMENTS]
    kinds = [e for e in thesis if e.type == "kind"]
    total = any(e.type == "total" for e in elements)
    both = any(e.type == "both" for e in elements) and not total
    alternatives = any(e.type == "or" for e in elements)
    if len(kinds) >= 2 and not alternatives:
        counts = Counter(e.type for e in thesis if e.type != "kind")
        paired = any(n == len(kinds) for n in counts.values())
        if both or paired or any(k.negated for k in kinds):
            built.clauses = _by_kind(thesis, kinds, both)
        else:
            built.clauses = _one_clause(thesis)
    else:
        built.clauses = _one_clause(thesis)
        if alternatives and len(built.clauses) > 1:
            built.combine = "or"
    built.clauses = list(dict.fromkeys(built.clauses))  # "nepokračovali DP (nemajú DP)"
    for e in elements:
        if e.type in ("topic", "keyword", "family", "project", "role", "mentions"):
            built.conditions.append(Condition(e.type, (e.value,), negated=e.negated))
        elif e.type == "excepted":
            built.conditions.append(Condition("person", (e.value,), negated=True))
        elif e.type == "start_years":
            built.conditions.append(
                Condition("start_year", years=frozenset(e.value), negated=e.negated)
            )
    return built
