"""What a question wants from the graph: the relations worth following.

Graph-guided retrieval never floods the neighbourhood of an entity (k hops
from a topic reach most of the wiki). The intents below decide which
relations it follows, each for a reason a reader can check:

    supervision  SUPERVISED / CONSULTED: theses a person led, or who led one
    topic        ON_TOPIC / HAS_KEYWORD: the students of a topic or keyword
    time         thesis years: only theses of the asked years
    comparison   several named persons: each one's own page and theses
    bridge       "ďalšie", "rovnaký", "iné": one more hop from what was found
                 (the other theses of the same supervisor, the other students
                 of the same topic)

Matched on folded text, like the cues of ``understand.cues``.
"""

from __future__ import annotations

import re

from zpagent.graph.understand.parse import ParsedQuestion
from zpagent.ingest.text import fold

INTENTS = ("supervision", "topic", "time", "comparison", "bridge")

_COMPARE = re.compile(
    r"\blis(?:i|ia|ili|ilo|ila)\b|\brozdiel\w*|\bporovn\w*|\bodlisn\w*|\bodlis\w*|\bspolocn\w*"
    r"|\bcompar\w*|\bdiffer\w*|\bversus\b|\bvs\b|\bin common\b"
)
_BRIDGE = re.compile(
    r"\bdals\w*|\bin(?:e|i|ych|ymi|ym|a|u|ou|eho|ej)\b|\brovnak\w*|\bten ist\w*|\btoho ist\w*"
    r"|\btej ist\w*|\btom istom\b|\bother\b|\bsame\b|\bokrem\b"
)


# Cues of a question that asks for a set (who, which, list, how many).
LISTING_CUES = frozenset({"list", "who", "persons", "count"})


def asks_for_set(pq: ParsedQuestion) -> bool:
    return bool(set(pq.cues) & LISTING_CUES)


def intents_of(pq: ParsedQuestion) -> list[str]:
    """The question's intents, in ``INTENTS`` order.

    A topic or keyword named in passing ("Čo je BM25?") is no topic intent:
    the question must ask about a topic or for a set.
    """
    folded = pq.question.folded if pq.question else fold(pq.text)
    cues = set(pq.cues)
    named_terms = bool(pq.topics or pq.keywords)
    found = {
        "supervision": bool(cues & {"supervisor", "consultant"}),
        "topic": bool(cues & {"topic", "keyword"}) or (named_terms and asks_for_set(pq)),
        "time": bool(pq.years),
        "comparison": bool(_COMPARE.search(folded)) or len(pq.persons) >= 2,
        "bridge": bool(_BRIDGE.search(folded)),
    }
    return [name for name in INTENTS if found[name]]
