"""A turn read against the conversation: the typed query it means.

A follow-up edits the last query instead of rewriting question strings:

- a reply to "which one?" picks a candidate (``clarify``) and answers the
  pending question about them;
- a correction ("nie, myslel som Petra") swaps the person for the one of
  that given name and the same family, or for a near miss shown before;
- a turn with only a year, a kind, an attribute or a person ("a v roku
  2022?", "a diplomovka?", "a kedy?", "A Petra Tóthová?") replaces those in
  the last query;
- "ktorí to boli?" lists what the last count counted, "koľko ich bolo?"
  counts what the last list showed;
- pronouns ("jeho", "ju", "he") refer to the persons last answered about,
  ordinals ("ten prvý", "toho posledného") to the last list, or to the
  persons in the order they were named.

A turn that names its own persons and asks something of its own is a new
question: nothing of the old one is carried into it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from zpagent.agent.clarify import choose, corrected
from zpagent.agent.edit import continues, edited, is_short, ordinal, the_other
from zpagent.agent.focus import (
    about_focus,
    dropped_subject,
    had_as_role,
    led_by_focus,
    led_by_one,
    own_constraints,
    person_ref,
    points_back,
    topic_of_focus,
)
from zpagent.agent.repin import repin, seen_before
from zpagent.agent.state import State
from zpagent.query import Condition, EntityRef, Query, ThesisClause
from zpagent.query.lexicon import Lexicon
from zpagent.query.model import Span, in_text_order

# "kto z nich …", "which of them …": the next question ranges over the last result.
_AMONG = re.compile(
    r"\b(?:z|zo|spomedzi|medzi) (?:nich|tych|nimi|tychto)\b|\bof (?:them|those|these)\b"
    r"|\bmezi nimi\b|\bz techto\b"
)
# "v tom tíme", "na tej téme", "that project": what the last answer was about.
_THAT_THING = re.compile(
    r"\b(?:tom|tomto|ten|tento|tej|tejto|tu|tuto|to|tomhle|that|this|tem|tom istom) "
    r"(?:time|timu|tim|tym|tymu|projekte|projektu|projekt|teme|tema|temu|team|project|topic)\b"
)
# "tam", "there": the team or topic the last answer was about.
_THERE = re.compile(r"\btam\b|\bthere\b")
# "koľko dizertácií je na wiki celkovo?": a question about the whole wiki is new.
_WHOLE_WIKI = re.compile(r"\b(?:na|v|vo|on|in)\s+(?:celej\s+|cele\s+|the\s+(?:whole\s+)?)?wiki\b")
_ELSE = re.compile(r"\beste\b|\bdals\w*|\bin(?:i|e|ych)\b|\belse\b|\bother\w*|\bjeste\b")


def follow_up(state: State, turn: Query, lexicon: Lexicon) -> tuple[Query, str]:
    """The query a turn means in this conversation, and how it came about:
    ``new``, ``clarified``, ``corrected``, ``follow_up`` or ``focused`` (an open
    question scoped to the person in focus; the turn alone is asked when their
    pages do not answer it)."""
    if turn.ask == "small_talk" or turn.new_topic:
        return turn, "new"
    if state.pending is not None:
        chosen = choose(turn, state.pending, lexicon)
        if chosen is not None:
            pending = state.pending
            ref = pending.ref.pinned(chosen, lexicon.name_of(chosen))
            query = repin(pending.query, pending.ref, ref)
            return query.edit(origin="clarification"), "clarified"
        replied = is_short(turn) and not turn.listing and not turn.persons()
        if replied and not turn.unknown_names and not state.pending.near_misses:
            # A reply that picks no one ("ten z 2099"): the question is asked again.
            return state.pending.query.edit(origin="clarification"), "follow_up"
    turn = seen_before(state, turn)
    fixed = corrected(turn, state, lexicon)
    if fixed is not None and state.last is not None:
        query = state.last.edit(subjects=(person_ref(lexicon, fixed),), origin="follow_up")
        return query, "corrected"
    if state.last is None or (turn.ask == "history" and state.last.ask != "history"):
        return turn, "new"
    topic = topic_of_focus(state, turn, lexicon)
    if topic is not None:
        return topic, "follow_up"
    led = led_by_one(state, turn, lexicon)
    if led is not None:
        # "a koľko prác na wiki viedol?": "on the wiki" is where, "he" the leader named.
        return led, "follow_up"
    if _WHOLE_WIKI.search(turn.folded) and not turn.persons() and not points_back(turn):
        return turn, "new"
    if state.last.unit == "topics" and _AMONG.search(turn.folded) and not turn.subjects:
        # "Ktorú z nich vedie Bielik?" after a list of topics: among the topics.
        return turn.edit(unit="topics", ask="list", origin="follow_up"), "follow_up"
    m = _AMONG.search(turn.folded)
    if m and not state.items:
        # "kolika z nich …?" when no list was shown: "them" is unknown, so the turn is
        # not understood whole and nothing of it is stated as exact.
        turn = turn.edit(unaccounted=in_text_order(*turn.unaccounted, Span(m.start(), m.end())))
    among = (
        had_as_role(state, turn, lexicon)
        or _among_last(state, turn)
        or _in_that_thing(state, turn)
        or led_by_focus(state, turn, lexicon)
    )
    if among is not None:
        return among, "follow_up"
    if turn.ask == "history":
        # "čo presne sa tam zmenilo?": the same page as the last history answer.
        if not (turn.persons() or turn.unaccounted):
            return turn.edit(
                subjects=state.last.subjects, unaccounted=state.last.unaccounted
            ), "follow_up"
        return turn, "new"
    if the_other(state, turn) is not None:
        other = edited(state, turn, lexicon)  # the last question, of the other one
        if other is not None:
            return other, "follow_up"
    about_text = _about_the_same_text(state, turn)
    if about_text is not None:
        return about_text, "follow_up"
    focused = about_focus(state, turn, lexicon)
    if focused is not None:
        return focused, "focused"
    names_own = bool(turn.persons()) or bool(turn.unknown_names)
    elliptical = is_short(turn) or continues(turn) or points_back(turn)
    elliptical = elliptical and not own_constraints(turn)
    if names_own and (is_short(turn) or continues(turn)) and not turn.attributes - {"works"}:
        # (A turn that asks its own attribute of the person it names is its own question:
        # "Čo tam robila Kristína Pavlíková?" asks her role, no leader swapped.)
        swapped = _swap_leader(state.last, turn)
        if swapped is not None:
            return swapped, "follow_up"
    if names_own:
        swap = elliptical and turn.ask in ("profile", "fact", "open") and not turn.attributes
        if swap and turn.subjects and all(r.status == "resolved" for r in turn.subjects):
            return edited(state, turn, lexicon) or turn, "follow_up"
        return turn, "new"
    # ("a tá posledná akú mala tému?": an ordinal says who, not the focus.)
    dropped = dropped_subject(state, turn, lexicon) if ordinal(turn) is None else None
    if dropped is not None:
        return dropped, "follow_up"
    if not elliptical and turn.ask not in ("open", "fact", "profile"):
        return _unresolved_ordinal(turn), "new"
    last_edited = edited(state, turn, lexicon)
    if last_edited is None:
        return _unresolved_ordinal(turn), "new"
    return last_edited, "follow_up"


_ORDINAL_WORD = re.compile(
    r"\b(?:prv|druh|tret|stvrt|ctvrt|piat|posledn)(?:y|a|e|u|i|eho|ej|om|ou|ym|emu|iho|im)\b"
    r"|\bprvn\w*|\b(?:first|second|third|fourth|fifth|last)\b"
)


def _unresolved_ordinal(turn: Query) -> Query:
    """ "how many people were in the first one?" when no list of persons says which:
    the count is over something this turn could not resolve, so it is not understood
    whole (never "Počet: 112 (presne)" over the whole wiki)."""
    if turn.ask != "count" or turn.position is not None or turn.persons():
        return turn
    spans = [Span(m.start(), m.end()) for m in _ORDINAL_WORD.finditer(turn.folded)]
    if not spans:
        return turn
    return turn.edit(unaccounted=in_text_order(*turn.unaccounted, *spans))


def _about_the_same_text(state: State, turn: Query) -> Query | None:
    """ "a diplomovku?", "a celá obhajoba?", "and the disk quota?" after a question the
    wiki's text answered (asked of no one): the same text is asked, the turn's words
    first and the earlier question's as context; a year the turn does not change
    stays."""
    last = state.last
    if last is None or last.ask != "open" or last.subjects or last.persons():
        return None
    if turn.persons() or turn.unknown_names or turn.subjects or turn.reference is not None:
        return None
    if not (is_short(turn) or continues(turn)) or turn.ask not in ("open", "fact", "count", "list"):
        return None
    years = frozenset(turn.years or last.years)
    kinds = frozenset(turn.kinds)
    return turn.edit(
        ask="open",
        attributes=turn.attributes & {"year"},  # "a kedy sú obhajoby?": a date answers
        clauses=(ThesisClause(kinds=kinds, years=years),) if kinds or years else (),
        conditions=(),
        about_rules=last.about_rules or turn.about_rules,
        context=f"{last.context} {last.core}".strip(),
        origin="follow_up",
    )


def _among_last(state: State, turn: Query) -> Query | None:
    """ "Kto z nich mal u Bielika aj diplomovku?": the turn's own question, over the
    persons the last answer showed."""
    if not _AMONG.search(turn.folded) or not state.items:
        return None
    if turn.ask not in ("list", "count") or (turn.persons() and not turn.clauses):
        return None
    ids = tuple(dict.fromkeys(item.person for item in state.items))
    shown = EntityRef("person", "", None, ids, "shown")
    return turn.edit(
        conditions=(*turn.conditions, Condition("person", (shown,))), origin="follow_up"
    )


def _in_that_thing(state: State, turn: Query) -> Query | None:
    """ "kto ešte bol v tom tíme?": the team (topic) the last answer was about, without
    the person it was about when the turn asks for someone else."""
    # "a ten prvý tam robil čo?": a person of the last list, not the team itself.
    pointed = _THAT_THING.search(turn.folded) or (
        _THERE.search(turn.folded) and ordinal(turn) is None and not points_back(turn)
    )
    own = any(c.relation in ("project", "topic") for c in turn.conditions)
    if not pointed or len(state.things) != 1 or own or turn.persons():
        return None
    thing = state.things[0]
    relation = "project" if thing.kind == "project" else "topic"
    conditions = [Condition(relation, (thing,)), *turn.conditions]
    if _ELSE.search(turn.folded) and state.focus:
        shown = EntityRef("person", "", None, tuple(state.focus), "shown")
        conditions.append(Condition("person", (shown,), negated=True))
    ask = turn.ask if turn.ask in ("list", "count") else "list"
    return turn.edit(ask=ask, conditions=tuple(conditions), origin="follow_up")


def _swap_leader(last: Query, turn: Query) -> Query | None:
    """ "Koľko diplomoviek viedla Sýkorová?" – "a Dobrovská?": the one person the turn
    names takes the place of the last query's supervisor (or consultant)."""
    # "myslel som Vaška, nie Ondrejku": the one named without "nie" is the new one.
    dropped = {r for c in turn.clauses if c.negated for r in c.refs() if r.kind == "person"}
    named = [r for r in turn.persons() if r.status == "resolved" and r not in dropped]
    if len(named) != 1 or last.ask not in ("list", "count"):
        return None
    if any(r.status != "resolved" for r in turn.persons()):
        return None
    new = named[0]
    clauses, changed = [], False
    for c in last.clauses:
        if not c.negated and (c.supervisors or c.consultants) and not changed:
            role = "supervisors" if c.supervisors else "consultants"
            c = replace(c, **{role: (new,)})
            changed = True
        clauses.append(c)
    if not changed:
        return None
    return last.edit(
        clauses=tuple(clauses), text=turn.text, core=turn.core, folded=turn.folded,
        tokens=turn.tokens, origin="follow_up", unaccounted=turn.unaccounted, unknown_names=(),
    )  # fmt: skip
