"""Follow-ups made explicit: "jeho", "tá práca", "a v roku 2022?", "ten z roku 2021".

The agent keeps no state between requests: the conversation carries it.
Each user turn is rewritten, in order, into an explicit question that needs
no earlier turn, given what the earlier turns were about (``State``):

- an answer to a clarifying question ("ten z roku 2021", "druhý", the full
  name, a title word) picks a candidate; the question that was ambiguous is
  asked again with the candidate's login, which the graph resolves exactly;
- a turn with only a year, a thesis kind or a name ("a v roku 2022?",
  "A bakalárske?", "A Petra Tóthová?") replaces those in the last question;
- a turn that refers to someone ("jeho vedúci", "kedy začala?", "kto ju
  viedol?") gets the persons last talked about, and the thesis kind when it
  refers to the thesis.

Nothing is guessed: a turn that names its own persons, or that cannot be
completed, is kept as it is, and the answer pipeline decides.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from zpagent.answer.subjects import Names, Subject
from zpagent.question import Question, analyze

PERSON_ANAPHORS = frozenset(
    """jeho jej ich ho mu jemu nej neho nemu nom on ona oni ono ten ta tento tato tohto tejto
    toho tej tomu spominany spominana spominaneho spominanej dany dana daneho danej uvedeny
    uvedena his her him he she their they them""".split()
)
THESIS_ANAPHORS = frozenset("ju nej nou it".split())
THESIS_PHRASE = re.compile(r"\b(?:ta|tu|tej|tou|tato|tuto|tejto) (?:prac|bakalar|diplom|dizert)")
ORDINALS = {
    0: ("prv", "first", "1"),
    1: ("druh", "second", "2"),
    2: ("tret", "third", "3"),
    -1: ("posledn", "last"),
}
_FOLLOW_UP_START = re.compile(r"^(?:a|aj|and|what about|a co|a ako|tak)\b")
_WORD = re.compile(r"\w+")


@dataclass
class Clarification:
    question: Question  # the explicit question that was ambiguous
    candidates: list[dict[str, Any]]


@dataclass
class State:
    subjects: list[Subject] = field(default_factory=list)  # the persons last talked about
    last: Question | None = None  # the last explicit question
    clarify: Clarification | None = None  # the last answer asked "which one?"


@dataclass
class Rewritten:
    text: str  # the explicit question
    changed: bool = False
    chosen: dict[str, Any] | None = None  # the candidate a clarification picked


Resolver = Callable[[Question], Names]


def _words(q: Question) -> list[str]:
    return [t.folded.lower() for t in q.tokens]


def with_note(text: str, note: str) -> str:
    """``text`` with ``note`` in parentheses before its final punctuation."""
    stripped = text.rstrip()
    end = stripped[-1] if stripped and stripped[-1] in "?.!" else ""
    return f"{stripped.rstrip('?.! ')} ({note}){end}"


def _login(candidate: dict[str, Any]) -> str:
    path = candidate.get("document_path") or ""
    parts = path.split("/")
    return parts[-2] if len(parts) >= 2 else str(candidate.get("name") or "")


def choose_candidate(
    q: Question, candidates: list[dict[str, Any]], resolve: Resolver
) -> dict[str, Any] | None:
    """The candidate a reply to "which one?" names, or None."""
    if not candidates:
        return None
    words = _words(q)
    for year in q.years:
        fitting = [c for c in candidates if str(year) in str(c.get("hint") or "")]
        if len(fitting) == 1:
            return fitting[0]
    logins = [c for c in candidates if _login(c).lower() in words]
    if len(logins) == 1:
        return logins[0]
    ids = {s.id for s in resolve(q).subjects}
    named = [c for c in candidates if c.get("id") in ids]
    if len(named) == 1:
        return named[0]
    if len(words) <= 4:
        for index, stems in ORDINALS.items():
            if any(w.startswith(stems) for w in words) and -len(candidates) <= index < len(
                candidates
            ):
                return candidates[index]
    content = {w for w in words if len(w) > 3}
    scored = sorted(
        (
            (len(content & set(_WORD.findall(str(c.get("hint") or "").lower()))), i)
            for i, c in enumerate(candidates)
        ),
        reverse=True,
    )
    if scored and scored[0][0] >= 2 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
        return candidates[scored[0][1]]
    return None


def _elliptical(q: Question) -> bool:
    """A turn that only changes something of the last question ("a v roku 2022?")."""
    short = len(q.tokens) <= 6
    return (
        short
        and not q.asked
        and (bool(_FOLLOW_UP_START.match(q.folded.lower())) or not q.structured)
    )


def _replace_spans(text: str, spans: list[tuple[int, int]], new: str) -> str | None:
    if not spans:
        return None
    a, b = spans[0]
    return text[:a] + new + text[b:]


def _compose(base: Question, q: Question, names: Names, resolve: Resolver) -> str | None:
    """The last question with this turn's years, kinds and persons in place of its own."""
    text = base.core
    changed = False
    if q.years:
        year = str(q.years[0])
        replaced = _replace_spans(text, list(base.year_spans), year)
        text = replaced if replaced is not None else with_note(text, f"v roku {year}")
        changed = True
    if q.kinds:
        a, b = q.kind_spans[0][1], q.kind_spans[0][2]
        kind_words = q.core[a:b]
        base_q = analyze(text)
        spans = [(s, e) for _, s, e in base_q.kind_spans]
        replaced = _replace_spans(text, spans, kind_words)
        text = replaced if replaced is not None else with_note(text, kind_words)
        changed = True
    if names.subjects:
        base_names = resolve(analyze(text))
        pq = base_names.parsed
        mention_spans = []
        if pq is not None:
            base_q = analyze(text)
            for m in pq.persons:
                tokens = base_q.tokens[m.start : m.end]
                if tokens:
                    mention_spans.append((tokens[0].start, tokens[-1].end))
        new = ", ".join(s.name for s in names.subjects)
        replaced = _replace_spans(text, mention_spans, new)
        text = replaced if replaced is not None else with_note(text, new)
        changed = True
    return text if changed else None


def _refers_to_person(q: Question) -> bool:
    return any(w in PERSON_ANAPHORS for w in _words(q))


def _refers_to_thesis(q: Question) -> bool:
    return any(w in THESIS_ANAPHORS for w in _words(q)) or bool(THESIS_PHRASE.search(q.folded))


def rewrite(turn: str, state: State, resolve: Resolver) -> Rewritten:
    """The explicit question for one user turn (see the module docstring)."""
    q = analyze(turn)
    if q.small_talk:
        return Rewritten(q.text)
    if state.clarify is not None:
        chosen = choose_candidate(q, state.clarify.candidates, resolve)
        if chosen is not None:
            text = with_note(state.clarify.question.core, _login(chosen))
            return Rewritten(text, True, chosen)
    names = resolve(q)
    if names.status in ("unknown", "ambiguous"):
        return Rewritten(q.text)
    base = state.last
    if base is not None and _elliptical(q):
        composed = _compose(base, q, names, resolve)
        if composed is not None:
            return Rewritten(composed, True)
    if names.subjects or not state.subjects:
        return Rewritten(q.text)
    pq = names.parsed
    asks_person = (
        bool(q.asked)
        and not q.asked <= {"count"}
        and pq is not None
        and pq.type.startswith(("thesis_", "start_year", "person_"))
    )
    if not (_refers_to_person(q) or _refers_to_thesis(q) or asks_person):
        return Rewritten(q.text)
    note = ", ".join(s.name for s in state.subjects)
    if _refers_to_thesis(q) and not q.kinds and base is not None and base.kinds:
        a, b = base.kind_spans[0][1], base.kind_spans[0][2]
        note += f", {base.core[a:b]}"
    if not q.years and base is not None and base.years and _refers_to_thesis(q):
        note += f", {base.years[0]}"
    return Rewritten(with_note(q.core, note), True)
