"""The main agent: a whole conversation in, one checked answer out.

    turns -> state of the earlier turns -> the last turn made explicit
          -> small talk | the wiki's Git history | a checked answer
             (graph, text or both, exactly as /answer: the same verification)

No LLM plans anything here: routing follows the question's one analysis
(``zpagent.question``), so the same conversation always gets the same
answer, and nothing the agent does can weaken what ``answer()`` verifies.
``on_status`` receives short Slovak progress lines for streaming clients.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from zpagent.agent.clarify import Clarification
from zpagent.agent.conversation import Turn, turns_from_messages
from zpagent.agent.rewrite import State, rewrite
from zpagent.agent.tasks import background_reply, is_background_task
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.render import NOT_FOUND
from zpagent.answer.service import answer
from zpagent.answer.subjects import Names, graph_available, resolve_names
from zpagent.config import get_settings
from zpagent.contract import AnswerResponse
from zpagent.errors import InvalidQuery
from zpagent.graph.store import cypher
from zpagent.graph.store.serving import graph_store
from zpagent.history.answer import history_asker
from zpagent.question import Question, analyze
from zpagent.question.small_talk import reply

CLARIFY_PREFIX = "Otázke zodpovedá viac osôb"
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
    question: str  # the explicit question that was answered
    rewritten: bool
    route: str  # small_talk | answer | history | task (a client's background prompt)
    status: str  # ok | no_answer | ambiguous
    sources: list[AgentSource] = field(default_factory=list)
    response: AnswerResponse | None = None  # the checked answer, when routed there
    details: dict[str, Any] = field(default_factory=dict)

    def about(self) -> list[str]:
        """The ids of the persons the answer is about: matched names and claim subjects."""
        resp = self.response
        if resp is None:
            return []
        ids = {p.id for p in resp.matched} | {c.subject_id for c in resp.claims if c.subject_id}
        return sorted(ids)


class _Resolver:
    """Names resolved once per question text within one request, and the logins
    and start years of persons (``zpagent.agent.clarify.Resolver``)."""

    def __init__(self, gen: Any, include_unpublished: bool) -> None:
        self.gen = gen
        self.include_unpublished = include_unpublished
        self._seen: dict[str, Names] = {}
        self._cards: dict[str, tuple[str | None, int | None]] = {}

    def __call__(self, q: Question) -> Names:
        if q.text not in self._seen:
            self._seen[q.text] = resolve_names(self.gen, q, self.include_unpublished)
        return self._seen[q.text]

    def _card(self, ids: Iterable[str]) -> dict[str, tuple[str | None, int | None]]:
        wanted = set(ids)
        missing = sorted(wanted - self._cards.keys())
        if missing and graph_available(self.gen):
            store = graph_store(self.gen, get_settings())
            for pid, _name, _page, _path, _pub, login, start, *_ in store.query(
                cypher.PERSON_CARDS, ids=missing
            ):
                self._cards[pid] = (login, start)
        return {i: self._cards[i] for i in wanted if i in self._cards}

    def logins(self, ids: Iterable[str]) -> dict[str, str]:
        return {i: login for i, (login, _) in self._card(ids).items() if login}

    def start_years(self, ids: Iterable[str]) -> dict[str, int]:
        return {i: start for i, (_, start) in self._card(ids).items() if start}


def conversation_state(turns: list[Turn], resolve: _Resolver) -> State:
    """Replay the earlier user turns: whom they were about, the last question,
    and the candidates when the last answer asked "which one?"."""
    state = State()
    for i, turn in enumerate(turns[:-1]):
        if turn.role != "user":
            continue
        try:
            explicit = rewrite(turn.text, state, resolve)
            q = analyze(explicit.text)
            plain = analyze(explicit.plain)
        except InvalidQuery:
            # An earlier turn that is no question (too long: a pasted text) sets
            # no context; the conversation goes on, as it did for the user.
            continue
        if q.small_talk:
            continue
        names = resolve(q)
        answered = turns[i + 1].text if i + 1 < len(turns) else ""
        state.clarify = None
        if names.status == "ambiguous" and answered.startswith(CLARIFY_PREFIX):
            state.clarify = Clarification(plain, names.candidates)
        if names.status == "resolved":
            state.subjects = list(names.subjects)
        elif names.status in ("unknown", "ambiguous"):
            # Whoever was talked about before is not whom "jeho" means now.
            state.subjects = []
        state.last = plain
        state.last_subjects = list(names.subjects)
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
    last = analyze(turns[-1].text)  # validates the turn (empty, too long)
    if last.small_talk:
        return AgentReply(reply(last.small_talk), last.text, False, "small_talk", "ok")
    resolve = _Resolver(gen, opts.include_unpublished)
    state = conversation_state(turns, resolve)
    explicit = rewrite(turns[-1].text, state, resolve)
    if explicit.changed:
        status(f"Otázka: {explicit.text}")
    q = analyze(explicit.text)
    if q.about_history:
        status("Hľadám v histórii zmien wiki…")
    else:
        status("Hľadám v grafe a v textoch wiki…")
        if client is not None:
            status("Overujem tvrdenia jazykového modelu v zdrojoch…")
    resp = answer(
        gen,
        workspace.query_embedder,
        q,
        opts,
        client=client,
        cache=cache,
        history=history_asker(workspace, gen),
    )
    text = resp.answer if resp.answer else NOT_FOUND
    return AgentReply(
        text,
        explicit.text,
        explicit.changed,
        "history" if resp.mode == "history" else "answer",
        resp.status,
        _answer_sources(resp) if resp.status == "ok" else [],
        response=resp,
        details={
            "reason": resp.reason,
            "mode": resp.mode,
            "engine": resp.engine_used,
            # Whom a name in the question matched, so a client can tell.
            "matched": [m.model_dump() for m in resp.matched],
        },
    )
