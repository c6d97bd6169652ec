"""A word of a fact question the query did not read ("anglický názov", "původní
název") brings the named person's own line that says it, beside the typed fact; a
name no line says leaves no quote."""

from __future__ import annotations

from tests.conftest import make_workspace, write_pages
from zpagent.answer.quotes import Quote
from zpagent.answer.unread import unnamed_term
from zpagent.query import understand
from zpagent.query.lexicon import Lexicon
from zpagent.requests import AnswerRequest


def test_a_word_the_graph_did_not_read_brings_the_line_that_says_it(tmp_path):
    """ "Aký je anglický názov …?": the typed title answers as far as the question was
    understood, and the page's own line with the unread word is shown beside it."""
    pages = {
        "pages/students/2018/dd104xy/README.md": """# Dana Dudová

## Diplomová práca 2022

Názov práce: Detekcia prekrývajúcej sa reči

Názov v angličtine: Overlapped speech detection

Vedúci: Ing. Daniel Hládek, PhD.

Pôvodný názov práce bol „Prekrývajúca sa reč v rozhovoroch“, potom sa zmenil.
""",
    }
    ws = make_workspace(tmp_path / "data")
    ws.index(write_pages(tmp_path / "wiki", pages))
    answer = ws.answer(AnswerRequest(query="Aký je anglický názov diplomovky Dany Dudovej?"))
    assert "Overlapped speech detection" in answer.answer
    assert "Pôvodný" not in answer.answer  # a line that does not say the word
    original = ws.answer(AnswerRequest(query="Jaký byl původní název diplomky Dany Dudové?"))
    assert "Prekrývajúca sa reč v rozhovoroch" in original.answer
    plain = ws.answer(AnswerRequest(query="Aký je názov diplomovky Dany Dudovej?"))
    assert "Overlapped" not in plain.answer and "Detekcia prekrývajúcej sa reči" in plain.answer


def test_a_name_no_line_says_leaves_no_quote():
    """ "Aká je maximálna dĺžka úlohy v Slurme?" on a wiki whose Slurm guide is hidden:
    a line about another server's task length answers another question."""
    question = understand("Aká je maximálna dĺžka jednej úlohy v Slurme?", Lexicon())
    assert question.unknown_names == ("Slurme",)
    other = [Quote("S1", "Maximálna dĺžka jednej úlohy na katedrovom serveri je 20 minút.")]
    assert unnamed_term(other, question)
    said = [Quote("S1", "V Slurme je maximálna dĺžka jednej úlohy 48 hodín.")]
    assert not unnamed_term(said, question)
    # A question without such a name is not held back.
    assert not unnamed_term(other, understand("Aká je maximálna dĺžka úlohy?", Lexicon()))


def test_a_supervisor_comes_with_the_affiliation_the_line_gives(tmp_path):
    pages = {
        "pages/students/2019/ff106xy/README.md": """# Filip Fabo

## Diplomová práca 2021

Názov práce: Spätný preklad

Vedúca práce: Dr. Anna Weber (TU Wien)

Konzultant: Ing. Peter Kováč, PhD.
""",
    }
    ws = make_workspace(tmp_path / "data")
    ws.index(write_pages(tmp_path / "wiki", pages))
    answer = ws.answer(AnswerRequest(query="Kto viedol diplomovku Filipa Fabu?"))
    assert "Anna Weber (TU Wien)" in answer.answer
    consultant = ws.answer(AnswerRequest(query="Kto konzultoval diplomovku Filipa Fabu?"))
    assert "konzultant: Peter Kováč [S1]" in consultant.answer  # no affiliation invented
