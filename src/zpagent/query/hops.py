"""Questions that find a person first and then ask about them (two hops).

    "Kto konzultoval bakalárku Petra Svobodu a ako sa volá jeho dizertačka?"
    "Kto bol školiteľom dizertácie toho, kto konzultoval bakalárku Michala Leška?"
    "Vedúci Samuela Marka – ktoré diplomovky viedol v roku 2021?"
    "Konzultantka Natálie Sivákovej konzultovala ešte niekoho?"
    "The consultant of Lenka Žiaková's master thesis also led a team project."

The question splits where the second person is pointed at: ", a kto/ako/…"
with a pronoun for that person ("jeho", "ten človek"), "toho, kto …", a dash
after "Vedúci X", or "also"/"ešte" before a supervising verb. One part names
the student and the role (the *hop*: the consultant of X's bachelor thesis);
the other asks about the person found (the *ask*). Each part is read as a
question of its own; the query is the ask, with ``Query.via`` saying whom it
is about. Only a hop that names exactly one person and one role counts; else
the question is read whole, as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from zpagent.query.model import Condition, EntityRef, Query, Span, ThesisClause, Via
from zpagent.query.tokens import TOKEN

# Where a question turns to the person its first part found.
_AND_ASK = re.compile(
    r",?\s+(?:a|and|i)\s+(?=(?:kto|ako|aku|aka|aky|ake|kde|kedy|komu|koho|co|kdo|jak\w*|kdy"
    r"|who|what|which|how|where|when|ktor\w*|kter\w*)\b)"
)
_RELATIVE = re.compile(r",?\s+(?:toho|tej|tomu|tom),?\s+(?:kto|co|ktory|ktora|kdo)\b|\bof the "
                       r"(?:person|one) who\b")  # fmt: skip
_DASH = re.compile(r"\s[–—-]\s")
_ALSO = re.compile(
    r"\s(?=(?:also|este|tiez|taky|jeste)\s+(?:\w+\s+)?(?:led|supervis|viedl|vied|konzult|consult"
    r"|vedl))|\s(?=(?:konzultoval\w*|viedol|viedla|vedl|vedla|led|supervised|consulted)\s+"
    r"(?:este|also|aj|tiez|jeste|dalsi\w*|niekoho|niekomu|koho|komu|someone|anyone)\b)"
)
# The ask's words for the person found: "jeho dizertačka", "ten istý človek".
_POINTER = re.compile(
    r"\b(?:jeho|jej|jeji|his|her|him|he|she|ten (?:isty )?clovek|ta (?:ista )?osoba|tato osoba"
    r"|that person|the same person|ten (?:isty )?(?:veduci|konzultant)|on|ona|sam|sama)\b"
)
# The ask is about theses the person found led or consulted ("komu viedol", "koho
# ešte konzultovala", "ktoré diplomovky viedol", "also led a team project").
_LED = re.compile(r"\b(?:viedol|viedla|vedie|vedl|vedla|led|leads|supervised|supervises"
                  r"|konzultoval\w*|konzultuje|consulted|consults)\b")  # fmt: skip
_CONSULTED = re.compile(r"\b(?:konzult|consult)\w*")
# What the ask lists of the theses they led: "komu", "niekoho", "ktoré diplomovky".
_TARGETS = re.compile(
    r"\b(?:komu|koho|niekoho|niekomu|ktor\w*|kter\w*|ake|aku|jake|jakou|which|what|whom|kolko"
    r"|kolik|how many|someone|anyone)\b"
)
# "a kto ju viedol?": the same thesis, not a person found.
_THESIS_POINTER = re.compile(r"\b(?:ju|ho|it|nu|ji)\b")
# "konzultovala ešte niekoho?": others than the student named ("also led a project"
# is no such word: she may be one of its members).
_OTHERS = re.compile(r"\b(?:este|dalsi\w*|ineho|inych|niekoho|niekomu|jeste|else)\b")
_ROLES = ("consultant", "supervisor")

Reader = Callable[[str], Query]


def _splits(folded: str) -> list[tuple[int, int, str]]:
    """(end of the first part, start of the second, which part is the hop)."""
    out = []
    for m in _AND_ASK.finditer(folded):
        out.append((m.start(), m.end(), "first"))
    for m in _RELATIVE.finditer(folded):
        out.append((m.start(), m.end(), "second"))
    for m in _DASH.finditer(folded):
        out.append((m.start(), m.end(), "first"))
    for m in _ALSO.finditer(folded):
        out.append((m.start(), m.end(), "first"))
    return sorted(out)


def _shift(spans: tuple[Span, ...], by: int) -> tuple[Span, ...]:
    return tuple(Span(s.start + by, s.end + by) for s in spans)


def _via(hop: Query) -> Via | None:
    """The role and the student of a hop part ("Kto konzultoval bakalárku X"), or None."""
    persons = hop.persons()
    roles = [r for r in _ROLES if r in hop.attributes]
    if len(persons) != 1 or len(roles) != 1 or hop.conditions or hop.reference:
        return None
    return Via(roles[0], persons[0], frozenset(hop.kinds))


def read_hops(query: Query, read: Reader) -> Query:
    """``query`` as a two-hop question when it is one (see the module docstring)."""
    if query.ask not in ("fact", "list", "count", "open", "profile"):
        return query
    if len(query.persons()) != 1:
        return query
    core, folded = query.core, query.folded
    for end, start, hop_side in _splits(folded):
        first, second = core[:end].strip(" ,"), core[start:].strip(" ,")
        if not TOKEN.search(first) or not TOKEN.search(second):
            continue  # a part of nothing but punctuation ("„ a …") reads as nothing
        hop_text, ask_text = (first, second) if hop_side == "first" else (second, first)
        hop = read(hop_text)
        via = _via(hop)
        if via is None:
            continue
        ask = read(ask_text)
        if ask.persons():
            continue  # the second part names someone of its own: no hop
        hop_at = 0 if hop_side == "first" else start
        ask_at = start if hop_side == "first" else 0
        combined = _combine(query, ask, via, ask_text)
        if combined is None:
            continue
        return combined.edit(
            unaccounted=_shift(hop.unaccounted, hop_at) + _shift(ask.unaccounted, ask_at),
            unknown_names=hop.unknown_names + ask.unknown_names,
        )
    return query


def _combine(query: Query, ask: Query, via: Via, ask_text: str) -> Query | None:
    """The ask, about the persons the hop finds."""
    folded = ask.folded
    pointed = bool(_POINTER.search(folded))
    if _THESIS_POINTER.search(folded) and not pointed:
        return None
    led = _LED.search(folded)
    if led and not _TARGETS.search(folded):
        return None  # "a kto ju viedol?" asks of the same thesis
    if led and not (pointed and ask.attributes & {"title", "year"} and not ask.listing):
        # "komu ten istý človek viedol bakalársku prácu?": theses the person led.
        role = "consultant" if _CONSULTED.search(led.group(0)) else "supervisor"
        others = bool(_OTHERS.search(folded))
        attributes = ask.attributes - {role}
        ask_kind = "count" if ask.ask == "count" else "list"
        clauses = tuple(c for c in ask.clauses if not c.negated) or (ThesisClause(),)
        return query.edit(
            ask=ask_kind,
            attributes=frozenset() if ask_kind == "count" else attributes,
            unit=ask.unit,
            subjects=(),
            clauses=clauses,
            conditions=ask.conditions,
            via=replace(via, as_=role, others=others),
            reference=None,
            listing=True,
        )
    if not (pointed or ask.attributes or ask.kinds):
        return None
    attributes = ask.attributes or frozenset({"title"})
    return query.edit(
        ask="fact",
        attributes=attributes,
        subjects=(),
        clauses=(ThesisClause(kinds=frozenset(ask.kinds)),) if ask.kinds else (),
        conditions=(),
        via=via,
        reference=None,
        listing=False,
    )


def hop_query(query: Query) -> Query:
    """The first hop as a query of its own: the role of the student's theses."""
    via = query.via
    assert via is not None
    clause = (ThesisClause(kinds=via.kinds),) if via.kinds else ()
    return query.edit(ask="fact", attributes=frozenset({via.relation}), subjects=(via.of,),
                      clauses=clause, conditions=(), via=None, listing=False)  # fmt: skip


def second_hop(query: Query, found: EntityRef) -> Query:
    """The ask with the persons the first hop found (``found``: one mention of all)."""
    via = query.via
    assert via is not None
    if via.as_ == "subject":
        refs = tuple(
            EntityRef("person", name, None, (pid,), "context", names=(name,))
            for pid, name in zip(found.ids, found.names, strict=False)
        )
        return query.edit(subjects=refs, via=None)
    role = "supervisors" if via.as_ == "supervisor" else "consultants"
    clauses = tuple(replace(c, **{role: (found,)}) for c in query.clauses)
    conditions = query.conditions
    if via.others:
        conditions = (*conditions, Condition("person", (via.of,), negated=True))
    return query.edit(clauses=clauses, conditions=conditions, via=None)
