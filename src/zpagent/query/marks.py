"""Words that mark how a question's conditions combine or what they lack, and
conditions linked by meaning: negations, "okrem", "aj … aj", "u nej" (the named
supervisor again), topics without a leader, and a phrase in another language
that names a topic, team project or role (``query.meaning``). Each is an
``Element`` at its tokens, for ``clauses.build``.
"""

from __future__ import annotations

import re

from zpagent.query import cues as cu
from zpagent.query.asks import TOPICS_ASKED
from zpagent.query.clauses import Element
from zpagent.query.lexicon import Lexicon
from zpagent.query.model import EntityRef
from zpagent.query.parts import Parts, _has
from zpagent.query.tokens import covered
from zpagent.query.unaccounted import _unaccounted


def _cue_tokens(parts: Parts, pattern_spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Character spans -> token spans [start, end)."""
    out = []
    for a, b in pattern_spans:
        idx = sorted(covered(parts.tokens, [(a, b)]))
        if idx:
            out.append((idx[0], idx[-1] + 1))
    return out


def marks(parts: Parts, pattern: re.Pattern[str], type_: str) -> list[Element]:
    return [
        Element(type_, a, b)
        for a, b in _cue_tokens(parts, [m.span() for m in pattern.finditer(parts.folded)])
    ]


def leaderless_topics(parts: Parts, elements: list[Element]) -> bool:
    """ "Ktoré témy nemajú uvedeného garanta ani kontaktnú osobu?": topics asked, a
    leader word negated, no leader named."""
    if not (TOPICS_ASKED.search(parts.folded) and _has(parts, "supervisor")):
        return False
    if any(e.type in ("supervisor", "consultant", "kind") for e in elements):
        return False
    return any(e.type == "negation" for e in elements)


def by_meaning(
    parts: Parts, elements: list[Element], qualifier: set[int], lexicon: Lexicon, inc: bool
) -> list[Element]:
    """Words nothing read that name, in another language, the topic, team project or
    role the question's cue asks for ("the text analysis topic", "the live lecture
    transcription project", "who did the data analysis"): linked by meaning when the
    wiki has a meaning linker (``query.meaning``), each kind at most once."""
    if lexicon.meaning is None:
        return []
    named = {e.type for e in elements}
    kinds = []
    if _has(parts, "topic") and "topic" not in named:
        kinds.append(("topic", lexicon.topics))
    team = (
        _has(parts, "team")
        or "project" in named
        or any(e.type == "kind" and e.value == "team_project" for e in elements)
    )
    if team and "project" not in named:
        kinds.append(("project", lexicon.projects))
    if (team or _has(parts, "role")) and "role" not in named:
        kinds.append(("role", lexicon.roles))
    if not kinds:
        return []
    # Every unread phrase against every kind asked; the clearest links first, one per
    # phrase and one per kind ("the mobile app in the campus parking project": the
    # project is the phrase nearest a project, the role the other one).
    found = []
    for span in _unaccounted(parts, elements, qualifier):
        text = parts.core[span.start : span.end]
        for kind, entries in kinds:
            linked = lexicon.meaning.scored(kind, text, lexicon.visible(entries, inc))
            if linked is not None:
                found.append((linked[1], span, text, kind, linked[0]))
    out: list[Element] = []
    used_spans: set[tuple[int, int]] = set()
    used_kinds: set[str] = set()
    for _lead, span, text, kind, entry in sorted(found, key=lambda f: -f[0]):
        if (span.start, span.end) in used_spans or kind in used_kinds:
            continue
        used_spans.add((span.start, span.end))
        used_kinds.add(kind)
        a, b = char_to_tokens(parts, span.start, span.end)
        ref = EntityRef(kind, text, span, (entry.id,), "meaning", names=(entry.name,))
        out.append(Element(kind, a, b, ref))
    return sorted(out, key=lambda e: e.start)


def leader_again(parts: Parts, elements: list[Element]) -> list[Element]:
    """ "u nej", "pod ním": the one supervisor the question names, once more where the
    pronoun stands (its clause may be another thesis: "bakalári Sýkorovej nemali
    diplomovku u nej")."""
    refs = {e.value.ids: e.value for e in elements if e.type == "supervisor"}
    if len(refs) != 1:
        return []
    (ref,) = refs.values()
    spans = [m.span() for m in cu.LEADER_AGAIN.finditer(parts.folded)]
    return [Element("supervisor", a, b, ref) for a, b in _cue_tokens(parts, spans)]


def char_to_tokens(parts: Parts, a: int, b: int) -> tuple[int, int]:
    idx = sorted(covered(parts.tokens, [(a, b)]))
    return (idx[0], idx[-1] + 1) if idx else (0, 0)
