"""Answers that connect things: what two persons share, a bounded path
between two entities, the pages an author wrote, who wrote a person's page.

Paths are all shortest paths of at most four relationships over the
meaningful relationships (``schema.PATH_REL_TYPES``), computed by the
engine; paths through unpublished pages are dropped unless asked for, and
the rest are ordered by their node ids so both engines give the same list.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from zpagent.graph.answers.person import person_ref
from zpagent.graph.answers.resolve import add_rejected, record_match, unresolved
from zpagent.graph.answers.response import path_model
from zpagent.graph.contract import Aggregation, Candidate, GraphResponse
from zpagent.graph.model import parse_evidence
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import PathValue
from zpagent.query import EntityRef
from zpagent.query.lexicon import PersonEntry

if TYPE_CHECKING:
    from zpagent.graph.answers.context import Context

PATH_FETCH = 200


def _persons(ctx: Context, refs: list[EntityRef]) -> list[PersonEntry] | GraphResponse:
    """The persons ``refs`` name, or the finished answer when one is unknown or ambiguous."""
    out: list[PersonEntry] = []
    for ref in refs:
        if ref.status != "resolved":
            return unresolved(ctx.builder, ctx.lexicon, ref.status, ref, ctx.include_unpublished)
        record_match(ctx.builder, ctx.lexicon, ref)
        entry = ctx.lexicon.person_by_id[ref.resolved]  # type: ignore[index]
        if entry not in out:
            out.append(entry)
    return out


def _named_persons(ctx: Context) -> list[EntityRef]:
    """Every person the question names, in the order it names them."""
    refs = [r for r in ctx.query.refs() if r.kind == "person" and not r.is_set]
    return sorted(refs, key=lambda r: r.span.start if r.span else 0)


# --- shared topics and keywords ------------------------------------------------------------


def shared_answer(ctx: Context) -> GraphResponse:
    b = ctx.builder
    named = _named_persons(ctx)
    if len(named) < 2 and ctx.query.unknown_names:
        add_rejected(b, ctx.query.unknown_names[0], ctx.lexicon, ctx.include_unpublished)
        return b.build("no_answer", "unknown_person")
    persons = _persons(ctx, named)
    if isinstance(persons, GraphResponse):
        return persons
    if len(persons) < 2:
        return b.build("no_answer", "no_matching_facts")
    first, second = persons[0], persons[1]
    asked = ctx.query.attributes & {"topics", "keywords"} or {"topics", "keywords"}
    a_ref, b_ref = person_ref(ctx, first), person_ref(ctx, second)
    params = {"a": first.id, "b": second.id, "include_unpublished": ctx.include_unpublished}
    if "topics" in asked:
        for tid, title, path, ev_a, ev_b in ctx.store.query(q.SHARED_TOPICS, **params):
            topic = b.entity("Topic", tid, title, "shared", path)
            b.fact(a_ref, "member_of_topic", title, parse_evidence(ev_a), topic, documents=[path])
            b.fact(b_ref, "member_of_topic", title, parse_evidence(ev_b), topic, documents=[path])
            b.answer(title)
    if "keywords" in asked:
        for kid, name, doc_a, doc_b, ev_a, ev_b in ctx.store.query(q.SHARED_KEYWORDS, **params):
            keyword = b.entity("Keyword", kid, name, "shared")
            b.fact(a_ref, "has_keyword", name, parse_evidence(ev_a), keyword, documents=[doc_a])
            b.fact(b_ref, "has_keyword", name, parse_evidence(ev_b), keyword, documents=[doc_b])
            b.answer(name)
    if len(b.answers) > ctx.limit:
        b.truncate("fact_limit")
        b.answers = b.answers[: ctx.limit]
    return b.build("ok") if b.answers else b.build("no_answer", "no_matching_facts")


# --- paths ----------------------------------------------------------------------------------


def _endpoints(ctx: Context) -> list[tuple[str, str, str, str | None]] | GraphResponse:
    """(label, id, name, document) of the first two entities named, in order."""
    b = ctx.builder
    found: list[tuple[int, tuple[str, str, str, str | None]]] = []
    persons = _persons(ctx, _named_persons(ctx))
    if isinstance(persons, GraphResponse):
        return persons
    for ref, p in zip(_named_persons(ctx), persons, strict=False):
        found.append((ref.span.start if ref.span else 0, ("Person", p.id, p.name, p.document_path)))
    for cond in ctx.query.conditions:
        label = {"topic": "Topic", "keyword": "Keyword"}.get(cond.relation)
        for ref in cond.refs if label else ():
            entries = ctx.lexicon.topic_by_id if label == "Topic" else ctx.lexicon.keyword_by_id
            entry = entries.get(ref.resolved or "")
            if entry is not None:
                at = ref.span.start if ref.span else 10_000
                found.append((at, (label, entry.id, entry.name, entry.document_path)))
    if len(found) < 2 and ctx.query.unknown_names:
        add_rejected(b, ctx.query.unknown_names[0], ctx.lexicon, ctx.include_unpublished)
        return b.build("no_answer", "unknown_person")
    found.sort(key=lambda f: f[0])
    unique = list(dict.fromkeys(f[1] for f in found))
    if len(unique) < 2:
        return b.build("no_answer", "no_matching_facts")
    return unique[:2]


def _visible(path: PathValue, include_unpublished: bool) -> bool:
    return include_unpublished or all(
        props.get("published") is not False for _label, props in path.nodes
    )


def path_answer(ctx: Context) -> GraphResponse:
    ends = _endpoints(ctx)
    if isinstance(ends, GraphResponse):
        return ends
    (a_label, a_id, a_name, a_doc), (b_label, b_id, b_name, b_doc) = ends
    b = ctx.builder
    b.entity(a_label, a_id, a_name, "endpoint", a_doc)
    b.entity(b_label, b_id, b_name, "endpoint", b_doc)
    rows = ctx.store.query(q.path_query(a_label, b_label), a=a_id, b=b_id, limit=PATH_FETCH + 1)
    paths = [r[0] for r in rows if isinstance(r[0], PathValue)]
    capped = len(paths) > PATH_FETCH
    paths = sorted((p for p in paths if _visible(p, ctx.include_unpublished)), key=PathValue.key)
    if capped or len(paths) > ctx.limit:
        b.truncate("path_limit")
    for path in paths[: ctx.limit]:
        model = path_model(b, path.nodes, path.rels)
        b.paths.append(model)
        b.answer(model.text)
        for i, (rel_type, start, end) in enumerate(path.rels):
            src, dst = model.nodes[start], model.nodes[end]
            docs = [d for d in (src.document_path, dst.document_path) if d]
            evidence = parse_evidence(path.evidence[i] if i < len(path.evidence) else None)
            b.fact(src, rel_type.lower(), dst.name, evidence, dst, {"path_step": i}, documents=docs)
    return b.build("ok") if b.paths else b.build("no_answer", "no_matching_facts")


# --- pages by author ----------------------------------------------------------------------------


def documents_answer(ctx: Context) -> GraphResponse:
    query, b = ctx.query, ctx.builder
    if not query.authors:
        persons = _named_persons(ctx)
        if persons and any(r.ids for r in persons):
            # A known person who wrote no page.
            return b.build("no_answer", "no_matching_facts")
        names = list(query.unknown_names) or [r.text for r in persons]
        if names:
            add_rejected(b, names[0], ctx.lexicon, ctx.include_unpublished)
        return b.build("no_answer", "unknown_person")
    authors = {a.id: a for a in ctx.lexicon.authors}
    ref = query.authors[0]
    if len(ref.ids) > 1:
        for aid in ref.ids:
            b.candidates.append(
                Candidate(id=aid, name=authors[aid].name, label="DocumentAuthor",
                          status="candidate")
            )  # fmt: skip
        return b.build("ambiguous", "ambiguous_person")
    if not ref.ids:
        return b.build("no_answer", "unknown_person")
    author = authors[ref.ids[0]]
    a_ref = b.entity("DocumentAuthor", author.id, author.name, "author")
    # "stránky študentov": only the pages about persons.
    doc_kinds = ["person"] if query.unit == "person_pages" else []
    params = {
        "ids": [author.id],
        "include_unpublished": ctx.include_unpublished,
        "doc_kinds": doc_kinds,
    }
    count = ctx.store.query(q.DOCUMENTS_BY_AUTHOR_COUNT, **params)[0][0]
    rows = ctx.store.query(q.DOCUMENTS_BY_AUTHOR_PAGE, **params, limit=ctx.limit + 1)
    truncated = len(rows) > ctx.limit
    if truncated:
        b.truncate("entity_limit")
    for path, title, _kind, _aid, _aname, ev_json in rows[: ctx.limit]:
        b.document(path)
        doc_ref = b.ref("Document", path, title or path, path)
        b.fact(a_ref, "wrote_page", path, parse_evidence(ev_json), doc_ref, documents=[path])
        b.answer(path)
    b.aggregation = Aggregation(
        count=int(count),
        complete=not truncated,
        unit="documents",
        returned=min(len(rows), ctx.limit),
        limit=ctx.limit,
        items=int(count),
    )
    return b.build("ok") if b.answers else b.build("no_answer", "no_matching_facts")


def page_author_answer(ctx: Context) -> GraphResponse:
    """Who wrote a person's page: the page author, not the person it is about."""
    persons = _persons(ctx, list(ctx.query.subjects))
    if isinstance(persons, GraphResponse):
        return persons
    b = ctx.builder
    if not persons:
        return b.build("no_answer", "no_matching_facts")
    person = persons[0]
    ref = person_ref(ctx, person)
    if not person.document_path:
        return b.build("no_answer", "no_matching_facts")
    rows = ctx.store.query(
        q.PAGE_AUTHORS, ids=[person.document_path], include_unpublished=ctx.include_unpublished
    )
    doc = b.ref("Document", person.document_path, person.name, person.document_path)
    for _path, aid, name, ev_json in rows:
        author = b.entity("DocumentAuthor", aid, name, "author")
        b.fact(
            author,
            "wrote_page",
            person.document_path,
            parse_evidence(ev_json),
            doc,
            {"page_subject": ref.name},
            documents=[person.document_path],
        )
        b.answer(name)
    return b.build("ok") if b.answers else b.build("no_answer", "no_matching_facts")


HANDLERS: dict[str, Callable[[Context], GraphResponse]] = {
    "shared": shared_answer,
    "path": path_answer,
    "pages_by_author": documents_answer,
    "page_author": page_author_answer,
}
