"""The state of one extraction: nodes, relationships, conflicts, person ids.

``Builder`` collects the payload (merging evidence of repeated
relationships); ``People`` gives every page subject, supervisor and
consultant one stable id (normalized keys: case- and diacritics-insensitive;
display names keep their diacritics).
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from dataclasses import dataclass, field

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.about import Section
from zpagent.graph.build.evidence import ChunkLocator
from zpagent.graph.build.page import PageFacts, SourceLine
from zpagent.graph.model import Conflict, Evidence, Node, Rel
from zpagent.ingest.document import Document
from zpagent.ingest.text import fold, slug
from zpagent.query.names import name_key, strip_titles


def segments(path: str) -> list[str]:
    return [fold(p) for p in path.split("/")]


def page_folder(path: str) -> str:
    folder, name = posixpath.split(path)
    if name.lower() in ("readme.md", "index.md", "default.md") and folder:
        return posixpath.basename(folder)
    return posixpath.splitext(name)[0]


def is_topic_page(doc: Document) -> bool:
    segs = segments(doc.path)
    for i, seg in enumerate(segs[:-1]):
        # A page inside a topic folder, not the folder's own index page.
        if seg in pt.TOPIC_FOLDERS and i < len(segs) - 2:
            return True
    return any(fold(c) in pt.TOPIC_CATEGORIES for c in doc.categories)


def under_students(doc: Document) -> bool:
    return any(seg in pt.STUDENT_FOLDERS for seg in segments(doc.path)[:-1])


@dataclass
class Builder:
    locator: ChunkLocator
    nodes: dict[tuple[str, str], Node] = field(default_factory=dict)
    rels: dict[tuple[str, str, str, str, str], Rel] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)  # item sections, for ABOUT
    # (page path, thesis kind) -> year a topic page gave a thesis its own page left out
    listed_years: dict[tuple[str, str], int] = field(default_factory=dict)
    # A list page's year that differs from the thesis's own page (graph.build.people.Problem)
    year_disagreements: list = field(default_factory=list)
    # Theses by the page that states them, in creation order (``theses_of`` is asked
    # for every student a list page names: a scan of every node was quadratic).
    theses_by_page: dict[str, list[Node]] = field(default_factory=dict)

    def node(self, label: str, id_: str, **props: object) -> Node:
        key = (label, id_)
        existing = self.nodes.get(key)
        if existing is None:
            existing = Node(label, id_, dict(props))
            self.nodes[key] = existing
            if label == "Thesis":
                path = str(props.get("document_path"))
                self.theses_by_page.setdefault(path, []).append(existing)
        return existing

    def rel(
        self,
        type_: str,
        src: tuple[str, str],
        dst: tuple[str, str],
        evidence: list[Evidence] | None = None,
    ) -> None:
        key = (type_, src[0], src[1], dst[0], dst[1])
        rel = self.rels.get(key)
        if rel is None:
            rel = Rel(type_, src[0], src[1], dst[0], dst[1], [])
            self.rels[key] = rel
        for ev in evidence or []:
            if ev not in rel.evidence:
                rel.evidence.append(ev)

    def theses_of(self, path: str, kind: str | None = None) -> list[Node]:
        """The theses a person's page states (of one kind, when given)."""
        return [n for n in self.theses_by_page.get(path, [])
                if kind is None or n.props.get("kind") == kind]  # fmt: skip

    def ev(self, doc: Document, source: SourceLine | None) -> list[Evidence]:
        return [self.locator.evidence(doc.path, source)] if source else []


class People:
    """Person ids: page subjects first, then supervisors and consultants."""

    def __init__(self, pages: list[PageFacts]) -> None:
        by_key: dict[str, list[PageFacts]] = defaultdict(list)
        for p in pages:
            by_key[name_key(p.subject or "")].append(p)
        self.subject_id: dict[str, str] = {}  # document path -> person id
        self.by_key: dict[str, list[str]] = defaultdict(list)  # name key -> person ids
        self.names: dict[str, str] = {}
        taken: set[str] = set()
        for key, group in sorted(by_key.items()):
            for p in sorted(group, key=lambda x: x.document.path):
                base = slug(p.subject or "")
                pid = base if len(group) == 1 else f"{base}-{slug(page_folder(p.document.path))}"
                n = 2
                while pid in taken:
                    pid, n = f"{base}-{n}", n + 1
                taken.add(pid)
                self.subject_id[p.document.path] = pid
                self.by_key[key].append(pid)
                self.names[pid] = p.subject or ""
        self._taken = taken
        # Persons only a topic or project list names (no page, no thesis to lead).
        self.listed: set[str] = set()
        # Unique surname + first initial, for names written as "D. Hládek".
        self._initials: dict[tuple[str, str], list[str]] = defaultdict(list)
        # Supervisors and consultants written in full first, so that "P. Lukáčová"
        # on one page is the "Petra Lukáčová" of another, whichever comes first.
        leads = {n for p in pages for i in p.items for n in (*i.supervisors, *i.consultants)}

        def shouted(name: str) -> tuple[int, str]:  # "VAŠKO Michal" names last
            return sum(w.isupper() and len(w) > 1 for w in name.split()), name

        # Who an initial ("M. Lacková") may stand for: a person named in full as a
        # supervisor or consultant, or a page subject with a dissertation (doctoral
        # students consult). Never a student only because the surname fits.
        self._can_lead: set[str] = {
            self.subject_id[p.document.path]
            for p in pages
            if any(i.kind == "dissertation" for i in p.items)
        }
        # Staff who sign pages in full ("author: RNDr. Pavol Horňák") but are
        # nobody's page subject: "P. Horňák" on a page is that author.
        subjects = {name_key(p.subject or "") for p in pages}
        self._authors: dict[str, str] = {}
        for p in pages:
            for author in p.document.authors:
                full = strip_titles(author)
                if len(full.split()) >= 2 and name_key(full) not in subjects:
                    self._authors.setdefault(name_key(full), full)
        for name in sorted(leads, key=shouted):
            if len(name.split()) >= 2 and len(name.split()[0].rstrip(".")) > 1:
                self._can_lead.add(self.resolve(name))

    def resolve(self, name: str) -> str:
        """The person a supervisor/consultant name is; created when unknown."""
        key = name_key(name)
        ids = self.by_key.get(key, [])
        if len(ids) == 1:
            return ids[0]
        words = key.split()
        if len(words) >= 2:
            reversed_key = " ".join([words[-1], *words[:-1]])
            rev = self.by_key.get(reversed_key, [])
            if len(rev) == 1:
                return rev[0]
            if len(words[0].rstrip(".")) == 1:
                initial = [
                    pid
                    for k, pids in self.by_key.items()
                    for pid in pids
                    if k.split()[-1] == words[-1] and k[0] == words[0][0] and pid in self._can_lead
                ]
                if len(initial) == 1:
                    return initial[0]
                signed = [
                    full
                    for k, full in self._authors.items()
                    if k.split()[-1] == words[-1] and k[0] == words[0][0]
                ]
                if not initial and len(signed) == 1:
                    return self.resolve(signed[0])
        # Several page subjects sharing the name: a separate, explicit node.
        pid = f"{slug(name)}-supervisor" if ids else slug(name)
        n = 2
        base = pid
        while pid in self._taken and pid not in self.names:
            pid, n = f"{base}-{n}", n + 1
        if pid not in self.names:
            self._taken.add(pid)
            self.names[pid] = name
            if not ids:
                self.by_key[key].append(pid)
        return pid
