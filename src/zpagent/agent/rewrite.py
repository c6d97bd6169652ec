"""Follow-ups made explicit: "jeho", "tá práca", "a v roku 2022?", "ten z roku 2021".

The agent keeps no state between requests: the conversation carries it.
Each user turn is rewritten, in order, into an explicit question that needs
no earlier turn, given what the earlier turns were about (``State``):

- an answer to a clarifying question ("ten z roku 2021", "druhý", the full
  name, a login; see ``clarify``) picks a candidate; the question that was
  ambiguous is asked again with the candidate's login, which the graph
  resolves exactly;
- a turn with only a year, a thesis kind or a name ("a v roku 2022?",
  "A bakalárske?", "A Petra Tóthová?") replaces those in the last question;
- a turn that refers to someone ("jeho vedúci", "kedy začala?", "kto ju
  viedol?") gets the persons last talked about, and the thesis kind when it
  refers to the thesis.

Nothing is guessed, and no question moves to a person the user did not
mean: a turn that names its own persons (known, ambiguous or unknown) is
about them, not a reply to "which one?" and not completed with earlier
persons. A follow-up keeps the identity established before: when the name
alone would now mean a namesake (a new year fits the other Martin Horváth),
the person's login is noted too, so the checked answer is about the same
person, whatever it finds for them. A turn that cannot be completed so is
kept as it is, and the answer pipeline decides.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from zpagent.agent.clarify import Clarification, Resolver, candidate_login, choose_candidate
from zpagent.answer.subjects import Names, Subject
from zpagent.question import Question, analyze

PERSON_ANAPHORS = frozenset(
    """jeho jej ich ho mu jemu nej neho nemu nom on ona oni ono ten ta tento tato tohto tejto
    toho tej tomu spominany spominana spominaneho spominanej dany dana daneho danej uvedeny
    uvedena his her him he she their they them""".split()
)
THESIS_ANAPHORS = frozenset("ju nej nou it".split())
THESIS_PHRASE = re.compile(r"\b(?:ta|tu|tej|tou|tato|tuto|tejto) (?:prac|bakalar|diplom|dizert)")
_FOLLOW_UP_START = re.compile(r"^(?:a|aj|and|what about|a co|a ako|tak)\b")


@dataclass
class State:
    # The persons last talked about; none after a turn that named someone the
    # graph could not tell (unknown, or ambiguous and not resolved).
    subjects: list[Subject] = field(default_factory=list)
    last: Question | None = None  # the last explicit question, without identity notes
    last_subjects: list[Subject] = field(default_factory=list)  # whom ``last`` was about
    clarify: Clarification | None = None  # the last answer asked "which one?"


@dataclass
class Rewritten:
    text: str  # the explicit question
    changed: bool = False
    chosen: dict[str, Any] | None = None  # the candidate a clarification picked
    plain: str = ""  # ``text`` without the logins noted to keep an identity

    def __post_init__(self) -> None:
        self.plain = self.plain or self.text


def _words(q: Question) -> list[str]:
    return [t.folded.lower() for t in q.tokens]


def with_note(text: str, note: str) -> str:
    """``text`` with ``note`` in parentheses before its final punctuation."""
    stripped = text.rstrip()
    end = stripped[-1] if stripped and stripped[-1] in "?.!" else ""
    return f"{stripped.rstrip('?.! ')} ({note}){end}"


def _elliptical(q: Question) -> bool:
    """A turn that only changes something of the last question ("a v roku 2022?")."""
    short = len(q.tokens) <= 6
    return (
        short
        and not q.asked
        and (bool(_FOLLOW_UP_START.match(q.folded.lower())) or not q.structured)
    )


def _noted(text: str, note: str) -> str:
    return with_note(text, note) if note else text


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


def _means_someone_else(names: Names, wanted: set[str]) -> bool:
    """Whether the names may mean a person other than ``wanted`` (a namesake)."""
    return names.status == "ambiguous" or bool(names.ids - wanted)


def _pinned(make: Callable[[str], str], subjects: list[Subject], resolve: Resolver) -> str | None:
    """``make("")``, the question about ``subjects``; ``make(logins)`` when the names
    alone would mean someone else (a namesake); None when even the logins do not
    pin them."""
    text = make("")
    if not subjects:
        return text
    wanted = {s.id for s in subjects}
    if not _means_someone_else(resolve(analyze(text)), wanted):
        return text
    logins = resolve.logins(wanted)
    if not logins:
        return None
    pinned = make(", ".join(logins[s.id] for s in subjects if s.id in logins))
    return None if _means_someone_else(resolve(analyze(pinned)), wanted) else pinned


def _refers_to_person(q: Question) -> bool:
    return any(w in PERSON_ANAPHORS for w in _words(q))


def _refers_to_thesis(q: Question) -> bool:
    return any(w in THESIS_ANAPHORS for w in _words(q)) or bool(THESIS_PHRASE.search(q.folded))


def rewrite(turn: str, state: State, resolve: Resolver) -> Rewritten:
    """The explicit question for one user turn (see the module docstring)."""
    q = analyze(turn)
    if q.small_talk:
        return Rewritten(q.text)
    names = resolve(q)
    if state.clarify is not None:
        chosen = choose_candidate(q, names, state.clarify.candidates, resolve)
        if chosen is not None:
            ambiguous = state.clarify.question.core
            text = with_note(ambiguous, candidate_login(chosen, resolve))
            return Rewritten(text, True, chosen, plain=ambiguous)
    if names.status in ("unknown", "ambiguous"):
        return Rewritten(q.text)  # its own persons, whom the answer will ask about
    base = state.last
    if base is not None and _elliptical(q):
        composed = _compose(base, q, names, resolve)
        if composed is not None:
            wanted = names.subjects or state.last_subjects
            pinned = _pinned(lambda ids: _noted(composed, ids), wanted, resolve)
            if pinned is not None:
                return Rewritten(pinned, True, plain=composed)
            return Rewritten(q.text)  # the same person cannot be asked about so
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
    pinned = _pinned(
        lambda ids: with_note(q.core, f"{note}, {ids}" if ids else note), state.subjects, resolve
    )
    if pinned is None:
        return Rewritten(q.text)
    return Rewritten(pinned, True, plain=with_note(q.core, note))
