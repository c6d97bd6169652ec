"""Team projects as one entity, whichever pages list their members.

A team project ("Tímový projekt") may have a page of its own that lists its
members, a section on each member's page ("## Tímový projekt" with
"Projekt: …"), or both. Either way the graph holds one ``Project`` node per
project (by its title) with a ``MEMBER_OF`` edge from every member, each
with the line that says so.

A project page is recognized by where it lives (a ``projects`` folder) or by
what it says it is (a title or first heading "Tímový projekt …", a
``projects`` category); its title is its "Projekt:"/"Názov:" line, else its
title without the "Tímový projekt" prefix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.lines import Line, label_line
from zpagent.graph.build.page import PageFacts
from zpagent.ingest.document import Document
from zpagent.ingest.text import clean_inline, fold, slug
from zpagent.query.names import parse_person_names

PROJECT_FOLDERS = frozenset(
    {"projects", "projekty", "projekt", "timove-projekty", "timove_projekty", "team-projects"}
)
PROJECT_CATEGORIES = frozenset({"projects", "projekty", "timovy projekt", "timove projekty"})
_PREFIX = re.compile(
    r"^\s*(?:t[ií]mov\w*\s+projekt\w*|team\s+project)\s*[:\-–—]?\s*", re.IGNORECASE
)


@dataclass
class ProjectPage:
    document: Document
    title: str
    title_line: Line | None
    year: int | None = None
    supervisors: list[str] = field(default_factory=list)
    supervisor_line: Line | None = None
    year_line: Line | None = None  # the label line the year was read from


def project_key(title: str) -> str:
    """The matching key of a project title (folded, without the "Tímový projekt" prefix)."""
    return " ".join(fold(_PREFIX.sub("", title)).split())


def project_id(title: str) -> str:
    return "project-" + slug(project_key(title))


def is_project_page(doc: Document, page: PageFacts) -> bool:
    folders = [fold(p) for p in doc.path.split("/")[:-1]]
    if any(f in PROJECT_FOLDERS for f in folders[:-1]) or (
        folders and folders[-1] in PROJECT_FOLDERS and not doc.path.lower().endswith("readme.md")
    ):
        return True
    # A student's page filed under "projects" is still the student's page.
    if any(f in pt.STUDENT_FOLDERS for f in folders) or any(i.is_thesis for i in page.items):
        return False
    if any(fold(c) in PROJECT_CATEGORIES for c in doc.categories):
        return True
    head = fold(doc.title or "")
    return bool(_PREFIX.match(head)) and not page.items


# "- Školský rok 2015/2016": a year label and its year without a colon between.
_YEAR_NO_COLON = re.compile(r"^\W*([^\W\d][^\d:]{1,30}?)\s+(\d{4}(?:\s*/\s*\d{2,4})?)\W*$")


def _unlabelled_year(line: Line) -> int | None:
    m = _YEAR_NO_COLON.match(clean_inline(line.text))
    if m is None or line.in_code:
        return None
    label = " ".join(fold(m.group(1)).split())
    return pt.heading_year(m.group(2)) if pt.classify_label(label) in pt.YEAR_LABELS else None


# A member line's cells: "- Wei Zhang – analýza dát", "| Wei Zhang | analýza dát |".
_CELLS = re.compile(r"\s+[–—-]\s+|\s*\|\s*")
_MARKER = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")


def member_role(text: str) -> str | None:
    """The role a team member's line states beside the name, or None: exactly two
    cells (the name, then a short phrase without digits)."""
    body = _MARKER.sub("", clean_inline(text))
    cells = [c.strip(" *_") for c in _CELLS.split(body) if c.strip(" *_|")]
    if len(cells) != 2:
        return None
    role = cells[1]
    return role if pt.role_phrase(role) else None


# "Tému vedie prof. Ing. Ladislav Fabián, CSc.": a topic's leader in a sentence.
_LEADS_TOPIC = re.compile(r"^\W*(?:temu|tema)\s+(?:vedie|vede|garantuje)\s+(.+?)\.?\s*$")


def topic_leaders(page: PageFacts) -> list[tuple[Line, list[str]]]:
    """The lines of a topic page that name who leads the topic ("Garant témy: X",
    "Kontakt: X", "Vedúci témy: X", "Tému vedie X."), with the names they give."""
    out = []
    for line in page.lines:
        if line.in_code:
            continue
        lab = label_line(line)
        if lab is not None and pt.classify_label(lab.label) in ("topic_leader", "supervisor"):
            names = parse_person_names(lab.value)
        else:
            text = clean_inline(line.text)
            m = _LEADS_TOPIC.match(fold(text).lower())  # folding keeps every offset
            names = parse_person_names(text[m.start(1) : m.end(1)].rstrip(". ")) if m else []
        if names:
            out.append((line, names))
    return out


def read_project(doc: Document, page: PageFacts) -> ProjectPage:
    """The title, year and supervisor a project page states."""
    title = clean_inline(_PREFIX.sub("", doc.title or "")) or doc.title or doc.path
    found = ProjectPage(doc, title, None)
    years = [y for y in (pt.heading_year(doc.title or ""),) if y]
    for line in page.lines:
        lab = label_line(line)
        if lab is None:
            year = _unlabelled_year(line)
            if year:
                years.append(year)
                found.year_line = line
            continue
        kind = pt.classify_label(lab.label)
        if kind == "title" and found.title_line is None and lab.value:
            found.title, found.title_line = clean_inline(lab.value), line
        elif kind == "supervisor" and not found.supervisors:
            found.supervisors = parse_person_names(lab.value)
            found.supervisor_line = line
        elif kind in pt.YEAR_LABELS:
            y = pt.heading_year(lab.value)
            if y:
                years.append(y)
                found.year_line = line
    found.year = years[-1] if years else None
    return found
