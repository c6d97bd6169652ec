"""Issue 7, the parts without a test elsewhere: the condensation cache, engine=auto
using the graph and the text together, and clarifying questions that list every
candidate. The LLM is the scripted OpenAI-compatible server over real HTTP."""

from __future__ import annotations

import re

import pytest

from tests.asking import chat, read
from tests.conftest import built_workspace
from zpagent.answer.condense import CondenseCache
from zpagent.answer.gather import AnswerOptions, gather, merge_bundles, rag_bundle
from zpagent.answer.graph_evidence import graph_bundle
from zpagent.answer.llm import ChatClient, LLMConfig
from zpagent.answer.prompts import CONDENSE, evidence_context
from zpagent.answer.render import render_clarification
from zpagent.answer.service import answer
from zpagent.answer.subjects import resolve_names
from zpagent.config import Settings
from zpagent.eval.scripted_llm import claims


def names_of(gen, q: str):
    return resolve_names(gen, read(gen, q), Settings(_env_file=None), False)


def graph_of(gen, q: str):
    return graph_bundle(gen, read(gen, q), names_of(gen, q), Settings(_env_file=None), False)


HOLP = "pages/students/2016/jh428ek/README.md"
NOVAKOVA = "pages/students/2017/mn111ab/README.md"
HOLP_MASTER = "Rozpoznávanie pomenovaných entít v slovenčine"
NOVAKOVA_TITLE = "Rozpoznávanie reči pomocou hlbokých neurónových sietí"
Q_HOLP = "Aký názov diplomovej práce má Ján Holp?"
Q_NOVAKOVA = "Aký názov bakalárskej práce má Mária Nováková?"
# Evidence of a few hundred tokens exceeds this budget: it is always condensed.
CONDENSING = AnswerOptions(engine="rag", context_tokens=20)
SOURCE_ID = re.compile(r"\[(S\d+)\]")


def is_condense(body: dict) -> bool:
    return body["messages"][0]["content"] == CONDENSE


def condense_calls(llm) -> list[dict]:
    return [r for r in llm.requests if is_condense(r)]


def sid_of(prompt: str, name: str) -> str:
    return re.search(rf"\[(S\d+)\] {name}", prompt).group(1)


def summarize(text: str) -> str:
    """A faithful stand-in summary: the source headers and the title lines only."""
    keep = [ln for ln in text.splitlines() if ln.startswith("[S") or "Názov" in ln]
    return "\n".join(keep)


def title_claim(name: str, value: str, sid: str, kind: str) -> dict:
    return {
        "kind": "thesis_title",
        "subject": name,
        "thesis_kind": kind,
        "value": value,
        "sources": [sid],
    }


def honest(body: dict) -> dict:
    """Condense faithfully; claim the asked person's title from the prompt's sources."""
    if is_condense(body):
        return {"content": summarize(body["messages"][1]["content"])}
    prompt = body["messages"][1]["content"]
    if "Mária Nováková" in prompt.rsplit("Otázka:", 1)[-1]:
        sid = sid_of(prompt, "Mária Nováková")
        return claims(title_claim("Mária Nováková", NOVAKOVA_TITLE, sid, "bachelor"))
    return claims(title_claim("Ján Holp", HOLP_MASTER, sid_of(prompt, "Ján Holp"), "master"))


# --- condensation ------------------------------------------------------------------------


def test_condensation_costs_one_call_per_distinct_evidence(
    gen, tiny_workspace, llm, client, tmp_path
):
    emb = tiny_workspace.embedder
    llm.responder = honest
    cache = CondenseCache(tmp_path / "cache.sqlite")
    try:
        first = answer(gen, emb, read(gen, Q_HOLP), CONDENSING, client=client, cache=cache)
        assert first.condensed["applied"] is True and first.condensed["cached"] is False
        assert first.condensed["tokens_before"] > CONDENSING.context_tokens
        assert first.accepted_for_delivery and HOLP_MASTER in first.answer
        assert len(condense_calls(llm)) == 1 and len(llm.requests) == 2
        assert first.llm.calls == 2  # the condensation is counted
        # the model answered from the summary, not from the whole evidence
        claims_prompt = llm.requests[1]["messages"][1]["content"]
        assert summarize(condense_calls(llm)[0]["messages"][1]["content"]) in claims_prompt
        assert "Rok začiatku štúdia" not in claims_prompt

        # other evidence: a new condensation call
        other = answer(gen, emb, read(gen, Q_NOVAKOVA), CONDENSING, client=client, cache=cache)
        assert other.condensed["cached"] is False
        assert other.accepted_for_delivery and NOVAKOVA_TITLE in other.answer
        assert len(condense_calls(llm)) == 2
        evidence = [c["messages"][1]["content"] for c in condense_calls(llm)]
        assert evidence[0] != evidence[1]

        # the same evidence again, for either question: served from the cache
        for q in (Q_HOLP, Q_NOVAKOVA):
            again = answer(gen, emb, read(gen, q), CONDENSING, client=client, cache=cache)
            assert again.condensed["applied"] is True and again.condensed["cached"] is True
            assert again.llm.calls == 1 and again.accepted_for_delivery
        assert len(condense_calls(llm)) == 2 and len(llm.requests) == 6
    finally:
        cache.close()

    # the cache is a file: a new process (a new CondenseCache) still has it
    reopened = CondenseCache(tmp_path / "cache.sqlite")
    try:
        r = answer(gen, emb, read(gen, Q_HOLP), CONDENSING, client=client, cache=reopened)
        assert r.condensed["cached"] is True and len(condense_calls(llm)) == 2
        # ... keyed by the model too: another model condenses for itself
        other_model = ChatClient(LLMConfig(url=llm.url, model="another-model", retries=0))
        try:
            r = answer(gen, emb, read(gen, Q_HOLP), CONDENSING, client=other_model, cache=reopened)
        finally:
            other_model.close()
        assert r.condensed["cached"] is False and len(condense_calls(llm)) == 3
    finally:
        reopened.close()


def test_without_a_cache_nothing_is_condensed(gen, tiny_workspace, llm, client):
    llm.responder = honest
    r = answer(
        gen, tiny_workspace.embedder, read(gen, Q_HOLP), CONDENSING, client=client, cache=None
    )
    assert r.condensed is None
    assert r.accepted_for_delivery and HOLP_MASTER in r.answer
    assert condense_calls(llm) == [] and len(llm.requests) == 1
    # the model got the whole evidence
    prompt = llm.requests[0]["messages"][1]["content"]
    assert "Rok začiatku štúdia: 2016" in prompt and HOLP_MASTER in prompt


def test_small_evidence_is_not_condensed_even_with_a_cache(gen, tiny_workspace, llm, client, cache):
    llm.responder = honest
    opts = AnswerOptions(engine="rag", context_tokens=100_000)
    r = answer(gen, tiny_workspace.embedder, read(gen, Q_HOLP), opts, client=client, cache=cache)
    assert r.condensed is None and condense_calls(llm) == [] and r.accepted_for_delivery


def test_claims_are_verified_against_the_original_evidence_not_the_summary(
    gen, tiny_workspace, llm, client, cache
):
    """The summary invents a title; a claim that follows the summary is refused, and a
    claim the summary dropped but the original evidence holds is accepted."""
    invented = "Kvantové počítače v praxi"
    llm.script(
        {"content": f"[S1] Ján Holp\nDiplomová práca 2021, názov: {invented} [S1]"},
        claims(title_claim("Ján Holp", invented, "S1", "master")),
        claims(title_claim("Ján Holp", HOLP_MASTER, "S1", "master")),
    )
    r = answer(
        gen, tiny_workspace.embedder, read(gen, Q_HOLP), CONDENSING, client=client, cache=cache
    )
    assert r.condensed["applied"] and r.condensed["cached"] is False
    # the model saw only the (wrong) summary ...
    first_prompt = llm.requests[1]["messages"][1]["content"]
    assert invented in first_prompt and HOLP_MASTER not in first_prompt
    # ... but the invented title was checked against the page and refused
    assert [(f.attempt, f.code) for f in r.failures] == [
        (1, "unsupported_value"),
        (1, "missing_attribute"),
    ]
    assert r.repair_attempted and r.accepted_for_delivery
    assert [c.value for c in r.claims] == [HOLP_MASTER]
    assert HOLP_MASTER in r.answer and invented not in r.answer

    # the summary is cached: the same wrong claim is refused again, without a condensation
    llm.script(
        claims(title_claim("Ján Holp", invented, "S1", "master")),
        claims(title_claim("Ján Holp", invented, "S1", "master")),
    )
    r = answer(
        gen, tiny_workspace.embedder, read(gen, Q_HOLP), CONDENSING, client=client, cache=cache
    )
    assert r.condensed["cached"] is True and len(condense_calls(llm)) == 1
    # the page's fact is delivered, never the summary's invention
    assert r.mode == "deterministic" and invented not in r.answer
    assert "unsupported_value" in {f.code for f in r.failures}
    assert [c.value for c in r.claims] == [HOLP_MASTER]


# --- engine=auto: the graph and the text together ----------------------------------------

# The graph knows Ján Holp and his start year but not which title is asked here:
# the text adds it (service.gather -> merge_bundles).
Q_BOTH = "Aký názov diplomovej práce má Ján Holp a kedy začal študovať?"


def assert_consistent(bundle) -> None:
    """Sources S1..Sn without gaps or duplicates; the context and facts cite only those."""
    ids = [s.source_id for s in bundle.sources]
    assert ids == [f"S{i}" for i in range(1, len(ids) + 1)]
    paths = [s.document_path for s in bundle.sources]
    assert len(set(paths)) == len(paths)
    assert set(bundle.by_id) == set(ids)
    for sid, ev in bundle.by_id.items():
        assert ev.source.source_id == sid
    assert set(SOURCE_ID.findall(evidence_context(bundle))) <= set(ids)
    assert {f.source_id for f in bundle.facts} <= set(ids)


def test_auto_asks_the_graph_for_every_attribute_the_question_asks(gen, tiny_workspace):
    # One query, two attributes of one person: the graph states both (no gap for
    # the text to fill), each fact with its own evidence line.
    g = graph_of(gen, Q_BOTH)
    assert g.status == "ok" and {"thesis_title", "start_year"} <= g.asked
    facts = {(f.attribute, f.value) for f in g.facts}
    assert ("thesis_title", HOLP_MASTER) in facts and ("start_year", "2016") in facts
    bundle = gather(
        gen,
        tiny_workspace.embedder,
        read(gen, Q_BOTH),
        names_of(gen, Q_BOTH),
        AnswerOptions(engine="auto"),
        llm=False,
    )
    assert bundle.engine == "graph" and bundle.status == "ok"
    assert_consistent(bundle)
    assert bundle.sources[0].document_path == HOLP


def test_merged_sources_are_renumbered_after_the_graphs(gen, tiny_workspace):
    """The text ranks Mária Nováková first and Ján Holp second; the graph has Ján Holp
    as S1. After the merge Ján Holp stays S1 (one source, not two), Mária Nováková
    becomes S2, and the text's context follows the swap."""
    g = graph_of(gen, Q_BOTH)
    text_q = "rozpoznávanie reči pomocou hlbokých neurónových sietí"
    text = rag_bundle(
        gen,
        tiny_workspace.embedder,
        read(gen, text_q),
        names_of(gen, text_q),
        AnswerOptions(engine="rag"),
    )
    assert [s.document_path for s in text.sources] == [NOVAKOVA, HOLP]
    context = evidence_context(text)
    assert "[S1] Mária Nováková" in context and "[S2] Ján Holp" in context
    merged = merge_bundles(g, text)
    assert merged.engine == "rag+graph"
    assert [(s.source_id, s.document_path) for s in merged.sources] == [
        ("S1", HOLP),
        ("S2", NOVAKOVA),
    ]
    assert_consistent(merged)
    context = evidence_context(merged)
    assert "[S2] Mária Nováková" in context and "[S1] Ján Holp" in context
    assert "[S1] Mária Nováková" not in context and "[S2] Ján Holp" not in context
    # each page's facts follow it
    assert ("thesis_title", NOVAKOVA_TITLE, "S2") in {
        (f.attribute, f.value, f.source_id) for f in merged.facts
    }
    # the text about each person stays with that person's source
    assert NOVAKOVA_TITLE in merged.text_of("S2") and NOVAKOVA_TITLE not in merged.text_of("S1")
    assert "Rok začiatku štúdia: 2016" in merged.text_of("S1")
    assert merged.by_id["S2"].source.source_url == text.by_id["S1"].source.source_url


def test_auto_answer_with_an_llm_renders_the_graphs_facts(gen, tiny_workspace, llm, client):
    llm.script(
        claims(
            title_claim("Ján Holp", HOLP_MASTER, "S1", "master"),
            {"kind": "start_year", "subject": "Ján Holp", "value": "2016", "sources": ["S1"]},
        )
    )
    r = answer(
        gen, tiny_workspace.embedder, read(gen, Q_BOTH), AnswerOptions(engine="auto"), client=client
    )
    # The graph states both facts: they are rendered from it, whatever the model says.
    assert r.engine_requested == "auto" and r.engine_used == "graph"
    assert r.status == "ok" and r.accepted_for_delivery
    assert r.failures == []
    assert {("thesis_title", HOLP_MASTER), ("start_year", "2016")} <= {
        (c.kind, c.value) for c in r.claims
    }
    assert HOLP_MASTER in r.answer and "2016" in r.answer and "[S1]" in r.answer
    ids = [s.source_id for s in r.sources]
    assert ids == [f"S{i}" for i in range(1, len(ids) + 1)]
    assert len({s.document_path for s in r.sources}) == len(ids)
    assert llm.requests == []  # graph facts are exact: no model is asked


def test_auto_answer_without_an_llm_renders_the_graphs_facts(gen, tiny_workspace):
    r = answer(gen, tiny_workspace.embedder, read(gen, Q_BOTH), AnswerOptions(engine="auto"))
    assert r.engine_used == "graph" and r.llm.used is False
    assert r.status == "ok" and r.accepted_for_delivery and r.mode == "deterministic"
    assert "rok začiatku štúdia: 2016 [S1]" in r.answer
    assert HOLP_MASTER in r.answer
    assert ("thesis_title", HOLP_MASTER) in {(c.kind, c.value) for c in r.claims}


def test_a_question_the_graph_answers_alone_uses_only_the_graph(gen, tiny_workspace):
    q = "Kto viedol diplomovú prácu Jána Holpa?"
    r = answer(gen, tiny_workspace.embedder, read(gen, q), AnswerOptions(engine="auto"))
    assert r.engine_used == "graph"
    assert [s.document_path for s in r.sources] == [HOLP]


# --- clarification: every candidate is named -----------------------------------------


def student(name: str, start: int, kind: str, year: int, title: str) -> str:
    cat = ("bp" if kind.startswith("Bak") else "dp") + str(year)
    return f"""---
title: {name}
taxonomy:
    category: [{cat}]
---
# {name}

- Rok začiatku štúdia: {start}

## {kind} {year}

Názov práce: {title}

Vedúci práce: Ing. Daniel Hládek, PhD.
"""


MARTINS = {
    "Martin Horváth": ("mh123ab", 2015, "Bakalárska práca", 2018, "Analýza sentimentu recenzií"),
    "Martin Kováč": ("mk234bc", 2016, "Diplomová práca", 2021, "Detekcia objektov v obraze"),
    "Martin Novák": ("mn345cd", 2017, "Bakalárska práca", 2020, "Sumarizácia správ"),
}
SURNAMES = [
    "Baláž",
    "Blaho",
    "Čierny",
    "Dudáš",
    "Fekete",
    "Gregor",
    "Hudák",
    "Jurčo",
    "Kello",
    "Lukáč",
    "Mráz",
    "Oravec",
]
TOMAS = {f"Tomáš {s}": s for s in SURNAMES}  # twelve namesakes
# Two students with one full name: only their logins tell them apart.
TWINS = [
    ("jbiel16", 2016, "Bakalárska práca", 2019, "Rozpoznávanie reči v hluku"),
    ("xbielik7", 2018, "Diplomová práca", 2023, "Preklad právnych textov"),
]


def namesake_pages() -> dict[str, str]:
    pages = {}
    for name, (login, start, kind, year, title) in MARTINS.items():
        pages[f"pages/students/{start}/{login}/README.md"] = student(name, start, kind, year, title)
    for login, start, kind, year, title in TWINS:
        pages[f"pages/students/{start}/{login}/README.md"] = student(
            "Jana Bieliková", start, kind, year, title
        )
    for i, (name, surname) in enumerate(TOMAS.items()):
        login = f"tx{i:03d}ab"
        title = f"Systém {surname} pre spracovanie údajov číslo {i}"
        pages[f"pages/students/2019/{login}/README.md"] = student(
            name, 2019, "Bakalárska práca", 2022, title
        )
    return pages


@pytest.fixture(scope="module")
def namesakes(tmp_path_factory):
    ws = built_workspace(tmp_path_factory, "namesake", namesake_pages())
    with ws.open_current() as g:
        yield ws, g


@pytest.mark.parametrize("engine", ["graph", "auto"])
def test_a_first_name_alone_asks_which_person_naming_every_candidate(
    namesakes, engine, llm, client
):
    ws, g = namesakes
    r = answer(
        g, ws.embedder, read(g, "Aký názov práce má Martin?"), AnswerOptions(engine=engine), client
    )
    assert r.engine_used == "none"  # the names were resolved before any engine ran
    assert r.status == "ambiguous" and r.reason == "ambiguous_person"
    assert r.mode == "clarify" and r.accepted_for_delivery
    assert sorted(c["name"] for c in r.candidates) == sorted(MARTINS)
    assert r.answer.startswith("Otázke zodpovedá viac osôb. Ktorú z nich máte na mysli?")
    lines = r.answer.splitlines()[1:]
    assert len(lines) == 3
    for name, (_, _, _, year, title) in MARTINS.items():
        # each candidate named once, with what tells them apart
        (line,) = [ln for ln in lines if ln.startswith(f"- {name} (")]
        assert str(year) in line and title in line
    assert r.claims == [] and llm.requests == []  # nothing guessed, no LLM asked


def test_namesakes_with_one_full_name_are_told_apart_by_login(namesakes):
    ws, g = namesakes
    r = answer(g, ws.embedder, read(g, "Akú prácu písala Jana Bieliková?"), AnswerOptions())
    assert r.status == "ambiguous" and len(r.candidates) == 2
    lines = r.answer.splitlines()[1:]
    for login, _, _, year, title in TWINS:
        (line,) = [ln for ln in lines if ln.startswith(f"- Jana Bieliková ({login})")]
        assert str(year) in line and title in line
    # the login the clarification showed picks that one person
    r = answer(g, ws.embedder, read(g, "Akú prácu písal xbielik7?"), AnswerOptions())
    assert r.status == "ok" and TWINS[1][4] in r.answer and TWINS[0][4] not in r.answer


def test_clarification_names_every_one_of_many_namesakes(namesakes):
    ws, g = namesakes
    names = names_of(g, "Aký názov práce má Tomáš?")
    assert names.status == "ambiguous"
    assert sorted(c["name"] for c in names.candidates) == sorted(TOMAS)
    text = render_clarification(names.candidates)
    missing = [name for name in TOMAS if name not in text]
    assert missing == [], f"clarification drops candidates: {missing}"
    r = answer(g, ws.embedder, read(g, "Aký názov práce má Tomáš?"), AnswerOptions(engine="graph"))
    assert r.status == "ambiguous" and len(r.candidates) == len(TOMAS)
    assert [name for name in TOMAS if name not in r.answer] == []


@pytest.mark.parametrize("reply", ["tú, čo robila preklad právnych textov", "xbielik7"])
def test_a_reply_picks_a_namesake_by_her_title_words_or_login(namesakes, reply):
    ws, _ = namesakes
    ask, picked = chat(ws, "Kto viedol prácu Jany Bielikovej?", reply)
    assert ask.status == "ambiguous", ask.text
    assert picked.status == "ok", picked.text
    assert TWINS[1][4] in picked.text and TWINS[0][4] not in picked.text


@pytest.mark.parametrize("pick", ["xbielik7", "jbiel16"])
@pytest.mark.parametrize("other", ["a tá druhá?", "and the other one?"])
def test_the_other_namesake_after_one_was_picked(namesakes, pick, other):
    """ "a tá druhá?" after picking one of two namesakes is the one not picked, whichever
    place either had in the list."""
    ws, _ = namesakes
    titles = {login: title for login, *_, title in TWINS}
    *_, reply = chat(ws, "Kto viedol prácu Jany Bielikovej?", pick, other)
    (rest,) = [login for login in titles if login != pick]
    assert titles[rest] in reply.text and titles[pick] not in reply.text, reply.text
