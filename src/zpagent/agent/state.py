"""Conversation state as data, rebuilt from the messages a client sends.

The server keeps nothing between requests: clients (Open WebUI, the
``openai`` SDK) resend the whole conversation, and the state is replayed
from its user turns, in order, deterministically:

    last      the typed query the last answered question was (after edits)
    named     the persons named so far, in the order they were first named
    focus     the persons the last answer was about ("jeho", "jej", "he")
    items     the last result's items in the order shown (persons, theses)
    things    the team projects and topics the last answer was about ("v tom tíme")
    pending   a clarification waiting for a reply: the ambiguous query and
              its candidates, or the near misses of a name that fit nobody
    offered   the candidates the last clarification showed, in order, while the
              answer to the reply is the last one ("a tá druhá?")

The same messages always rebuild the same state, so the same conversation
always gets the same answer. The replay runs only the cheap part of each
earlier turn (the graph selection of its items, never retrieval or a
model); states are cached per generation and message prefix.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zpagent.query import EntityRef, Query


@dataclass(frozen=True)
class Item:
    """One thing an answer showed: a person, or one of a person's theses."""

    person: str
    thesis: str | None = None
    kind: str | None = None


@dataclass(frozen=True)
class Pending:
    """A question waiting for "which one?": the query, the mention that fits several
    persons (``ref``), and whether they are near misses of an unknown name."""

    query: Query
    ref: EntityRef
    near_misses: bool = False


@dataclass
class State:
    last: Query | None = None
    named: list[tuple[str, str]] = field(default_factory=list)  # (person id, name)
    focus: tuple[str, ...] = ()
    items: list[Item] = field(default_factory=list)
    pending: Pending | None = None
    things: tuple[EntityRef, ...] = ()
    offered: tuple[str, ...] = ()
    # The one leader the last answer named ("kto viedol diplomovku X?" names her
    # supervisor): "a koľko prác viedol?" is about him, also after a question aside.
    leader: str | None = None

    def remember(self, ids: tuple[str, ...], names: tuple[str, ...]) -> None:
        for pid, name in zip(ids, names, strict=False):
            if all(pid != known for known, _ in self.named):
                self.named.append((pid, name))

    def copy(self) -> State:
        return State(self.last, list(self.named), self.focus, list(self.items), self.pending,
                     self.things, self.offered, self.leader)  # fmt: skip
