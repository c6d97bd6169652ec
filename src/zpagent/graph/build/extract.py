"""Build the graph payload from parsed documents and their chunks.

One pass reads every page (``page.read_page``); a second assigns stable ids
and connects pages: supervisors to the persons they are, topic pages to the
students they list, page authors to persons of the same name. Ids are
normalized keys (case- and diacritics-insensitive); display names keep
their diacritics. Deterministic: the same inputs give the same payload.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from dataclasses import dataclass, field

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.about import Section, about_links
from zpagent.graph.build.evidence import ChunkLocator
from zpagent.graph.build.links import LinkResolver, links
from zpagent.graph.build.page import ItemFacts, PageFacts, SourceLine, read_page
from zpagent.graph.model import (
    Conflict,
    Evidence,
    GraphPayload,
    Node,
    PageReport,
    Rel,
    evidence_json,
)
from zpagent.ingest.chunker import Chunk
from zpagent.ingest.document import Document
from zpagent.ingest.text import clean_inline, fold, slug
from zpagent.query.names import name_key, strip_titles, term_key


def _segments(path: str) -> list[str]:
    return [fold(p) for p in path.split("/")]


def _page_folder(path: str) -> str:
    folder, name = posixpath.split(path)
    if name.lower() in ("readme.md", "index.md", "default.md") and folder:
        return posixpath.basename(folder)
    return posixpath.splitext(name)[0]


def is_topic_page(doc: Document) -> bool:
    segs = _segments(doc.path)
    for i, seg in enumerate(segs[:-1]):
        # A page inside a topic folder, not the folder's own index page.
        if seg in pt.TOPIC_FOLDERS and i < len(segs) - 2:
            return True
    return any(fold(c) in pt.TOPIC_CATEGORIES for c in doc.categories)


def _under_students(doc: Document) -> bool:
    return any(seg in pt.STUDENT_FOLDERS for seg in _segments(doc.path)[:-1])


@dataclass
class _Builder:
    locator: ChunkLocator
    nodes: dict[tuple[str, str], Node] = field(default_factory=dict)
    rels: dict[tuple[str, str, str, str, str], Rel] = field(default_factory=dict)
    conflicts: list[Conflict] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)  # item sections, for ABOUT

    def node(self, label: str, id_: str, **props: object) -> Node:
        key = (label, id_)
        existing = self.nodes.get(key)
        if existing is None:
            existing = Node(label, id_, dict(props))
            self.nodes[key] = existing
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

    def ev(self, doc: Document, source: SourceLine | None) -> list[Evidence]:
        return [self.locator.evidence(doc.path, source)] if source else []


class _People:
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
                pid = base if len(group) == 1 else f"{base}-{slug(_page_folder(p.document.path))}"
                n = 2
                while pid in taken:
                    pid, n = f"{base}-{n}", n + 1
                taken.add(pid)
                self.subject_id[p.document.path] = pid
                self.by_key[key].append(pid)
                self.names[pid] = p.subject or ""
        self._taken = taken
        # Unique surname + first initial, for names written as "D. Hládek".
        self._initials: dict[tuple[str, str], list[str]] = defaultdict(list)

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
                    if k.split()[-1] == words[-1] and k[0] == words[0][0]
                ]
                if len(initial) == 1:
                    return initial[0]
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


def _item_id(doc: Document, item: ItemFacts, ordinal: int) -> str:
    suffix = f"-{ordinal}" if ordinal > 1 else ""
    if item.is_thesis:
        return f"{doc.path}#{item.kind}{suffix}"
    number = f"-{item.number}" if item.number else suffix
    return f"{doc.path}#{item.kind}{number}"


def build_payload(docs: list[Document], chunks: list[Chunk]) -> GraphPayload:
    """The whole graph of one snapshot of the wiki."""
    locator = ChunkLocator(chunks)
    b = _Builder(locator)
    resolver = LinkResolver(d.path for d in docs)
    reports: dict[str, PageReport] = {}

    parsed = {d.path: read_page(d) for d in docs}
    topic_docs = [d for d in docs if is_topic_page(d)]
    topic_paths = {d.path for d in topic_docs}
    person_pages = [
        parsed[d.path]
        for d in docs
        if d.path not in topic_paths
        and parsed[d.path].subject
        and (_under_students(d) or parsed[d.path].items or parsed[d.path].start_year)
    ]
    people = _People(person_pages)

    # Documents, keywords, categories, authors, chunks: every page.
    for d in docs:
        kind = "topic" if d.path in topic_paths else "page"
        if d.path in people.subject_id:
            kind = "person"
        dref = ("Document", d.path)
        b.node(
            "Document",
            d.path,
            # A title made up from the file path is never shown as the title.
            title=d.title if d.title_source != "path" else None,
            kind=kind,
            published=d.published,
            source_url=d.source_url,
        )
        reports[d.path] = PageReport(d.path, kind)
        for tag in d.tags:
            kid = term_key(tag)
            if kid:
                b.node("Keyword", kid, name=clean_inline(tag))
                b.rel(
                    "HAS_KEYWORD",
                    dref,
                    ("Keyword", kid),
                    [Evidence("keyword", d.path, None, None, f"tag: {tag}")],
                )
        for cat in d.categories:
            cid = term_key(cat)
            if not cid:
                continue
            code = pt.category_code(cid)
            b.node(
                "Category",
                cid,
                name=clean_inline(cat),
                thesis_kind=code[0] if code else None,
                year=code[1] if code else None,
            )
            b.rel(
                "IN_CATEGORY",
                dref,
                ("Category", cid),
                [Evidence("category", d.path, None, None, f"category: {cat}")],
            )
        for author in d.authors:
            name = strip_titles(author)
            aid = slug(name)
            if not aid:
                continue
            b.node("DocumentAuthor", aid, name=name, key=name_key(name))
            b.rel(
                "AUTHORED_DOCUMENT",
                ("DocumentAuthor", aid),
                dref,
                [Evidence("author", d.path, None, None, f"author: {author}")],
            )
    for c in chunks:
        heading = c.heading_path[-1] if c.heading_path else ""
        b.node(
            "Chunk", c.chunk_id, document_path=c.document_path, ordinal=c.ordinal, heading=heading
        )
        b.rel("PART_OF", ("Chunk", c.chunk_id), ("Document", c.document_path))

    supervised_published: dict[str, bool] = defaultdict(bool)
    for page in person_pages:
        _add_person_page(b, page, people, reports[page.document.path], supervised_published)

    # Supervisors and consultants who are not page subjects.
    for pid, name in sorted(people.names.items()):
        if ("Person", pid) not in b.nodes:
            b.node(
                "Person",
                pid,
                name=name,
                key=name_key(name),
                has_page=False,
                published=supervised_published[pid],
                evidence="[]",
            )

    for d in topic_docs:
        _add_topic_page(b, d, parsed[d.path], resolver, people, reports[d.path])
    # Person pages that link a topic page.
    topic_ids = {d.path: slug(_page_folder(d.path)) for d in topic_docs}
    for page in person_pages:
        _link_person_to_topics(b, page, resolver, people, topic_ids)

    for chunk_id, target in about_links(locator, people.subject_id, topic_ids, b.sections):
        b.rel("ABOUT", ("Chunk", chunk_id), target)

    # Page authors who are persons of the graph; the evidence is a page naming
    # the author (by the same name as the person).
    first_page: dict[str, Rel] = {}
    for r in b.rels.values():
        if r.type == "AUTHORED_DOCUMENT" and (
            r.src not in first_page or r.dst < first_page[r.src].dst
        ):
            first_page[r.src] = r
    for (label, aid), node in list(b.nodes.items()):
        if label != "DocumentAuthor":
            continue
        pids = people.by_key.get(str(node.props["key"]), [])
        if len(pids) == 1 and ("Person", pids[0]) in b.nodes:
            evidence = first_page[aid].evidence[:1] if aid in first_page else []
            b.rel("SAME_AS", ("DocumentAuthor", aid), ("Person", pids[0]), evidence)

    payload = GraphPayload(
        nodes=list(b.nodes.values()),
        rels=list(b.rels.values()),
        conflicts=b.conflicts,
        pages=[reports[d.path] for d in docs],
    )
    for rel in payload.rels:
        rel.evidence.sort(key=lambda e: (e.document_path, e.line or 0, e.field))
    return payload


def _add_person_page(
    b: _Builder,
    page: PageFacts,
    people: _People,
    report: PageReport,
    supervised_published: dict[str, bool],
) -> None:
    doc = page.document
    pid = people.subject_id[doc.path]
    pref = ("Person", pid)
    subject_ev = b.ev(doc, page.subject_source)
    start_ev = b.ev(doc, page.start_source)
    b.node(
        "Person",
        pid,
        name=page.subject,
        key=name_key(page.subject or ""),
        has_page=True,
        document_path=doc.path,
        login=_page_folder(doc.path),
        published=doc.published,
        start_year=page.start_year,
        evidence=evidence_json(start_ev),
    )
    b.rel("HAS_DOCUMENT", pref, ("Document", doc.path), subject_ev)
    for ev in subject_ev + start_ev:
        if ev.chunk_id:
            b.rel("MENTIONS", ("Chunk", ev.chunk_id), pref)
            if ev.field == "start_year":
                b.rel("EVIDENCE_FOR", ("Chunk", ev.chunk_id), pref)
    report.subject = pid
    report.start_year = page.start_year is not None
    report.notes = list(page.notes)

    ordinals: dict[str, int] = defaultdict(int)
    for item in page.items:
        ordinals[item.kind] += 1
        iid = _item_id(doc, item, ordinals[item.kind])
        evs = [b.locator.evidence(doc.path, s) for s in item.sources]
        label = "Thesis" if item.is_thesis else "Work"
        iref = (label, iid)
        common = dict(
            kind=item.kind,
            title=item.title,
            title_key=term_key(item.title) if item.title else None,
            year=item.year,
            document_path=doc.path,
            published=doc.published,
            evidence=evidence_json(evs),
        )
        if item.is_thesis:
            conflict = (
                bool(
                    item.year_heading
                    and item.year_category
                    and item.year_heading != item.year_category
                )
                or len(set(item.category_years)) > 1
            )
            b.node(
                "Thesis",
                iid,
                **common,
                year_heading=item.year_heading,
                year_category=item.year_category,
                year_conflict=conflict,
                supervisor="; ".join(item.supervisors) or None,
                consultant="; ".join(item.consultants) or None,
            )
            b.rel("AUTHORED", pref, iref, [e for e in evs if e.field == "title"] or subject_ev)
            if conflict:
                b.conflicts.append(
                    Conflict(
                        "thesis_year",
                        doc.path,
                        iid,
                        {
                            "thesis_kind": item.kind,
                            "heading_year": item.year_heading,
                            "category_years": sorted(set(item.category_years)),
                            "chosen": item.year,
                        },
                        [e for e in evs if e.field.startswith("year")],
                    )
                )
            for role, names, rel_type in (
                ("supervisor", item.supervisors, "SUPERVISED"),
                ("consultant", item.consultants, "CONSULTED"),
            ):
                role_ev = [e for e in evs if e.field == role]
                for name in names:
                    sid = people.resolve(name)
                    if sid == pid:
                        continue  # a page never supervises itself
                    supervised_published[sid] |= doc.published
                    b.rel(rel_type, ("Person", sid), iref, role_ev)
                    for ev in role_ev:
                        if ev.chunk_id:
                            b.rel("MENTIONS", ("Chunk", ev.chunk_id), ("Person", sid))
            report.theses += 1
            report.theses_with_title += item.title is not None
            report.theses_with_supervisor += bool(item.supervisors)
            report.theses_with_year += item.year is not None
        else:
            b.node("Work", iid, **common, number=item.number)
            b.rel("HAS_WORK", pref, iref, [e for e in evs if e.field == "title"] or subject_ev)
            report.works += 1
        b.rel("EVIDENCED_BY", iref, ("Document", doc.path))
        if item.span:
            b.sections.append(Section(label, iid, doc.path, *item.span))
        for ev in evs:
            if ev.chunk_id:
                b.rel("EVIDENCE_FOR", ("Chunk", ev.chunk_id), iref)


def _add_topic_page(
    b: _Builder,
    doc: Document,
    page: PageFacts,
    resolver: LinkResolver,
    people: _People,
    report: PageReport,
) -> None:
    tid = slug(_page_folder(doc.path))
    tref = ("Topic", tid)
    b.node(
        "Topic",
        tid,
        title=doc.title,
        key=term_key(doc.title),
        keyword=term_key(doc.tags[0]) if doc.tags else None,
        document_path=doc.path,
        published=doc.published,
    )
    b.rel("DESCRIBES", ("Document", doc.path), tref)
    for cid in b.locator.chunks_of(doc.path):
        b.rel("MENTIONS", ("Chunk", cid), tref)
    members = 0
    for line in page.lines:
        if line.in_code:
            continue
        for _, target, _ in links(line.text):
            path = resolver.resolve(doc.path, target)
            pid = people.subject_id.get(path or "")
            if pid is None:
                continue
            ev = b.locator.evidence(doc.path, SourceLine("topic_member", line, line.text))
            b.rel("ON_TOPIC", ("Person", pid), tref, [ev])
            if ev.chunk_id:
                b.rel("MENTIONS", ("Chunk", ev.chunk_id), ("Person", pid))
            members += 1
    report.subject = tid
    report.notes = [f"{members} linked persons"]


def _link_person_to_topics(
    b: _Builder,
    page: PageFacts,
    resolver: LinkResolver,
    people: _People,
    topic_ids: dict[str, str],
) -> None:
    doc = page.document
    pid = people.subject_id[doc.path]
    for line in page.lines:
        if line.in_code:
            continue
        for _, target, _ in links(line.text):
            path = resolver.resolve(doc.path, target)
            if path in topic_ids:
                ev = b.locator.evidence(doc.path, SourceLine("topic_link", line, line.text))
                tref = ("Topic", topic_ids[path])
                b.rel("ON_TOPIC", ("Person", pid), tref, [ev])
                if ev.chunk_id:
                    b.rel("MENTIONS", ("Chunk", ev.chunk_id), tref)
