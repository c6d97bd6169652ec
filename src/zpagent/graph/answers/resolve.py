"""Say whom a name was matched to, or that it is ambiguous or unknown.

The typed query already holds every candidate a name may mean, narrowed
by what else the question says (``zpagent.query.narrow``). Here a name
with several candidates becomes ``ambiguous`` with each candidate and what
tells them apart (their theses); a name with none becomes
``unknown_person`` with the closest names as rejected candidates.
"""

from __future__ import annotations

from zpagent.contract import MatchedPerson
from zpagent.graph.answers.response import KIND_NAMES, ResponseBuilder
from zpagent.graph.contract import Candidate, GraphResponse
from zpagent.graph.store import cypher as q
from zpagent.query import EntityRef
from zpagent.query.lexicon import Lexicon
from zpagent.query.near import near_misses, near_terms, near_titles


def record_match(builder: ResponseBuilder, lexicon: Lexicon, ref: EntityRef) -> None:
    """Say whom a resolved name in the question was matched to."""
    person = lexicon.person_by_id.get(ref.resolved or "")
    if person is None:
        return
    builder.matched.append(
        MatchedPerson(
            id=person.id,
            name=person.name,
            mention=ref.text or None,
            document_path=person.document_path,
            match=ref.match,
        )
    )


def unresolved(
    builder: ResponseBuilder, lexicon: Lexicon, status: str, ref: EntityRef, inc: bool
) -> GraphResponse:
    """The honest answer when a name is unknown (with the near misses) or fits
    several persons (with every candidate)."""
    if status == "ambiguous":
        add_candidates(builder, list(ref.ids), lexicon, inc)
        return builder.build("ambiguous", "ambiguous_person")
    if ref.kind == "person":
        add_rejected(builder, ref.text, lexicon, inc)
        return builder.build("no_answer", "unknown_person")
    if ref.kind == "title":
        for score, entry in near_titles(ref.text, lexicon, inc):
            builder.candidates.append(Candidate(id=entry.id, name=entry.name, label="Thesis",
                                                status="rejected", score=score))  # fmt: skip
        return builder.build("no_answer", "unknown_title")
    for score, entry in near_terms(ref.text, lexicon, inc):
        label = "Topic" if entry.id in lexicon.topic_by_id else "Keyword"
        builder.candidates.append(Candidate(id=entry.id, name=entry.name, label=label,
                                            status="rejected", score=score))  # fmt: skip
    return builder.build("no_answer", "unknown_keyword")


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
                login=entry.login,
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
    """The known names closest to an unknown one: evidence of what was ruled out."""
    for score, entry in near_misses(name, lexicon, include_unpublished, limit):
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
