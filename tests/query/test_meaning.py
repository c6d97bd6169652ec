"""Linking a phrase to a lexicon entry by meaning: the nearest entry only when it
stands clearly above the next one, and a query read that way is never exact."""

from __future__ import annotations

import numpy as np

from zpagent.query import understand
from zpagent.query.lexicon import Lexicon, PhraseEntry
from zpagent.query.meaning import MARGIN, PhraseMeaning

TOPICS = [
    PhraseEntry("analyza-textu", "Analýza textu", ()),
    PhraseEntry("rozpoznavanie-reci", "Rozpoznávanie reči", ()),
    PhraseEntry("synteza-reci", "Syntéza reči", ()),
]
# A scripted embedding: each text a fixed unit vector (the model is not the subject).
VECTORS = {
    "Analýza textu": [1.0, 0.0, 0.0],
    "Rozpoznávanie reči": [0.0, 1.0, 0.0],
    "Syntéza reči": [0.0, 0.98, 0.2],
    "text analysis": [0.95, 0.1, 0.0],
}


def _vec(text: str) -> np.ndarray:
    if text == "speech":  # halfway between recognition and synthesis: a tie
        v = _vec("Rozpoznávanie reči") + _vec("Syntéza reči")
    else:
        v = np.asarray(VECTORS[text], dtype=np.float32)
    return v / np.linalg.norm(v)


def _meaning(calls: list[str]) -> PhraseMeaning:
    def passages(texts: list[str]) -> np.ndarray:
        calls.extend(texts)
        return np.stack([_vec(t) for t in texts])

    return PhraseMeaning(passages, _vec)


def test_the_clearly_nearest_entry_is_linked_once_embedded():
    calls: list[str] = []
    meaning = _meaning(calls)
    assert meaning.link("topic", "text analysis", TOPICS).id == "analyza-textu"
    assert meaning.link("topic", "text analysis", TOPICS).id == "analyza-textu"
    assert calls == [t.name for t in TOPICS]  # the entries embedded once


def test_no_link_without_a_margin():
    near = _vec("speech") @ np.stack([_vec(t.name) for t in TOPICS]).T
    top = sorted(near.tolist(), reverse=True)
    assert top[0] - top[1] < MARGIN  # the scripted case is a near tie
    assert _meaning([]).link("topic", "speech", TOPICS) is None


def test_a_query_read_by_meaning_is_not_exact():
    lexicon = Lexicon(topics=TOPICS)
    lexicon.meaning = _meaning([])
    q = understand("How many students are listed under the text analysis topic?", lexicon)
    (cond,) = [c for c in q.conditions if c.relation == "topic"]
    assert cond.refs[0].ids == ("analyza-textu",) and cond.refs[0].match == "meaning"
    assert q.read_whole and not q.understood


PROJECTS = [
    PhraseEntry("parkovanie", "Inteligentné parkovanie v kampuse", ()),
    PhraseEntry("ucebnice", "Platforma na výmenu učebníc", ()),
]
ROLES = [
    PhraseEntry("mobilna aplikacia", "mobilná aplikácia", ()),
    PhraseEntry("backend", "backend", ()),
]
# "mobile app" is a little nearer the textbook platform than the role is clear, but
# much nearer its role; "campus parking" is clearly the parking project.
TEAM_VECTORS = {
    "Inteligentné parkovanie v kampuse": [1.0, 0.0, 0.0, 0.0],
    "Platforma na výmenu učebníc": [0.0, 1.0, 0.0, 0.0],
    "mobilná aplikácia": [0.0, 0.0, 1.0, 0.0],
    "backend": [0.0, 0.0, 0.0, 1.0],
    "mobile app": [0.0, 0.3, 0.9, 0.0],
    "campus parking": [0.95, 0.1, 0.0, 0.0],
}


def _team_vec(text: str) -> np.ndarray:
    v = np.asarray(TEAM_VECTORS[text], dtype=np.float32)
    return v / np.linalg.norm(v)


def test_the_clearest_links_win_one_per_phrase_and_kind():
    lexicon = Lexicon(projects=PROJECTS, roles=ROLES)
    lexicon.meaning = PhraseMeaning(lambda ts: np.stack([_team_vec(t) for t in ts]), _team_vec)
    q = understand("who did the mobile app in the campus parking team project?", lexicon)
    linked = {c.relation: c.refs[0].ids for c in q.conditions if c.relation in ("project", "role")}
    assert linked == {"project": ("parkovanie",), "role": ("mobilna aplikacia",)}, q.conditions
