"""The typed query: what one question means, made once and passed down.

A question is read once, at the edge (``zpagent.query.understand``), into a
``Query``. Graph execution, graph-guided retrieval, checked answers, history
routing and the main agent all read this object; none of them reads the
raw text again. A follow-up in a conversation edits the previous ``Query``
(``Query.edit``) instead of rewriting question strings.

What a query holds:

- **what is asked** (``ask``): a fact of named persons (``fact``), a list,
  a count, the persons' profile, who wrote a titled thesis, pages by an
  author, what two persons share, how two entities connect, what the pages
  of a set say (``content``), the wiki's history, or an open question for
  text retrieval (``open``); ``attributes`` says which facts (title, year,
  supervisor, ...), ``unit`` whether persons or theses are counted;
- **whom and what it names** (``EntityRef``): persons with every candidate
  they may mean, topics, keywords, team projects, titles, page authors,
  families ("Ďuricovci"), each with the span of the question it came from;
- **constraints**: thesis clauses (kind, years, supervisor, consultant,
  with or without a consultant, negated or not; several clauses must all
  hold: "BP u Strmeňovej a DP u Mäsiara"), person conditions (topic,
  keyword, team project, start year, family; negated or not), and a
  reference to another result ("the same supervisor as X");
- **what was not understood**: content words no cue, lexicon entry or
  function word accounts for (``unaccounted``) and names that fit nobody
  (``unknown_names``). Exact counts, complete lists and "none" are stated
  only for a query with neither (``understood``).

Plain frozen dataclasses: cheap to copy, compare and hash, so a
conversation's state is data and the same messages rebuild the same state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from zpagent.query.entities import EntityRef as EntityRef
from zpagent.query.entities import Span as Span
from zpagent.query.entities import in_text_order as in_text_order
from zpagent.query.references import HistoryAsk as HistoryAsk
from zpagent.query.references import Reference as Reference
from zpagent.query.references import Via as Via
from zpagent.query.small_talk import SmallTalk
from zpagent.query.tokens import Token

# What a question asks for.
ASKS = (
    "fact",  # attributes of named persons (their theses, start, topics, ...)
    "profile",  # a named person, nothing specific asked
    "list",  # persons or theses that satisfy the constraints
    "count",  # how many persons or theses satisfy them
    "who_wrote",  # the author of a thesis named by its title
    "pages_by_author",  # the pages a person wrote (front-matter author)
    "page_author",  # who wrote a person's page
    "shared",  # what two persons share (topics, keywords)
    "path",  # how two entities are connected
    "content",  # what the pages of a set say (graph-guided text)
    "history",  # the wiki's Git history
    "open",  # anything else: text retrieval
    "small_talk",
)
# Facts that can be asked of a person or of their theses.
ATTRIBUTES = (
    "title",
    "year",
    "supervisor",
    "consultant",
    "start_year",
    "topics",
    "keywords",
    "works",
    "login",
    "role",  # a team member's role in a team project
)
# What graph-guided retrieval may follow for a question: supervision (who led
# what), topic (students of a topic or keyword), time (years), comparison
# (several named persons), bridge ("ďalší", "rovnaký", "iný": one more hop).
INTENTS = ("supervision", "topic", "time", "comparison", "bridge")
# The kinds of theses and works, defined once for every layer (the graph stores them,
# answers render them, evaluation compares them).
THESIS_KINDS = ("bachelor", "master", "dissertation")
# What can be asked of a named team project itself (its members are a list).
PROJECT_ATTRIBUTES = frozenset({"supervisor", "year"})
WORK_KINDS = ("team_project", "research_task", "diploma_project")


@dataclass(frozen=True)
class ThesisClause:
    """A condition on one thesis or work of a person; all its parts hold together.

    Empty fields do not constrain. ``negated``: the person has no such
    thesis ("nepísal diplomovku", "bez konzultanta").
    """

    kinds: frozenset[str] = frozenset()
    years: frozenset[int] = frozenset()
    supervisors: tuple[EntityRef, ...] = ()
    consultants: tuple[EntityRef, ...] = ()
    with_consultant: bool | None = None
    titles: tuple[EntityRef, ...] = ()
    projects: tuple[EntityRef, ...] = ()
    negated: bool = False

    @property
    def empty(self) -> bool:
        return not (
            self.kinds
            or self.years
            or self.supervisors
            or self.consultants
            or self.with_consultant is not None
            or self.titles
            or self.projects
        )

    def refs(self) -> tuple[EntityRef, ...]:
        return (*self.supervisors, *self.consultants, *self.titles, *self.projects)


@dataclass(frozen=True)
class Condition:
    """A condition on the person: a topic, keyword, start year or family."""

    relation: str  # topic | keyword | project | role | start_year | family | person
    refs: tuple[EntityRef, ...] = ()
    years: frozenset[int] = frozenset()
    negated: bool = False


@dataclass(frozen=True)
class Query:
    text: str  # clean text as asked
    core: str  # without small-talk clauses; spans index this
    folded: str  # ``core`` folded (no case, no diacritics)
    tokens: tuple[Token, ...]
    ask: str = "open"
    attributes: frozenset[str] = frozenset()
    unit: str = "persons"  # persons | theses | pages | topics (a leader's topics)
    # What the listed units have none of: "Ktoré témy nemajú garanta?" ({"supervisor"}).
    lacking: frozenset[str] = frozenset()
    subjects: tuple[EntityRef, ...] = ()  # persons whose facts are asked
    clauses: tuple[ThesisClause, ...] = ()
    conditions: tuple[Condition, ...] = ()
    reference: Reference | None = None
    via: Via | None = None  # persons found first ("the consultant of X's thesis")
    authors: tuple[EntityRef, ...] = ()  # page authors ("stránky od ...")
    combine: str = "and"  # and | or (between clauses)
    unknown_names: tuple[str, ...] = ()
    unaccounted: tuple[Span, ...] = ()
    small_talk: SmallTalk | None = None
    history: HistoryAsk | None = None
    language: str = "sk"
    # The question asked for its content (methods, results): text answers it.
    about_content: bool = False
    # About the wiki's rules, asked of no one ("do kedy treba odovzdať diplomovku?"):
    # the guides answer it, not the students' pages.
    about_rules: bool = False
    # The relations graph-guided retrieval may follow for it (``INTENTS``), and
    # whether it asks for a set (who, which, list, how many).
    intents: frozenset[str] = frozenset()
    listing: bool = False
    # Ordered by thesis year ("od najstaršej"): oldest | newest; ``position`` picks
    # one of the ordered set ("najstaršiu prácu" = 1, "druhú najstaršiu" = 2).
    order: str | None = None
    position: int | None = None
    # The user said this is something else ("btw", "iná vec –"): no follow-up.
    new_topic: bool = False
    # Filled by an edit from a conversation: how this query came about.
    origin: str = "question"  # question | follow_up | clarification | proposal
    # The words of the earlier question an elliptical turn leans on ("a diplomovku?"
    # after "do kedy treba odovzdať bakalárku?"): text retrieval reads them too,
    # weighted below the turn's own.
    context: str = ""
    # "Koľko publikácií má X?": how many of something the graph does not count; a
    # list on the pages that says it is counted item by item.
    how_many: bool = False
    # Asked for an amount ("ako dlho", "koľko strán", "how long"): a number answers.
    asks_amount: bool = False
    # Persons are what it lists or counts, in words ("koľko ľudí", "ktorí študenti").
    of_persons: bool = False
    notes: tuple[str, ...] = field(default=(), compare=False)

    # -- reading ---------------------------------------------------------------------

    @property
    def understood(self) -> bool:
        """Every content word is accounted for, every name fits someone, and every
        topic or keyword it names is one the wiki has."""
        # A topic, project or role linked by meaning ("the text analysis topic") is how
        # the question was read, not what it said: nothing built on it is exact.
        return self.read_whole and not any(r.match == "meaning" for r in self.refs())

    @property
    def read_whole(self) -> bool:
        """Every word was read: by a cue, an entry, or the meaning of an entry (the
        graph answers it, exactly only when ``understood``)."""
        unknown_terms = any(not r.ids for r in self.refs() if r.kind in ("topic", "keyword"))
        return not self.unaccounted and not self.unknown_names and not unknown_terms

    @property
    def asks_topic_leader(self) -> bool:
        """Who leads a named topic ("Kto vedie tému X?", "garant témy X"): no person
        named, a topic named, its leader asked, no thesis kind."""
        topics = [c for c in self.conditions if c.relation == "topic" and not c.negated]
        return (
            self.ask in ("fact", "list")
            and not self.persons()
            and not self.kinds
            and "supervisor" in self.attributes
            and len(topics) == 1
        )

    @property
    def approximate(self) -> bool:
        """Names theses by words of their titles ("práce o preklade"), or by a keyword
        the question does not call one ("o ŠPZ"): a thesis may be about what its title
        or tags do not say, so no count or list over it is exact."""
        return any(
            (r.kind == "title" and r.match == "words")
            or (r.kind == "keyword" and r.match == "about")
            for r in self.refs()
        )

    @property
    def unaccounted_words(self) -> list[str]:
        return [self.core[s.start : s.end] for s in self.unaccounted]

    @property
    def kinds(self) -> tuple[str, ...]:
        """Thesis and work kinds named anywhere in the query (positive clauses)."""
        out: list[str] = []
        for c in self.clauses:
            if not c.negated:
                out += [k for k in sorted(c.kinds) if k not in out]
        return tuple(out)

    @property
    def years(self) -> tuple[int, ...]:
        years: set[int] = set()
        for c in self.clauses:
            if not c.negated:
                years |= c.years
        return tuple(sorted(years))

    def refs(self) -> list[EntityRef]:
        """Every entity the query names, in no particular order."""
        out = list(self.subjects) + list(self.authors)
        for c in self.clauses:
            out += c.refs()
        for cond in self.conditions:
            out += cond.refs
        if self.reference is not None:
            out.append(self.reference.of)
        if self.via is not None:
            out.append(self.via.of)
        return out

    def persons(self) -> list[EntityRef]:
        return [r for r in self.refs() if r.kind == "person"]

    def projects(self) -> list[str]:
        """The team projects the query names positively (ids, sorted)."""
        ids = {i for c in self.conditions if c.relation == "project" and not c.negated
               for r in c.refs for i in r.ids}  # fmt: skip
        ids |= {i for c in self.clauses if not c.negated for r in c.projects for i in r.ids}
        return sorted(ids)

    @property
    def asks_project(self) -> bool:
        """About a named team project's own facts ("Kto bol vedúci tímového projektu
        X?", "Kedy bežal?"): no person named, a project named, its leader or year
        asked. A fact of the project, not a set of persons."""
        return (
            self.ask in ("fact", "list")
            and not self.persons()
            and not set(self.kinds) - {"team_project"}  # "diplomovku člena tímu X": a thesis
            and not any(c.relation == "role" for c in self.conditions)  # a member's
            and bool(self.attributes & PROJECT_ATTRIBUTES)
            and bool(self.projects())
        )

    @property
    def relations(self) -> frozenset[str]:
        """The graph relations the query's answer depends on (for their coverage)."""
        used: set[str] = set()
        for c in self.clauses:
            if c.kinds & set(THESIS_KINDS) or c.years or not c.kinds:
                used.add("thesis")
            if c.kinds & set(WORK_KINDS):
                used.add("work")
                if c.supervisors or c.consultants:
                    used.add("work_supervisor")
            if c.years:
                used.add("year")
            if c.supervisors:
                used.add("supervisor")
            if c.consultants or c.with_consultant is not None:
                used.add("consultant")
            if c.projects:
                used.add("team_member")
        for cond in self.conditions:
            # A condition names its relation as the coverage does, except a team
            # project, whose members are the ``team_member`` relation.
            used.add(
                {"project": "team_member", "role": "team_member"}.get(cond.relation, cond.relation)
            )
        if self.reference is not None:
            used.add(self.reference.relation)
        if self.ask in ("fact", "list") and self.attributes:
            used |= {a for a in self.attributes if a in ("supervisor", "consultant", "start_year")}
            used |= {"team_member"} if "role" in self.attributes else set()
        return frozenset(used)

    @property
    def search_text(self) -> str:
        """What text retrieval searches for: the turn's words after its context's."""
        return f"{self.context} {self.core}".strip()

    def edit(self, **changes: Any) -> Query:
        """A copy with some fields replaced (a follow-up's edit)."""
        return replace(self, **changes)
