"""Verification rules on hand-built evidence bundles."""

from zpagent.answer.claims import Claim, ClaimSet, parse_claims
from zpagent.answer.evidence import Bundle, Fact, SourceEvidence
from zpagent.answer.verify import name_norm, verify
from zpagent.contract import Source

HOLP_TEXT = """Ján Holp > Diplomová práca 2021
# Ján Holp
- Rok začiatku štúdia: 2016
## Diplomová práca 2021
*Názov diplomovej práce*: Rozpoznávanie pomenovaných entít v slovenčine
Vedúci práce: Ing. Daniel Hládek, PhD."""
NOVAK_TEXT = """## Bakalárska práca 2020
Názov práce: Rozpoznávanie reči pomocou hlbokých neurónových sietí
Vedúci: doc. Ing. Ján Staš, PhD."""


def bundle(asked=(), facts=(), truncated=False, aggregation=None) -> Bundle:
    s1 = Source(source_id="S1", document_path="holp.md", source_url=None, title="Ján Holp")
    s2 = Source(source_id="S2", document_path="novak.md", source_url=None, title="Mária Nováková")
    return Bundle(
        question="q",
        engine="rag",
        status="ok",
        reason=None,
        sources=[s1, s2],
        by_id={
            "S1": SourceEvidence(s1, ["Daniel Hládek"], [HOLP_TEXT]),
            "S2": SourceEvidence(s2, [], [NOVAK_TEXT]),
        },
        facts=list(facts),
        truncated=truncated,
        aggregation=aggregation,
        asked=set(asked),
    )


def codes(*cl, **kw):
    return [f.code for f in verify(ClaimSet(claims=list(cl)), bundle(**kw))]


def c(kind, value, sources=("S1",), subject="Ján Holp", **kw):
    return Claim(kind=kind, value=value, sources=list(sources), subject=subject, **kw)


def test_supported_values_pass():
    assert (
        codes(
            c("thesis_title", "Rozpoznávanie pomenovaných entít v slovenčine"),
            c("supervisor", "Ing. Daniel Hládek, PhD."),
            c("supervisor", "Daniel Hladek"),
            c("thesis_year", "2021"),
            c("start_year", "2016"),
        )
        == []
    )


def test_value_from_another_source_is_unsupported():
    assert codes(c("thesis_title", "Rozpoznávanie reči pomocou hlbokých neurónových sietí")) == [
        "unsupported_value"
    ]


def test_start_year_is_not_a_thesis_year():
    assert codes(c("thesis_year", "2016")) == ["unsupported_value"]
    assert codes(c("start_year", "2021")) == ["unsupported_value"]


def test_page_author_as_subject():
    assert "author_as_subject" in codes(
        c("thesis_title", "Rozpoznávanie pomenovaných entít v slovenčine", subject="Daniel Hládek")
    )


def test_subject_not_on_the_cited_page():
    assert codes(
        c("thesis_title", "Rozpoznávanie pomenovaných entít v slovenčine", subject="Eva Malá")
    ) == ["wrong_subject"]


def test_unknown_source():
    assert codes(c("thesis_title", "x", sources=("S7",))) == ["unknown_source"]


def test_counts_must_equal_the_aggregation():
    count = Claim(kind="count", value="3", sources=["S1"])
    assert codes(count) == ["count_unverifiable"]
    assert codes(count, aggregation={"count": 3, "complete": True}) == []
    assert codes(count, aggregation={"count": 4, "complete": True}) == ["count_mismatch"]


def test_completeness_claims_need_complete_evidence():
    full = c("thesis_title", "Rozpoznávanie pomenovaných entít v slovenčine", complete=True)
    assert codes(full) == []
    assert codes(full, truncated=True) == ["false_completeness"]
    assert codes(full, aggregation={"count": 1, "complete": False}) == ["false_completeness"]


def test_missing_attribute_and_missed_answer():
    t = c("thesis_title", "Rozpoznávanie pomenovaných entít v slovenčine")
    assert codes(t, asked={"supervisor"}) == ["missing_attribute"]
    fact = Fact("supervisor", "Daniel Hládek", ["S1"], "Ján Holp", "master")
    nothing = verify(ClaimSet(answerable=False), bundle(asked={"supervisor"}, facts=[fact]))
    assert [f.code for f in nothing] == ["missed_answer"]


def test_graph_facts_decide_exactly():
    fact = Fact("thesis_year", "2021", ["S1"], "Ján Holp", "master")
    assert codes(c("thesis_year", "2021", thesis_kind="master"), facts=[fact]) == []
    assert codes(c("thesis_year", "2019", thesis_kind="master"), facts=[fact]) == [
        "unsupported_value"
    ]


def test_contradiction():
    a = c("thesis_title", "Rozpoznávanie pomenovaných entít v slovenčine", thesis_kind="master")
    b = c("thesis_title", "Strojový preklad", thesis_kind="master")
    assert "contradiction" in codes(a, b)


def test_statements_need_a_verbatim_quote():
    s = c("statement", "Holp mal vedúceho Hládka", subject=None)
    assert codes(s) == ["unsupported_value"]
    quoted = c(
        "statement",
        "Holp mal vedúceho Hládka",
        subject=None,
        quote="Vedúci práce: Ing. Daniel Hládek, PhD.",
    )
    assert codes(quoted) == []


def test_name_normalization_drops_titles():
    assert name_norm("doc. Ing. Ján Staš, PhD.") == "jan stas"


def test_parse_claims_tolerates_a_fence():
    text = '```json\n{"claims": [{"kind": "person", "value": "Ján", "sources": ["S1"]}]}\n```'
    assert parse_claims(text).claims[0].value == "Ján"


def test_the_refusal_names_kinds_of_failure_never_rejected_values():
    from zpagent.answer.render import render_refusal
    from zpagent.answer.verify import Failure

    text = render_refusal(
        [
            Failure("unsupported_value", 0, "„Vymyslený názov“ zdroje nepodporujú"),
            Failure("missing_attribute", None, "chýba požadovaný údaj: supervisor"),
            Failure("wrong_subject", 1, "zdroj nehovorí o osobe Neexistujúci Človek"),
            Failure("unsupported_value", 2, "„Iný výmysel“ zdroje nepodporujú"),
        ]
    )
    assert text == (
        "Odpoveď sa nepodarilo overiť v zdrojoch, preto ju neuvádzam. Neoverené: "
        "údaj, ktorý citované zdroje neobsahujú; chýba požadovaný údaj (vedúci práce); "
        "údaj o osobe, o ktorej citovaný zdroj nehovorí."
    )
