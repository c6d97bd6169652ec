"""Persons named on a page, through the wiki's own name lexicon.

A topic or project page lists its people in whatever form its author chose:
links to their pages, plain names in a list, "Meno Priezvisko (login)", a
table with a name column, names inside a sentence, in any case form and
with or without diacritics. Every line (outside code, headings and
supervisor or consultant lines) is read the same way the questions are
(``zpagent.query.mentions``), against a lexicon of the students the wiki
has pages for:

    a link to a student's page      that student
    a login                         the student of that folder
    a whole name (any form)         the students of that name

A name that fits several students is resolved by a login on the same line,
else it is a problem (``ambiguous_name``); a whole name that fits nobody is a
problem (``unresolved_name``). Problems are reported, never guessed.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.lines import Line, label_line, plain
from zpagent.graph.build.links import LinkResolver, links
from zpagent.ingest.text import fold
from zpagent.query.cues import FUNCTION_WORDS
from zpagent.query.lexicon import Lexicon, PersonEntry
from zpagent.query.mentions import find_names
from zpagent.query.names import name_words
from zpagent.query.short_mentions import initial_mentions, login_mentions
from zpagent.query.tokens import tokenize

# Lines that name someone in another role than a member of the page's set.
_OTHER_ROLES = frozenset({"supervisor", "consultant"})


@dataclass
class Named:
    """A person named on one line, with the line (the evidence)."""

    person_id: str
    line: Line


@dataclass
class Problem:
    """What could not be read on a page, for the wiki's editors."""

    document_path: str
    relation: str  # on_topic | team_member | supervisor | consultant | ...
    kind: str  # unresolved_name | ambiguous_name | missing_year | conflicting_years | ...
    detail: str
    line: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "document_path": self.document_path,
            "relation": self.relation,
            "kind": self.kind,
            "detail": self.detail,
            "line": self.line,
        }


@dataclass
class PeopleOnPage:
    named: list[Named] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def people_lexicon(
    students: list[tuple[str, str, str, str, bool]], leaders: list[tuple[str, str]]
) -> Lexicon:
    """The students with pages (id, name, page path, login, published) and the persons
    who only lead theses (id, name): a leader named on a topic page is no member, and
    no unknown name either."""
    persons = [
        PersonEntry(pid, name, name_words(name), True, published, path, login)
        for pid, name, path, login, published in students
        if name
    ]
    persons += [
        PersonEntry(pid, name, name_words(name), False, True, None, None, leads=True)
        for pid, name in leaders
        if name
    ]
    return Lexicon(persons=persons)


def _other_role(line: Line) -> bool:
    lab = label_line(line)
    return lab is not None and pt.classify_label(lab.label) in _OTHER_ROLES


_DOTTED = re.compile(r"(?<![\w.\-])\w+(?:[.\-]\w+)+(?![\w\-])")


def people_on_page(
    path: str,
    lines: list[Line],
    lexicon: Lexicon,
    resolver: LinkResolver,
    relation: str,
    skip: set[int] | None = None,
) -> PeopleOnPage:
    """Every student a page names, line by line (see the module docstring)."""
    out = PeopleOnPage()
    seen: set[tuple[str, int]] = set()
    for line in lines:
        if line.in_code or line.text.lstrip().startswith("#") or line.number in (skip or set()):
            continue
        if _other_role(line):
            continue
        found: list[str] = []
        for _text, target, _at in links(line.text):
            linked = resolver.resolve(path, target)
            person = lexicon.person_by_path.get(linked or "")
            if person is not None:
                found.append(person.id)
        text = plain(line.text)
        tokens = tokenize(text)
        # A capitalized word inside a line may be a surname that is also a
        # function word ("Kristína Malá"): only the lexicon decides then.
        free = [
            (t.folded not in FUNCTION_WORDS or (i > 0 and t.text[:1].isupper()))
            and not t.folded.isdigit()
            for i, t in enumerate(tokens)
        ]
        logins = {
            m.candidates[0]
            for m in login_mentions(tokens, free, lexicon.person_by_login, True)
            if len(m.candidates) == 1
        }
        # Logins with dots or hyphens ("alsayed.ahmed") are split by the tokenizer.
        for raw in _DOTTED.findall(line.text):
            entries = lexicon.person_by_login.get(fold(raw), [])
            if len(entries) == 1:
                logins.add(entries[0].id)
        found += sorted(logins)
        # "A. Adamec": the one student with that surname and initial.
        for m in initial_mentions(tokens, text, free, lexicon.person_index, True):
            for j in range(m.start, m.end):
                free[j] = False
            students = [c for c in m.candidates + m.unpublished
                        if lexicon.person_by_id[c].has_page]  # fmt: skip
            if len(students) == 1:
                found.append(students[0])
            elif students:
                names = ", ".join(sorted(students))
                out.problems.append(
                    Problem(path, relation, "ambiguous_name", f"{m.text}: {names}", line.number)
                )
        out.problems += _unread_initials(path, relation, tokens, text, free, line)
        for m in find_names(
            tokens, free, lexicon.person_index, True, surname_only=False, first_names=False
        ):
            for j in range(m.start, m.end):
                free[j] = False  # "Tomáš Urban – Doladenie …": Urban is taken
            if m.match == "unknown":
                out.problems.append(Problem(path, relation, "unresolved_name", m.text, line.number))
                continue
            students = [c for c in m.candidates if lexicon.person_by_id[c].has_page]
            if m.match != "full" or not students:
                continue  # no name, or a supervisor named beside the students
            chosen = [c for c in students if c in logins or c in found]
            if len(students) == 1:
                found.append(students[0])
            elif len(chosen) == 1:
                found.append(chosen[0])
            else:
                names = ", ".join(sorted(students))
                out.problems.append(
                    Problem(path, relation, "ambiguous_name", f"{m.text}: {names}", line.number)
                )
        out.problems += _unresolved(path, relation, tokens, free, lexicon, line, found)
        if not found and not any(p.line == line.number for p in out.problems):
            listed = _listed_name(line, tokens, lexicon.first_name_forms)
            if listed:
                out.problems.append(Problem(path, relation, "unresolved_name", listed, line.number))
            elif _ITEM.match(line.text) and pt.KIND_NEAR_YEAR.search(fold(text)):
                # "- Adamec (BP 2021)": a thesis listed for someone no one could read.
                detail = text.strip(" -*|")[:80]
                out.problems.append(
                    Problem(path, relation, "unread_list_item", detail, line.number)
                )
        for pid in dict.fromkeys(found):
            if (pid, line.number) not in seen:
                seen.add((pid, line.number))
                out.named.append(Named(pid, line))
    return out


_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)]|\|)\s*")


def _listed_name(line: Line, tokens: list, given: set[str] | frozenset[str]) -> str | None:
    """A list item or table row that starts with a two-word capitalized name no
    one took ("| Marta Kowalska (Erasmus) | …"): a person the lexicon does not know."""
    if not _ITEM.match(line.text) or len(tokens) < 2:
        return None
    a, b = tokens[0], tokens[1]
    if a.folded not in given or not b.text[1:].islower():
        return None  # "Jetson Orin Nano": no given name, no person
    if line.text.find(a.text) > len(_ITEM.match(line.text).group(0)) + 2:
        return None  # the item starts with something else (a link, a date)
    for t in (a, b):
        if not (t.text[:1].isupper() and t.text.isalpha() and len(t.text) > 1):
            return None
        if t.folded in FUNCTION_WORDS:
            return None
    return f"{a.text} {b.text}"


def _unresolved(
    path: str,
    relation: str,
    tokens: list,  # list[Token]
    free: list[bool],
    lexicon: Lexicon,
    line: Line,
    found: list[str],
) -> list[Problem]:
    """Whole names on the line that fit no student: a known given name before a
    capitalized word ("Katarína Novotná") that no mention took."""
    given = lexicon.first_name_forms  # the wiki's and the common ones (built once)
    taken = {fold(w) for pid in found for w in lexicon.person_by_id[pid].words}
    out = []
    for a, b in itertools.pairwise(tokens):
        if not (free[a.index] and free[b.index]):
            continue
        if a.folded in given and b.text[:1].isupper() and b.text[1:].islower() and len(b.text) > 2:
            if a.folded in taken and b.folded in taken:  # the found name itself
                continue
            if lexicon.person_index.lookup(b.text):
                continue  # a known surname: find_names decided about it
            out.append(
                Problem(path, relation, "unresolved_name", f"{a.text} {b.text}", line.number)
            )
    return out


def _unread_initials(
    path: str, relation: str, tokens: list, text: str, free: list[bool], line: Line
) -> list[Problem]:
    """ "B. Nováková" that no student fits: a name on the list nobody could read."""
    out = []
    for a, b in itertools.pairwise(tokens):
        initial = len(a.text) == 1 and a.text.isupper() and text[a.end : a.end + 1] == "."
        if initial and free[a.index] and free[b.index] and b.text[:1].isupper() and len(b.text) > 2:
            detail = f"{a.text}. {b.text}"
            out.append(Problem(path, relation, "unresolved_name", detail, line.number))
    return out
