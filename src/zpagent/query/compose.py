"""From what a question names and the words around it to one ``Query``.

1. **Roles** (``named_persons``): a person the question names is either the
   subject (the student whose facts are asked) or a supervisor/consultant
   constraint.
2. **What is asked** (``asks``): history, pages by an author, a path,
   something shared, a count, facts of the subjects, who wrote a titled
   thesis, a list, the content of a set's pages, or an open question.
3. **Conditions** (``clauses.build``): kinds, years, supervisors,
   consultants, titles, projects, topics, keywords, families, negations,
   "aj … aj", "alebo", in word order; a reference to another person's
   supervisor ("rovnakého vedúceho ako X") becomes ``Reference``.
4. **What was not understood** (``unaccounted``): every word no cue, entry or
   function word accounts for.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from zpagent.query import cues as cu
from zpagent.query.asks import (
    _ask,
    _asked,
    _intents,
    _led_topics,
    asked_terms,
    asks_unread,
    counts_keywords,
)
from zpagent.query.clauses import Element, build
from zpagent.query.either_role import ROLES, either_role
from zpagent.query.elements import (
    kind_and_year_elements,
    mark_elements,
    person_elements,
    phrase_elements,
    phrase_ref,
    unknown_persons,
)
from zpagent.query.lexicon import Lexicon
from zpagent.query.marks import (
    by_meaning,
    leaderless_topics,
)
from zpagent.query.model import (
    THESIS_KINDS,
    Condition,
    EntityRef,
    Query,
    Reference,
    Span,
    ThesisClause,
    in_text_order,
)
from zpagent.query.named_persons import (
    _excepted,
)
from zpagent.query.narrow import narrow
from zpagent.query.parts import Parts, _has, _token_span
from zpagent.query.tokens import covered
from zpagent.query.unaccounted import _unaccounted, _unknown_term, unsaid_doer


def _negation_scope(
    clauses: tuple[ThesisClause, ...], conditions: tuple[Condition, ...]
) -> tuple[ThesisClause, ...]:
    """ "Ktorí Fabiánovi študenti u neho nerobili diplomovku?", "Which of Vaško's
    theses were not bachelor theses?": a negated clause that names a supervisor or
    consultant, with nothing positive beside it, is asked among that person's
    students; everyone else in the wiki is never the question."""
    if not clauses or any(not c.negated for c in (*clauses, *conditions)):
        return clauses
    among = [
        replace(c, kinds=frozenset(), years=frozenset(), titles=(), projects=(), negated=False)
        for c in clauses
        if c.supervisors or c.consultants
    ]
    return (*among, *clauses)


def _about_rules(
    parts: Parts,
    ask: str,
    subjects: list[EntityRef],
    conditions: tuple[Condition, ...],
    reference: Reference | None,
    unaccounted: tuple[Span, ...],
) -> bool:
    """A question of the wiki's rules, asked of no one: "Do kedy treba odovzdať
    diplomovku?", "Koľko zdrojov má citovať diplomovka?" (a count of something the
    graph does not hold)."""
    if subjects or conditions or reference is not None or not cu.RULES.search(parts.folded):
        return False
    return ask == "open" or (ask in ("count", "list") and bool(unaccounted))


def _reference(
    parts: Parts, subjects: list[EntityRef], titles: list[EntityRef], listing: bool
) -> tuple[Reference | None, list[EntityRef]]:
    """The relation of something named as a constraint on everything else:
    "rovnakého vedúceho ako Natália Ďuricová", "iní študenti vedúceho X", "Kto ďalší
    sa venuje rovnakej téme ako Juraj Ferko?", "Ktoré ďalšie práce viedol vedúci
    práce „…“?"."""
    same = bool(cu.SAME.search(parts.folded))
    others = bool(cu.OTHERS.search(parts.folded))
    if not (same or others) or not (listing or others):
        return None, subjects
    of: EntityRef | None = None
    if subjects and (same or _has(parts, "persons") or listing):
        of = subjects[0]
    elif titles and (same or others):
        of = titles[0]
    if of is None:
        return None, subjects
    for relation, cue in (
        ("supervisor", "supervisor"),
        ("consultant", "consultant"),
        ("topic", "topic"),
        ("keyword", "keyword"),
    ):
        if _has(parts, cue):
            kinds = frozenset(k for k, _, _ in parts.kinds)
            rest = [s for s in subjects if s is not of]
            return Reference(relation, of, kinds, others=True), rest
    return None, subjects


def compose(parts: Parts, lexicon: Lexicon, include_unpublished: bool) -> Query:
    """The query for one question (see the module docstring)."""
    rec = parts.rec
    elements, subjects, leads = person_elements(parts, lexicon)
    listing = _has(parts, "count") or _has(parts, "list") or _has(parts, "persons")
    excepted = [s for s in subjects if _excepted(parts, s)]
    subjects = [s for s in subjects if s not in excepted]
    title_refs = [phrase_ref(parts, "title", p) for p in rec.titles]
    reference, subjects = _reference(parts, subjects, title_refs, listing)
    unknown_refs, leading, lead_roles, unknown_subjects = unknown_persons(parts, lexicon, subjects)
    elements += leading
    leads += lead_roles
    subjects += unknown_subjects
    elements += kind_and_year_elements(parts)
    qualifier = covered(parts.tokens, [m.span() for m in cu.TITLE_QUALIFIER.finditer(parts.folded)])
    elements += phrase_elements(parts, lexicon, qualifier, title_refs, reference, excepted)
    combining, left_out_roles = mark_elements(parts, elements, leads, subjects, listing, excepted)
    elements += combining
    elements += by_meaning(parts, elements, qualifier, lexicon, include_unpublished)
    leaderless = leaderless_topics(parts, elements)
    if not leaderless:
        elements += _unknown_term(parts, elements, bool(subjects))
    built = build(elements)

    conditions = tuple(built.conditions)
    asked = _asked(parts, bool(subjects), [r for r in leads if r not in left_out_roles],
                   bool(parts.years))  # fmt: skip
    ask, unit = _ask(parts, subjects, elements, asked, listing, reference)
    d = Draft(ask, unit, asked, subjects, _negation_scope(tuple(built.clauses), conditions),
              conditions)  # fmt: skip
    _settle_unit(d, parts, lexicon, elements, reference, listing, leaderless)
    _by_authors(d, parts, lexicon, unknown_refs)
    _settle_unread(d, parts, elements, qualifier, reference)
    ask, unit, asked, subjects = d.ask, d.unit, d.asked, d.subjects
    clauses, conditions, unaccounted = d.clauses, d.conditions, d.unaccounted
    order, position = cu.order_of(parts.folded)
    intents = _intents(parts, subjects, elements)
    about_rules = _about_rules(parts, ask, subjects, conditions, reference, unaccounted)
    if about_rules and ask == "list":
        ask = "open"  # "Aký má mať diplomovka rozsah?": what the rules say, no list of theses
    combine = built.combine
    either = either_role(parts, clauses, conditions)
    if either is not None:
        clauses, combine = either, "or"
        asked -= ROLES  # the role words are the conditions, not what is asked
        ask = "count" if ask == "count" else "list"
    return Query(
        intents=intents,
        listing=listing,
        text=parts.text,
        core=parts.core,
        folded=parts.folded,
        tokens=tuple(parts.tokens),
        ask=ask,
        attributes=frozenset() if ask == "count" else frozenset(asked),
        unit=unit,
        subjects=tuple(subjects),
        clauses=clauses,
        conditions=conditions,
        reference=reference,
        authors=d.authors,
        lacking=frozenset({"supervisor"}) if leaderless else frozenset(),
        about_rules=about_rules,
        combine=combine,
        unknown_names=d.unknown,
        unaccounted=unaccounted,
        language=parts.language,
        about_content=parts.about_content,
        order=order,
        position=position,
        how_many=d.how_many,
        asks_amount=bool(cu.AMOUNT.search(parts.folded)),
        of_persons=_has(parts, "persons"),
    )


def _author_name(lexicon: Lexicon, author_id: str) -> str:
    return next((a.name for a in lexicon.authors if a.id == author_id), author_id)


@dataclass
class Draft:
    """What a question asks and of what, while ``compose`` settles it."""

    ask: str
    unit: str
    asked: set[str]
    subjects: list[EntityRef]
    clauses: tuple[ThesisClause, ...]
    conditions: tuple[Condition, ...]
    unaccounted: tuple[Span, ...] = ()
    unknown: tuple[str, ...] = ()
    authors: tuple[EntityRef, ...] = ()
    how_many: bool = False


def _settle_unit(
    d: Draft,
    parts: Parts,
    lexicon: Lexicon,
    elements: list[Element],
    reference: Reference | None,
    listing: bool,
    leaderless: bool,
) -> None:
    """What a count or list is of (topics, theses of every kind, a team project), the
    subjects narrowed by the conditions, and a list of nothing asked as open."""
    if leaderless:
        d.asked.discard("supervisor")  # what the topics lack, not what is asked of them
    if leaderless or _led_topics(parts, d.subjects, elements):
        # "Aké témy sú na wiki?", "Ktoré témy vedie Bielik?": the topics themselves.
        d.unit = "topics"
        d.ask = "count" if _has(parts, "count") else "list"
    if (
        d.ask == "count"
        and (d.subjects or not (d.clauses or d.conditions or reference))
        and d.unit == "theses"
        and not any(not c.negated and c.kinds for c in d.clauses)
    ):
        # "Koľko prác má uvedených Mateo García?": his theses, of every kind; with no
        # kind to count by, the count was of nothing (an exact 0).
        d.clauses = (*d.clauses, ThesisClause(kinds=frozenset(THESIS_KINDS)))
    named_team = any(e.type == "kind" and e.value == "team_project" for e in elements)
    if d.ask == "fact" and d.subjects and named_team and not any(c.kinds for c in d.clauses):
        # "kto viedol tímový projekt, v ktorom Jančová robila firmvér čítačky?": of the
        # named person, her team project is asked; the role says which one.
        d.clauses = (*d.clauses, ThesisClause(kinds=frozenset({"team_project"})))
    if d.ask not in ("path", "shared"):
        # The other names of a path or a comparison are endpoints, not conditions.
        d.subjects = [narrow(s, lexicon, d.clauses, d.conditions) for s in d.subjects]
    if (
        d.ask in ("list", "count")
        and not d.subjects
        and reference is None
        and not (d.clauses or d.conditions)
        and not listing
    ):
        d.ask = "open"


def _by_authors(d: Draft, parts: Parts, lexicon: Lexicon, unknown_refs: list[EntityRef]) -> None:
    """The names that fit nobody, and the authors of the pages asked for."""
    rec = parts.rec
    d.unknown = tuple(
        name for name, _, _ in rec.unknown if not any(r.text == name for r in unknown_refs)
    )
    if d.ask == "pages_by_author":
        d.authors = tuple(
            EntityRef("author", m.text, _token_span(parts, m.start, m.end), tuple(m.candidates),
                      m.match, names=tuple(_author_name(lexicon, i) for i in m.candidates))
            for m in rec.authors
        )  # fmt: skip
        if d.authors:
            d.unknown = ()
            # The author is who wrote the pages, no supervisor of anything.
            d.clauses, d.conditions, d.subjects = (), (), []


def _settle_unread(
    d: Draft,
    parts: Parts,
    elements: list[Element],
    qualifier: set[int],
    reference: Reference | None,
) -> None:
    """The words nothing read, and a question whose asked thing is one of them (or a
    keyword's value, or a number of keywords) asked of the pages' text."""
    d.unaccounted = _unaccounted(parts, elements, qualifier)
    doer = unsaid_doer(parts, bool(d.subjects), elements)
    if doer is not None:
        d.unaccounted = in_text_order(*d.unaccounted, doer)
    if d.subjects and d.ask in ("fact", "profile"):
        # "Aké BLEU dosiahla X?": the keyword after the question word is what is asked
        # of her pages (its value), no condition on her.
        terms = asked_terms(parts, d.conditions)
        if terms:
            d.ask = "fact"
            d.conditions = tuple(c for c in d.conditions if c not in terms)
            spans = [r.span for c in terms for r in c.refs if r.span]
            d.unaccounted = in_text_order(*d.unaccounted, *spans)
    # "How many GPUs can one student use?": a capitalized word nobody has is as unread
    # as any other when it is what is asked.
    unknown_spans = tuple(_token_span(parts, a, b) for _name, a, b in parts.rec.unknown)
    unread_asked = asks_unread(parts, (*d.unaccounted, *unknown_spans)) and reference is None
    d.how_many = unread_asked and d.ask == "count"
    if unread_asked and d.ask in ("list", "count") and (d.ask == "count" or not d.subjects):
        # "Aký port…", "which port do I use to ssh…", "koľko prípadov…": the thing asked
        # for is no unit the graph lists or counts (persons, theses, topics), so the
        # pages' text answers, not a list of the theses that share a keyword with it.
        d.ask = "fact" if d.subjects else "open"  # of the named person's pages
    if d.ask == "count" and not d.subjects and counts_keywords(parts):
        # "Koľko kľúčových slov má mať abstrakt?": a number the rules say, no count of
        # the students who hold some keyword.
        d.ask = "open"
