"""Gather the evidence for one question from the requested engine.

``auto`` sends what the graph understands (a question type about named
persons, lists, counts, paths) to the graph and the rest to text retrieval;
when the graph found the person but not everything asked, the text is
added. Counts come from the graph's aggregation whatever the engine. Text
evidence about a person the question names always includes that person's
own page (its facts), whatever chunks retrieval ranked first.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from typing import Any

from zpagent.answer.evidence import Bundle, SourceEvidence, add_page_facts, add_source
from zpagent.answer.graph_evidence import asked_for, graph_bundle
from zpagent.answer.subjects import PERSON_ASKS, Names
from zpagent.answer.unread import never_said, unread_said, unread_stems, unread_words
from zpagent.config import Settings, get_settings
from zpagent.contract import Source
from zpagent.embed.base import Embedder
from zpagent.errors import RetrievalUnavailable
from zpagent.query import Lexicon, Query
from zpagent.query.describe import describe
from zpagent.rag.build import evidence_text, rag
from zpagent.rag.graph_guided import graph_rag
from zpagent.search.said import published_says

ENGINES = ("rag", "graph", "auto")
log = logging.getLogger(__name__)


# What the graph answers by itself: facts, lists, counts, links.
GRAPH_ASKS = frozenset(
    {"fact", "profile", "list", "count", "who_wrote", "shared", "path", "pages_by_author",
     "page_author"}
)  # fmt: skip


@dataclass
class AnswerOptions:
    engine: str = "auto"
    include_unpublished: bool = False
    limit: int = 8
    max_per_document: int = 2
    context_tokens: int = 6000
    rag_budget_tokens: int = 12000
    settings: Settings | None = None  # the workspace's; the environment's when None

    @property
    def config(self) -> Settings:
        return self.settings or get_settings()


def rag_bundle(
    gen: Any, embedder: Embedder, question: Query, names: Names, opts: AnswerOptions
) -> Bundle:
    def ask(only: list[str] | None = None) -> Any:
        return rag(gen, embedder, question.search_text, limit=opts.limit,
                   max_per_document=opts.max_per_document,
                   include_unpublished=opts.include_unpublished,
                   budget_tokens=opts.rag_budget_tokens, only_chunks=only,
                   gate=only is None)  # fmt: skip

    def of_guides() -> Any:
        # The guides only: students' pages talk about deadlines and sources too, but
        # what the rules say is on the pages about no one. Their best matches are
        # evidence; a line of them is quoted only when it says the question's words.
        guides = _chunks_of_pages_about_no_one(gen, names.lexicon) if names.lexicon else []
        resp = ask(guides) if guides else None
        return resp if resp is not None and resp.status == "ok" else None

    resp = of_guides() if question.about_rules else None
    ungated, by_words = resp is not None, False
    if resp is None:
        resp = ask()
        if resp.status != "ok" and question.ask == "open" and not question.subjects:
            # An open question of no one that the gate doubts ("cez aký port sa mám
            # ssh-nuť na server?"): the guides' lines that say its words, not meaning.
            guides = of_guides()
            resp, ungated, by_words = (guides, True, True) if guides else (resp, False, False)
    bundle = _text_bundle(gen, resp, question, names, asked_for(question, names), "rag")
    bundle.ungated, bundle.by_words = ungated, by_words
    if _asks_what_no_page_says(gen, question, opts):
        bundle.status, bundle.reason = "no_answer", "not_in_wiki"
        return bundle
    if by_words and not _says_unread_words(bundle, question):
        # No guide says the words nothing read ("Ako upiecť čokoládovú tortu?"): the
        # gate's doubt stands, and no model is asked about unrelated evidence.
        return _text_bundle(gen, ask(), question, names, asked_for(question, names), "rag")
    return bundle


def _asks_what_no_page_says(gen: Any, question: Query, opts: AnswerOptions) -> bool:
    """ "Aká je maximálna dĺžka úlohy v Slurme?" where only a hidden page says "Slurm":
    whatever published lines say "dĺžka" and "úlohy", they are about something else.
    (A word no page at all says may be a common word the wiki writes otherwise,
    "minimálne" for "aspoň": that alone decides nothing.)"""
    if question.ask != "open" or question.subjects or opts.include_unpublished:
        return False
    unknown = never_said(
        unread_words(question), question, lambda p, lem: published_says(gen, p, lem)
    )
    # Of those, the ones a hidden page says (asked again for these words only).
    nowhere = never_said(unknown, question, lambda p, lem: published_says(gen, p, lem, True))
    hidden = [w for w in unknown if w not in nowhere]
    log.debug("unread words no published page says: %s; a hidden one does: %s", unknown, hidden)
    return bool(hidden)


def _says_unread_words(bundle: Bundle, question: Query) -> bool:
    """Some text of the evidence says at least half the question's unread words."""
    need = len(unread_stems(question))
    texts = (t for ev in bundle.by_id.values() for t in ev.texts)
    return not need or any(2 * unread_said(t, question) >= need for t in texts)


def _chunks_of_pages_about_no_one(gen: Any, lexicon: Lexicon) -> list[str]:
    """Chunk ids of the pages no person is the subject of (guides, rules, topics)."""
    persons = {p.document_path for p in lexicon.persons if p.document_path}
    rows = gen.db().execute(
        "SELECT c.chunk_id, d.path FROM chunks c JOIN documents d ON d.id = c.document_id"
    )
    return [cid for cid, path in rows if path not in persons]


def graph_rag_bundle(
    gen: Any, embedder: Embedder, question: Query, names: Names, opts: AnswerOptions
) -> Bundle:
    """What the pages of a graph-chosen set say ("O čom sú práce, ktoré viedol X?"):
    graph-guided retrieval; an open question, answered by quotes of those pages."""
    try:
        resp = graph_rag(
            gen,
            embedder,
            question,
            settings=opts.config,
            limit=opts.limit,
            include_unpublished=opts.include_unpublished,
            budget_tokens=opts.rag_budget_tokens,
        )
    except RetrievalUnavailable:
        # An index built before chunk links existed: the text alone still answers.
        log.warning("graph-guided retrieval unavailable; plain RAG instead")
        return rag_bundle(gen, embedder, question, names, opts)
    return _text_bundle(gen, resp, question, names, frozenset(), "rag+graph")


def _text_bundle(
    gen: Any, resp: Any, question: Query, names: Names, asked: frozenset[str], engine: str
) -> Bundle:
    by_id = {
        s.source_id: SourceEvidence(
            s,
            authors=resp._evidence.get(s.source_id, {}).get("authors", []),
            texts=resp._evidence.get(s.source_id, {}).get("texts", []),
        )
        for s in resp.sources
    }
    bundle = Bundle(
        question=question,
        engine=engine,
        status=resp.status,
        reason=resp.reason,
        sources=list(resp.sources),
        by_id=by_id,
        complete=resp.complete,
        truncated=resp.truncated,
        truncation_reasons=list(resp.truncation_reasons),
        index_version=resp.index_version,
        asked=asked,
        subjects=list(names.subjects),
        interpreted_as=describe(question),
        # Text never states a count or a complete list.
        exact=False if question.ask in ("list", "count") else None,
    )
    _add_subject_pages(gen, bundle, names)
    if question.unaccounted:
        _read_subject_pages_whole(gen, bundle)
    add_page_facts(gen, bundle, names)
    return bundle


def _read_subject_pages_whole(gen: Any, bundle: Bundle) -> None:
    """A word nothing read, asked of named persons ("kde publikovala?"): their own
    pages are read whole, not only the chunks retrieval ranked for the question's
    words (the list under "Publikácie" shares none of them)."""
    pages = {s.document_path for s in bundle.subjects if s.document_path}
    for src in bundle.sources:
        if src.document_path not in pages:
            continue
        rows = gen.db().execute(
            """SELECT c.heading_path, c.text FROM chunks c
            JOIN documents d ON d.id = c.document_id WHERE d.path = ? ORDER BY c.ordinal""",
            (src.document_path,),
        )
        texts = [evidence_text(json.loads(path), text) for path, text in rows]
        bundle.by_id[src.source_id].texts[:] = texts


def _add_subject_pages(gen: Any, bundle: Bundle, names: Names) -> None:
    """The named persons' own pages belong to the evidence, retrieved or not."""
    for subject in names.subjects:
        path = subject.document_path
        if not path or any(s.document_path == path for s in bundle.sources):
            continue
        row = (
            gen.db()
            .execute("SELECT title, source_url FROM documents WHERE path = ?", (path,))
            .fetchone()
        )
        if row is None:
            continue
        add_source(
            bundle, Source(source_id="S0", document_path=path, title=row[0], source_url=row[1]), []
        )
        bundle.status, bundle.reason = "ok", None


def merge_bundles(graph: Bundle, text: Bundle) -> Bundle:
    """Graph first, then the text's pages renumbered after the graph's."""
    merged = Bundle(
        question=graph.question,
        engine="rag+graph",
        status="ok",
        reason=None,
        sources=list(graph.sources),
        by_id=dict(graph.by_id),
        aggregation=graph.aggregation,
        paths=list(graph.paths),
        # Lists and counts are the graph's: the text's own limits (its token budget)
        # cut no list, so they are reported but make none incomplete.
        complete=graph.complete,
        truncated=graph.truncated,
        truncation_reasons=list(dict.fromkeys(graph.truncation_reasons + text.truncation_reasons)),
        index_version=graph.index_version,
        asked=graph.asked,
        subjects=graph.subjects,
        interpreted_as=graph.interpreted_as,
        exact=graph.exact,
    )
    renumber: dict[str, str] = {}
    for s in text.sources:
        ev = text.by_id[s.source_id]
        sid = add_source(merged, s, ev.texts)
        if sid in graph.by_id:
            merged.by_id[sid].texts.extend(t for t in ev.texts if t not in merged.by_id[sid].texts)
        merged.by_id[sid].authors = merged.by_id[sid].authors or ev.authors
        merged.by_id[sid].subject = ev.subject
        merged.by_id[sid].subject_id = ev.subject_id
        renumber[s.source_id] = sid
    # A page's own facts once (from the page), and what only the graph knows.
    merged.facts = [replace(f, source_id=renumber[f.source_id]) for f in text.facts]
    with_page = {(f.source_id, f.attribute) for f in merged.facts}
    merged.facts += [f for f in graph.facts if (f.source_id, f.attribute) not in with_page]
    return merged


def with_page_texts(graph: Bundle, text: Bundle) -> Bundle:
    """``graph`` with the texts ``text`` holds of the same pages (nothing else)."""
    by_path = {s.document_path: s.source_id for s in graph.sources}
    for s in text.sources:
        sid = by_path.get(s.document_path)
        if sid is not None:
            own = graph.by_id[sid].texts
            own.extend(t for t in text.by_id[s.source_id].texts if t not in own)
    return graph


def gather(
    gen: Any, embedder: Embedder, query: Query, names: Names, opts: AnswerOptions, llm: bool
) -> Bundle:
    """Evidence from the requested engine (see the module docstring)."""
    graph_ok = names.lexicon is not None
    # The graph understood the question: something it answers, about the persons
    # it names when it is about persons ("Ako používať Git?" is not about a "Git").
    understood = (
        graph_ok
        and query.ask in GRAPH_ASKS
        and (bool(names.subjects) or query.ask not in PERSON_ASKS or query.via is not None)
    )
    # A named team project's leader or year is a fact of the project, not a set.
    asks_set = query.ask in ("list", "count") and not (
        query.asks_project or query.asks_topic_leader
    )
    # "Kto bol oponentom diplomovky X?": the asked thing is a word the graph did
    # not read; the thesis title (a fact's default) would answer another question.
    unread_fact = query.ask in ("fact", "profile") and not query.attributes and not query.read_whole
    if understood and (asks_set or unread_fact) and not query.read_whole and opts.engine != "graph":
        # A word of the question means something the graph did not read: a count
        # or list that ignores it would be wrong, so the text answers, without
        # exactness, and says what was not understood.
        if unread_fact and any(s.document_path for s in names.subjects):
            # "na akých dátach to robil?": the named persons' own pages say it if any
            # page does, whether or not the words' best matches are there.
            text = graph_rag_bundle(gen, embedder, query, names, opts)
            if text.status == "ok":
                return text
        return rag_bundle(gen, embedder, query, names, opts)
    if understood and query.ask == "count":
        # Counts come from the graph's whole sets, whatever the engine.
        return graph_bundle(gen, query, names, opts.config, opts.include_unpublished)
    one_student = len(names.subjects) == 1 and bool(names.subjects[0].document_path)
    if (
        opts.engine == "auto"
        and graph_ok
        and query.about_content
        and not one_student
        and (query.ask in ("content", "list") or query.conditions or query.clauses)
    ):
        return graph_rag_bundle(gen, embedder, query, names, opts)
    if opts.engine == "rag" or (opts.engine == "auto" and not understood):
        return rag_bundle(gen, embedder, query, names, opts)
    if not graph_ok:
        return rag_bundle(gen, embedder, query, names, opts)
    graph = graph_bundle(gen, query, names, opts.config, opts.include_unpublished)
    if opts.engine == "graph" or graph.status == "ambiguous":
        return graph
    if graph.status != "ok":
        # The graph understood the question and has no answer. Quoting lines at
        # random would look like an answer without being one; a model may read them.
        # A project's page may state its year or leader in words the graph did not
        # read ("Školský rok 2015/2016"): its lines answer.
        text = llm or query.asks_project or query.asks_topic_leader
        return rag_bundle(gen, embedder, query, names, opts) if text else graph
    missing = graph.asked - {f.attribute for f in graph.facts} - {"count", "person"}
    # "anglický názov", "pôvodný názov": a word the graph did not read may qualify
    # the asked fact; the page's own lines that say it come with the facts.
    qualified = query.ask == "fact" and bool(query.unaccounted) and bool(names.subjects)
    if qualified:
        # The named persons' own pages (graph-guided), not the words' best matches:
        # their text joins the graph's sources, so a line can say the unread word.
        text = graph_rag_bundle(gen, embedder, query, names, opts)
        if text.status == "ok":
            return with_page_texts(graph, text)
    if missing and graph.asked:
        text = rag_bundle(gen, embedder, query, names, opts)
        if text.status == "ok":
            return merge_bundles(graph, text)
    return graph
