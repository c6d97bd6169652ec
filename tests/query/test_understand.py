"""Reading a question into its typed query: name forms, what is asked, conditions,
what was not understood, and properties over any input."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from zpagent.errors import InvalidQuery
from zpagent.graph.lexicon import load_lexicon
from zpagent.ingest.text import fold
from zpagent.query import understand, validate
from zpagent.query.describe import describe
from zpagent.query.inflect import damerau, forms, matches, typo_match
from zpagent.query.lexicon import Lexicon, PersonEntry


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("Jána", "Ján"),
        ("Holpa", "Holp"),
        ("Novákovej", "Nováková"),
        ("novakovou", "Nováková"),
        ("Šťastného", "Šťastný"),
        ("Oravca", "Oravec"),
        ("Petra", "Peter"),
        ("Hládka", "Hládek"),
        ("Lucie", "Lucia"),
        ("Slivku", "Slivka"),
        ("Jurča", "Jurčo"),
        ("Patakyho", "Pataky"),
        ("Čierneho", "Čierny"),  # short adjectival endings after a long syllable
        ("Čiernej", "Čierna"),
        ("Bielemu", "Biely"),
    ],
)
def test_inflected_forms_match(query, name):
    assert matches(query, name)


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("Novákovej", "Novák"),
        ("Nováka", "Nováková"),
        ("Holpová", "Holp"),
        ("Kováčik", "Kováč"),
        ("Čierneho", "Čierna"),
    ],
)
def test_other_names_do_not_match(query, name):
    assert not matches(query, name)


def test_typos():
    assert damerau("holpa", "hlopa") == 1
    assert typo_match("Hlopa", "Holp", 4)
    assert typo_match("Krajčíroej", "Krajčírová")
    assert not typo_match("Holp", "Holub")  # too short to guess
    # A woman's surname is no typo of a man's, nor the other way round.
    for query, name in [
        ("Kováčová", "Kováč"),
        ("Vargová", "Varga"),
        ("Sedlákovej", "Sedlák"),
        ("Slivkovou", "Slivka"),
        ("Novákovi", "Nováková"),
    ]:
        assert not typo_match(query, name), (query, name)
    assert typo_match("Kovácovi", "Kováč") and typo_match("Novákvoej", "Nováková")
    assert all(f == fold(f) for f in forms("Ľubomír"))


@pytest.fixture(scope="module")
def lexicon(sample_store):
    return load_lexicon(sample_store)


def ids(query) -> list[str]:
    """Every person the query names, by their candidates."""
    return sorted(i for r in query.persons() for i in r.ids)


@pytest.mark.parametrize(
    ("question", "ask", "attribute", "persons"),
    [
        ("Aký je názov diplomovej práce Jána Holpa?", "fact", "title", ["jan-holp"]),
        ("aky je nazov bakalarky jana holpa", "fact", "title", ["jan-holp"]),
        ("Kto viedol BP Holpa?", "fact", "supervisor", ["jan-holp"]),
        ("Kedy obhájila Petra Tóthová diplomovku?", "fact", "year", ["petra-tothova"]),
        ("Kedy začal študovať Ján Holp?", "fact", "start_year", ["jan-holp"]),
        ("Aký tímový projekt robil Ján Holp?", "fact", "works", ["jan-holp"]),
        ("Koho viedol Ján Staš?", "list", None, ["jan-stas"]),
        ("Koľko prác viedla Renáta Kolárová?", "count", None, ["renata-kolarova"]),
        (
            "Pri ktorých prácach bol konzultantom Ľubomír Šťastný?",
            "list",
            None,
            ["lubomir-stastny"],
        ),
        (
            "Aké témy majú spoločné Ján Holp a Petra Tóthová?",
            "shared",
            "topics",
            ["jan-holp", "petra-tothova"],
        ),
        ("Ako súvisí Ján Holp s Marekom Bielikom?", "path", None, ["jan-holp", "marek-bielik"]),
        ("Ktoré stránky študentov napísal Daniel Hládek?", "pages_by_author", None, []),
        ("Kto je autorom stránky Jána Holpa?", "page_author", None, ["jan-holp"]),
        ("Ktoré stránky sú od Daniela Hládka?", "pages_by_author", None, []),
        # Slovak "by" is the conditional, not the English "pages by": a message that
        # mentions pages and "chcel by som" still asks for the thesis title.
        (
            "Je tu veľa stránok a ja by som chcel vedieť: aký názov mala diplomová práca "
            "Jany Novákovej?",
            "fact",
            "title",
            ["jana-novakova"],
        ),
        ("Koľko bakalárskych prác bolo obhájených v roku 2022?", "count", None, []),
        ("Ktorí študenti majú kľúčové slovo nlp?", "list", None, []),
        ("Kto sa venuje téme Rozpoznávanie reči?", "list", None, []),
        ("Kto napísal prácu „Detekcia emócií v slovenských tweetoch“?", "who_wrote", None, []),
        ("Kto začal študovať v roku 2016?", "list", None, []),
        ("Aké je zajtra počasie?", "open", None, []),
    ],
)
def test_what_is_asked(lexicon, question, ask, attribute, persons):
    query = understand(question, lexicon)
    assert query.ask == ask
    if attribute:
        assert attribute in query.attributes
    assert ids(query) == sorted(persons)


def test_conditions_of_lists_and_counts(lexicon):
    q = understand("Koľko diplomoviek a bakalárok bolo v rokoch 2020 až 2022?", lexicon)
    assert q.ask == "count" and q.unit == "theses"
    assert sorted(q.kinds) == ["bachelor", "master"] and q.years == (2020, 2021, 2022)
    assert understand("Kto mal DP v 2020/2021?", lexicon).years == (2021,)
    assert understand("Kto mal dizertačku?", lexicon).kinds == ("dissertation",)
    assert understand("Kto mal diplomový projekt?", lexicon).kinds == ("diploma_project",)
    topic = understand("Kto sa venuje téme Rozpoznávanie reči?", lexicon)
    assert [c.relation for c in topic.conditions] == ["topic"]
    assert topic.conditions[0].refs[0].ids == ("rozpoznavanie-reci",)
    start = understand("Kto začal študovať v roku 2016?", lexicon)
    assert [(c.relation, c.years) for c in start.conditions] == [("start_year", {2016})]


def test_negation_both_and_the_same_supervisor(lexicon):
    q = understand("Kto nepísal diplomovku?", lexicon)
    assert [(c.kinds, c.negated) for c in q.clauses] == [({"master"}, True)]
    q = understand("Koho viedol Daniel Hládek aj pri bakalárke, aj pri diplomovke?", lexicon)
    assert sorted(tuple(c.kinds) for c in q.clauses) == [("bachelor",), ("master",)]
    assert all(c.supervisors[0].ids == ("daniel-hladek",) for c in q.clauses)
    # "aj" in an enumeration of kinds with a total is a sum, not "every kind at once".
    q = understand("Koľko bakalárok, diplomoviek aj dizertácií bolo dokopy v roku 2022?", lexicon)
    assert [sorted(c.kinds) for c in q.clauses] == [["bachelor", "dissertation", "master"]]
    assert q.ask == "count" and q.understood
    q = understand("Kto písal bakalárku aj diplomovku?", lexicon)
    assert sorted(tuple(c.kinds) for c in q.clauses) == [("bachelor",), ("master",)]
    q = understand("Ktorí iní študenti mali rovnakého vedúceho ako Ján Holp?", lexicon)
    assert q.reference is not None and q.reference.relation == "supervisor"
    assert q.reference.of.ids == ("jan-holp",) and q.reference.others


def test_what_was_not_understood_is_said(lexicon):
    q = understand("Koľko bakalárskych prác bolo v roku 2022 hodnotených výborne?", lexicon)
    assert not q.understood and q.unaccounted_words == ["hodnotených výborne"]
    assert understand("Koľko bakalárskych prác bolo v roku 2022?", lexicon).understood
    # A topic the wiki does not have is looked for, and said to be unknown.
    q = understand("Koľko študentov sa venuje kvantovej gravitácii?", lexicon)
    assert [(r.kind, r.text, r.ids) for r in q.refs()] == [("topic", "kvantovej gravitácii", ())]


def test_names_keep_all_candidates(lexicon):
    q = understand("Aký je názov práce Martina Horvátha?", lexicon)
    assert q.subjects[0].ids == ("martin-horvath-mh123ab", "martin-horvath-mh456cd")
    assert understand("Kto viedol prácu Novákovej?", lexicon).subjects[0].ids == (
        "jana-novakova",
        "maria-novakova",
    )
    # What else the question says tells namesakes apart.
    q = understand("Aký je názov diplomovej práce Martina Horvátha z roku 2023?", lexicon)
    assert q.subjects[0].ids == ("martin-horvath-mh456cd",)
    q = understand("Kto viedol prácu Martina Horvátha mh123ab?", lexicon)
    assert [r.ids for r in q.persons()] == [("martin-horvath-mh123ab",)]
    # An unknown full name is a person nobody is: no candidates, never a first name.
    q = understand("Aký je názov práce Jozefa Mrkvičku?", lexicon)
    assert [(r.text, r.ids) for r in q.subjects] == [("Jozefa Mrkvičku", ())]
    # Unpublished persons are hidden unless asked for.
    hidden = understand("Kto viedol prácu Róberta Baláža?", lexicon)
    assert hidden.subjects[0].ids == () and hidden.subjects[0].hidden
    shown = understand("Kto viedol prácu Róberta Baláža?", lexicon, include_unpublished=True)
    assert shown.subjects[0].ids == ("robert-balaz",)


@pytest.mark.parametrize("bad", ["", "   ", "?!", "x" * 2001, None, 42])
def test_invalid_questions(bad):
    with pytest.raises(InvalidQuery):
        validate(bad)


_WORDS = st.sampled_from(
    "Aký je názov práce Jána Holpa Kto viedol koľko bakalárskych diplomovku 2022 téme "
    "nlp kľúčové slovo Novákovej spoločné súvisí s Marekom stránky napísal „ “ ? , : "
    "Martin Horváth Zuzany Róberta Baláža how many theses who supervised".split()
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.one_of(_WORDS, st.text(min_size=1, max_size=12)), min_size=1, max_size=14))
@example(words=["„", "A", "Aký", "Novákovej"])  # a two-hop split into punctuation alone
def test_reading_any_text_never_crashes(lexicon, words):
    text = " ".join(words)
    try:
        query = understand(text, lexicon)
    except InvalidQuery:
        assert not any(ch.isalnum() for ch in text) or len(text) > 2000
        return
    assert query.ask
    for r in query.refs():
        assert set(r.ids).isdisjoint(r.hidden)
    # Every word is either understood or said back as not understood.
    for span in query.unaccounted:
        assert 0 <= span.start < span.end <= len(query.core)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(
        [
            "Aký je názov diplomovej práce {}?",
            "Kto viedol bakalársku prácu {}?",
            "Kedy obhájil {} prácu?",
        ]
    ),
    st.sampled_from(["Jána Holpa", "Petry Tóthovej", "Ľubomíra Šťastného", "Kataríny Vargovej"]),
)
def test_missing_diacritics_do_not_change_the_person(lexicon, template, name):
    with_marks = understand(template.format(name), lexicon)
    without = understand(fold(template.format(name)), lexicon)
    assert [r.ids for r in with_marks.persons()] == [r.ids for r in without.persons()]
    assert (with_marks.ask, with_marks.attributes) == (without.ask, without.attributes)


def test_a_negation_is_asked_among_the_named_supervisors_students(lexicon):
    """Everyone else in the wiki is never the question: "Ktorí Hládkovi študenti
    u neho nerobili diplomovku?" ranges over his students."""
    q = understand("Ktorí Hládkovi študenti u neho nerobili diplomovku?", lexicon)
    among = [c for c in q.clauses if not c.negated]
    left_out = [c for c in q.clauses if c.negated]
    assert [c.supervisors[0].ids for c in among] == [("daniel-hladek",)]
    assert [(c.kinds, c.supervisors[0].ids) for c in left_out] == [({"master"}, ("daniel-hladek",))]
    # A negation with something positive beside it keeps its own scope.
    q = understand("Ktorí študenti na téme Rozpoznávanie reči nepísali diplomovku?", lexicon)
    assert all(c.negated for c in q.clauses) and q.conditions


def test_team_projects_are_named_whole_or_in_part(lexicon):
    whole = understand("Koľko ľudí bolo v tíme Chatbot pre fakultnú knižnicu?", lexicon)
    assert whole.understood and whole.ask == "count"
    assert [r.ids for c in whole.conditions for r in c.refs] == [
        ("project-chatbot-pre-fakultnu-kniznicu",)
    ]
    # Part of the title, with a team word: the one project it fits.
    part = understand("Kto všetko bol v tíme Interaktívna tabuľa?", lexicon)
    assert [r.ids for c in part.conditions for r in c.refs] == [
        ("project-interaktivna-tabula-ovladana-gestami",)
    ]
    # Without a team word, two title words are no project.
    assert not understand("Kto robil interaktívnu tabuľu?", lexicon).conditions


def test_a_surname_that_is_also_a_common_word_stays_a_surname():
    """ "Kristína Malá": "malá" is also a verb form; after a given name it is her surname."""
    people = [
        PersonEntry(pid, name, tuple(name.split()), True, True, None, None)
        for pid, name in (("kristina-mala", "Kristína Malá"), ("kristina-horna", "Kristína Horná"))
    ]
    q = understand("V akom tímovom projekte bola Kristína Malá?", Lexicon(persons=people))
    assert [s.ids for s in q.subjects] == [("kristina-mala",)]


def test_an_english_possessive_is_the_owner_even_of_a_supervisor():
    """A doctoral student who also consults: "Krisztina Szabóová's dissertation" is hers."""
    people = [
        PersonEntry("krisztina-szaboova", "Krisztina Szabóová", ("Krisztina", "Szabóová"), True,
                    True, "pages/students/2019/ks/README.md", "ks", leads=True),
    ]  # fmt: skip
    q = understand("Who supervises Krisztina Szabóová's dissertation?", Lexicon(persons=people))
    assert [s.ids for s in q.subjects] == [("krisztina-szaboova",)]
    assert "supervisor" in q.attributes and not q.clauses[0].supervisors


@pytest.mark.parametrize(
    "question",
    ["what was Marko's thesis about?", "What is Marko's thesis?", "what did Marko write?"],
)
def test_a_surname_inside_an_english_title_question_is_a_name(question):
    """The title cue "what was …'s thesis" spans the name: the name is still read."""
    people = [
        PersonEntry(pid, name, tuple(name.split()), True, True, None, None)
        for pid, name in (("jozef-marko", "Jozef Marko"), ("jan-marko", "Ján Marko"))
    ]
    q = understand(question, Lexicon(persons=people))
    assert [set(s.ids) for s in q.subjects] == [{"jozef-marko", "jan-marko"}]
    assert "title" in q.attributes


@pytest.mark.parametrize("verb", ["viedol", "školí", "skoli", "školia"])
def test_supervising_verbs_make_the_named_person_the_supervisor(lexicon, verb):
    q = understand(f"Koľko diplomoviek {verb} Hládek?", lexicon)
    assert q.ask == "count" and not q.subjects
    assert [r.ids for c in q.clauses for r in c.supervisors] == [("daniel-hladek",)]


def test_a_count_of_projects_someone_led_depends_on_who_led_works(lexicon):
    q = understand("Koľko tímových projektov viedol Daniel Hládek?", lexicon)
    assert q.ask == "count" and "work_supervisor" in q.relations
    assert (
        "work_supervisor"
        not in understand("Koľko bakalárok viedol Daniel Hládek?", lexicon).relations
    )


def test_students_of_a_supervisor_beside_a_consultant_word(lexicon):
    """ "Hládkovi bakalári", "diplomanti Hládka": the students' noun makes him their
    supervisor, whatever consultant word follows; the name between a question word
    and "bakalári" is still a name."""
    for question in (
        "Ktorí diplomanti Hládka nemali žiadneho konzultanta?",
        "Ktorí Hládkovi diplomanti nemali žiadneho konzultanta?",
    ):
        q = understand(question, lexicon)
        among = [c for c in q.clauses if not c.negated]
        assert [r.ids for c in among for r in c.supervisors] == [("daniel-hladek",)], question
        assert all(not c.consultants for c in q.clauses), question
        assert any(c.negated and c.with_consultant for c in q.clauses), question
    q = understand("Ktorí Hládkovi bakalári nepísali diplomovku?", lexicon)
    assert [r.ids for c in q.clauses if not c.negated for r in c.supervisors] == [
        ("daniel-hladek",)
    ]
    assert "title" not in q.attributes  # "bakalári" are students, not theses


def test_words_that_only_say_listed_are_understood(lexicon):
    q = understand("Koľko študentov je uvedených pri téme Rozpoznávanie reči?", lexicon)
    assert q.understood and q.ask == "count"


def test_words_of_thesis_titles_name_those_theses_approximately(lexicon):
    """ "práca o dopravných značkách" names the theses whose titles have those words; a
    thesis may be about what its title does not say, so nothing over it is exact."""
    titles = {t.id: t.name for t in lexicon.titles}
    q = understand("Kto robil prácu o dopravných značkách?", lexicon)
    refs = [r for c in q.clauses for r in c.titles]
    assert refs and all(r.match == "words" for r in refs)
    assert all("dopravn" in fold(titles[i]).lower() for r in refs for i in r.ids)
    assert q.approximate and q.understood
    negated = understand("Ktoré bakalárky neboli o dopravných značkách?", lexicon)
    assert any(c.negated and c.titles for c in negated.clauses)
    # One word alone names theses only after "o"; otherwise it is a word not read.
    assert not understand("Aké hodnotenie mal Ján Holp?", lexicon).approximate


def test_part_of_a_project_after_in_and_a_persons_works_in_general(lexicon):
    # Half of a project's words after "v" name it, also without a team word.
    q = understand("a v interaktívnej tabuli?", lexicon)
    assert [r.ids for c in q.conditions for r in c.refs] == [
        ("project-interaktivna-tabula-ovladana-gestami",)
    ]
    # "aké práce mal X" asks the theses and the other works; "názov práce" the title.
    assert {"title", "works"} <= understand("Aké práce mal Ján Holp?", lexicon).attributes
    assert "works" not in understand("Aký názov práce má Ján Holp?", lexicon).attributes


def test_an_order_the_user_asks_for(lexicon):
    q = understand("Ktoré diplomovky sú z roku 2021? Zoraď ich abecedne podľa priezviska.", lexicon)
    assert (q.order, q.position, q.understood) == ("surname", None, True)
    q = understand("Which students wrote a master thesis in 2021? Sort them by surname.", lexicon)
    assert q.order == "surname"
    assert understand("Aké diplomovky viedol Daniel Hládek? Zoraď podľa roku.", lexicon).order == (
        "oldest"
    )


def test_surnames_parted_by_commas_are_several_persons():
    """ "Sopková, Sedlák a Šebová": three persons, never one unknown "Sopková Sedlák";
    "Karola Holpa" (a space) stays one name that fits nobody."""
    people = [
        PersonEntry(f"p{i}", name, tuple(name.split()), True, True, f"p/{i}.md", None)
        for i, name in enumerate(["Monika Sopková", "Juraj Sedlák", "Andrea Šebová", "Ján Holp"])
    ]
    lexicon = Lexicon(persons=people)
    q = understand("aké bakalárky mali Sopková, Sedlák a Šebová?", lexicon)
    assert [s.ids for s in q.subjects] == [("p0",), ("p1",), ("p2",)]
    q = understand("Kto viedol Karola Holpa?", lexicon)
    assert [s.ids for s in q.subjects] == [()]


def test_a_first_name_in_a_question_typed_without_capitals():
    """ "ildiko diplomovka kto ju viedol": both Ildikós are asked about; in a question
    that capitalizes names, a lowercase word is no first name."""
    people = [
        PersonEntry(f"p{i}", name, tuple(name.split()), True, True, f"p/{i}.md", None)
        for i, name in enumerate(["Ildikó Nagyová", "Ildikó Tóthová", "Ján Holp"])
    ]
    lexicon = Lexicon(persons=people)
    q = understand("ildiko diplomovka kto ju viedol", lexicon)
    assert [sorted(s.ids) for s in q.subjects] == [["p0", "p1"]]
    assert [
        sorted(s.ids) for s in understand("Kto viedol ildiko diplomovku?", lexicon).subjects
    ] == [["p0", "p1"]]
    capitalized = understand("Kto viedol Jána Holpa a ildiko?", lexicon)
    assert [s.ids for s in capitalized.subjects] == [("p2",)]


def test_own_theses_of_a_person_who_also_leads():
    """ "Koľko prác má X?" asks X's own theses, though X also consults; "komu robila
    vedúcu" asks whom X led."""
    people = [
        PersonEntry("ps", "Pavol Sabol", ("Pavol", "Sabol"), True, True, "p/ps.md", None, True)
    ]
    lexicon = Lexicon(persons=people)
    own = understand("Koľko prác má Pavol Sabol?", lexicon)
    assert [s.ids for s in own.subjects] == [("ps",)]
    led = understand("Komu všetkým robil Pavol Sabol vedúceho?", lexicon)
    assert not led.subjects and [r.ids for c in led.clauses for r in c.supervisors] == [("ps",)]


@pytest.mark.parametrize(
    "question",
    [
        "Kde všade robil Ľubomír Šťastný konzultanta?",
        "kde vsade robil lubomir stastny konzultanta alebo skolitela specialistu",
        "Komu robil Ľubomír Šťastný školiteľa špecialistu?",
    ],
)
def test_everywhere_someone_consulted_is_whom_they_consulted(lexicon, question):
    """ "kde všade" asks for the same list as "komu"; "školiteľ špecialista" is a
    consultant, never the supervisor."""
    q = understand(question, lexicon)
    assert q.ask == "list" and q.understood, describe(q)
    assert [r.ids for c in q.clauses for r in c.consultants] == [("lubomir-stastny",)]
    assert not any(c.supervisors for c in q.clauses) and "supervisor" not in q.attributes


def test_czech_na_cem_asks_the_title_and_a_verb_of_going_is_no_name(lexicon):
    q = understand("Na čem dělá diplomku Ján Holp?", lexicon)
    assert q.ask == "fact" and "title" in q.attributes and q.understood, describe(q)
    q = understand("na akom porte ide ssh na server?", lexicon)
    assert not q.subjects and not q.unknown_names, describe(q)


def test_inak_with_a_comma_starts_a_new_topic_and_recommended_asks_the_rules(lexicon):
    q = understand("inak, do kedy treba odovzdať diplomovku?", lexicon)
    assert q.new_topic and q.core.startswith("do kedy")
    assert not understand("Inak povedané, kto viedol Holpa?", lexicon).new_topic
    for text in ("Aký je odporúčaný rozsah diplomovky?", "What is the recommended length?"):
        assert understand(text, lexicon).about_rules, text


def test_a_role_word_right_after_a_name_is_that_persons_role():
    """ "u koho bol Marek Šimko konzultantom?": the students he consulted, not those he
    supervised ("u koho" before the name asks whose they were)."""
    people = [
        PersonEntry(
            "marek-simko", "Marek Šimko", ("Marek", "Šimko"), False, True, None, None, leads=True
        ),
    ]
    q = understand("u koho bol Marek Simko konzultantom?", Lexicon(persons=people))
    refs = [r for c in q.clauses for r in c.consultants]
    assert [r.ids for r in refs] == [("marek-simko",)]
    assert not [r for c in q.clauses for r in c.supervisors]


def test_rules_questions_are_asked_of_the_text():
    lexicon = Lexicon()
    size = understand("aky ma mat diplomovka rozsah?", lexicon)
    assert size.ask == "open" and size.about_rules and size.asks_amount
    # Connecting to a server is no path between two things of the graph.
    assert understand("how do i connect to the department gpu server?", lexicon).ask != "path"
    # "theses from 2016" are of 2016; "from 2016 on" are a range.
    assert understand("which master's theses are from 2016?", lexicon).clauses[0].years == {2016}
    # A year inside a name is no year.
    assert not understand("kto pouzil CIC-IDS2017?", lexicon).clauses


def test_who_else_leaves_no_word_unread():
    people = [PersonEntry("jan-balaz", "Ján Baláž", ("Ján", "Baláž"), True, True, None, None)]
    q = understand("Who else had the same consultant as Ján Baláž?", Lexicon(persons=people))
    assert q.reference is not None and not q.unaccounted


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("thanks. switching topics - did anyone write a thesis on speech?", "did anyone"),
        ("ok vďaka. inak čo nemám dávať do gitu?", "čo nemám"),
        ("Inak kto viedol Holpa?", "kto viedol"),
    ],
)
def test_a_thanks_or_a_question_word_marks_inak_and_switching_topics_as_new(lexicon, text, rest):
    q = understand(text, lexicon)
    assert q.new_topic and q.core.startswith(rest), q.core
    # "anyone" and the marker words ask nothing of their own.
    assert not any(q.core[u.start : u.end].lower() in ("anyone", "inak") for u in q.unaccounted)


def test_inak_as_otherwise_is_no_new_topic(lexicon):
    assert not understand("inak nie?", lexicon).new_topic
