"""Question parsing: name forms, question types, and properties over any input."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zpagent.errors import InvalidQuery
from zpagent.graph.understand.inflect import damerau, forms, matches, typo_match
from zpagent.graph.understand.lexicon import load_lexicon
from zpagent.graph.understand.parse import parse_question
from zpagent.ingest.text import fold
from zpagent.question.analysis import validate as validate_question


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
    ],
)
def test_inflected_forms_match(query, name):
    assert matches(query, name)


@pytest.mark.parametrize(
    ("query", "name"),
    [("Novákovej", "Novák"), ("Nováka", "Nováková"), ("Holpová", "Holp"), ("Kováčik", "Kováč")],
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


@pytest.mark.parametrize(
    ("query", "qtype", "persons"),
    [
        ("Aký je názov diplomovej práce Jána Holpa?", "thesis_title", ["jan-holp"]),
        ("aky je nazov bakalarky jana holpa", "thesis_title", ["jan-holp"]),
        ("Kto viedol BP Holpa?", "thesis_supervisor", ["jan-holp"]),
        ("Kedy obhájila Petra Tóthová diplomovku?", "thesis_year", ["petra-tothova"]),
        ("Kedy začal študovať Ján Holp?", "start_year", ["jan-holp"]),
        ("Aký tímový projekt robil Ján Holp?", "person_works", ["jan-holp"]),
        ("Koho viedol Ján Staš?", "supervised_persons", ["jan-stas"]),
        ("Koľko prác viedla Renáta Kolárová?", "supervised_count", ["renata-kolarova"]),
        (
            "Pri ktorých prácach bol konzultantom Ľubomír Šťastný?",
            "consulted_persons",
            ["lubomir-stastny"],
        ),
        (
            "Aké témy majú spoločné Ján Holp a Petra Tóthová?",
            "shared_topics",
            ["jan-holp", "petra-tothova"],
        ),
        ("Ako súvisí Ján Holp s Marekom Bielikom?", "path", ["jan-holp", "marek-bielik"]),
        (
            "Ktoré stránky študentov napísal Daniel Hládek?",
            "documents_by_author",
            ["daniel-hladek"],
        ),
        ("Kto je autorom stránky Jána Holpa?", "page_author", ["jan-holp"]),
        ("Ktoré stránky sú od Daniela Hládka?", "documents_by_author", ["daniel-hladek"]),
        # Slovak "by" is the conditional, not the English "pages by": a message that
        # mentions pages and "chcel by som" still asks for the thesis title.
        (
            "Je tu veľa stránok a ja by som chcel vedieť: aký názov mala diplomová práca "
            "Jany Novákovej?",
            "thesis_title",
            ["jana-novakova"],
        ),
        ("Koľko bakalárskych prác bolo obhájených v roku 2022?", "count_by_thesis", []),
        ("Ktorí študenti majú kľúčové slovo nlp?", "persons_by_keyword", []),
        ("Kto sa venuje téme Rozpoznávanie reči?", "persons_by_topic", []),
        ("Kto napísal prácu „Detekcia emócií v slovenských tweetoch“?", "thesis_by_title", []),
        ("Kto začal študovať v roku 2016?", "persons_by_start_year", []),
        ("Aké je zajtra počasie?", "unsupported", []),
    ],
)
def test_question_types(lexicon, query, qtype, persons):
    pq = parse_question(query, lexicon)
    assert pq.type == qtype
    assert sorted(c for m in pq.persons for c in m.candidates) == sorted(persons)


def test_kinds_years_and_counts(lexicon):
    pq = parse_question("Koľko diplomoviek a bakalárok bolo v rokoch 2020 až 2022?", lexicon)
    assert sorted(pq.kinds) == ["bachelor", "master"]
    assert pq.years == [2020, 2021, 2022] and pq.count and pq.unit == "theses"
    assert parse_question("Kto mal DP v 2020/2021?", lexicon).years == [2021]
    assert parse_question("Kto mal dizertačku?", lexicon).kinds == ["dissertation"]
    assert parse_question("Kto mal diplomový projekt?", lexicon).kinds == ["diploma_project"]


def test_names_keep_all_candidates(lexicon):
    pq = parse_question("Aký je názov práce Martina Horvátha?", lexicon)
    assert pq.persons[0].candidates == ["martin-horvath-mh123ab", "martin-horvath-mh456cd"]
    assert parse_question("Kto viedol prácu Novákovej?", lexicon).persons[0].candidates == [
        "jana-novakova",
        "maria-novakova",
    ]
    # An unknown full name is not a known person's first name.
    pq = parse_question("Aký je názov práce Jozefa Mrkvičku?", lexicon)
    assert pq.persons == [] and pq.unknown_names == ["Jozefa Mrkvičku"]
    # Unpublished persons are hidden unless asked for.
    hidden = parse_question("Kto viedol prácu Róberta Baláža?", lexicon)
    assert hidden.persons[0].candidates == [] and hidden.persons[0].unpublished
    shown = parse_question("Kto viedol prácu Róberta Baláža?", lexicon, include_unpublished=True)
    assert shown.persons[0].candidates == ["robert-balaz"]


@pytest.mark.parametrize("bad", ["", "   ", "?!", "x" * 2001, None, 42])
def test_invalid_questions(bad):
    with pytest.raises(InvalidQuery):
        validate_question(bad)


_WORDS = st.sampled_from(
    "Aký je názov práce Jána Holpa Kto viedol koľko bakalárskych diplomovku 2022 téme "
    "nlp kľúčové slovo Novákovej spoločné súvisí s Marekom stránky napísal „ “ ? , : "
    "Martin Horváth Zuzany Róberta Baláža how many theses who supervised".split()
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.one_of(_WORDS, st.text(min_size=1, max_size=12)), min_size=1, max_size=14))
def test_parsing_any_text_never_crashes(lexicon, words):
    text = " ".join(words)
    try:
        pq = parse_question(text, lexicon)
    except InvalidQuery:
        assert not any(ch.isalnum() for ch in text) or len(text) > 2000
        return
    assert pq.type
    for m in pq.persons:
        assert set(m.candidates).isdisjoint(m.unpublished)


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
    with_marks = parse_question(template.format(name), lexicon)
    without = parse_question(fold(template.format(name)), lexicon)
    assert [m.candidates for m in with_marks.persons] == [m.candidates for m in without.persons]
    assert with_marks.type == without.type
