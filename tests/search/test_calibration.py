"""The relevance gate fitted per wiki at index time (search/calibration.py, gate.py).

On the sample wiki, built once per session: the fitted gate is stored in the
generation and served by /health; a question no page answers is refused but
its ranked evidence is shown; a remembered title is answered. The fitting
rule itself is checked on synthetic evidence, including the guard that lowers
a gate refusing the wiki's own known items, and a tiny wiki keeps the
generic gate.
"""

from __future__ import annotations

from dataclasses import asdict

import pytest

from tests.conftest import built_workspace
from zpagent.requests import RagRequest, SearchRequest
from zpagent.search import calibration
from zpagent.search.gate import ANSWER_MIN, GATE_VERSION, Evidence, Gate
from zpagent.search.probes import PROBES


@pytest.fixture(scope="module")
def gen(sample_workspace):
    with sample_workspace.open_current() as g:
        yield g


def test_the_build_stores_a_gate_fitted_on_this_wiki(gen):
    fitted = gen.gate
    assert fitted is not None and fitted["version"] == GATE_VERSION
    assert fitted["null_questions"] == len(PROBES)
    # The null's own answered share is what NULL_QUANTILE lets through, no more.
    assert fitted["null_answered"] <= 1 - calibration.NULL_QUANTILE + 1 / len(PROBES)
    assert fitted["known_answered"] >= calibration.KNOWN_MIN
    gate = Gate.of(fitted)
    assert gate.calibrated and gate.similarity_sd > 0


def test_an_off_topic_question_is_refused_with_its_evidence_shown(sample_workspace):
    resp = sample_workspace.search(SearchRequest(query="Aký je recept na sviečkovú na smotane?"))
    assert resp.status == "no_answer"
    assert resp.confidence is not None and resp.confidence.calibrated
    if resp.results:  # candidates above a retriever's floor are shown, flagged
        assert resp.reason == "low_confidence" and resp.confidence.level == "low"
        assert resp.confidence.margin < 0


def test_a_remembered_title_is_answered_with_high_confidence(sample_workspace):
    resp = sample_workspace.search(SearchRequest(query="pravidla pre zaverecne prace"))
    assert resp.status == "ok" and resp.reason is None
    assert resp.confidence.level == "high" and resp.confidence.margin >= 0


def test_rag_gives_no_evidence_below_the_gate(sample_workspace):
    resp = sample_workspace.rag(
        RagRequest(query="Kto vyhral majstrovstvá sveta vo futbale v roku 1998?", mode="hybrid")
    )
    assert resp.status == "no_answer" and resp.evidence == []
    assert resp.reason in ("low_confidence", "no_matching_sources")


def _ev(relevance: float, similarity: float) -> Evidence:
    return Evidence(relevance=relevance, similarity=similarity)


def test_the_gate_lets_through_about_the_null_quantile_of_unrelated_questions():
    null = [_ev(0.3 + 0.01 * i, 0.80 + 0.001 * i) for i in range(40)]
    known = [_ev(1.5, 0.9)] * 20
    fitted = calibration.fit(null, known)
    gate = Gate.of(fitted)
    passed = sum(gate.score(e) >= gate.answer_min for e in null)
    assert passed == 4  # the top 10 % of a strictly ordered null
    assert fitted["known_answered"] == 1.0 and not fitted["lowered_for_known_items"]
    assert fitted["keep_min"] == pytest.approx(0.495)


def test_a_gate_that_refuses_the_wikis_own_pages_is_lowered():
    null = [_ev(0.3 + 0.01 * i, 0.80 + 0.001 * i) for i in range(40)]
    # Known items that look like the middle of the null: the gate would refuse most.
    known = [_ev(0.5 + 0.005 * i, 0.82) for i in range(20)]
    fitted = calibration.fit(null, known)
    assert fitted["lowered_for_known_items"]
    assert fitted["known_answered"] >= calibration.KNOWN_MIN


def test_one_extreme_number_does_not_outvote_the_other():
    gate = Gate(0.5, 0.1, 0.8, 0.01, answer_min=2.0, keep_min=0.4, calibrated=True)
    # A rare word matched fully, but no dense candidate at all (similarity 0).
    assert gate.score(_ev(5.0, 0.0)) == pytest.approx(6.0 - 3.0)


@pytest.mark.parametrize(
    "stored",
    [
        {"version": 1, "answer_min": 0.9, "agree_min": 0.7, "keep_min": 0.7},
        {"version": GATE_VERSION, "answer_min": 0.9},
        {"version": GATE_VERSION, **dict.fromkeys(asdict(Gate.of(None)), "x")},
        {"version": GATE_VERSION, **dict.fromkeys(asdict(Gate.of(None)), "nan")},
    ],
    ids=["older layout", "keys missing", "not numbers", "not finite"],
)
def test_a_stored_gate_that_cannot_be_read_is_never_misread(stored):
    assert Gate.of(stored) == Gate.of(None)
    assert not Gate.of(stored).calibrated


def test_a_tiny_wiki_keeps_the_generic_gate(tmp_path_factory):
    pages = {
        f"pages/p{i}/README.md": f"# Stránka {i}\n\nText o téme číslo {i}.\n" for i in range(3)
    }
    ws = built_workspace(tmp_path_factory, "tiny", pages)
    with ws.open_current() as g:
        assert g.gate is None
    resp = ws.search(SearchRequest(query="Stránka 1"))
    assert resp.confidence is not None and not resp.confidence.calibrated
    assert Gate.of(None).answer_min == ANSWER_MIN["hybrid"]
