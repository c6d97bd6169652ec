"""Theses a doctoral student's page says they consulted.

A doctoral student may list, on their own page, the theses they consulted
("## Konzultované práce" with "- [Lucia Mišíková](…) – BP 2023"). Each line
names a student through the wiki's name lexicon and, usually, the kind and
year of the thesis. The thesis is the one that student's page states of that
kind; for a student without a page, the thesis the line states. A student whose
own page is hidden stays hidden (the relation is then partial).
"""

from __future__ import annotations

import re

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.builder import Builder, People
from zpagent.graph.build.lines import plain, sections
from zpagent.graph.build.links import LinkResolver
from zpagent.graph.build.listed import listed_thesis
from zpagent.graph.build.page import PageFacts, SourceLine
from zpagent.graph.build.people import Problem, people_on_page
from zpagent.ingest.text import fold
from zpagent.query.lexicon import Lexicon

# "Konzultované práce", "Konzultované bakalárske práce", "Consulted theses";
# not "Konzultácie" (a meeting log).
CONSULTED_HEADING = re.compile(r"\bkonzultovan\w*|\bconsulted\b")


def _thesis_of(b: Builder, person_id: str, kind: str | None) -> str | None:
    """The one thesis of that kind the person's own page states (any kind when the
    line says none and the page has one thesis)."""
    person = b.nodes.get(("Person", person_id))
    path = person.props.get("document_path") if person else None
    if not path:
        return None
    theses = b.theses_of(path, kind)
    return theses[0].id if len(theses) == 1 else None


def add_consulted_lists(
    b: Builder,
    people: People,
    pages: list[PageFacts],
    resolver: LinkResolver,
    lexicon: Lexicon,
) -> list[Problem]:
    """CONSULTED edges from each published page's "Konzultované práce" list."""
    problems: list[Problem] = []
    for page in pages:
        doc = page.document
        if not doc.published:
            continue  # a hidden page's facts stay out of the graph's answers
        consultant = people.subject_id[doc.path]
        for sec in sections(page.lines):
            if sec.heading is None or not CONSULTED_HEADING.search(fold(sec.heading.text)):
                continue
            lines = page.lines[sec.start + 1 : sec.end]
            found = people_on_page(doc.path, lines, lexicon, resolver, "consultant")
            problems += found.problems
            for named in found.named:
                pid = named.person_id
                if pid == consultant:
                    continue
                node = b.nodes.get(("Person", pid))
                if node is not None and node.props.get("published") is False:
                    # The graph keeps a hidden page's person hidden: the relation is
                    # partial (a lower bound), and the editors are told.
                    name = str(node.props.get("name") or pid)
                    problems.append(Problem(doc.path, "consultant", "hidden_person_listed",
                                            name, named.line.number))  # fmt: skip
                    continue
                said = pt.KIND_NEAR_YEAR.search(fold(plain(named.line.text)))
                kind = pt.kind_of_abbreviation(said.group(1)) if said else None
                tid = _thesis_of(b, pid, kind)
                person = b.nodes.get(("Person", pid))
                if tid is None and person is not None and not person.props.get("document_path"):
                    year = int(said.group(2)) if said else None
                    tid = listed_thesis(b, doc, pid, named.line, kind, year)
                if tid is None:
                    continue
                line = named.line
                ev = b.locator.evidence(doc.path, SourceLine("consultant", line, line.text))
                b.rel("CONSULTED", ("Person", consultant), ("Thesis", tid), [ev])
    return problems
