"""Answers that connect things: what two persons share, a bounded path
between two entities, the pages an author wrote, the thesis with a title.

Paths are all shortest paths of at most four relationships over the
meaningful relationships (``schema.PATH_REL_TYPES``), computed by the
engine; paths through unpublished pages are dropped unless asked for, and
the rest are ordered by their node ids so both engines give the same list.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from zpagent.graph.answers.person import (
    emit_theses,
    person_ref,
    resolve_one,
    unresolved_response,
)
from zpagent.graph.answers.resolve import add_rejected, resolve_mention
from zpagent.graph.answers.response import path_model
from zpagent.graph.contract import Aggregation, Candidate, EntityRef, GraphResponse
from zpagent.graph.model import parse_evidence
from zpagent.graph.names import term_key
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore, PathValue
from zpagent.graph.understand.lexicon import Lexicon, PhraseEntry, word_keys
from zpagent.question.cues import FUNCTION_WORDS

if TYPE_CHECKING:
    from zpagent.graph.answers.context import Context

PATH_FETCH = 200


# --- shared topics and keywords ------------------------------------------------------------


def shared_answer(ctx: Context) -> GraphResponse:
    first = resolve_one(ctx, 0)
    if isinstance(first, GraphResponse):
        return first
    second = resolve_one(ctx, 1)
    if isinstance(second, GraphResponse):
        return second
    b = ctx.builder
    a_ref, b_ref = person_ref(ctx, first), person_ref(ctx, second)
    params = {"a": first.id, "b": second.id, "include_unpublished": ctx.include_unpublished}
    if ctx.pq.type in ("shared_topics", "shared"):
        for tid, title, path, ev_a, ev_b in ctx.store.query(q.SHARED_TOPICS, **params):
            topic = b.entity("Topic", tid, title, "shared", path)
            b.fact(a_ref, "member_of_topic", title, parse_evidence(ev_a), topic, documents=[path])
            b.fact(b_ref, "member_of_topic", title, parse_evidence(ev_b), topic, documents=[path])
            b.answer(title)
    if ctx.pq.type in ("shared_keywords", "shared"):
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
    pq, b = ctx.pq, ctx.builder
    found: list[tuple[int, tuple[str, str, str, str | None]]] = []
    for mention in pq.persons:
        res = resolve_mention(mention, pq, ctx.lexicon, b, ctx.include_unpublished)
        unresolved = unresolved_response(ctx, res)
        if unresolved is not None:
            return unresolved
        assert res.person is not None
        p = res.person
        found.append((mention.start, ("Person", p.id, p.name, p.document_path)))
    text = ctx.pq.text.casefold()
    for entry, label in [(t, "Topic") for t in pq.topics] + [(k, "Keyword") for k in pq.keywords]:
        position = text.find(entry.name.casefold())
        found.append((position if position >= 0 else 10_000, _phrase_endpoint(entry, label)))
    if len(found) < 2 and pq.unknown_names:
        add_rejected(b, pq.unknown_names[0], ctx.lexicon, ctx.include_unpublished)
        return b.build("no_answer", "unknown_person")
    found.sort(key=lambda f: f[0])
    ends = [f[1] for f in found]
    unique = list(dict.fromkeys(ends))
    if len(unique) < 2:
        return b.build("no_answer", "no_matching_facts")
    return unique[:2]


def _phrase_endpoint(entry: PhraseEntry, label: str) -> tuple[str, str, str, str | None]:
    return (label, entry.id, entry.name, entry.document_path)


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
    pq, b = ctx.pq, ctx.builder
    if not pq.authors:
        if pq.persons and any(m.candidates for m in pq.persons):
            # A known person who wrote no page.
            return b.build("no_answer", "no_matching_facts")
        names = pq.unknown_names or [m.text for m in pq.persons]
        if names:
            add_rejected(b, names[0], ctx.lexicon, ctx.include_unpublished)
        return b.build("no_answer", "unknown_person")
    authors = {a.id: a for a in ctx.lexicon.authors}
    res = resolve_mention(pq.authors[0], pq, ctx.lexicon, b, True, entries=authors)
    if res.status == "ambiguous":
        for aid in res.candidates:
            b.candidates.append(
                Candidate(
                    id=aid, name=authors[aid].name, label="DocumentAuthor", status="candidate"
                )
            )
        return b.build("ambiguous", "ambiguous_person")
    if res.person is None:
        return b.build("no_answer", "unknown_person")
    author = res.person
    a_ref = b.entity("DocumentAuthor", author.id, author.name, "author")
    # "stránky študentov": only the pages about persons.
    doc_kinds = ["person"] if "persons" in pq.cues else []
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
    person = resolve_one(ctx)
    if isinstance(person, GraphResponse):
        return person
    b = ctx.builder
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


# --- a thesis by its title ------------------------------------------------------------------------


def _content_keys(text: str) -> list[frozenset[str]]:
    """The keys of each content word of a title as asked."""
    words = re.findall(r"\w+", text)
    return [
        word_keys(w)
        for w in words
        if term_key(w) not in FUNCTION_WORDS and not w.isdigit() and len(w) > 1
    ]


def theses_by_title(
    store: GraphStore, lexicon: Lexicon, title: str, include_unpublished: bool, limit: int
) -> list[tuple[Any, ...]]:
    """``THESES_BY_TITLE`` rows of the theses a title names (at most ``limit``).

    The whole title as written names only that thesis (none when its page is
    hidden); otherwise a part of a title, then every content word of it.
    """
    key = term_key(title)
    params = {"include_unpublished": include_unpublished}
    exact = [t for t in lexicon.titles if t.key == key]
    if exact:
        ids = [t.id for t in exact if include_unpublished or t.published]
        return store.query(q.THESES_BY_IDS, ids=ids, **params, limit=limit) if ids else []
    rows = store.query(q.THESES_BY_TITLE, title=key, **params, limit=limit)
    if not rows:
        wanted = _content_keys(title)
        ids = [
            t.id
            for t in lexicon.titles
            if wanted
            and all(keys & t.stems for keys in wanted)
            and (include_unpublished or t.published)
        ]
        if ids:
            rows = store.query(q.THESES_BY_IDS, ids=ids, **params, limit=limit)
    return rows


def title_answer(ctx: Context) -> GraphResponse:
    b = ctx.builder
    title = ctx.pq.title or ""
    rows = theses_by_title(ctx.store, ctx.lexicon, title, ctx.include_unpublished, ctx.limit + 1)
    if not rows:
        # A hidden thesis named by its whole title has no near misses to show.
        if not any(t.key == term_key(title) for t in ctx.lexicon.titles):
            _rejected_titles(ctx, title)
        return b.build("no_answer", "unknown_title")
    if len(rows) > ctx.limit:
        b.truncate("entity_limit")
    rows = rows[: ctx.limit]
    owners: dict[str, EntityRef] = {}
    for pid, name, *_ in rows:
        entry = ctx.lexicon.person_by_id.get(pid)
        owners[pid] = b.entity(
            "Person", pid, name, "author", entry.document_path if entry else None
        )
        b.answer(name)
    emit_theses(ctx, [(r[0], *r[2:]) for r in rows], owners)
    return b.build("ok")


def _rejected_titles(ctx: Context, title: str) -> None:
    key = term_key(title)
    wanted = _content_keys(title)
    scored: list[tuple[float, Any]] = []
    for t in ctx.lexicon.titles:
        if not (ctx.include_unpublished or t.published):
            continue
        if not any(keys & t.stems for keys in wanted):
            continue  # no word in common: not a near miss
        score = difflib.SequenceMatcher(None, key, t.key).ratio()
        if score >= 0.5:
            scored.append((round(score, 3), t))
    scored.sort(key=lambda x: (-x[0], x[1].id))
    for score, t in scored[:3]:
        ctx.builder.candidates.append(
            Candidate(id=t.id, name=t.title, label="Thesis", status="rejected", score=score)
        )


HANDLERS: dict[str, Callable[[Context], GraphResponse]] = {
    "shared": shared_answer,
    "shared_topics": shared_answer,
    "shared_keywords": shared_answer,
    "path": path_answer,
    "documents_by_author": documents_answer,
    "page_author": page_author_answer,
    "thesis_by_title": title_answer,
}
