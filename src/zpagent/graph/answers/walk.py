"""Follow the relations a question's intents name, from seeds to pages.

Both routes of graph-guided retrieval end here: the graph-first route
(``answers.scope``) seeds the walk with the persons, titles, topics and
keywords a question names; the vector route (``answers.expand``) with what
the best text hits are about. ``Walker.from_seeds`` picks one walk by the
intents (``understand.intent``) and returns a ``Scope``: the pages, on each
page the theses the question is about, the exact number of pages and
theses (counted by the database, whatever ``max_pages`` lists), and every
step with the relation it followed and why.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from zpagent.graph.answers.page_set import MAX_PAGES, ROWS_PER_PAGE, Scope, Seeds, Step, Target
from zpagent.graph.contract import EntityRef
from zpagent.graph.store import cypher as q
from zpagent.graph.store.base import GraphStore
from zpagent.query import Query
from zpagent.query.lexicon import Lexicon
from zpagent.query.model import THESIS_KINDS


class Walker:
    def __init__(
        self,
        store: GraphStore,
        lexicon: Lexicon,
        query: Query,
        scope: Scope,
        include_unpublished: bool,
        max_pages: int = MAX_PAGES,
    ) -> None:
        self.store = store
        self.lexicon = lexicon
        self.query = query
        self.scope = scope
        self.inc = include_unpublished
        self.max_pages = max_pages
        self.kinds = [k for k in query.kinds if k in THESIS_KINDS]
        self.years = list(query.years)

    # -- the decision ---------------------------------------------------------------------

    def from_seeds(self, seeds: Seeds) -> Scope:
        """One walk, chosen by the intents; never several at once (no k-hop flood)."""
        intents = set(self.scope.intents)
        bridge = "bridge" in intents
        if seeds.supervisors:
            return self.supervised(seeds.supervisors, seeds.role, seeds)
        if (seeds.persons or seeds.theses) and bridge and "supervision" in intents:
            return self.same_supervisor(seeds)
        if (seeds.persons or seeds.theses) and bridge and "topic" in intents:
            return self.same_topic(seeds)
        if seeds.persons or seeds.theses:
            return self.own_pages(seeds)
        if seeds.topics:
            return self.topic_members(seeds.topics[0], seeds.source)
        if seeds.keywords:
            return self.keyword_members(seeds.keywords[0], seeds.source)
        if seeds.list_theses:
            return self.theses(seeds.source)
        self.scope.status = "open"
        return self.scope

    # -- walks ------------------------------------------------------------------------------

    def supervised(self, supervisors: list[tuple[str, str]], role: str, seeds: Seeds) -> Scope:
        """The theses these persons led (or consulted), of the asked kinds and years."""
        ids = [s for s, _ in supervisors]
        topic = seeds.topics[0] if seeds.topics else ""
        keyword = seeds.keywords[0] if seeds.keywords and not topic else ""
        for sid, name in supervisors:
            self._entity("Person", sid, name, role.lower())
        filters = self._filters_text(topic=topic, keyword=keyword)
        return self._thesis_set(
            q.SCOPE_SUPERVISED,
            q.SCOPE_SUPERVISED_COUNT,
            {"ids": ids, "roles": [role], "topic": topic, "keyword": keyword},
            f"(:Person {{id: {', '.join(ids)}}})-[:{role}]->(:Thesis{filters})"
            "<-[:AUTHORED]-(:Person)-[:HAS_DOCUMENT]->(page)",
            f"supervision: the theses {', '.join(n for _, n in supervisors)} "
            f"{'consulted' if role == 'CONSULTED' else 'led'} ({seeds.source})",
        )

    def same_supervisor(self, seeds: Seeds) -> Scope:
        """Bridge: the supervisors of the seed theses, then every thesis they led."""
        theses = [t for t, _, _ in seeds.theses] or [
            t for t, _p in self._theses_of([p for p, _, _ in seeds.persons])
        ]
        rows = self.store.query(q.THESIS_PEOPLE, ids=theses) if theses else []
        found = list(
            dict.fromkeys((sid, name) for _t, rel, sid, name, _ev in rows if rel == "SUPERVISED")
        )
        self._step(
            "(:Thesis)<-[:SUPERVISED]-(:Person)",
            f"bridge + supervision: who led the thesis of {seeds.source}",
            f"{len(found)} supervisor(s) of {len(theses)} thesis(es)",
        )
        if not found:
            return self._empty()
        return self.supervised(found, "SUPERVISED", Seeds(source="the same supervisor"))

    def same_topic(self, seeds: Seeds) -> Scope:
        """Bridge: the topic the seed persons belong to, then its students."""
        ids = [p for p, _, _ in seeds.persons] or [p for _, p, _ in seeds.theses]
        rows = self.store.query(q.PERSON_TOPICS, ids=ids, include_unpublished=self.inc)
        counts = Counter(tid for _pid, tid, *_ in rows)
        self._step(
            "(:Person)-[:ON_TOPIC]->(:Topic)",
            f"bridge + topic: the topic of {seeds.source}",
            f"{len(counts)} topic(s)",
        )
        if not counts:
            return self._empty()
        # The topic most seeds share; ties by id (deterministic).
        best = min(counts, key=lambda t: (-counts[t], t))
        return self.topic_members(best, "the same topic")

    def own_pages(self, seeds: Seeds) -> Scope:
        """The seed persons' own pages (and their theses of the asked kinds and years)."""
        scope = self.scope
        persons = list(seeds.persons)
        for _tid, pid, page in seeds.theses:
            if pid and pid not in {p for p, _, _ in persons}:
                entry = self.lexicon.person_by_id.get(pid)
                persons.append((pid, entry.name if entry else pid, page))
        chosen = {t for t, _, _ in seeds.theses}
        by_person: dict[str, list[str]] = {}
        if not chosen:
            for tid, pid in self._theses_of([p for p, _, _ in persons]):
                by_person.setdefault(pid, []).append(tid)
        for pid, name, page in persons:
            self._entity("Person", pid, name, "subject", page)
            own = [t for t, p, _ in seeds.theses if p == pid] or by_person.get(pid, [])
            if page:
                scope.targets.append(Target(page, pid, own))
        scope.pages = len(scope.targets)
        scope.theses = sum(len(t.theses) for t in scope.targets)
        self._step(
            "(:Person)-[:HAS_DOCUMENT]->(page), (:Person)-[:AUTHORED]->(:Thesis"
            + self._filters_text()
            + ")",
            (
                "comparison: each person's own page"
                if "comparison" in self.scope.intents
                else "the persons' own pages"
            )
            + f" ({seeds.source})",
            f"{scope.pages} page(s), {scope.theses} thesis(es)",
        )
        return scope if scope.targets else self._empty()

    def topic_members(self, topic: str, source: str) -> Scope:
        entry = self.lexicon.topic_by_id.get(topic)
        name = entry.name if entry else topic
        page = entry.document_path if entry else None
        self._entity("Topic", topic, name, "topic", page)
        if page and entry is not None and (entry.published or self.inc):
            self.scope.anchors.append(page)
        if self.kinds or self.years:
            return self._thesis_set(
                q.SCOPE_TOPIC,
                q.SCOPE_TOPIC_COUNT,
                {"topic": topic},
                f"(:Topic {{id: {topic}}})<-[:ON_TOPIC]-(:Person)-[:AUTHORED]->"
                f"(:Thesis{self._filters_text()})",
                f"topic + time/kind: theses of the students of {name} ({source})",
            )
        params = {"include_unpublished": self.inc, "topic": topic}
        rows = self.store.query(q.PERSONS_BY_TOPIC_PAGE, **params, limit=self.max_pages + 1)
        pages = [(pid, self._page_of(pid)) for pid, *_ in rows]
        return self._person_set(
            pages,
            (q.PERSONS_BY_TOPIC_COUNT, params),
            f"(:Topic {{id: {topic}}})<-[:ON_TOPIC]-(:Person)-[:HAS_DOCUMENT]->(page)",
            f"topic: the students of {name} ({source})",
        )

    def keyword_members(self, keyword: str, source: str) -> Scope:
        entry = self.lexicon.keyword_by_id.get(keyword)
        name = entry.name if entry else keyword
        self._entity("Keyword", keyword, name, "keyword")
        # Asked for the tag itself ("s kľúčovým slovom X"), the tag is the set.
        self.scope.partial = "keywords" not in self.query.attributes
        if self.kinds or self.years:
            return self._thesis_set(
                q.SCOPE_KEYWORD,
                q.SCOPE_KEYWORD_COUNT,
                {"keyword": keyword},
                f"(:Keyword {{id: {keyword}}})<-[:HAS_KEYWORD]-(page)<-[:HAS_DOCUMENT]-(:Person)"
                f"-[:AUTHORED]->(:Thesis{self._filters_text()})",
                f"keyword + time/kind: theses of the pages tagged {name} ({source})",
            )
        params = {"include_unpublished": self.inc, "keyword": keyword}
        limit = self.max_pages + 1
        if self.query.listing:  # "študenti s kľúčovým slovom X": their pages
            counter = q.PERSONS_BY_KEYWORD_COUNT
            rows = self.store.query(q.PERSONS_BY_KEYWORD_PAGE, **params, limit=limit)
            pages: list[tuple[str | None, str | None]] = [
                (pid, page) for pid, _n, _k, page, _ev in rows
            ]
            relation = "<-[:HAS_DOCUMENT]-(:Person)"
        else:
            counter = q.KEYWORD_PAGES_COUNT
            rows = self.store.query(q.KEYWORD_PAGES, **params, limit=limit)
            pages = [(None, page) for (page,) in rows]
            relation = ""
        return self._person_set(
            pages,
            (counter, params),
            f"(:Keyword {{id: {keyword}}})<-[:HAS_KEYWORD]-(page){relation}",
            f"keyword: the pages tagged {name} ({source})",
        )

    def theses(self, source: str) -> Scope:
        return self._thesis_set(
            q.SCOPE_THESES,
            q.SCOPE_THESES_COUNT,
            {},
            f"(:Person)-[:AUTHORED]->(:Thesis{self._filters_text()})",
            f"time/kind: every thesis of the asked kind and year ({source})",
        )

    # -- helpers ---------------------------------------------------------------------------

    def _filters_text(self, topic: str = "", keyword: str = "") -> str:
        parts = []
        if self.kinds:
            parts.append(f"kind IN {self.kinds}")
        if self.years:
            parts.append(f"year IN {self.years}")
        if topic:
            parts.append(f"student ON_TOPIC {topic}")
        if keyword:
            parts.append(f"page HAS_KEYWORD {keyword}")
        return f" {{{', '.join(parts)}}}" if parts else ""

    def _thesis_set(
        self,
        rows_query: q.Query,
        count_query: q.Query,
        params: dict[str, Any],
        relation: str,
        why: str,
    ) -> Scope:
        scope = self.scope
        base = {"include_unpublished": self.inc, "kinds": self.kinds, "years": self.years, **params}
        limit = self.max_pages * ROWS_PER_PAGE + 1
        rows = self.store.query(rows_query, **base, limit=limit)
        if len(rows) < limit:  # every row is here: count them
            pages, theses = len({r[1] for r in rows}), len({r[2] for r in rows})
        else:  # the database counts what the limit cut
            pages, theses = (int(x) for x in self.store.query(count_query, **base)[0])
        by_page: dict[str, Target] = {}
        for pid, page, tid in rows:
            if page not in by_page:
                if len(by_page) == self.max_pages:
                    break
                by_page[page] = Target(page, pid, [])
            by_page[page].theses.append(tid)
        scope.targets.extend(by_page.values())
        scope.pages, scope.theses = pages, theses
        scope.truncated = pages > len(by_page)
        self._step(relation, why, f"{theses} thesis(es) on {pages} page(s)")
        return scope if scope.targets else self._empty()

    def _person_set(
        self,
        pages: list[tuple[str | None, str | None]],
        counter: tuple[q.Query, dict[str, Any]],
        relation: str,
        why: str,
    ) -> Scope:
        """``pages`` fetched with a limit of ``max_pages + 1``; ``counter`` counts them
        all in the database when that limit was reached."""
        scope = self.scope
        if len(pages) <= self.max_pages:
            count = len({page for _, page in pages})
        else:
            query, params = counter
            count = int(self.store.query(query, **params)[0][0])
        listed = [(pid, page) for pid, page in pages if page][: self.max_pages]
        scope.targets.extend(Target(page, pid, []) for pid, page in listed)
        scope.pages = count
        scope.truncated = count > len(listed)
        self._step(relation, why, f"{count} page(s)")
        return scope if scope.targets else self._empty()

    def _theses_of(self, person_ids: list[str]) -> list[tuple[str, str]]:
        """(thesis, person) of the persons' theses of the asked kinds and years."""
        if not person_ids:
            return []
        rows = self.store.query(
            q.PERSON_THESES,
            ids=person_ids,
            include_unpublished=self.inc,
            kinds=self.kinds,
            limit=self.max_pages * ROWS_PER_PAGE,
        )
        return [(r[1], r[0]) for r in rows if not self.years or r[4] in self.years]

    def _page_of(self, person_id: str) -> str | None:
        entry = self.lexicon.person_by_id.get(person_id)
        return entry.document_path if entry else None

    def _entity(self, label: str, id_: str, name: str, role: str, page: str | None = None) -> None:
        # Source ids are the response's to give (they depend on what it cites).
        ref = EntityRef(id=id_, label=label, name=name, role=role, document_path=page)
        self.scope.entities.append(ref)

    def _step(self, relation: str, why: str, found: str) -> None:
        self.scope.steps.append(Step(relation, why, found))

    def _empty(self) -> Scope:
        self.scope.status, self.scope.reason = "ok", "no_matching_facts"
        self.scope.pages = self.scope.pages or 0
        return self.scope
