"""The persons a question names, and the role each plays in it.

A person the question names is either the subject (the student whose facts
are asked) or a supervisor/consultant constraint. The wiki's data decides
first: someone who only led theses is a supervisor, someone who only has a
page is a subject. For a person who is both, the sentence decides: a name in
the nominative next to a supervising verb ("Koho viedol Hrnčiar?") or after
"pod vedením", "študenti …" leads; otherwise it is the subject. A login beside
a name decides the name; a name that fits nobody is still a person when it is
shaped like one; "okrem X" leaves a person out.
"""

from __future__ import annotations

import re

from zpagent.ingest.text import fold
from zpagent.query.lexicon import Lexicon, PersonEntry
from zpagent.query.mentions import Mention
from zpagent.query.model import EntityRef
from zpagent.query.parts import Parts, _has, _token_span

# Verbs of supervising whose subject (a nominative name) is the supervisor.
_LEAD_VERBS = ("viedol", "viedla", "viedli", "vedie", "vedl", "vedla", "supervis", "skolil")
# Whole present forms whose stems would also begin nouns ("školí" beside "školiteľ").
_LEAD_PRESENT = frozenset({"skoli", "skolia"})
# Verbs of one's own theses beside a name: "Koľko prác má X?", "Čo napísal X?".
_OWN_VERBS = frozenset(
    """ma mal mala mali maju napisal napisala pisal pisala robil robila obhajil obhajila
    odovzdal odovzdala has had wrote did defended""".split()
)
# Verbs of acting in a role beside a role noun: "robil konzultanta", "dělala vedoucí".
_ACTING = frozenset("robil robila robili robi robia delal delala delali dela".split())
_ROLE_NOUNS = ("konzult", "veduc", "vedouc", "skolitel", "oponent", "consult")
# Words after which a name is whose students are meant: "pod vedením X", "študenti X".
_LEAD_BEFORE = ("vedenim", "studenti", "studentov", "studentky", "diplomanti", "students", "by")


def _ref(parts: Parts, lexicon: Lexicon, m: Mention) -> EntityRef:
    ids = tuple(m.candidates)
    return EntityRef(
        kind="person",
        text=m.text,
        span=_token_span(parts, m.start, m.end),
        ids=ids,
        match=m.match,
        hidden=tuple(m.unpublished),
        names=tuple(lexicon.name_of(i) for i in ids),
        pages=tuple(_page(lexicon, i) for i in ids),
    )


def _page(lexicon: Lexicon, person_id: str) -> str | None:
    entry = lexicon.person_by_id.get(person_id)
    return entry.document_path if entry else None


def _nominative(m: Mention, entries: list[PersonEntry], parts: Parts) -> bool:
    """The name as written is in the nominative (the doer of a verb)."""
    surnames = {fold(e.surname) for e in entries}
    return any(t.folded in surnames for t in parts.tokens[m.start : m.end])


def _role(m: Mention, parts: Parts, lexicon: Lexicon) -> str:
    """``subject``, ``supervisor``, ``consultant`` or ``family`` (see the module docstring)."""
    if m.match == "family":
        return "family"
    entries = [
        lexicon.person_by_id[i]
        for i in (*m.candidates, *m.unpublished)
        if i in lexicon.person_by_id
    ]
    if not entries:
        return "subject"
    leads = [e for e in entries if e.leads]
    pages = [e for e in entries if e.has_page]
    lead_role = "consultant" if _consultant_closer(m, parts) else "supervisor"
    if leads and not pages:
        return lead_role
    if not leads:
        return "subject"
    if parts.tokens[m.end - 1].end in parts.possessive_ends:
        return "subject"  # "Krisztina Szabóová's dissertation": hers, whoever she leads
    before = parts.tokens[m.start - 1].folded if m.start > 0 else ""
    near = parts.tokens[max(0, m.start - 3) : m.end + 3]
    verb = any(t.folded.startswith(_LEAD_VERBS) or t.folded in _LEAD_PRESENT for t in near)
    if before in _LEAD_BEFORE or before == "u" or (verb and _nominative(m, entries, parts)):
        return lead_role
    # ("komu robila vedúcu", "koho mal ako konzultanta": a role word makes it hers.)
    roles = _has(parts, "supervisor") or _has(parts, "consultant")
    role_noun = any(t.folded.startswith(_ROLE_NOUNS) for t in parts.tokens)
    if role_noun and any(t.folded in _ACTING for t in near) and _nominative(m, entries, parts):
        # "Kde všade robil Šťastný konzultanta?": he acted in the role.
        return lead_role
    whom = any(t.folded in ("komu", "koho", "whom") for t in parts.tokens)
    if not (roles or whom) and any(t.folded in _OWN_VERBS for t in near):
        # "Koľko prác má Pavol Sabol?": his own theses, though he also consults.
        return "subject"
    if _has(parts, "supervised") and not _has(parts, "who") and _nominative(m, entries, parts):
        return lead_role
    return "subject"


def _consultant_closer(m: Mention, parts: Parts) -> bool:
    cons = parts.cues.get("consultant", [])
    if not cons:
        return False
    # "diplomanti Hrubej … konzultanta": the students' noun beside the name makes
    # her their supervisor, whatever consultant word follows.
    sups = parts.cues.get("supervisor", []) + parts.cues.get("students_of", [])
    at, end = parts.tokens[m.start].start, parts.tokens[m.end - 1].end

    def dist(spans: list[tuple[int, int]]) -> int:
        # The gap between the name and the cue ("u koho bol Marek Šimko konzultantom":
        # the role word right after the name is his, not "u koho" before it).
        return min((a - end if a >= end else max(0, at - b) for a, b in spans), default=10**6)

    return dist(cons) <= dist(sups)


def _keep(ref: EntityRef, lexicon: Lexicon, role: str) -> EntityRef:
    """A mention's candidates that can play its role (students for a subject)."""
    wanted = tuple(
        i
        for i in ref.ids
        if (
            lexicon.person_by_id[i].has_page if role == "subject" else lexicon.person_by_id[i].leads
        )
    )
    if wanted and len(wanted) < len(ref.ids):
        return ref.narrowed(wanted)
    return ref


def _with_logins(mentions: list[Mention]) -> list[Mention]:
    """A login beside a name decides the name ("Martina Horvátha mh123ab"): the name's
    mention keeps only that person, and the login is no second person."""
    logins = [m for m in mentions if m.match == "login" and len(m.candidates) == 1]
    out = []
    for m in mentions:
        if m in logins and any(
            m.candidates[0] in o.candidates and o is not m for o in mentions if o not in logins
        ):
            continue
        chosen = [lg.candidates[0] for lg in logins if lg.candidates[0] in m.candidates]
        if m not in logins and len(chosen) == 1 and len(m.candidates) > 1:
            m = Mention(m.text, m.start, m.end, chosen, m.match, m.unpublished)
        out.append(m)
    return out


# A one-word name is a person's when it has a woman's surname form ("Holpovej",
# "Molnárovú") or follows a form of address ("pani Holpovej", "pána Kováča").
_SURNAME_OVA = re.compile(r"ov(?:a|ej|ou|u)$")
_ADDRESS = re.compile(
    r"\b(?:pani|panej|panu|pan|pana|panovi|slecna|slecny|kolega|kolegu|kolegyna|kolegyne"
    r"|student|studenta|studentka|studentky|studentku|mr|mrs|ms|pani)\s+$"
)


def person_shaped(name: str, lexicon: Lexicon, folded: str = "") -> bool:
    """A whole name ("Jozef Mrkvička"), a given name alone, or a surname by its form or
    a form of address: not "Git" or "Python"."""
    words = name.split()
    if len(words) >= 2 or fold(words[0]) in lexicon.first_name_forms:
        return True
    word = fold(words[0]).lower()
    i = folded.find(word)
    return bool(_SURNAME_OVA.search(word)) or (i >= 0 and bool(_ADDRESS.search(folded[:i])))


# "okrem Barbory Šimkovej", "except Ján Holp": a person left out of the answer.
_EXCEPT = re.compile(r"\b(?:okrem|except|besides|mimo|krome|apart from)\b")


def _excepted(parts: Parts, ref: EntityRef) -> bool:
    if ref.span is None:
        return False
    before = parts.folded[max(0, ref.span.start - 30) : ref.span.start]
    return bool(_EXCEPT.search(before)) and len(before.split()) >= 1
