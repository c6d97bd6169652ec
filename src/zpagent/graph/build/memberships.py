"""Who belongs to what: the students of a topic, the members of a team project,
the keywords a page states in its body.

Topic and project pages name their people in any form their authors chose;
``people.people_on_page`` reads every line through the wiki's name lexicon
and reports what it cannot resolve. A student's page linking a topic page
puts the student on that topic too. A team project listed on its own page,
on its members' pages or both is one ``Project`` node, matched by title.
"""

from __future__ import annotations

from dataclasses import replace

from zpagent.graph.build import patterns as pt
from zpagent.graph.build.builder import Builder, People, page_folder
from zpagent.graph.build.lines import Line, label_line, plain
from zpagent.graph.build.links import LinkResolver, links
from zpagent.graph.build.listed import listed_thesis
from zpagent.graph.build.page import PageFacts, SourceLine
from zpagent.graph.build.people import (
    Named,
    PeopleOnPage,
    Problem,
    people_lexicon,
    people_on_page,
)
from zpagent.graph.build.projects import (
    ProjectPage,
    member_role,
    project_id,
    project_key,
    read_project,
    topic_leaders,
)
from zpagent.graph.model import Evidence, PageReport, evidence_json, parse_evidence
from zpagent.ingest.document import Document
from zpagent.ingest.text import clean_inline, fold, slug
from zpagent.query.lexicon import COMMON_FIRST_NAME_FORMS, Lexicon
from zpagent.query.names import name_key, term_key

# "Kľúčové slová: a, b, c": keywords written in the body, beside the front matter's tags.
KEYWORD_LABELS = frozenset({"klucove slova", "keywords", "klicova slova", "tagy", "stitky"})


def lexicon_of(people: People, person_pages: list[PageFacts]) -> Lexicon:
    """The students (with their pages and logins) and the persons who only lead."""
    published = {p.document.path: p.document.published for p in person_pages}
    students = [
        (pid, people.names[pid], path, page_folder(path), published[path])
        for path, pid in people.subject_id.items()
    ]
    subjects = set(people.subject_id.values())
    leaders = [(pid, name) for pid, name in people.names.items() if pid not in subjects]
    return people_lexicon(students, leaders)


def _looks_like_full_name(text: str, given_names: frozenset[str] | set[str]) -> bool:
    words = text.split()
    # "Marta Kowalska", not "Marian NMT" or "Jetson Orin": title-case words only,
    # the first a given name the wiki or the language knows.
    return (
        2 <= len(words) <= 3
        and all(w[:1].isupper() and w[1:].islower() and w.isalpha() for w in words)
        and fold(words[0]) in given_names
    )


def _given(lexicon: Lexicon) -> set[str]:
    return set(lexicon.first_name_forms) | set(COMMON_FIRST_NAME_FORMS)


def listed_without_page(
    b: Builder,
    people: People,
    page: PageFacts,
    problems: list[Problem],
    rel_type: str,
    target: tuple[str, str],
    field: str,
    given_names: frozenset[str] | set[str],
    added: list[Named] | None = None,
) -> list[Problem]:
    """Whole names a topic or project page lists that no page is about ("Marta
    Kowalska" in a member table): persons of their own, without a page, so a
    count over the list holds everyone it names. Returns the problems left;
    the persons made are appended to ``added``."""
    doc = page.document
    by_number = {line.number: line for line in page.lines}
    left = []
    for problem in problems:
        line = by_number.get(problem.line)
        if problem.kind != "unresolved_name" or line is None:
            left.append(problem)
            continue
        if not _looks_like_full_name(problem.detail, given_names):
            left.append(problem)
            continue
        known = set(people.names) - people.listed
        pid = people.resolve(problem.detail)
        if pid in known:
            left.append(problem)  # someone the wiki knows otherwise: not guessed here
            continue
        people.listed.add(pid)
        b.node("Person", pid, name=problem.detail, key=term_key(problem.detail),
               has_page=False, published=doc.published, document_path=None, login=None,
               start_year=None, evidence="[]")  # fmt: skip
        ev = b.locator.evidence(doc.path, SourceLine(field, line, line.text))
        b.rel(rel_type, ("Person", pid), target, [ev])
        if added is not None:
            added.append(Named(pid, line))
    return left


def _year_from_list(b: Builder, doc: Document, person_id: str, line: Line) -> None:
    """ "- Zuzana Zemanová (BP 2017)" on a topic page: the year of her bachelor thesis
    when her own page does not say it (her page wins when it does)."""
    person = b.nodes.get(("Person", person_id))
    path = person.props.get("document_path") if person else None
    text = fold(plain(line.text))
    said = pt.KIND_NEAR_YEAR.search(text)
    years = {int(y) for y in pt.YEAR.findall(line.text)}
    if person is not None and not path:
        # Someone without a public page of their own: the thesis the line states.
        if said:
            kind = pt.kind_of_abbreviation(said.group(1))
            listed_thesis(b, doc, person_id, line, kind, int(said.group(2)))
        elif (named_kind := pt.classify_heading(text)) and named_kind[1]:
            listed_thesis(b, doc, person_id, line, named_kind[0], None)  # "(bakalárska práca)"
        return
    if not path or not (said or len(years) == 1):
        return
    theses = b.theses_of(path)
    if said:
        kind, year = pt.kind_of_abbreviation(said.group(1)), int(said.group(2))
        same = [n for n in theses if n.props.get("kind") == kind]
    else:
        # "| Ľubomír Urban | Diarizácia rečníkov … | 2021 |": the thesis the row names
        # by its title, else the person's only thesis.
        year = years.pop()
        same = [n for n in theses if n.props.get("title_key") and n.props["title_key"] in text]
        same = same or (theses if len(theses) == 1 else [])
        kind = same[0].props.get("kind") if len(same) == 1 else None
    target = same[0] if len(same) == 1 else None
    if target is None:
        return
    if not said and target.props.get("year") is None:
        return  # a bare year in a row may be anything (a start, a range): it fills nothing
    if target.props.get("year") is not None:
        if target.props["year"] != year:
            # Two pages disagree on the year: a count by year cannot be exact.
            b.year_disagreements.append(
                Problem(doc.path, "year", "conflicting_years",
                        f"{kind}: {year} here, {target.props['year']} on {path}", line.number)
            )  # fmt: skip
        return
    target.props["year"] = year
    ev = b.locator.evidence(doc.path, SourceLine("year_listed", line, line.text))
    target.props["evidence"] = evidence_json([*parse_evidence(target.props.get("evidence")), ev])
    b.listed_years[(path, kind)] = year


# What a list page's relation is called where it reads and reports it.
_LISTS = {
    "ON_TOPIC": ("on_topic", "topic_member", "persons on the topic"),
    "MEMBER_OF": ("team_member", "member", "members"),
}


def _list_members(
    b: Builder,
    people: People,
    page: PageFacts,
    resolver: LinkResolver,
    lexicon: Lexicon,
    report: PageReport,
    rel_type: str,
    target: tuple[str, str],
    skip: set[int] | None = None,
    mentions: bool = False,
) -> PeopleOnPage:
    """The persons a topic or project page lists, linked to it with the line that
    names them; names of nobody the wiki knows become persons without a page.
    The page's report says how many and what could not be read."""
    relation, field, noun = _LISTS[rel_type]
    doc = page.document
    found = people_on_page(doc.path, page.lines, lexicon, resolver, relation, skip)
    for named in found.named:
        ev = b.locator.evidence(doc.path, SourceLine(field, named.line, named.line.text))
        if rel_type == "MEMBER_OF":
            ev = replace(ev, value=member_role(named.line.text))
        b.rel(rel_type, ("Person", named.person_id), target, [ev])
        if mentions and ev.chunk_id:
            b.rel("MENTIONS", ("Chunk", ev.chunk_id), ("Person", named.person_id))
    found.problems = listed_without_page(
        b, people, page, found.problems, rel_type, target, field, _given(lexicon), found.named
    )
    found.problems += hidden_but_listed(b, doc, found, relation)
    report.notes = [f"{len({n.person_id for n in found.named})} {noun}"] + [
        f"{p.kind}: {p.detail} (line {p.line})" for p in found.problems
    ]
    return found


def hidden_but_listed(
    b: Builder, doc: Document, found: PeopleOnPage, relation: str
) -> list[Problem]:
    """A published list page that names someone whose own page is hidden: the graph
    keeps that person hidden, so a count over the list is a lower bound (the relation's
    coverage becomes partial), never an exact number short of what the page shows."""
    if not doc.published:
        return []
    out = []
    for named in found.named:
        node = b.nodes.get(("Person", named.person_id))
        if node is not None and node.props.get("published") is False:
            name = str(node.props.get("name") or named.person_id)
            out.append(Problem(doc.path, relation, "hidden_person_listed", name, named.line.number))
    return out


def add_topic_page(
    b: Builder,
    people: People,
    doc: Document,
    page: PageFacts,
    resolver: LinkResolver,
    lexicon: Lexicon,
    report: PageReport,
) -> list[Problem]:
    tid = slug(page_folder(doc.path))
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
    skip = set()
    for line, names in topic_leaders(page):
        skip.add(line.number)
        ev = b.locator.evidence(doc.path, SourceLine("supervisor", line, line.text))
        for name in names:
            _led(b, people, name, tref, ev, doc.published)
    found = _list_members(b, people, page, resolver, lexicon, report, "ON_TOPIC", tref, skip,
                          mentions=True)  # fmt: skip
    for named in found.named:
        _year_from_list(b, doc, named.person_id, named.line)
    report.subject = tid
    return found.problems


def link_person_to_topics(
    b: Builder, page: PageFacts, resolver: LinkResolver, people: People, topic_ids: dict[str, str]
) -> None:
    """A student's page that links a topic page: the student is on that topic."""
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


def _project_node(b: Builder, title: str, **props: object) -> tuple[str, str]:
    pid = project_id(title)
    node = b.node("Project", pid, title=clean_inline(title), title_key=project_key(title), **props)
    for key, value in props.items():  # a project page completes what member pages said
        if value is not None and node.props.get(key) in (None, False):
            node.props[key] = value
    return ("Project", pid)


def add_project_page(
    b: Builder,
    people: People,
    doc: Document,
    page: PageFacts,
    resolver: LinkResolver,
    lexicon: Lexicon,
    report: PageReport,
) -> tuple[ProjectPage, list[Problem]]:
    project = read_project(doc, page)
    evidence = [
        b.locator.evidence(doc.path, SourceLine(field, line, line.text))
        for field, line in (("title", project.title_line), ("year_line", project.year_line))
        if line is not None
    ]
    jref = _project_node(
        b,
        project.title,
        year=project.year,
        document_path=doc.path,
        published=doc.published,
        evidence=evidence_json(evidence),
    )
    skip = set()
    if project.supervisor_line is not None:
        skip.add(project.supervisor_line.number)
        line = project.supervisor_line
        ev = b.locator.evidence(doc.path, SourceLine("supervisor", line, line.text))
        for name in project.supervisors:
            _led(b, people, name, jref, ev, doc.published)
    found = _list_members(b, people, page, resolver, lexicon, report, "MEMBER_OF", jref, skip)
    report.subject = jref[1]
    return project, found.problems


def _led(
    b: Builder, people: People, name: str, jref: tuple[str, str], ev: Evidence, published: bool
) -> None:
    """The person a project (topic) page names as its leader, led it (``LED``)."""
    sid = people.resolve(name)
    node = b.nodes.get(("Person", sid))
    if node is None:
        b.node("Person", sid, name=people.names.get(sid, name), key=name_key(name),
               has_page=False, published=published, evidence="[]")  # fmt: skip
    elif published and node.props.get("published") is False and not node.props.get("has_page"):
        node.props["published"] = True  # a public page names them as a leader
    b.rel("LED", ("Person", sid), jref, [ev])
    if ev.chunk_id:
        b.rel("MENTIONS", ("Chunk", ev.chunk_id), ("Person", sid))


def project_keys(b: Builder) -> dict[str | None, str]:
    """Title key -> id of every project so far (read once for all member pages)."""
    return {n.props.get("title_key"): n.id for (label, _), n in b.nodes.items()
            if label == "Project"}  # fmt: skip


def link_team_projects(
    b: Builder, page: PageFacts, people: People, known: dict[str | None, str]
) -> list[tuple[str, str]]:
    """A team project on a member's page: membership of the one project of that title.
    ``known`` (``project_keys``) gets the projects this page names first. Returns
    the projects linked."""
    doc = page.document
    pid = people.subject_id[doc.path]
    linked: list[tuple[str, str]] = []
    for item in page.items:
        if item.kind != "team_project" or not item.title:
            continue
        key = project_key(item.title)
        match = known.get(key) or next(
            (jid for k, jid in known.items() if k and (k in key or key in k)), None
        )
        if match is None:
            jref = _project_node(b, item.title, year=item.year, document_path=None,
                                 published=doc.published, evidence="[]")  # fmt: skip
            known[key] = jref[1]
        else:
            jref = ("Project", match)
            if doc.published:
                b.nodes[jref].props["published"] = True
        title = next((s for s in item.sources if s.field == "title"), None)
        evidence = b.ev(doc, title)
        role = next((s for s in item.sources if s.field == "role"), None)
        if role is not None:
            # "Moja úloha: firmvér čítačky": the member's role, as a project page's
            # table would state it beside the name.
            evidence += [replace(e, value=item.role) for e in b.ev(doc, role)]
        b.rel("MEMBER_OF", ("Person", pid), jref, evidence)
        linked.append(jref)
    return linked


def add_body_keywords(b: Builder, doc: Document, page: PageFacts) -> None:
    """Keywords a page writes in its body ("Kľúčové slová: ASR, Kaldi")."""
    for line in page.lines:
        lab = label_line(line)
        if lab is None or lab.label not in KEYWORD_LABELS:
            continue
        for value in (v.strip(" .") for v in lab.value.replace(";", ",").split(",")):
            kid = term_key(value)
            if not kid or len(kid) > 80:
                continue
            b.node("Keyword", kid, name=clean_inline(value))
            ev = b.locator.evidence(doc.path, SourceLine("keyword", line, line.text))
            b.rel("HAS_KEYWORD", ("Document", doc.path), ("Keyword", kid), [ev])
