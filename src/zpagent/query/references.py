"""What a question points at beside its own words: another result ("rovnakého
vedúceho ako …"), persons found first and then asked about ("the consultant of X's
thesis"), and what a question about the wiki's changes wants."""

from __future__ import annotations

from dataclasses import dataclass

from zpagent.query.entities import EntityRef


@dataclass(frozen=True)
class Reference:
    """Another result the question points at: "rovnakého vedúceho ako Natália Ďuricová".

    ``relation`` of ``of`` (its supervisors, consultants, topics) becomes a
    constraint; ``others`` leaves ``of`` out of the answer ("iní študenti").
    """

    relation: str  # supervisor | consultant | topic | keyword
    of: EntityRef
    kinds: frozenset[str] = frozenset()
    others: bool = True


@dataclass(frozen=True)
class Via:
    """Persons found first, then asked about: "kto konzultoval bakalárku X a ako sa
    volá jeho dizertačka?", "Vedúci X – ktoré diplomovky viedol v 2021?".

    The persons are the ``relation`` (supervisor | consultant) of ``of``'s theses
    of ``kinds``; the rest of the query is asked of them (``as_`` "subject": their
    facts) or of the theses they led (``as_`` "supervisor" | "consultant"), without
    ``of`` when ``others`` ("konzultovala ešte niekoho?").
    """

    relation: str
    of: EntityRef
    kinds: frozenset[str] = frozenset()
    as_: str = "subject"
    others: bool = False


@dataclass(frozen=True)
class HistoryAsk:
    """What a question about the wiki's changes wants (see ``history``)."""

    kind: str  # last_change | authors | since | history
    since: str | None = None  # ISO date-time (UTC) of the period's start
