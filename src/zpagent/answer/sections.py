"""How many sections of a person's page a question counts: "Koľko stretnutí má
Adam Repka zapísaných k diplomovke?".

Meeting logs are sections of a thesis (``### Stretnutie 12. 3. 2021``, or a
heading that is only the meeting's date): the headings under the asked thesis
that say the counted word, or, for meetings, that are a date, are the items.
They are quoted as the page writes them, as one list, so the count is the
number of headings shown and a reader can check each.
"""

from __future__ import annotations

import re

from zpagent.answer.evidence import Bundle
from zpagent.answer.quotes import Quote, unit_list
from zpagent.answer.unread import says_unread
from zpagent.graph.build.patterns import classify_heading
from zpagent.ingest.text import fold
from zpagent.query import Query

# Words for a meeting with the supervisor (the language, not the wiki).
_MEETING = re.compile(r"\bstretnut\w*|\bschodz\w*|\bkonzultaci\w*|\bsetkan\w*|\bschuz\w*|\bmeeting")
# A heading that is a date, perhaps with a word or two ("18. 10. 2024", "2024-10-18").
_DATE_HEADING = re.compile(
    r"^\W*(?:\w+\W+){0,2}?(?:\d{1,2}\.\s?\d{1,2}\.\s?(?:\d{4})?|\d{4}-\d{2}-\d{2})\W*$"
)
MIN_SECTIONS = 2  # one heading is no list of them


def counted_sections(bundle: Bundle) -> list[Quote]:
    """The headings of the named person's page that the question counts, as one list
    quote of the page that has them; none when the question counts something else."""
    q = bundle.question
    if not (q.how_many and bundle.subjects and q.unaccounted):
        return []
    meetings = any(_MEETING.search(fold(w).lower()) for w in q.unaccounted_words)
    kinds = set(q.kinds)
    pages = {s.id for s in bundle.subjects}
    for src in bundle.sources:
        ev = bundle.by_id[src.source_id]
        if ev.subject_id not in pages:
            continue
        headings: list[str] = []
        for text in ev.texts:
            for unit in unit_list(text):
                parts = [p.strip() for p in unit.context.split(">") if p.strip()]
                for i, part in enumerate(parts):
                    if part in headings or not _counts(part, q, meetings):
                        continue
                    above = {k for p in parts[:i] if (k := classify_heading(fold(p).lower()))}
                    if kinds and not {k[0] for k in above} & kinds:
                        continue  # a section of another thesis
                    headings.append(part)
        if len(headings) >= MIN_SECTIONS:
            return [Quote(src.source_id, "\n".join(headings), kind="list")]
    return []


def _counts(heading: str, q: Query, meetings: bool) -> bool:
    if meetings and _DATE_HEADING.match(heading):
        return True
    return says_unread(heading, q)
