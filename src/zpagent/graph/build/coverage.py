"""Measure, per relation, how completely extraction read this wiki.

For every relation the pages that *mention* it are found by plain cue words
an editor would see (a line with "vedúc…" or "konzult…" in a thesis
section, a name list on a topic page, a team-project section, a "Kľúčové
slová" line, a start-of-study line), independently of the label patterns
extraction uses; the pages that *gave* the relation are those with an edge
of it. A page that mentions a relation and gave nothing, or where a name
could not be resolved, is *missing*. The status follows
(``graph.coverage``): complete, partial, unknown (mentioned, nothing
extracted) or absent (nothing mentions it).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.lines import Line, label_line, plain
from zpagent.graph.build.page import ItemFacts, PageFacts
from zpagent.graph.build.people import Problem
from zpagent.graph.model import Rel
from zpagent.ingest.text import fold

# Cue words of each relation, on folded lines (no case, no diacritics).
_CUES = {
    "supervisor": re.compile(
        r"\bveduc\w*|\bskolitel(?!\w*\s+specialist)\w*|\bsupervisor\b|\badvisor"
    ),
    "consultant": re.compile(
        r"\bkonzultant\w*|\bconsultant\b|\bskolitel\w*\s+specialist\w*|\bkonzultovan\w*"
    ),
    "start_year": re.compile(
        r"zac\w*\s+(?:\w+\s+)?stud\w*|stud\w*\s+(?:\w+\s+)?(?:zacat\w*|od)\b|\bnastup\w*"
        r"|\bstart\w*\b.*\b(?:19|20)\d\d|\benrol\w*"
    ),
    "keyword": re.compile(r"^(?:klucove slova|keywords|tagy|stitky)\s*:"),
}


@dataclass
class Tally:
    mentioned: set[str] = field(default_factory=set)
    extracted: set[str] = field(default_factory=set)
    missing: set[str] = field(default_factory=set)
    edges: int = 0

    def status(self) -> str:
        if not self.mentioned and not self.extracted:
            return "absent"
        if not self.missing:
            return "complete"
        return "partial" if self.extracted else "unknown"


def _in_logs(page: PageFacts) -> set[int]:
    """Line numbers inside meeting-log sections (notes, not metadata)."""
    out: set[int] = set()
    skipping = 0
    for line in page.lines:
        m = re.match(r"^\s{0,3}(#{1,6})\s+(.*)$", line.text)
        if m and not line.in_code:
            level = len(m.group(1))
            if skipping and level <= skipping:
                skipping = 0
            if pt.LOG_HEADING.search(fold(m.group(2))):
                skipping = level
        if skipping:
            out.add(line.number)
    return out


# A title *label* ("Téma práce: …"), not a sentence that starts with the word
# ("Téma bakalárskej práce bude upresnená …").
_TITLE_LINE = re.compile(r"^(?:nazov|tema|title|pracovny nazov|thesis title)\b[^:.]{0,40}:")


def _section_lines(page: PageFacts, item: ItemFacts) -> list[Line]:
    """The lines of the item's own section, outside code and meeting logs."""
    if item.span is None:
        return []
    logs = _in_logs(page)
    start, end = item.span
    return [
        line
        for line in page.lines
        if start <= line.offset < end and not line.in_code and line.number not in logs
    ]


def _states_title(page: PageFacts, item: ItemFacts) -> bool:
    """A title line in the item's own section (outside meeting logs)."""
    return any(_TITLE_LINE.match(fold(plain(x.text))) for x in _section_lines(page, item))


def _section_has_year(page: PageFacts, item: ItemFacts) -> bool:
    """A year written in the item's own section, outside its meeting logs."""
    return any(pt.YEAR.search(x.text) for x in _section_lines(page, item))


def _labels_say(page: PageFacts, item: ItemFacts, kind: str) -> bool:
    """A label line of that kind in the item's own section ("Vedúci: …"), not a
    sentence that uses the word ("prezentácia pre vedúceho")."""
    for line in _section_lines(page, item):
        lab = label_line(line)
        if lab is not None and pt.classify_label(lab.label) == kind:
            return True
    return False


def _mentions(page: PageFacts, relation: str) -> bool:
    logs = _in_logs(page)
    pattern = _CUES[relation]
    for line in page.lines:
        if line.in_code or line.number in logs:
            continue
        if pattern.search(fold(plain(line.text))):
            return True
    return False


def measure(
    person_pages: list[PageFacts],
    topic_pages: list[PageFacts],
    project_pages: list[PageFacts],
    rels: list[Rel],
    problems: list[Problem],
) -> list[dict[str, object]]:
    """Coverage per relation as plain dicts (``graph.coverage.RelationCoverage``)."""
    tallies: dict[str, Tally] = defaultdict(Tally)
    by_type: dict[str, list[Rel]] = defaultdict(list)
    for r in rels:
        by_type[r.type].append(r)

    def pages_of(rel_type: str) -> set[str]:
        return {e.document_path for r in by_type[rel_type] for e in r.evidence}

    for page in person_pages:
        path = page.document.path
        theses = [i for i in page.items if i.is_thesis]
        works = [i for i in page.items if not i.is_thesis]
        if theses:
            tallies["thesis"].mentioned.add(path)
            tallies["thesis"].extracted.add(path)
        codes = {found[0] for c in page.document.categories if (found := pt.category_code(fold(c)))}
        for item in theses:
            # Stated on the page: a title line in its section, a year in its heading
            # or a category code of its kind. Not stated is no extraction miss.
            if _states_title(page, item):
                tallies["title"].mentioned.add(path)
                if item.title:
                    tallies["title"].extracted.add(path)
            heading_year = item.heading is not None and pt.YEAR.search(item.heading.text)
            # A thesis without a year whose section writes a year extraction did
            # not take ("Obhajoba: jún 2017") makes counts by year a lower bound;
            # one in progress, with no year anywhere, is of no year yet.
            unread_year = not item.year and _section_has_year(page, item)
            if heading_year or item.kind in codes or unread_year:
                tallies["year"].mentioned.add(path)
                if item.year:
                    tallies["year"].extracted.add(path)
        if works:
            tallies["work"].mentioned.add(path)
            tallies["work"].extracted.add(path)
            if any(_labels_say(page, w, "supervisor") for w in works):
                tallies["work_supervisor"].mentioned.add(path)
        for relation in ("supervisor", "consultant"):
            if _mentions(page, relation):
                tallies[relation].mentioned.add(path)
        if any(i.supervisors for i in theses):
            tallies["supervisor"].extracted.add(path)
        if any(i.consultants for i in theses):
            tallies["consultant"].extracted.add(path)
        if _mentions(page, "start_year"):
            tallies["start_year"].mentioned.add(path)
        if page.start_year is not None:
            tallies["start_year"].extracted.add(path)
        if page.document.tags or _mentions(page, "keyword"):
            tallies["keyword"].mentioned.add(path)
        if any(i.kind == "team_project" for i in works):
            tallies["team_member"].mentioned.add(path)
    for page in topic_pages:
        tallies["topic"].mentioned.add(page.document.path)
    for page in project_pages:
        tallies["team_member"].mentioned.add(page.document.path)
        if _mentions(page, "supervisor"):
            tallies["work_supervisor"].mentioned.add(page.document.path)
    tallies["keyword"].extracted |= {r.src for r in by_type["HAS_KEYWORD"]}
    tallies["topic"].extracted |= pages_of("ON_TOPIC")
    tallies["team_member"].extracted |= pages_of("MEMBER_OF")
    tallies["work_supervisor"].extracted |= pages_of("LED")
    tallies["consultant"].extracted |= pages_of("CONSULTED")  # also a consultant's own list
    # A topic page without students is no missing edge: it may list nobody yet.
    named_topics = {p.document_path for p in problems if p.relation == "on_topic"}
    tallies["topic"].mentioned &= tallies["topic"].extracted | named_topics
    for relation, rel_type in (
        ("supervisor", "SUPERVISED"),
        ("consultant", "CONSULTED"),
        ("topic", "ON_TOPIC"),
        ("keyword", "HAS_KEYWORD"),
        ("team_member", "MEMBER_OF"),
        ("work_supervisor", "LED"),
        ("thesis", "AUTHORED"),
        ("work", "HAS_WORK"),
    ):
        tallies[relation].edges = len(by_type[rel_type])
    for tally in tallies.values():
        tally.missing = tally.mentioned - tally.extracted
    for p in problems:
        relation = {"on_topic": "topic"}.get(p.relation, p.relation)
        tallies[relation].mentioned.add(p.document_path)  # a miss is never "absent"
        tallies[relation].missing.add(p.document_path)
    return [
        {
            "relation": relation,
            "status": tally.status(),
            "mentioned": len(tally.mentioned),
            "extracted": len(tally.extracted & tally.mentioned) or len(tally.extracted),
            "edges": tally.edges,
            "missing": sorted(tally.missing),
        }
        for relation, tally in sorted(tallies.items())
    ]
