"""The person a turn is about when it names no one: the one in focus.

"na akých dátach to robil?", "a aké BLEU jej vyšlo?" right after an answer
about a person ask about that person's pages; "koho on sám konzultoval?"
asks whom that person led. The words that point back ("jej", "he") and the
turn's own constraints are read here, below ``followup``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from zpagent.agent.state import State
from zpagent.query import Condition, EntityRef, Query, ThesisClause
from zpagent.query import cues as cu
from zpagent.query.lexicon import Lexicon
from zpagent.query.model import Span, in_text_order

PERSON_POINTERS = frozenset(
    """jeho jej ich ho mu jemu nej neho nemu nom on ona oni ono ten ta tento tato tohto tejto
    toho tej tomu spominany spominana dany dana uvedeny uvedena his her him he she their they
    them jeji jemu ji""".split()
)
THESIS_POINTERS = frozenset("ju nej nou it tu tej tou tuto tejto ta tato".split())
# "koho on sám konzultoval?", "whom did she supervise?": the person in focus led or
# consulted the theses asked for (a nominative pronoun beside "whom").
_WHOM = re.compile(r"\b(?:koho|komu|whom|koho\s+\w+|kterym|ktorym|ktorych|ktore\s+prace)\b")
_DOER = frozenset("on ona oni ony sam sama he she they himself herself".split())
# "a konzultoval niekoho?", "a komu robil konzultanta?": whom the person led.
# "u koho mala bakalárku?", "pod kým ju písal?": at whose place, her own supervisor.
_AT_WHOM = re.compile(r"\b(?:u koho|pod kym|pod kymkolvek|u koho\s+\w+)\b")
_ROLE_WORD = re.compile(r"\b(?:konzult|vedu|skolit|consult|supervis)\w*")
_SOMEONE = re.compile(r"\b(?:niekoho|niekomu|nekoho|nekomu|someone|anyone|komu|koho)\b")


def turn_words(q: Query) -> list[str]:
    return [t.folded for t in q.tokens]


def person_ref(lexicon: Lexicon, pid: str, text: str = "") -> EntityRef:
    entry = lexicon.person_by_id.get(pid)
    name = entry.name if entry else pid
    page = entry.document_path if entry else None
    return EntityRef("person", text or name, None, (pid,), "context", names=(name,), pages=(page,))


def focus_refs(state: State, lexicon: Lexicon) -> tuple[EntityRef, ...]:
    """The persons in focus, as the subjects of a query about them."""
    return tuple(person_ref(lexicon, pid) for pid in state.focus)


def points_back(turn: Query) -> bool:
    """The turn points at someone already spoken of ("jej", "jeho", "her")."""
    return bool(set(turn_words(turn)) & (PERSON_POINTERS | THESIS_POINTERS))


def own_constraints(turn: Query) -> bool:
    """Conditions of the turn's own beyond a year or a kind (a topic, a supervisor, ...).
    "a kto jej robil konzultanta?" asks her consultant: "with a consultant" is no
    condition of its own when the turn points at a person."""
    with_consultant = not points_back(turn)
    return bool(
        turn.conditions
        or turn.reference
        or any(
            c.supervisors or c.consultants or c.titles or (c.with_consultant and with_consultant)
            for c in turn.clauses
        )
    )


def about_focus(state: State, turn: Query, lexicon: Lexicon) -> Query | None:
    """ "na akých dátach to robil?", "a aký model trénoval?": a question the graph has
    no relation for, naming no one and nothing, right after an answer about a person,
    asks about that person; of their thesis the conversation is about, unless the turn
    names a kind. The agent asks the whole wiki when their pages do not say it
    ("a ako sa prihlásim na server?" is about the server, not the student)."""
    # "a aké BLEU jej vyšlo?": a keyword or topic beside a pointer at the person is a
    # word of her page, not a condition of a new list.
    terms = points_back(turn) and _only_terms(turn)
    if turn.ask not in ("open", "fact") and not (terms and turn.ask == "list"):
        return None
    if not turn.unaccounted or turn.attributes:
        return None
    # A capitalized word no person's name fits ("cez Ollamu", "na Jetsone") names a
    # thing; when the person's pages do not say it, the turn is asked alone.
    if not state.focus or state.last is None or turn.persons():
        return None
    if (own_constraints(turn) and not terms) or turn.years:
        return None
    kinds = frozenset(turn.kinds) or frozenset(state.last.kinds)
    # The keyword is then what her page must say ("BLEU"), like any word not read.
    named = tuple(r.span for c in turn.conditions for r in c.refs if r.span) if terms else ()
    return turn.edit(
        ask="fact",
        subjects=focus_refs(state, lexicon),
        clauses=(ThesisClause(kinds=kinds),) if kinds else (),
        conditions=(),
        about_rules=False,  # "ako dlho jej vydržala batéria?" asks her page, no rule
        unaccounted=in_text_order(*turn.unaccounted, *named),
        origin="follow_up",
    )


def _only_terms(turn: Query) -> bool:
    """The turn's only conditions are keywords or topics (no person, year or title)."""
    return (
        bool(turn.conditions)
        and all(c.relation in ("keyword", "topic") and not c.negated for c in turn.conditions)
        and not any(c.supervisors or c.consultants or c.titles for c in turn.clauses)
    )


def led_by_focus(state: State, turn: Query, lexicon: Lexicon) -> Query | None:
    """ "koho on sám konzultoval?", "a konzultoval niekoho?", "a komu robil konzultanta?":
    the theses the person talked about led or consulted, listed; never that person's own
    consultant. The person: the one in focus, or the one leader the last list was of
    ("ktoré diplomovky viedol Greguš?")."""
    someone = bool(_SOMEONE.search(turn.folded))
    if _AT_WHOM.search(turn.folded) and not _ROLE_WORD.search(turn.folded):
        # "a bakalárku mala u koho?" asks her own supervisor; "u koho bol konzultant"
        # whose consultant he was.
        return None
    # "pri ktorých prácach bol konzultantom?": he acted in the role (no "whom").
    acted = None if set(turn_words(turn)) & _WHO else cu.ACTED_AS.search(turn.folded)
    if turn.persons() or not (_WHOM.search(turn.folded) or someone or acted):
        return None
    if not (set(turn_words(turn)) & _DOER or someone or acted):
        return None
    role = next((a for a in ("consultant", "supervisor") if a in turn.attributes), None)
    clause = _led_by_leader(state, turn, lexicon, role) if role else None
    if clause is None:
        return None
    # The role word or verb read as "who, nobody said" is now the person in focus.
    unread = _doer_read(turn, acted or cu.LED_BY_ONE.search(turn.folded))
    return turn.edit(ask="list", attributes=frozenset(), unit="persons", clauses=(clause,),
                     subjects=(), unaccounted=unread, origin="follow_up")  # fmt: skip


# "mali jeho ako vedúceho", "had her as supervisor": the person pointed at in a role.
_HAD_AS = re.compile(
    r"\b(?:jeho|ho|ju|jej|neho|nu|nej|him|her|them)\s+(?:ako|za|as|jako)\s+(?:(?:svojho|svoju|their|his|a)\s+)?"
    r"(?P<role>veduc\w*|vedouc\w*|skolitel\w*|supervis\w*|konzult\w*|consult\w*)"
)


def had_as_role(state: State, turn: Query, lexicon: Lexicon) -> Query | None:
    """ "Kto je garant témy robotika?" – "ktorí z tých študentov tam mali jeho ako
    vedúceho?": the students (of the topic or team the talk is about) whose theses the
    person pointed at led or consulted; not that person's own supervisor."""
    m = _HAD_AS.search(turn.folded)
    if m is None or turn.persons():
        return None
    consulted = m.group("role").startswith(("konzult", "consult"))
    clause = _led_by_leader(state, turn, lexicon, "consultant" if consulted else "supervisor")
    if clause is None:
        return None
    conditions = list(turn.conditions)
    if len(state.things) == 1 and not any(c.relation in ("topic", "project") for c in conditions):
        thing = state.things[0]  # "z tých študentov tam": of the topic (team) talked about
        conditions.append(Condition("project" if thing.kind == "project" else "topic", (thing,)))
    return turn.edit(ask="list", attributes=frozenset(), unit="persons", clauses=(clause,),
                     conditions=tuple(conditions), subjects=(), unaccounted=_doer_read(turn, m),
                     origin="follow_up")  # fmt: skip


def _led_by_leader(state: State, turn: Query, lexicon: Lexicon, role: str) -> ThesisClause | None:
    """The theses (of the turn's kinds) that the leader the talk is about led, or
    consulted with ``role="consultant"``: the one leader the last list was of, else
    the one person in focus; None when there is none."""
    leader = _last_leader(state) or (state.focus[0] if len(state.focus) == 1 else None)
    if leader is None:
        return None
    ref = (person_ref(lexicon, leader),)
    kinds = frozenset(turn.kinds)
    if role == "consultant":
        return ThesisClause(kinds=kinds, consultants=ref)
    return ThesisClause(kinds=kinds, supervisors=ref)


def _doer_read(turn: Query, doer: re.Match[str] | None) -> tuple[Span, ...]:
    """The turn's unread words without the doer ("bol konzultantom", "viedol"), now
    that the conversation says who it is."""
    if doer is None:
        return turn.unaccounted
    return tuple(u for u in turn.unaccounted if not doer.start() <= u.start < doer.end())


def led_by_one(state: State, turn: Query, lexicon: Lexicon) -> Query | None:
    """ "Kto vedie tému X?" – "koľko prác viedol v roku 2023?"; "kto viedol diplomovku
    Jána Fedora?" – "a koľko prác na wiki viedol?": the theses the one leader the
    conversation is about led, with the turn's own kinds and years."""
    if turn.persons() or turn.unknown_names or turn.ask not in ("count", "list"):
        return None
    doer = cu.LED_BY_ONE.search(turn.folded)
    if doer is None or set(turn_words(turn)) & _WHO:
        return None
    leader = state.leader
    if leader is None:
        return None
    ref = (person_ref(lexicon, leader),)
    own = [c for c in turn.clauses if not c.negated] or [ThesisClause()]
    # "a pri ktorej dizertačke konzultoval?": the role the verb names.
    consulted = doer.group().startswith("konzult")
    clauses = tuple(replace(c, consultants=ref, with_consultant=None) if consulted
                    else replace(c, supervisors=ref) for c in own)  # fmt: skip
    unread = _doer_read(turn, doer)
    # A count counts the theses; a list shows them as "whom he led" does (its
    # theses with their titles), not the asked role of students nobody named.
    counted = turn.ask == "count"
    return turn.edit(clauses=clauses, conditions=(), subjects=(), unaccounted=unread,
                     unit="theses" if counted else "persons",
                     attributes=turn.attributes if counted else frozenset(),
                     origin="follow_up")  # fmt: skip


def named_leader(state: State, lexicon: Lexicon) -> str | None:
    """The one leader the last answer named: a topic's, the one the last list was of,
    or the supervisor of the one thesis of the person in focus it was asked of."""
    last = state.last
    if last is None:
        return None
    if last.asks_topic_leader and len(state.focus) == 1:
        return state.focus[0]
    leader = _last_leader(state)
    if leader is not None or "supervisor" not in last.attributes or len(state.focus) != 1:
        return leader
    facts = lexicon.facts([state.focus[0]]).get(state.focus[0])
    kinds = set(last.kinds)
    leaders = {s for t in (facts.theses if facts else ()) if not kinds or t.kind in kinds
               for s in t.supervisors}  # fmt: skip
    return leaders.pop() if len(leaders) == 1 else None


def _last_leader(state: State) -> str | None:
    """The one supervisor or consultant the last list or count was of."""
    last = state.last
    if last is None or last.ask not in ("list", "count"):
        return None
    ids = {i for c in last.clauses if not c.negated for r in (*c.supervisors, *c.consultants)
           for i in r.ids}  # fmt: skip
    return ids.pop() if len(ids) == 1 else None


# "Pod akú tému patrí?", "do ktorej témy ju zaradili?", "which topic is he in?": the
# topic of the person in focus, whatever the turn's other words link to.
_TOPIC_WORD = re.compile(r"\b(?:tem[auy]?|temou|tematu|topics?)\b")
_BELONGS = re.compile(
    r"\b(?:patri\w*|spada\w*|zaradil\w*|zaraden\w*|belongs?|falls?|is (?:he|she) in)\b"
)


def topic_of_focus(state: State, turn: Query, lexicon: Lexicon) -> Query | None:
    if not state.focus or turn.persons() or turn.unknown_names:
        return None
    if not _TOPIC_WORD.search(turn.folded):
        return None
    if not _BELONGS.search(turn.folded):
        return None  # "Kdo je kontakt pro to téma?" asks of the topic, not of her
    if any(r.ids and r.match != "meaning" for c in turn.conditions for r in c.refs):
        return None  # a topic the turn names itself ("patrí do témy NLP?")
    return turn.edit(
        ask="fact",
        attributes=frozenset({"title", "topics"}),
        unit="persons",
        subjects=focus_refs(state, lexicon),
        clauses=(),
        conditions=(),
        unaccounted=(),
        origin="follow_up",
    )


# A verb of the third person singular with no subject ("V akom tímovom projekte bol?",
# "Akú bakalárku písala?"): the person in focus did it (Slovak and Czech drop "he").
_HE_DID = frozenset(
    """bol bola robil robila mal mala pisal pisala riesil riesila obhajil obhajila
    byl byla delal delala psal psala""".split()
)
_WHO = frozenset("kto kdo who ktori kteri".split())


def dropped_subject(state: State, turn: Query, lexicon: Lexicon) -> Query | None:
    """An attribute asked with a singular past verb and no subject: of the one person
    the conversation is about."""
    if len(state.focus) != 1 or state.last is None or state.last.ask not in ("fact", "profile"):
        return None
    if turn.persons() or turn.unknown_names or turn.of_persons or not turn.attributes:
        return None
    words = set(turn_words(turn))
    if not words & _HE_DID or words & _WHO or turn.ask not in ("list", "fact", "open"):
        return None
    return turn.edit(
        ask="fact",
        subjects=(person_ref(lexicon, state.focus[0]),),
        origin="follow_up",
    )
