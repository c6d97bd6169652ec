"""Binding claims to typed facts, on a hand-built bundle of two persons' pages."""

from __future__ import annotations

from zpagent.answer.claims import Claim, ClaimSet, parse_claims
from zpagent.answer.evidence import Bundle, SourceEvidence
from zpagent.answer.facts import Fact, value_key
from zpagent.answer.graph_evidence import fact_attributes
from zpagent.answer.subjects import Subject
from zpagent.answer.verify import same_person, verify
from zpagent.contract import Source
from zpagent.query import understand as analyze

HOLP_MASTER = "Rozpoznávanie pomenovaných entít v slovenčine"
HOLP_BACHELOR = "Strojový preklad pomocou neurónových sietí"
NOVAK_TITLE = "Rozpoznávanie reči pomocou hlbokých neurónových sietí"
HOLP_TEXT = f"""Sekcia: Ján Holp > Diplomová práca 2021
# Ján Holp
- Rok začiatku štúdia: 2016
## Diplomová práca 2021
*Názov diplomovej práce*: {HOLP_MASTER}
Vedúci práce: Ing. Daniel Hládek, PhD.
Konzultant: Ing. Renáta Kolárová
### Stretnutie 12. 3. 2020
Práca pokročila. Ján Holp neodovzdal kapitolu."""
NOVAK_TEXT = f"""## Bakalárska práca 2020
Názov práce: {NOVAK_TITLE}
Vedúci: doc. Ing. Ján Staš, PhD."""


def holp(attribute, value, kind="master", item="holp#master", **kw):
    return Fact(attribute, value, "S1", "jan-holp", "Ján Holp", kind, item, **kw)


FACTS = [
    holp("thesis_title", HOLP_MASTER),
    holp("thesis_year", "2021"),
    holp("supervisor", "Daniel Hládek"),
    holp("consultant", "Renáta Kolárová"),
    holp("thesis_title", HOLP_BACHELOR, "bachelor", "holp#bachelor"),
    holp("thesis_year", "2019", "bachelor", "holp#bachelor"),
    holp("supervisor", "Marek Bielik", "bachelor", "holp#bachelor"),
    Fact("start_year", "2016", "S1", "jan-holp", "Ján Holp"),
    Fact("thesis_title", NOVAK_TITLE, "S2", "maria-novakova", "Mária Nováková", "bachelor", "n#b"),
    Fact("thesis_year", "2020", "S2", "maria-novakova", "Mária Nováková", "bachelor", "n#b"),
    Fact("supervisor", "Ján Staš", "S2", "maria-novakova", "Mária Nováková", "bachelor", "n#b"),
]
HOLP = Subject("jan-holp", "Ján Holp", "holp.md", "full")


def bundle(question="Aký názov práce má Ján Holp?", subjects=(HOLP,), asked=None, **kw) -> Bundle:
    q = analyze(question)
    s1 = Source(source_id="S1", document_path="holp.md", source_url=None, title="Ján Holp")
    s2 = Source(source_id="S2", document_path="novak.md", source_url=None, title="Mária Nováková")
    return Bundle(
        question=q,
        engine="rag",
        status="ok",
        reason=None,
        sources=[s1, s2],
        by_id={
            "S1": SourceEvidence(s1, ["Daniel Hládek"], [HOLP_TEXT], "Ján Holp", "jan-holp"),
            "S2": SourceEvidence(s2, [], [NOVAK_TEXT], "Mária Nováková", "maria-novakova"),
        },
        facts=list(FACTS),
        asked=frozenset(asked if asked is not None else fact_attributes(q)),
        subjects=list(subjects),
        **kw,
    )


def c(kind, value, sources=("S1",), subject="Ján Holp", **kw):
    return Claim(kind=kind, value=value, sources=list(sources), subject=subject, **kw)


def run(*claims, answerable=True, **kw):
    return verify(ClaimSet(answerable=answerable, claims=list(claims)), bundle(**kw))


def codes(*claims, **kw):
    return [f.code for f in run(*claims, **kw).failures]


def test_supported_values_bind_to_the_pages_facts():
    v = run(
        c("thesis_title", HOLP_MASTER.lower(), thesis_kind="master"),
        c("thesis_title", HOLP_BACHELOR, thesis_kind="bachelor"),
    )
    assert v.failures == []
    assert [f.value for f in v.facts] == [HOLP_MASTER, HOLP_BACHELOR]  # as the page writes it
    v = run(
        c("supervisor", "Ing. Daniel Hládek, PhD.", thesis_kind="master"),
        c("supervisor", "Daniel Hladek"),
        question="Kto viedol diplomovú prácu Jána Holpa?",
    )
    assert v.failures == [] and [f.value for f in v.facts] == ["Daniel Hládek"]


def test_whole_values_only_never_substrings():
    for cut in (HOLP_MASTER[:-5], HOLP_MASTER[5:], HOLP_MASTER + " a iné", "Rozpoznávanie"):
        assert codes(c("thesis_title", cut)) == ["unsupported_value", "missing_attribute"], cut


def test_another_persons_value_is_not_theirs():
    # cited on the other person's page: that person's fact, not asked about
    assert codes(c("thesis_title", NOVAK_TITLE, sources=["S2"], subject=None))[0] == (
        "unasked_person"
    )
    # the value is on another page than the one cited
    assert codes(c("thesis_title", NOVAK_TITLE))[0] == "unsupported_value"
    # the right page, the wrong person named
    assert codes(c("thesis_title", NOVAK_TITLE, sources=["S2"]))[0] == "wrong_subject"


def test_citing_two_pages_never_mixes_two_people():
    v = run(c("thesis_title", NOVAK_TITLE, sources=["S1", "S2"]))
    assert "wrong_subject" in [f.code for f in v.failures] and v.facts == []


def test_kinds_are_compared():
    assert codes(c("thesis_title", HOLP_BACHELOR, thesis_kind="master"))[0] == "wrong_kind"
    q = "Aký názov diplomovej práce má Ján Holp?"
    assert codes(c("thesis_title", HOLP_BACHELOR), question=q)[0] == "unasked_kind"


def test_a_consultant_is_not_a_supervisor():
    q = "Kto viedol diplomovú prácu Jána Holpa?"
    assert codes(c("supervisor", "Renáta Kolárová", thesis_kind="master"), question=q)[0] == (
        "wrong_attribute"
    )
    # ... and the bachelor thesis's supervisor is not the master thesis's
    assert codes(c("supervisor", "Marek Bielik"), question=q)[0] == "unasked_kind"


def test_years_bind_to_the_thesis_not_to_any_line():
    q = "V ktorom roku obhájil Ján Holp diplomovú prácu?"
    assert codes(c("thesis_year", "2021", thesis_kind="master"), question=q) == []
    # the meeting date, the start year, the sibling heading: not the master thesis's year
    for year in ("2020", "2016", "2019"):
        assert codes(c("thesis_year", year, thesis_kind="master"), question=q)[0] in (
            "unsupported_value",
            "wrong_kind",
            "wrong_attribute",
        ), year


def test_the_page_author_is_not_its_subject():
    v = run(c("thesis_title", HOLP_MASTER, subject="Daniel Hládek"))
    assert v.failures[0].code == "author_as_subject"
    v = run(c("thesis_title", HOLP_MASTER, subject_id="daniel-hladek"))
    assert v.failures[0].code == "wrong_subject"


def test_unasked_attributes_are_dropped():
    v = run(c("thesis_title", HOLP_MASTER), c("start_year", "2016"))
    assert [f.code for f in v.failures] == ["unasked_attribute"]
    assert [f.value for f in v.facts] == [HOLP_MASTER]


def test_statements_only_as_verbatim_whole_sentences():
    q = "Ako pokročila práca Jána Holpa?"  # nothing typed is asked
    ok = c("statement", "x", quote="Práca pokročila.")
    assert run(ok, question=q).quotes[0].text == "Práca pokročila."
    for quote in (
        "Práca nepokročila.",  # negation
        "Práca pravdepodobne pokročila.",  # hedge
        "Práca pokročila",  # cut before the end is still the sentence? no: verbatim only
        "pokročila.",  # a fragment
        "Práca pokročila. <script>alert(1)</script>",
        "Práca pokročila. ![x](javascript:alert(1))",
        "The work progressed.",
    ):
        v = run(c("statement", "x", quote=quote), question=q)
        if quote == "Práca pokročila":
            # a missing final full stop is spacing/punctuation noise, not another sentence
            assert v.quotes == [] or v.quotes[0].text == "Práca pokročila."
            continue
        assert v.quotes == [], quote
        assert "unsupported_quote" in [f.code for f in v.failures]


def test_a_statement_about_a_person_quotes_their_own_page():
    q = "Ako pokročila práca Jána Holpa?"
    v = run(c("statement", "x", quote=f"Názov práce: {NOVAK_TITLE}", sources=["S2"]), question=q)
    assert v.quotes == [] and v.failures[0].code == "unsupported_quote"


def test_counts_equal_the_aggregation():
    agg = {"count": 3, "complete": True}
    q = "Koľko prác viedol Ján Staš?"
    assert codes(c("count", "3", subject=None), question=q, aggregation=agg, subjects=()) == []
    assert codes(c("count", "4", subject=None), question=q, aggregation=agg, subjects=())[0] == (
        "count_mismatch"
    )
    assert codes(c("count", "3", subject=None), question=q, subjects=())[0] == (
        "count_unverifiable"
    )


def test_false_not_found_and_left_out_answers():
    assert codes(answerable=False) == ["missed_answer"]
    q = "Aký názov práce má Ján Holp a kto viedol jeho diplomovú prácu?"
    assert "missing_attribute" in codes(c("thesis_title", HOLP_MASTER), question=q)
    # nothing asked and nothing found: "not answerable" stands
    assert codes(answerable=False, question="Ako sa cituje?", subjects=()) == []


def test_false_completeness_is_flagged():
    v = run(c("thesis_title", HOLP_MASTER, complete=True), truncated=True)
    assert "false_completeness" in [f.code for f in v.failures]


def test_unknown_sources():
    assert codes(c("thesis_title", HOLP_MASTER, sources=["S9"]))[0] == "unknown_source"


def test_value_keys_are_whole_fields():
    assert value_key("thesis_title", "„Názov“") == value_key("thesis_title", "nazov")
    assert value_key("supervisor", "doc. Ing. Ján Staš, PhD.") == "jan stas"
    assert value_key("thesis_title", "Názov práce") != value_key("thesis_title", "Názov")


def test_same_person_is_the_whole_name_in_any_form():
    assert same_person("Jána Holpa", "Ján Holp") and same_person("Holp Ján", "Ján Holp")
    assert same_person("jan holp", "Ján Holp")
    assert not same_person("Karol Holp", "Ján Holp") and not same_person("Holp", "Ján Holp")


def test_parse_tolerates_a_fence():
    parsed = parse_claims('```json\n{"answerable": true, "claims": []}\n```')
    assert parsed.answerable and parsed.claims == []
