"""The main agent: a whole conversation in, one checked answer out.

    messages -> turns -> the state of the earlier turns (replayed, ``state``)
             -> the last turn's typed query, edited by the state (``followup``)
             -> small talk | the wiki's Git history | a checked answer
                (graph, text or both, exactly as /answer: the same verification)

No LLM plans anything here: routing follows the typed query, so the same
conversation always gets the same answer, and nothing the agent does can
weaken what ``answer()`` verifies. No identity ever passes through
question text: a follow-up's persons are person ids in the query.
``on_status`` receives short Slovak progress lines for streaming clients.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from zpagent.agent.conversation import Turn, turns_from_messages
from zpagent.agent.focus import named_leader
from zpagent.agent.followup import follow_up
from zpagent.agent.results import items_of, leaders_of, things_of
from zpagent.agent.state import Pending, State
from zpagent.agent.tasks import background_reply, is_background_task
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.render import NOT_FOUND
from zpagent.answer.service import answer
from zpagent.contract import AnswerResponse
from zpagent.errors import InvalidQuery, RetrievalUnavailable
from zpagent.graph.select import check_refs
from zpagent.graph.store.base import GraphStore
from zpagent.graph.store.serving import graph_store
from zpagent.graph.understand import lexicon_for
from zpagent.history.answer import history_asker
from zpagent.query import Lexicon, Query, describe, understand
from zpagent.query.near import near_misses
from zpagent.query.small_talk import reply

CLARIFY_PREFIX = "Otázke zodpovedá viac osôb"
STATE_CACHE_SIZE = 512
Status = Callable[[str], None]


@dataclass
class AgentSource:
    """A source as chat clients show it: a title and a link."""

    id: str
    title: str
    url: str | None
    document_path: str | None
    commit: str | None = None


@dataclass
class AgentReply:
    text: str  # Markdown, already checked
    question: str  # how the answered question was read (interpreted_as)
    rewritten: bool  # a follow-up: the query was edited by the conversation
    route: str  # small_talk | answer | history | task (a client's background prompt)
    status: str  # ok | no_answer | ambiguous
    sources: list[AgentSource] = field(default_factory=list)
    response: AnswerResponse | None = None  # the checked answer, when routed there
    details: dict[str, Any] = field(default_factory=dict)
    query: Query | None = None

    def about(self) -> list[str]:
        """The ids of the persons the answer is about: matched names and claim subjects."""
        resp = self.response
        if resp is None:
            return []
        ids = {p.id for p in resp.matched} | {c.subject_id for c in resp.claims if c.subject_id}
        return sorted(ids)


class _States:
    """Replayed states per generation and conversation prefix: a client resends the
    whole conversation with every turn, so each earlier turn is replayed once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.data: OrderedDict[str, State] = OrderedDict()

    def get(self, key: str) -> State | None:
        with self.lock:
            found = self.data.get(key)
            if found is not None:
                self.data.move_to_end(key)
            return found.copy() if found is not None else None

    def put(self, key: str, state: State) -> None:
        with self.lock:
            self.data[key] = state.copy()
            if len(self.data) > STATE_CACHE_SIZE:
                self.data.popitem(last=False)


def _key(gen: Any, turns: list[Turn], include_unpublished: bool) -> str:
    h = hashlib.sha256(f"{gen.version}\0{include_unpublished}".encode())
    for t in turns:
        h.update(f"\0{t.role}\0{t.text}".encode())
    return h.hexdigest()


def advance(
    state: State, query: Query, lexicon: Lexicon, store: GraphStore | None, inc: bool
) -> State:
    """The state after ``query`` was answered."""
    state = state.copy()
    if query.ask == "small_talk":
        return state
    status, problem = check_refs(query)
    for ref in query.persons():
        if ref.resolved:
            state.remember(ref.ids, ref.names)
    if status == "ambiguous" and problem is not None:
        state.pending = Pending(query, problem)
        state.focus = ()
        state.offered = problem.ids
        return state
    asked_of = {i for ref in query.subjects for i in ref.ids}
    if query.origin != "clarification" and not (asked_of and asked_of <= set(state.offered)):
        # The candidates stay offered while the talk is about the one picked ("a kto
        # jej to viedol?" – "a tá druhá?"); a question about anyone else ends it.
        state.offered = ()
    if status == "unknown" and problem is not None and problem.kind == "person":
        near = tuple(e.id for _s, e in near_misses(problem.text, lexicon, inc))
        state.pending = Pending(query, problem.narrowed(near), near_misses=True) if near else None
        state.focus = ()  # whoever was talked about before is not whom "jeho" means now
        state.last = query
        return state
    state.pending = None
    state.last = query
    picked = (
        query.ask in ("fact", "profile")
        and query.subjects
        and all(s.match == "context" for s in query.subjects)
    )
    state.things = things_of(query, store, lexicon, inc) or state.things
    aside = query.ask == "open" and not query.subjects
    if not (picked and len(state.items) >= 2) and not aside:
        # "ako sa volala tá prvá?" asks about one of the list: "a tá posledná?"
        # still points into that list, so it stays; so does a question the text
        # answered in between ("odkiaľ vlastne je?" – "ktoré z tých prác …?").
        state.items = items_of(query, store, lexicon, inc)
    subjects = tuple(s.resolved for s in query.subjects if s.resolved)
    leaders = leaders_of(query, store, inc)
    if subjects:
        state.focus = subjects
    elif leaders:
        state.focus = leaders
    elif state.items and query.ask in ("list", "count", "who_wrote"):
        persons = tuple(dict.fromkeys(i.person for i in state.items))
        state.focus = persons if len(persons) == 1 else ()
    if not aside:
        state.leader = named_leader(state, lexicon)
    return state


def _graph(gen: Any, settings: Any, embedder: Any = None) -> tuple[Lexicon, GraphStore | None]:
    try:
        store = graph_store(gen, settings)
    except RetrievalUnavailable:
        return Lexicon(), None
    return lexicon_for(gen, settings, embedder), store


_STATES = _States()


def conversation_state(
    gen: Any, turns: list[Turn], lexicon: Lexicon, store: GraphStore | None, inc: bool
) -> State:
    """Replay the earlier user turns (every turn but the last one)."""
    state = State()
    done = 0
    for i in range(len(turns) - 1, 0, -1):  # the longest cached prefix
        cached = _STATES.get(_key(gen, turns[:i], inc))
        if cached is not None:
            state, done = cached, i
            break
    for i in range(done, len(turns) - 1):
        turn = turns[i]
        if turn.role == "user":
            try:
                read = understand(turn.text, lexicon, include_unpublished=inc)
            except InvalidQuery:
                # An earlier turn that is no question (too long: a pasted text) sets
                # no context; the conversation goes on, as it did for the user.
                continue
            query, _how = follow_up(state, read, lexicon)
            state = advance(state, query, lexicon, store, inc)
        _STATES.put(_key(gen, turns[: i + 1], inc), state)
    return state


def _answer_sources(resp: AnswerResponse) -> list[AgentSource]:
    cited = set()
    for c in resp.claims:
        cited.update(c.sources)
    chosen = [s for s in resp.sources if s.source_id in cited] or resp.sources
    return [
        AgentSource(
            s.source_id,
            s.title or s.document_path,
            s.source_url,
            s.document_path,
            getattr(s, "commit", None),  # history answers cite commits
        )
        for s in chosen
    ]


def run_agent(
    gen: Any,
    workspace: Any,
    messages: list[dict[str, Any]],
    opts: AnswerOptions,
    client: Any = None,
    cache: Any = None,
    on_status: Status | None = None,
) -> AgentReply:
    """Answer the conversation's last user turn (see the module docstring)."""
    status = on_status or (lambda _line: None)
    turns = turns_from_messages(messages)
    if is_background_task(turns[-1].text):
        return AgentReply(background_reply(turns[-1].text), "", False, "task", "ok")
    lexicon, store = _graph(gen, opts.config, workspace.embedder)
    inc = opts.include_unpublished
    last = understand(turns[-1].text, lexicon, include_unpublished=inc)
    if last.small_talk:
        return AgentReply(reply(last.small_talk), last.text, False, "small_talk", "ok", query=last)
    state = conversation_state(gen, turns, lexicon, store, inc)
    query, how = follow_up(state, last, lexicon)
    said = describe(query)
    if how != "new":
        status(f"Otázka: {said}")
    if query.ask == "history":
        status("Hľadám v histórii zmien wiki…")
    else:
        status("Hľadám v grafe a v textoch wiki…")
        if client is not None:
            status("Overujem tvrdenia jazykového modelu v zdrojoch…")

    def ask(q: Query) -> AnswerResponse:
        return answer(gen, workspace.query_embedder, q, opts, client=client, cache=cache,
                      history=history_asker(workspace, gen))  # fmt: skip

    resp = ask(query)
    if how == "focused" and resp.status != "ok":
        # The person's own pages do not say it: the turn is a question of its own.
        query, how, said = last, "new", describe(last)
        resp = ask(query)
    text = resp.answer if resp.answer else NOT_FOUND
    return AgentReply(
        text,
        said,
        how != "new",
        "history" if resp.mode == "history" else "answer",
        resp.status,
        _answer_sources(resp) if resp.status == "ok" else [],
        response=resp,
        details={
            "reason": resp.reason,
            "mode": resp.mode,
            "engine": resp.engine_used,
            "interpreted_as": said,
            "follow_up": how,
            # Whom a name in the question matched, so a client can tell.
            "matched": [m.model_dump() for m in resp.matched],
            # Set when a configured model was not used (down, or past the deadline).
            "llm_fallback": resp.llm.fallback,
        },
        query=query,
    )
