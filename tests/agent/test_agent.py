"""The main agent: follow-ups made explicit, clarifications carried over, routing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.history.wiki_repo import HOLP
from zpagent.agent.agent import run_agent
from zpagent.agent.conversation import EmptyConversation, UnsupportedContent, turns_from_messages
from zpagent.agent.rewrite import with_note
from zpagent.answer.gather import AnswerOptions
from zpagent.eval.conversations import run_conversations
from zpagent.eval.datasets import load_dataset, split_hash

REPO = Path(__file__).resolve().parents[2]
DATASET = REPO / "eval" / "datasets" / "conversations.json"
GENERATOR = REPO / "eval" / "datasets" / "make_conversations_dataset.py"
# The test split is frozen: a deliberate change updates this hash in the same change.
TEST_SPLIT_HASH = "2a82265f8aeaad5b993bdd089c19178325b42f9f2a058bba2933626a8bd4c2a1"


@pytest.fixture(scope="module")
def sample(sample_workspace):
    with sample_workspace.open_current() as gen:
        yield sample_workspace, gen


def chat(ws, gen, *turns: str, engine: str = "auto"):
    """Play the turns; return the agent's reply to the last one."""
    messages: list[dict[str, str]] = []
    reply = None
    for turn in turns:
        messages.append({"role": "user", "content": turn})
        reply = run_agent(gen, ws, messages, AnswerOptions(engine=engine))
        messages.append({"role": "assistant", "content": reply.text})
    return reply


@pytest.mark.parametrize("engine", ["auto", "rag", "graph"])
def test_a_pronoun_follow_up_is_about_the_person_before(sample, engine):
    ws, gen = sample
    reply = chat(
        ws,
        gen,
        "Aký názov práce má Ján Holp?",
        "A kto bol jeho vedúci pri diplomovej práci?",
        engine=engine,
    )
    assert reply.rewritten and "Ján Holp" in reply.question
    assert "Daniel Hládek" in reply.text and "Marek Bielik" not in reply.text
    assert [m.id for m in reply.response.matched] == ["jan-holp"]


def test_a_year_changes_the_last_question(sample):
    ws, gen = sample
    reply = chat(ws, gen, "Koľko študentov malo diplomovú prácu v roku 2021?", "a v roku 2022?")
    assert reply.question == "Koľko študentov malo diplomovú prácu v roku 2022?"
    assert reply.text.startswith("Počet: ")


def test_a_clarification_is_resolved_by_the_next_turn(sample):
    ws, gen = sample
    first = chat(ws, gen, "Aká je diplomová práca Martina Horvátha?")
    assert first.status == "ambiguous"
    for answer_turn in ("ten z roku 2021", "ten druhý", "mh456cd"):
        reply = chat(ws, gen, "Aká je diplomová práca Martina Horvátha?", answer_turn)
        assert reply.status == "ok", answer_turn
        assert "Sledovanie osôb vo videozáznamoch" in reply.text, answer_turn
        assert [m.id for m in reply.response.matched] == ["martin-horvath-mh456cd"]


def test_small_talk_keeps_the_conversation(sample):
    ws, gen = sample
    reply = chat(ws, gen, "Aký názov práce má Ján Holp?", "Ďakujem!", "A kedy začal študovať?")
    assert "2016" in reply.text and reply.route == "answer"
    assert chat(ws, gen, "Ahoj, ako sa máš?").route == "small_talk"


def test_a_turn_that_names_its_own_person_is_not_rewritten(sample):
    ws, gen = sample
    reply = chat(ws, gen, "Aký názov práce má Ján Holp?", "Kto viedol prácu Petry Tóthovej?")
    assert not reply.rewritten and "Ján Holp" not in reply.text


def test_an_unknown_name_in_a_follow_up_is_not_replaced_by_the_last_person(sample):
    ws, gen = sample
    reply = chat(ws, gen, "Aký názov práce má Ján Holp?", "A kto viedol prácu Karola Holpa?")
    assert reply.status == "no_answer" and "Ján Holp" in reply.text  # a near miss, named so
    assert reply.response.reason == "unknown_person"


def test_history_questions_go_to_the_wikis_git_history(git_workspace):
    with git_workspace.open_current() as gen:
        reply = chat(
            git_workspace, gen, "Kedy sa naposledy zmenila stránka Jána Holpa a čo sa zmenilo?"
        )
    assert reply.route == "history" and reply.status == "ok"
    assert reply.sources and all(s.commit for s in reply.sources)
    assert all(s.document_path == HOLP for s in reply.sources)


def test_what_the_agent_cannot_read_is_refused():
    with pytest.raises(UnsupportedContent):
        turns_from_messages([{"role": "user", "content": [{"type": "image_url"}]}])
    with pytest.raises(UnsupportedContent):
        turns_from_messages([{"role": "tool", "content": "x"}, {"role": "user", "content": "y"}])
    with pytest.raises(EmptyConversation):
        turns_from_messages(
            [{"role": "user", "content": "x"}, {"role": "assistant", "content": "y"}]
        )
    turns = turns_from_messages(
        [
            {"role": "system", "content": "s"},
            {"role": "user", "content": [{"type": "text", "text": "a"}]},
        ]
    )
    assert [(t.role, t.text) for t in turns] == [("user", "a")]


def test_notes_go_before_the_final_punctuation():
    assert with_note("Kto ju viedol?", "Ján Holp") == "Kto ju viedol (Ján Holp)?"
    assert with_note("a v roku 2022", "x") == "a v roku 2022 (x)"


def test_the_dataset_is_large_enough_reproducible_and_frozen():
    ds = load_dataset(DATASET, strict=True)
    assert len(ds.items) >= 40 and {i.split for i in ds.items} == {"dev", "test"}
    res = subprocess.run(
        [sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stderr
    assert split_hash(ds, "test") == TEST_SPLIT_HASH


def test_every_dev_conversation_is_answered_about_the_right_person(sample):
    ws, gen = sample
    report = run_conversations(gen, ws, load_dataset(DATASET, strict=True), "dev", AnswerOptions())
    assert report["failures"] == []
