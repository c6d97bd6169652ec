"""What a walk over the graph starts from and finds: ``Seeds`` and the ``Scope``.

The seeds (persons, supervisors, theses, topics, keywords), and the scope a
walk returns: the pages, on each page the theses a question is about
(``Target``), the exact counts, and every ``Step`` with the relation it
followed and why. ``walk.Walker`` fills them; graph-guided retrieval reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zpagent.graph.answers.response import ResponseBuilder
from zpagent.graph.contract import Candidate, EntityRef
from zpagent.query import Query

# Most pages whose text is ranked in one response; the counts stay exact.
MAX_PAGES = 50
# Thesis rows fetched per listed page (a page holds a bachelor, a master
# and sometimes a dissertation thesis).
ROWS_PER_PAGE = 4


@dataclass
class Target:
    """A page the question is about; ``theses``: which of its theses ([] = the page)."""

    document_path: str
    person_id: str | None = None
    theses: list[str] = field(default_factory=list)


@dataclass
class Step:
    relation: str  # the pattern followed, in Cypher notation
    why: str  # the intent or the seed that asked for it
    found: str  # what it found, counted

    def to_dict(self) -> dict[str, str]:
        return {"relation": self.relation, "why": self.why, "found": self.found}


@dataclass
class Scope:
    """The pages a question is about, as the graph decided.

    ``status``: ``ok`` (``targets``; empty with ``reason`` no_matching_facts
    when the graph holds no such page), ``ambiguous`` (``candidates``),
    ``no_answer`` (an unknown person or title) or ``open`` (the question names
    nothing the graph knows: start from vector hits).
    """

    status: str
    reason: str | None = None
    route: str = "graph_first"
    intents: list[str] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)  # pages defining the set (a topic page)
    pages: int | None = None  # exact number of pages in the set
    theses: int | None = None  # exact number of theses in the set (None: pages only)
    truncated: bool = False  # more pages than listed
    # Vector entry with no relation to follow: the targets are the pages the
    # hits are connected to, context beside the hits rather than a set.
    connected: bool = False
    # The set is a lower bound: keywords are tags, and tags are sparse (a page
    # about transformers need not be tagged so). Text fills what is left.
    partial: bool = False

    def merge(self, other: Scope) -> None:
        """Add ``other``'s set after this one's (a keyword's pages, then a topic's)."""
        seen = {t.document_path for t in self.targets}
        self.targets += [t for t in other.targets if t.document_path not in seen]
        self.anchors += [a for a in other.anchors if a not in self.anchors]
        self.steps += other.steps
        self.entities += other.entities
        self.truncated = self.truncated or other.truncated
        # The union of two sets is no set the database counted.
        self.pages = self.theses = None

    steps: list[Step] = field(default_factory=list)
    entities: list[EntityRef] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    question: Query | None = None
    builder: ResponseBuilder | None = None  # sources of entities and candidates


@dataclass
class Seeds:
    """Where a walk starts: persons (as supervisors or as page subjects),
    theses (id, person id, page), topics and keywords."""

    supervisors: list[tuple[str, str]] = field(default_factory=list)  # (id, name)
    role: str = "SUPERVISED"  # or CONSULTED
    persons: list[tuple[str, str, str]] = field(default_factory=list)  # (id, name, page)
    theses: list[tuple[str, str, str]] = field(default_factory=list)  # (thesis, person, page)
    topics: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    list_theses: bool = False  # kinds/years alone name a set of theses
    source: str = "the question"

    def empty(self) -> bool:
        return not (
            self.supervisors
            or self.persons
            or self.theses
            or self.topics
            or self.keywords
            or self.list_theses
        )
