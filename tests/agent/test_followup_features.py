"""A reply to "which one?" may name a word of one candidate's thesis title; "koho on
sám konzultoval?" lists whom the person in focus consulted."""

from __future__ import annotations

import pytest

from zpagent.agent.clarify import choose
from zpagent.agent.focus import dropped_subject
from zpagent.agent.followup import follow_up
from zpagent.agent.state import Item, Pending, State
from zpagent.query import Condition, EntityRef, Query, understand
from zpagent.query.lexicon import Lexicon, PersonEntry, PersonFacts, PhraseEntry, ThesisCard

PEOPLE = [
    PersonEntry("jan-krupa", "Ján Krupa", ("Ján", "Krupa"), True, True, "p/jk.md", "jk"),
    PersonEntry(
        "norbert-krupa", "Norbert Krupa", ("Norbert", "Krupa"), True, True, "p/nk.md", "nk"
    ),
]
FACTS = {
    "jan-krupa": PersonFacts("jan-krupa", (ThesisCard("t1", "bachelor", 2020,
                             "Inteligentný zavlažovací systém"),)),
    "norbert-krupa": PersonFacts("norbert-krupa", (ThesisCard("t2", "master", 2021,
                               "Rozpoznávanie rukopisu pomocou CRNN"),)),
}  # fmt: skip


def _lexicon() -> Lexicon:
    return Lexicon(persons=PEOPLE, facts=lambda ids: {i: FACTS[i] for i in ids if i in FACTS})


def test_a_word_of_one_candidates_title_picks_that_candidate():
    lexicon = _lexicon()
    asked = understand("Kto viedol prácu Krupu?", lexicon)
    ref = next(r for r in asked.refs() if r.kind == "person")
    assert set(ref.ids) == {"jan-krupa", "norbert-krupa"}
    pending = Pending(asked, ref)
    assert choose(understand("toho so zavlažovacím systémom", lexicon), pending, lexicon) == (
        "jan-krupa"
    )
    assert choose(understand("ten s rukopisom", lexicon), pending, lexicon) == "norbert-krupa"
    # A word both titles have, or none, picks no one.
    assert choose(understand("toho s počasím", lexicon), pending, lexicon) is None


def test_whom_the_person_in_focus_consulted_is_a_list_not_their_consultant():
    """ "koho on sám konzultoval?" after a question about him: the theses he consulted."""
    lexicon = _lexicon()
    first = understand("O čom je práca Jána Krupu?", lexicon)
    state = State(last=first, focus=("jan-krupa",))
    query, how = follow_up(state, understand("koho on sám konzultoval?", lexicon), lexicon)
    assert how == "follow_up" and query.ask == "list"
    assert [r.ids for c in query.clauses for r in c.consultants] == [("jan-krupa",)]
    assert not query.subjects and query.understood


def test_whom_the_leader_of_the_last_list_consulted():
    """ "ktoré diplomovky viedol Šimko?" – "a konzultoval niekoho?": the theses he
    consulted (any kind), not the consultants of the theses he led."""
    simko = PersonEntry("marek-simko", "Marek Šimko", ("Marek", "Šimko"), False, True, None, None,
                        True)  # fmt: skip
    lexicon = Lexicon(persons=[*PEOPLE, simko], facts=lambda ids: {})
    first = understand("Ktoré diplomovky viedol Marek Šimko?", lexicon)
    state = State(last=first)
    for turn in ("a konzultoval niekoho?", "a komu robil konzultanta?"):
        query, how = follow_up(state, understand(turn, lexicon), lexicon)
        assert how == "follow_up" and query.ask == "list", turn
        (clause,) = query.clauses
        assert [r.ids for r in clause.consultants] == [("marek-simko",)], turn
        assert not clause.supervisors and not clause.kinds, turn


@pytest.mark.parametrize(
    "turn",
    [
        "Pod akú tému na wiki patrí?",
        "A pod jaké téma na wiki spadá?",
        "Do akej témy ju na wiki zaradili?",
        "a do ktorej témy je zaradený?",
        "which topic does she belong to?",
    ],
)
def test_the_topic_a_person_in_focus_belongs_to(turn):
    """Whatever the turn's other words link to ("zaradili" is no topic), a topic word
    with a verb of belonging asks the topic of the person just talked about."""
    lexicon = _lexicon()
    first = understand("O čom je práca Jána Krupu?", lexicon)
    state = State(last=first, focus=("jan-krupa",))
    query, how = follow_up(state, understand(turn, lexicon), lexicon)
    assert how == "follow_up" and query.ask == "fact", turn
    assert "topics" in query.attributes
    assert [s.ids for s in query.subjects] == [("jan-krupa",)]
    assert not query.conditions


def test_who_leads_a_topic_is_asked_of_the_topic_not_the_person():
    """ "Kdo je kontakt pro to téma?" asks of the topic; no verb of belonging."""
    lexicon = _lexicon()
    first = understand("O čom je práca Jána Krupu?", lexicon)
    state = State(last=first, focus=("jan-krupa",))
    query, _ = follow_up(state, understand("Kdo je kontakt pro to téma?", lexicon), lexicon)
    assert "topics" not in query.attributes


def test_how_many_people_after_a_list_of_works_counts_persons():
    """ "Koľko ľudí bolo v tíme?" after the team projects someone led: the members."""
    vasko = PersonEntry("michal-vasko", "Michal Vaško", ("Michal", "Vaško"), False, True, None,
                        None, True)  # fmt: skip
    lexicon = Lexicon(persons=[*PEOPLE, vasko], facts=lambda ids: {})
    first = understand("Aký tímový projekt viedol Michal Vaško v roku 2018?", lexicon)
    state = State(last=first)
    for turn, unit in (("Koľko ľudí bolo v tíme?", "persons"), ("a koľko ich bolo?", first.unit)):
        query, how = follow_up(state, understand(turn, lexicon), lexicon)
        assert how == "follow_up" and query.ask == "count", turn
        assert query.unit == unit, turn


@pytest.mark.parametrize(
    ("turn", "bound"),
    [
        ("V akom tímovom projekte bol a čo tam robil?", True),
        ("A akú bakalárku písal?", True),
        ("Aké diplomovky boli v roku 2020?", False),  # plural: no one person
        ("Kto bol vedúcim bakalárok v roku 2020?", False),  # "kto" is the subject
    ],
)
def test_a_singular_verb_without_subject_is_the_person_in_focus(turn, bound):
    lexicon = _lexicon()
    first = understand("Akú diplomovku písal Ján Krupa?", lexicon)
    state = State(last=first, focus=("jan-krupa",))
    query = dropped_subject(state, understand(turn, lexicon), lexicon)
    assert (query is not None) is bound, turn
    if bound:
        assert [s.ids for s in query.subjects] == [("jan-krupa",)] and query.ask == "fact"


def test_what_someone_did_there_is_their_role_not_a_swapped_leader():
    """ "Čo tam robil Ján Krupa?" after a leader's team projects: Krupa's role in the
    team, not the projects Krupa led."""
    vasko = PersonEntry("michal-vasko", "Michal Vaško", ("Michal", "Vaško"), False, True, None,
                        None, True)  # fmt: skip
    lexicon = Lexicon(persons=[*PEOPLE, vasko], facts=lambda ids: {})
    first = understand("Aký tímový projekt viedol Michal Vaško v roku 2018?", lexicon)
    for turn in ("Čo tam robil Ján Krupa?", "A čo robil Ján Krupa v tíme?"):
        query, _ = follow_up(State(last=first), understand(turn, lexicon), lexicon)
        assert "role" in query.attributes, turn
        assert [s.ids for s in query.subjects] == [("jan-krupa",)], turn
        assert not any(c.supervisors for c in query.clauses), turn


def test_an_ordinal_with_a_singular_verb_is_the_ordinal_not_the_focus():
    """ "a tá posledná akú mala tému?" after talking about the first of a list: the
    last of the list, though the verb has no subject."""
    lexicon = _lexicon()
    first = understand("Akú diplomovku písal Ján Krupa?", lexicon)
    items = [Item("jan-krupa", "t1", "bachelor"), Item("norbert-krupa", "t2", "master")]
    state = State(last=first, focus=("jan-krupa",), items=items)
    assert dropped_subject(state, understand("a akú mal tému?", lexicon), lexicon) is not None
    query, _ = follow_up(state, understand("a tá posledná akú mala tému?", lexicon), lexicon)
    assert [s.ids for s in query.subjects] == [("norbert-krupa",)]


def test_of_them_with_no_list_shown_is_never_understood_whole():
    """ "kolika z nich vedl práci Šimko?" when the last answer listed no one: "them" is
    unknown, so the count may not be stated as exact (it would count all his students)."""
    simko = PersonEntry("marek-simko", "Marek Šimko", ("Marek", "Šimko"), False, True, None,
                        None, True)  # fmt: skip
    lexicon = Lexicon(persons=[*PEOPLE, simko], facts=lambda ids: {})
    first = understand("Aké práce sú na téme strojový preklad?", lexicon)
    turn = understand("kolika z nich vedl práci Šimko?", lexicon)
    assert turn.understood  # alone, the question reads whole
    query, _ = follow_up(State(last=first), turn, lexicon)
    assert query.ask == "count" and not query.understood
    shown = State(last=first, items=[Item("jan-krupa"), Item("norbert-krupa")])
    query, how = follow_up(shown, turn, lexicon)
    assert how == "follow_up"  # among the persons shown


def test_a_name_of_several_is_the_one_the_conversation_showed():
    """ "Kdo vedl práci té Krupy?" after a list that showed only Norbert Krupa: him,
    no clarification; with nothing shown, both are candidates."""
    lexicon = _lexicon()
    asked = understand("Kto viedol prácu Krupu?", lexicon)
    state = State(last=understand("Kto písal o rukopise?", lexicon),
                  items=[Item("norbert-krupa", "t2", "master")])  # fmt: skip
    query, _how = follow_up(state, asked, lexicon)
    assert [r.ids for r in query.persons()] == [("norbert-krupa",)]
    fresh, _how = follow_up(State(), asked, lexicon)
    assert set(next(iter(fresh.persons())).ids) == {"jan-krupa", "norbert-krupa"}


def test_an_ordinal_nothing_resolves_leaves_the_turn_not_understood():
    """ "how many people were in the first one?" after a question whose answer listed no
    persons: never an exact count over the whole wiki."""
    lexicon = _lexicon()
    state = State(last=understand("Which team projects are on the wiki?", lexicon))
    query, _how = follow_up(state, understand("how many people were in the first one?", lexicon),
                            lexicon)  # fmt: skip
    assert not query.understood


def test_an_elliptical_topic_replaces_the_last_questions_topic():
    """ "Kto vedie tému Rukopis?" – "a zavlažovanie?": the same question of the other
    topic; a keyword of a topic stands for it."""
    topics = [
        PhraseEntry("rukopis", "Rukopis", (frozenset({"rukopis"}),), keyword="rukopis"),
        PhraseEntry(
            "zavlazovanie", "Zavlažovanie", (frozenset({"zavlazovan"}),), keyword="zavlazovanie"
        ),
    ]
    lexicon = Lexicon(persons=PEOPLE, topics=topics)
    last = understand("Kto vedie tému Rukopis?", lexicon)
    assert last.asks_topic_leader
    turn = Query("a zavlažovanie?", "a zavlažovanie?", "a zavlazovanie?", (),
                 conditions=(Condition("topic", (EntityRef("topic", "zavlažovanie", None,
                                                           ("zavlazovanie",)),)),))  # fmt: skip
    query, _how = follow_up(State(last=last), turn, lexicon)
    assert query.asks_topic_leader
    assert [r.ids for c in query.conditions for r in c.refs] == [("zavlazovanie",)]
