"""Build the graph payload from parsed documents and their chunks.

One pass reads every page (``page.read_page``); a second assigns stable ids
and connects pages: supervisors to the persons they are, topic pages to the
students they list, page authors to persons of the same name. Ids are
normalized keys (case- and diacritics-insensitive); display names keep
their diacritics. Deterministic: the same inputs give the same payload.
"""

from __future__ import annotations

from collections import defaultdict

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.about import Section, about_links
from zpagent.graph.build.builder import Builder, People, is_topic_page, page_folder, under_students
from zpagent.graph.build.consulted import add_consulted_lists
from zpagent.graph.build.coverage import measure
from zpagent.graph.build.evidence import ChunkLocator
from zpagent.graph.build.links import LinkResolver
from zpagent.graph.build.memberships import (
    add_body_keywords,
    add_project_page,
    add_topic_page,
    lexicon_of,
    link_person_to_topics,
    link_team_projects,
    project_keys,
)
from zpagent.graph.build.page import ItemFacts, PageFacts, read_page
from zpagent.graph.build.people import Problem
from zpagent.graph.build.projects import is_project_page
from zpagent.graph.build.teammates import link_teammates
from zpagent.graph.model import (
    Conflict,
    Evidence,
    GraphPayload,
    PageReport,
    Rel,
    evidence_json,
)
from zpagent.ingest.chunker import Chunk
from zpagent.ingest.document import Document
from zpagent.ingest.text import clean_inline, slug
from zpagent.query.names import name_key, strip_titles, term_key


def _item_id(doc: Document, item: ItemFacts, ordinal: int) -> str:
    suffix = f"-{ordinal}" if ordinal > 1 else ""
    if item.is_thesis:
        return f"{doc.path}#{item.kind}{suffix}"
    number = f"-{item.number}" if item.number else suffix
    return f"{doc.path}#{item.kind}{number}"


def build_payload(docs: list[Document], chunks: list[Chunk]) -> GraphPayload:
    """The whole graph of one snapshot of the wiki."""
    locator = ChunkLocator(chunks)
    b = Builder(locator)
    resolver = LinkResolver(d.path for d in docs)

    parsed = {d.path: read_page(d) for d in docs}
    topic_docs = [d for d in docs if is_topic_page(d)]
    topic_paths = {d.path for d in topic_docs}
    project_docs = [
        d for d in docs if d.path not in topic_paths and is_project_page(d, parsed[d.path])
    ]
    project_paths = {d.path for d in project_docs}
    person_pages = [
        parsed[d.path]
        for d in docs
        if d.path not in topic_paths | project_paths
        and parsed[d.path].subject
        and (under_students(d) or parsed[d.path].items or parsed[d.path].start_year)
    ]
    people = People(person_pages)
    kinds = {**{p: "topic" for p in topic_paths}, **{p: "project" for p in project_paths}}
    kinds.update({p: "person" for p in people.subject_id})
    reports = {d.path: PageReport(d.path, kinds.get(d.path, "page")) for d in docs}
    for d in docs:
        _add_document(b, d, kinds.get(d.path, "page"))
        add_body_keywords(b, d, parsed[d.path])
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
            b.node("Person", pid, name=name, key=name_key(name), has_page=False,
                   published=supervised_published[pid], evidence="[]")  # fmt: skip

    lexicon = lexicon_of(people, person_pages)
    problems = []
    for d in topic_docs:
        problems += add_topic_page(b, people, d, parsed[d.path], resolver, lexicon, reports[d.path])
    for d in project_docs:
        _project, found = add_project_page(b, people, d, parsed[d.path], resolver, lexicon,
                                           reports[d.path])  # fmt: skip
        problems += found
    problems += add_consulted_lists(b, people, person_pages, resolver, lexicon)
    topic_ids = {d.path: slug(page_folder(d.path)) for d in topic_docs}
    projects = project_keys(b)
    for page in person_pages:
        link_person_to_topics(b, page, resolver, people, topic_ids)
        linked = link_team_projects(b, page, people, projects)
        problems += link_teammates(b, page, linked, lexicon, resolver)

    for chunk_id, target in about_links(locator, people.subject_id, topic_ids, b.sections):
        b.rel("ABOUT", ("Chunk", chunk_id), target)
    _same_as(b, people)
    problems += b.year_disagreements

    payload = GraphPayload(
        nodes=list(b.nodes.values()),
        rels=list(b.rels.values()),
        conflicts=b.conflicts,
        pages=[reports[d.path] for d in docs],
        problems=[p.to_dict() for p in problems] + _thesis_problems(person_pages),
    )
    for rel in payload.rels:
        rel.evidence.sort(key=lambda e: (e.document_path, e.line or 0, e.field))
    for page in person_pages:  # years a topic page gave count as extracted
        for item in page.items:
            year = b.listed_years.get((page.document.path, item.kind))
            if year is not None and item.year is None:
                item.year_line = year
    payload.coverage = measure(
        person_pages,
        [parsed[d.path] for d in topic_docs],
        [parsed[d.path] for d in project_docs],
        payload.rels,
        problems,
    )
    return payload


def _add_document(b: Builder, d: Document, kind: str) -> None:
    """A page as a node, with its tags, categories and front-matter authors."""
    dref = ("Document", d.path)
    # A title made up from the file path is never shown as the title.
    b.node("Document", d.path, title=d.title if d.title_source != "path" else None, kind=kind,
           published=d.published, source_url=d.source_url)  # fmt: skip
    for tag in d.tags:
        kid = term_key(tag)
        if kid:
            b.node("Keyword", kid, name=clean_inline(tag))
            ev = Evidence("keyword", d.path, None, None, f"tag: {tag}")
            b.rel("HAS_KEYWORD", dref, ("Keyword", kid), [ev])
    for cat in d.categories:
        cid = term_key(cat)
        if not cid:
            continue
        code = pt.category_code(cid)
        b.node("Category", cid, name=clean_inline(cat), thesis_kind=code[0] if code else None,
               year=code[1] if code else None)  # fmt: skip
        ev = Evidence("category", d.path, None, None, f"category: {cat}")
        b.rel("IN_CATEGORY", dref, ("Category", cid), [ev])
    for author in d.authors:
        name = strip_titles(author)
        aid = slug(name)
        if not aid:
            continue
        b.node("DocumentAuthor", aid, name=name, key=name_key(name))
        ev = Evidence("author", d.path, None, None, f"author: {author}")
        b.rel("AUTHORED_DOCUMENT", ("DocumentAuthor", aid), dref, [ev])


def _same_as(b: Builder, people: People) -> None:
    """Page authors who are persons of the graph; the evidence is a page naming the
    author (by the same name as the person)."""
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


def _thesis_problems(person_pages: list[PageFacts]) -> list[dict[str, object]]:
    """What a student page's editor can fix: theses without a year, conflicting years."""
    out: list[dict[str, object]] = []
    for page in person_pages:
        path = page.document.path
        for item in page.items:
            if not item.is_thesis:
                continue
            line = item.heading.number if item.heading else None
            if item.year is None:
                out.append(Problem(path, "year", "missing_year", item.kind, line).to_dict())
            if len(set(item.category_years)) > 1 or (
                item.year_heading and item.year_category and item.year_heading != item.year_category
            ):
                detail = f"{item.kind}: heading {item.year_heading}, category {item.category_years}"
                out.append(Problem(path, "year", "conflicting_years", detail, line).to_dict())
    return out


def _add_person_page(
    b: Builder,
    page: PageFacts,
    people: People,
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
        login=page_folder(doc.path),
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
            _lead(b, people, pid, iref, item.supervisors, "SUPERVISED", evs, supervised_published,
                  doc.published)  # fmt: skip
            _lead(b, people, pid, iref, item.consultants, "CONSULTED", evs, supervised_published,
                  doc.published, role="consultant")  # fmt: skip
            report.theses += 1
            report.theses_with_title += item.title is not None
            report.theses_with_supervisor += bool(item.supervisors)
            report.theses_with_year += item.year is not None
        else:
            b.node("Work", iid, **common, number=item.number)
            b.rel("HAS_WORK", pref, iref, [e for e in evs if e.field == "title"] or subject_ev)
            _lead(b, people, pid, iref, item.supervisors, "LED", evs, supervised_published,
                  doc.published)  # fmt: skip
            report.works += 1
        b.rel("EVIDENCED_BY", iref, ("Document", doc.path))
        if item.span:
            b.sections.append(Section(label, iid, doc.path, *item.span))
        for ev in evs:
            if ev.chunk_id:
                b.rel("EVIDENCE_FOR", ("Chunk", ev.chunk_id), iref)


def _lead(
    b: Builder,
    people: People,
    pid: str,
    iref: tuple[str, str],
    names: list[str],
    rel_type: str,
    evs: list[Evidence],
    supervised_published: dict[str, bool],
    published: bool,
    role: str = "supervisor",
) -> None:
    """Edges from the persons who led (or consulted) a thesis or work to it, with
    the line that names them."""
    role_ev = [e for e in evs if e.field == role]
    for name in names:
        sid = people.resolve(name)
        if sid == pid:
            continue  # a page never supervises itself
        supervised_published[sid] |= published
        b.rel(rel_type, ("Person", sid), iref, role_ev)
        for ev in role_ev:
            if ev.chunk_id:
                b.rel("MENTIONS", ("Chunk", ev.chunk_id), ("Person", sid))
