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
from zpagent.agent.focus import (
    about_focus,
    dropped_subject,
    focus_refs,
    led_by_focus,
    led_by_one,
    own_constraints,
    person_ref,
    points_back,
    topic_of_focus,
)
from zpagent.agent.repin import repin, seen_before
from zpagent.agent.state import Item, State
from zpagent.query import Condition, EntityRef, Query, ThesisClause
from zpagent.query.lexicon import Lexicon
from zpagent.query.model import Span, in_text_order

# A turn that continues the last one: "a", "aj", "and", "what about", "a čo", "ok a …".
_CONTINUES = re.compile(
    r"^(?:ok\w*\s+|dobre\s+|dik\w*\s+|diky\s+|vdaka\s+|super\s+|jasne\s+)?"
    r"(?:a|aj|and|what about|how about|a co|a ako|tak|no a|a este|a kto|a kedy|a ci)\b"
)
# "ktorí to boli?", "kto to bol?", "who were they?": the last count's items.
_WHO_WERE = re.compile(r"\b(?:kto|ktori|ktore|ktora|who|which|kdo|kteri)\b.*\b(?:to|they|ti|tie)\b")
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
# Ordinals: the last list's items, or the persons named, in order.
_ORDINALS = (
    (0, re.compile(r"\bprv\w*|\bfirst\b|\bprvn\w*")),
    (1, re.compile(r"\bdruh\w*|\bsecond\b")),
    (2, re.compile(r"\btret\w*|\bthird\b")),
    (3, re.compile(r"\bstvrt\w*|\bctvrt\w*|\bfourth\b")),
    (4, re.compile(r"\bpiat\w*|\bpat(?:y|a|eho|ou|ej|em)\b|\bfifth\b")),
    (-1, re.compile(r"\bposledn\w*|\blast\b")),
)
SHORT = 7
_OTHER = re.compile(r"\b(?:the other|druh\w*|ten druhy|ta druha|tej druhej|tomu druhemu)\b")


def _continues(turn: Query) -> bool:
    return bool(_CONTINUES.match(turn.folded.strip()))


def _short(turn: Query) -> bool:
    return len(turn.tokens) <= SHORT


def ordinal(turn: Query) -> int | None:
    """The one ordinal a turn uses ("toho posledného" -> -1), or None."""
    found = {i for i, pattern in _ORDINALS if pattern.search(turn.folded)}
    return found.pop() if len(found) == 1 else None


def _the_other(state: State, turn: Query) -> str | None:
    """ "a ten druhý?", "and the other guy?" after one of two candidates was picked:
    the one not picked, whatever place it had in the list."""
    if len(state.offered) != 2 or len(state.focus) != 1 or state.focus[0] not in state.offered:
        return None
    short = len(turn.tokens) <= SHORT
    if not (ordinal(turn) == 1 or (short and _OTHER.search(turn.folded))):
        return None
    return next(pid for pid in state.offered if pid != state.focus[0])


def _with_years(last: Query, years: frozenset[int]) -> tuple[ThesisClause, ...]:
    clauses = [c for c in last.clauses if not c.negated] or [ThesisClause()]
    return tuple(replace(c, years=years) if not c.negated else c for c in clauses)


def _with_kinds(last: Query, kinds: frozenset[str]) -> tuple[ThesisClause, ...]:
    clauses = [c for c in last.clauses if not c.negated] or [ThesisClause()]
    return tuple(replace(c, kinds=kinds) for c in clauses)


def _edited(state: State, turn: Query, lexicon: Lexicon) -> Query | None:
    """The last query with what this elliptical turn changes; None when it changes
    nothing the last query has."""
    last = state.last
    assert last is not None
    q = last
    changed = False
    subjects = _referred(state, turn, lexicon)
    if subjects is not None:
        refs, thesis, kind = subjects
        q = q.edit(subjects=refs)
        if ordinal(turn) is not None and last.ask in ("list", "count") and turn.kinds:
            # "What was the first one's master thesis?" after a team's members: that
            # person's thesis, not one the team's project must also be.
            q = q.edit(conditions=(), attributes=last.attributes - {"works"})
        # "tá prvá mala aj bakalárku?" – "a ten druhý?": the same question of the next
        # one, its kind kept, not the thesis of the list the ordinal counts in.
        picked = bool(last.kinds) and kind not in last.kinds
        if thesis is not None and not turn.kinds and not picked:
            # "a ten posledný?" means that thesis; "čo robil ten štvrtý v diplomovke?"
            # the person, and his thesis of the kind the turn names.
            q = q.edit(clauses=(ThesisClause(titles=(EntityRef("title", "", None, (thesis,)),)),),
                       order=None, position=None)  # fmt: skip
        changed = True
    elif turn.subjects:
        q = q.edit(subjects=turn.subjects)
        changed = True
    if turn.years:
        q = q.edit(clauses=_with_years(q, frozenset(turn.years)))
        changed = True
    swapped = _swapped_conditions(last, turn, lexicon)
    if swapped is not None:
        q = q.edit(conditions=swapped)
        changed = True
    if turn.kinds and subjects is not None and set(turn.kinds) != set(last.kinds):
        # "čo robil ten štvrtý v diplomovke?" after Vaško's bachelor theses: that
        # person's master thesis, whoever led it.
        q = q.edit(clauses=(ThesisClause(kinds=frozenset(turn.kinds)),))
        changed = True
    elif turn.kinds:
        q = q.edit(clauses=_with_kinds(q, frozenset(turn.kinds)))
        changed = True
    item_picked = subjects is not None and subjects[1] is not None
    if turn.order and not item_picked:
        # "a druhú najstaršiu?": the same set, another place in the same order ("tá
        # prvá" of a list shown is that item, not the first of the set by year).
        q = q.edit(order=turn.order, position=turn.position, ask="list")
        changed = True
    if turn.ask == "count" and not own_constraints(turn):
        # "Koľko ľudí bolo v tíme?" after the team's projects: its members.
        unit = "persons" if turn.of_persons else q.unit
        q = q.edit(ask="count", attributes=frozenset(), unit=unit)
        changed = True
    elif _WHO_WERE.search(turn.folded) and last.ask == "count":
        q = q.edit(ask="list")
        changed = True
    if turn.attributes and turn.ask != "count":
        ask = "fact" if q.subjects else ("list" if q.ask in ("list", "count") else q.ask)
        unit = "theses" if ask == "list" else q.unit
        q = q.edit(ask=ask, attributes=turn.attributes, unit=unit)
        changed = True
    elif q.subjects and q.ask in ("list", "count") and subjects is not None:
        q = q.edit(ask="fact", attributes=q.attributes or frozenset({"title"}))
    if not changed:
        return None
    if last.unaccounted and not (turn.unaccounted or turn.attributes or turn.kinds or turn.years):
        # "which study programme is X in?" – "and Y?": the words the pages must say are
        # the last question's; only the person changed.
        return q.edit(origin="follow_up", unknown_names=())
    return q.edit(
        text=turn.text,
        core=turn.core,
        folded=turn.folded,
        tokens=turn.tokens,
        origin="follow_up",
        unaccounted=turn.unaccounted,
        unknown_names=(),
    )


def _referred(
    state: State, turn: Query, lexicon: Lexicon
) -> tuple[tuple[EntityRef, ...], str | None, str | None] | None:
    """The persons (and the one thesis, with its kind) a turn points at: an ordinal,
    or a pronoun."""
    other = _the_other(state, turn)
    if other is not None:
        return (person_ref(lexicon, other),), None, None
    index = ordinal(turn)
    if index is not None:
        if state.offered and -len(state.offered) <= index < len(state.offered):
            # "a tá druhá?" right after the answer to "which one?": the other one.
            return (person_ref(lexicon, state.offered[index]),), None, None
        if len(state.items) >= 2 and -len(state.items) <= index < len(state.items):
            item: Item = state.items[index]
            return (person_ref(lexicon, item.person),), item.thesis, item.kind
        if -len(state.named) <= index < len(state.named):
            return (person_ref(lexicon, state.named[index][0]),), None, None
        return None
    # "jeho", "ju", "he": whom the last answer was about; so is an attribute asked
    # of nobody right after a fact ("a kedy?", "kto ju viedol?").
    pointed = points_back(turn)
    about_last = (
        bool(turn.attributes) and state.last is not None and state.last.ask in ("fact", "profile")
    )
    if (pointed or about_last) and state.focus and not turn.subjects:
        return focus_refs(state, lexicon), None, None
    return None


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
        replied = _short(turn) and not turn.listing and not turn.persons()
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
        _among_last(state, turn)
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
    if _the_other(state, turn) is not None:
        other = _edited(state, turn, lexicon)  # the last question, of the other one
        if other is not None:
            return other, "follow_up"
    about_text = _about_the_same_text(state, turn)
    if about_text is not None:
        return about_text, "follow_up"
    focused = about_focus(state, turn, lexicon)
    if focused is not None:
        return focused, "focused"
    names_own = bool(turn.persons()) or bool(turn.unknown_names)
    elliptical = _short(turn) or _continues(turn) or points_back(turn)
    elliptical = elliptical and not own_constraints(turn)
    if names_own and (_short(turn) or _continues(turn)) and not turn.attributes - {"works"}:
        # (A turn that asks its own attribute of the person it names is its own question:
        # "Čo tam robila Kristína Pavlíková?" asks her role, no leader swapped.)
        swapped = _swap_leader(state.last, turn)
        if swapped is not None:
            return swapped, "follow_up"
    if names_own:
        swap = elliptical and turn.ask in ("profile", "fact", "open") and not turn.attributes
        if swap and turn.subjects and all(r.status == "resolved" for r in turn.subjects):
            return _edited(state, turn, lexicon) or turn, "follow_up"
        return turn, "new"
    # ("a tá posledná akú mala tému?": an ordinal says who, not the focus.)
    dropped = dropped_subject(state, turn, lexicon) if ordinal(turn) is None else None
    if dropped is not None:
        return dropped, "follow_up"
    if not elliptical and turn.ask not in ("open", "fact", "profile"):
        return _unresolved_ordinal(turn), "new"
    edited = _edited(state, turn, lexicon)
    if edited is None:
        return _unresolved_ordinal(turn), "new"
    return edited, "follow_up"


def _swapped_conditions(last: Query, turn: Query, lexicon: Lexicon) -> tuple[Condition, ...] | None:
    """ "Kto je kontaktná osoba pre tému diarizácia?" – "a pre spracovanie reči?": the
    turn's topic (keyword, team project) in place of the last one's, the rest kept. A
    keyword stands for its topic when the last question was about a topic."""
    if turn.subjects or not turn.conditions:
        return None
    topics = {t.keyword: t for t in lexicon.topics if t.keyword}
    own: list[Condition] = []
    for c in turn.conditions:
        if c.negated or c.relation not in ("topic", "keyword", "project"):
            return None
        as_topic = [topics[i] for r in c.refs for i in r.ids if i in topics]
        if (
            c.relation == "keyword"
            and as_topic
            and any(x.relation == "topic" for x in last.conditions)
        ):
            ref = EntityRef("topic", c.refs[0].text, c.refs[0].span,
                            tuple(t.id for t in as_topic), "phrase",
                            names=tuple(t.name for t in as_topic))  # fmt: skip
            c = Condition("topic", (ref,))
        own.append(c)
    relations = {c.relation for c in own}
    if not relations & {c.relation for c in last.conditions}:
        return None
    return (*(c for c in last.conditions if c.relation not in relations), *own)


# Ordinal words themselves ("prvom", "the first"), not words that start like one
# ("prvákov").
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
    if not (_short(turn) or _continues(turn)) or turn.ask not in ("open", "fact", "count", "list"):
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
