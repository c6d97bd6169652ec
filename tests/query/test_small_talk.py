"""The small-talk gate: every clause must be small talk; replies answer each part."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from zpagent.eval.datasets import load_dataset, split_hash
from zpagent.eval.small_talk import run_small_talk
from zpagent.query import understand as analyze
from zpagent.query.small_talk import reply

REPO = Path(__file__).resolve().parents[2]
DATASET = REPO / "eval" / "datasets" / "small_talk.json"
GENERATOR = REPO / "eval" / "datasets" / "make_small_talk_dataset.py"
# The test split is frozen: a deliberate change updates this hash in the same change.
TEST_SPLIT_HASH = "eaf8149ac449b8483931af5cd4f939b5024402badbc9203ad8fedd0a907ed8ea"


@pytest.mark.parametrize(
    ("turn", "kinds"),
    [
        ("Ahoj, ako sa máš?", ("greeting", "wellbeing")),
        ("Dobrý deň, ďakujem za pomoc!", ("greeting", "thanks")),
        ("čau, čo vieš?", ("greeting", "capabilities")),
        ("cau, co vies", ("greeting", "capabilities")),
        ("Kto si?", ("identity",)),
        ("Hello, who are you?", ("greeting", "identity")),
        ("Ďakujem veľmi pekne. Dovidenia!", ("thanks", "bye")),
        ("Ahoj ZP Agent", ("greeting",)),
        ("Mám otázku.", ("ask",)),
    ],
)
def test_small_talk_is_recognized_with_its_parts(turn, kinds):
    talk = analyze(turn).small_talk
    assert talk is not None and talk.kinds == kinds


@pytest.mark.parametrize(
    "question",
    [
        "Ahoj, kto viedol prácu Jána Holpa?",
        "Kto si vybral tému Rozpoznávanie reči?",
        "Čo vieš o práci Jána Holpa?",
        "Ďakujem, a kto viedol jeho diplomovú prácu?",
        "Hi, who supervised Ján Holp?",
        "Pomoc s citovaním zdrojov",
    ],
)
def test_a_real_question_is_never_small_talk(question):
    assert analyze(question).small_talk is None


def test_the_question_without_its_greeting_is_what_retrieval_sees():
    q = analyze("Ahoj, kto viedol prácu Jána Holpa? Ďakujem.")
    assert q.core == "kto viedol prácu Jána Holpa?"
    assert q.text == "Ahoj, kto viedol prácu Jána Holpa? Ďakujem."
    assert "supervisor" in q.attributes


def test_replies_answer_every_part_in_the_turns_language():
    text = reply(analyze("Ahoj, ako sa máš?").small_talk)
    assert text.startswith("Dobrý deň!") and "mám sa dobre" in text and "pomôcť" in text
    text = reply(analyze("Hello, what can you do?").small_talk)
    assert text.startswith("Hello!") and "I answer questions" in text
    assert reply(analyze("Ďakujem, dovidenia").small_talk) == "Rado sa stalo. Dovidenia!"


def test_the_dataset_is_large_enough_and_reproducible():
    ds = load_dataset(DATASET, strict=True)
    talk = [i for i in ds.items if ds.typed_expect(i).small_talk]
    assert len(talk) >= 150 and len(ds.items) - len(talk) >= 150
    assert {i.split for i in ds.items} == {"dev", "test"}
    res = subprocess.run(
        [sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True, check=False
    )
    assert res.returncode == 0, res.stderr


def test_the_test_split_is_frozen():
    assert split_hash(load_dataset(DATASET), "test") == TEST_SPLIT_HASH


def test_no_error_on_the_dev_split():
    report = run_small_talk(load_dataset(DATASET, strict=True), "dev")
    assert report["small_talk_missed"] == 0.0, report["failures"]
    assert report["questions_taken_for_small_talk"] == 0.0, report["failures"]
