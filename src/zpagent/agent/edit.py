"""An elliptical turn as an edit of the last query ("a kedy?", "a diplomovka?",
"a v roku 2022?", "A Petra Tóthová?", "a ten druhý?", "ktorí to boli?").

The turn's own parts (a year, a kind, an attribute, a person, a topic) replace
those of the last query; an ordinal or a pronoun points at the persons (and the
one thesis) the conversation already showed. What is not changed is kept, so
the answer is the last question's, about what the turn changed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from zpagent.agent.focus import focus_refs, own_constraints, person_ref, points_back
from zpagent.agent.state import Item, State
from zpagent.query import Condition, EntityRef, Query, ThesisClause
from zpagent.query.lexicon import Lexicon

# A turn that continues the last one: "a", "aj", "and", "what about", "a čo", "ok a …".
_CONTINUES = re.compile(
    r"^(?:ok\w*\s+|dobre\s+|dik\w*\s+|diky\s+|vdaka\s+|super\s+|jasne\s+)?"
    r"(?:a|aj|and|what about|how about|a co|a ako|tak|no a|a este|a kto|a kedy|a ci)\b"
)
# "ktorí to boli?", "kto to bol?", "who were they?": the last count's items.
_WHO_WERE = re.compile(r"\b(?:kto|ktori|ktore|ktora|who|which|kdo|kteri)\b.*\b(?:to|they|ti|tie)\b")
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


def continues(turn: Query) -> bool:
    return bool(_CONTINUES.match(turn.folded.strip()))


def is_short(turn: Query) -> bool:
    return len(turn.tokens) <= SHORT


def ordinal(turn: Query) -> int | None:
    """The one ordinal a turn uses ("toho posledného" -> -1), or None."""
    found = {i for i, pattern in _ORDINALS if pattern.search(turn.folded)}
    return found.pop() if len(found) == 1 else None


def the_other(state: State, turn: Query) -> str | None:
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


def edited(state: State, turn: Query, lexicon: Lexicon) -> Query | None:
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
    other = the_other(state, turn)
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
