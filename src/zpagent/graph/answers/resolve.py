"""Decide who a name means, or say that it is ambiguous or unknown.

A mention with one candidate is resolved, unless it is a first name alone
(that asks back, even for one person). With several, the question itself
may decide (a login such as ``mh123ab``, or the only candidate with a thesis
or work in the asked year, of the asked kind); otherwise the answer is ``ambiguous`` and lists
the candidates with what tells them apart. A name with no candidate is
``unknown_person``; the closest names are kept as rejected candidates.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from zpagent.contract import MatchedPerson
from zpagent.graph.answers.response import KIND_NAMES, ResponseBuilder
from zpagent.graph.contract import Candidate
from zpagent.graph.store import cypher as q
from zpagent.graph.understand.inflect import forms
from zpagent.graph.understand.lexicon import Lexicon, PersonEntry
from zpagent.graph.understand.mentions import Mention
from zpagent.graph.understand.parse import ParsedQuestion
from zpagent.ingest.text import fold


@dataclass
class Resolution:
    status: str  # resolved | ambiguous | unknown
    person: PersonEntry | None = None
    candidates: list[str] = field(default_factory=list)
    text: str = ""


def resolve_mention(
    mention: Mention,
    pq: ParsedQuestion,
    lexicon: Lexicon,
    builder: ResponseBuilder,
    include_unpublished: bool,
    entries: dict[str, PersonEntry] | None = None,
    prefer: str | None = None,
) -> Resolution:
    """``prefer``: "page" (students: the question is about their own facts) or
    "supervisor" (a question about the theses someone led)."""
    by_id = entries if entries is not None else lexicon.person_by_id
    ids = list(mention.candidates)
    if not ids:
        return Resolution("unknown", text=mention.text)
    if len(ids) > 1 and prefer in ("page", "supervisor"):
        wanted = prefer == "page"
        preferred = [i for i in ids if by_id[i].has_page == wanted]
        ids = preferred or ids
    if len(ids) > 1 and pq.logins:
        by_login = [i for i in ids if (by_id[i].login or "").lower() in pq.logins]
        if len(by_login) == 1:
            ids = by_login
    # A year in the question may tell namesakes apart ("... z roku 2021"); a kind
    # alone may not: the other namesake's thesis may simply not be on the wiki.
    if len(ids) > 1 and pq.years and entries is None:
        fitting = _fitting(ids, pq, builder, include_unpublished)
        if len(fitting) == 1:
            ids = fitting
    if mention.match == "first_name" and not (pq.logins and len(ids) == 1):
        # A first name alone never decides who is meant, even when one person has it.
        return Resolution("ambiguous", None, ids, mention.text)
    if len(ids) == 1:
        person = by_id[ids[0]]
        builder.matched.append(
            MatchedPerson(
                id=person.id,
                name=person.name,
                mention=mention.text,
                document_path=person.document_path,
                match=mention.match,
            )
        )
        return Resolution("resolved", person, ids, mention.text)
    return Resolution("ambiguous", None, ids, mention.text)


def _fitting(
    ids: list[str], pq: ParsedQuestion, builder: ResponseBuilder, include_unpublished: bool
) -> list[str]:
    """Candidates with a thesis or work of the asked kind and year."""
    rows = builder.store.query(
        q.PERSON_THESES,
        ids=ids,
        include_unpublished=include_unpublished,
        kinds=pq.kinds,
        limit=1000,
    )
    rows += builder.store.query(
        q.PERSON_WORKS,
        ids=ids,
        include_unpublished=include_unpublished,
        kinds=pq.kinds,
        limit=1000,
    )
    out = []
    for row in rows:
        pid, year = row[0], row[4] if len(row) == 10 else row[5]
        if (not pq.years or year in pq.years) and pid not in out:
            out.append(pid)
    return out


def add_candidates(
    builder: ResponseBuilder, ids: list[str], lexicon: Lexicon, include_unpublished: bool
) -> None:
    """List the persons a name may mean, each with its theses as a summary."""
    rows = builder.store.query(
        q.PERSON_THESES, ids=ids, include_unpublished=include_unpublished, kinds=[], limit=1000
    )
    summaries: dict[str, list[str]] = {}
    for pid, _tid, kind, title, year, *_ in rows:
        text = KIND_NAMES.get(kind, kind) + (f" {year}" if year else "")
        summaries.setdefault(pid, []).append(f"{text}: {title}" if title else text)
    for pid in ids:
        entry = lexicon.person_by_id.get(pid)
        if entry is None:
            continue
        sid = builder.document(entry.document_path) if entry.document_path else None
        summary = "; ".join(summaries.get(pid, [])) or (
            "vedúci/konzultant prác" if not entry.has_page else None
        )
        builder.candidates.append(
            Candidate(
                id=pid,
                name=entry.name,
                status="candidate",
                document_path=entry.document_path,
                source_id=sid,
                summary=summary,
            )
        )


def add_rejected(
    builder: ResponseBuilder,
    name: str,
    lexicon: Lexicon,
    include_unpublished: bool,
    limit: int = 3,
) -> None:
    """The known names closest to an unknown one: evidence of what was ruled out.

    The surname is compared with every inflected form of each known surname,
    and a matching first name adds to the score.
    """
    words = fold(name).split()
    if not words:
        return
    first, last = words[0], words[-1]
    scored = []
    for entry in lexicon.persons:
        if not (include_unpublished or entry.published) or not entry.words:
            continue
        bonus = (
            0.25
            if len(words) > 1 and len(entry.words) > 1 and (first in forms(entry.words[0]))
            else 0.0
        )
        surname = fold(entry.surname)
        # Cheap bounds first: a wiki has thousands of persons.
        if not bonus and (not surname or surname[0] != last[:1]):
            continue
        matcher = difflib.SequenceMatcher(None, "", last)
        score = 0.0
        for form in forms(entry.surname):
            matcher.set_seq1(form)
            if matcher.real_quick_ratio() + bonus >= 0.6 and matcher.quick_ratio() + bonus >= 0.6:
                score = max(score, matcher.ratio())
        score = min(1.0, score + bonus)
        if score >= 0.6:
            scored.append((round(score, 3), entry))
    scored.sort(key=lambda x: (-x[0], x[1].id))
    for score, entry in scored[:limit]:
        sid = builder.document(entry.document_path) if entry.document_path else None
        builder.candidates.append(
            Candidate(
                id=entry.id,
                name=entry.name,
                status="rejected",
                document_path=entry.document_path,
                source_id=sid,
                score=score,
                summary="podobné meno, nezhoduje sa s otázkou",
            )
        )
