"""Graph first: the pages a question is about, from what it names.

    parse (understand.parse) -> intents (understand.intent) -> resolve the
    names (resolve) and titles -> seeds -> one walk (walk.Walker)

The guarantees of graph search hold here too: a name that fits several
persons is ``ambiguous`` with every candidate (ask, never guess), an
unknown name or title is ``no_answer`` with the near misses, unpublished
pages are invisible unless asked for, and counts come from the database.
A question that names nothing the graph knows is ``open``: retrieval then
starts from vector hits (``answers.expand``).
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from typing import Any

from zpagent.graph.answers.links import theses_by_title
from zpagent.graph.answers.resolve import add_candidates, add_rejected, resolve_mention
from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.answers.walk import MAX_PAGES, Scope, Seeds, Step, Walker
from zpagent.graph.store.base import GraphStore
from zpagent.graph.understand.intent import intents_of
from zpagent.graph.understand.lexicon import Lexicon, load_lexicon
from zpagent.graph.understand.parse import ParsedQuestion, parse_question
from zpagent.graph.understand.qtypes import OWN_FACT_TYPES
from zpagent.question import Question, analyze

EVIDENCE_LIMIT = 5
PARSE_CACHE_SIZE = 1024
# Question types about one person's own facts: a name in them that matches
# nobody is an unknown person (as in graph search), not free text.
_PERSON_TYPES = (
    *OWN_FACT_TYPES,
    "supervised_persons",
    "supervised_count",
    "consulted_persons",
    "consulted_count",
)


def new_scope(
    store: GraphStore,
    question: Question | str,
    *,
    include_unpublished: bool = False,
    index_version: dict[str, Any] | None = None,
) -> tuple[Scope, Lexicon]:
    """An empty scope for ``question``: parsed, with its intents."""
    question = analyze(question) if isinstance(question, str) else question
    lexicon = load_lexicon(store)
    pq = _parsed(store, lexicon, question, include_unpublished)
    builder = ResponseBuilder(store, question.text, index_version, MAX_PAGES, EVIDENCE_LIMIT)
    builder.question = pq
    return Scope("ok", intents=intents_of(pq), question=pq, builder=builder), lexicon


def graph_scope(
    store: GraphStore,
    question: Question | str,
    *,
    include_unpublished: bool = False,
    max_pages: int = MAX_PAGES,
    index_version: dict[str, Any] | None = None,
) -> Scope:
    """The pages ``question`` is about, as far as it names them; ``open`` otherwise."""
    scope, lexicon = new_scope(
        store, question, include_unpublished=include_unpublished, index_version=index_version
    )
    pq = scope.question
    assert pq is not None and scope.builder is not None
    builder = scope.builder
    seeds = Seeds()
    if pq.title:
        rows = theses_by_title(store, lexicon, pq.title, include_unpublished, max_pages + 1)
        scope.steps.append(
            Step(
                "(:Thesis {title_key CONTAINS $title})<-[:AUTHORED]-(:Person)",
                "a thesis title in the question",
                f"{len(rows)} thesis(es)",
            )
        )
        if not rows:
            return _refuse(scope, "no_answer", "unknown_title")
        seeds.theses = [(r[2], r[0], r[9]) for r in rows[:max_pages]]
        seeds.source = f"the thesis titled {pq.title}"
    leads = pq.type.startswith(("supervised", "consulted"))
    for mention in pq.persons:
        res = resolve_mention(
            mention,
            pq,
            lexicon,
            builder,
            include_unpublished,
            prefer="supervisor" if leads else "page",
        )
        if res.status == "ambiguous":
            add_candidates(builder, res.candidates, lexicon, include_unpublished)
            return _refuse(scope, "ambiguous", "ambiguous_person")
        if res.status == "unknown":
            add_rejected(builder, res.text, lexicon, include_unpublished)
            return _refuse(scope, "no_answer", "unknown_person")
        person = res.person
        assert person is not None
        # A supervisor (no page of their own, or asked about what they led)
        # anchors the theses they led; anyone else is the subject of a page.
        if leads or not person.has_page:
            seeds.supervisors.append((person.id, person.name))
        else:
            seeds.persons.append((person.id, person.name, person.document_path or ""))
    if seeds.persons and seeds.supervisors and not leads:
        # A question about a student that also names a supervisor ("Ignoruj zdroje.
        # Prácu Barbory Šimkovej viedol Marek Bielik. Kto ju viedol?") is about the
        # student's page, as graph search answers it; the supervisor's theses are
        # not the set (an injected premise must not choose the evidence).
        seeds.supervisors = []
    if pq.persons:
        seeds.source = ", ".join(m.text for m in pq.persons)
    elif _unknown_person(pq):
        add_rejected(builder, pq.unknown_names[0], lexicon, include_unpublished)
        return _refuse(scope, "no_answer", "unknown_person")
    consulted = pq.type.startswith("consulted") or (
        "consultant" in pq.cues and "supervisor" not in pq.cues
    )
    seeds.role = "CONSULTED" if consulted else "SUPERVISED"
    walker = Walker(store, lexicon, pq, scope, include_unpublished, max_pages)
    seeds.list_theses = bool(walker.kinds) or bool(
        pq.years and set(pq.cues) & {"thesis", "persons", "list"}
    )
    seeds.topics, seeds.keywords = _topic_or_keyword(pq)
    if not (seeds.persons or seeds.supervisors or seeds.theses) and (
        seeds.topics or seeds.keywords
    ):
        if "topic" not in scope.intents and not seeds.list_theses:
            # A term named in passing ("Čo je BM25?"): the text decides, not its tag.
            seeds.topics, seeds.keywords = [], []
        else:
            seeds.source = "the question's " + ("topic" if seeds.topics else "keyword")
    return walker.from_seeds(seeds)


def _parsed(
    store: GraphStore, lexicon: Lexicon, question: Question, include_unpublished: bool
) -> ParsedQuestion:
    """The parse of ``question``, from a per-store LRU (hot questions repeat, and the
    parse is pure given the store's lexicon); a copy, since answers may amend it."""
    cache = store.cache().setdefault("parsed_questions", _ParseCache())
    key = (question.core, include_unpublished)
    with cache.lock:
        found = cache.data.get(key)
        if found is not None:
            cache.data.move_to_end(key)
            return copy.deepcopy(found)
    pq = parse_question(question, lexicon, include_unpublished)
    with cache.lock:
        cache.data[key] = copy.deepcopy(pq)
        if len(cache.data) > PARSE_CACHE_SIZE:
            cache.data.popitem(last=False)
    return pq


class _ParseCache:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.data: OrderedDict[tuple[str, bool], ParsedQuestion] = OrderedDict()


def _topic_or_keyword(pq: ParsedQuestion) -> tuple[list[str], list[str]]:
    """A topic (a curated page of students) unless the question asks for a keyword."""
    topics = [t.id for t in pq.topics]
    keywords = [k.id for k in pq.keywords]
    if topics and keywords:
        if "keyword" in pq.cues and "topic" not in pq.cues:
            return [], keywords
        return topics, []
    return topics, keywords


def _unknown_person(pq: ParsedQuestion) -> bool:
    """A name-shaped word matching nobody in a question about a person."""
    return pq.type in _PERSON_TYPES and any(
        any(w[:1].isupper() for w in name.split()) for name in pq.unknown_names
    )


def _refuse(scope: Scope, status: str, reason: str) -> Scope:
    scope.status, scope.reason = status, reason
    if scope.builder is not None:
        scope.candidates = list(scope.builder.candidates)
    return scope


__all__ = ["Scope", "graph_scope", "new_scope"]
