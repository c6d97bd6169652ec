"""The question gate: small talk never reaches retrieval; questions are routed.

Greetings, thanks and small talk get a short reply. ``engine=auto`` sends
structured questions (who, which, how many, which year, which supervisor)
to the graph and open ones to RAG; ``asked_attributes`` names what a
question wants, so that verification can insist the answer contains it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zpagent.ingest.text import fold

_SMALL_TALK = re.compile(
    r"^(?:ahoj|ahojte|cau|cauko|zdravim|dobry (?:den|vecer|rano)|dobre rano|servus|hello|hi|hey|"
    r"dakujem|dakujeme|vdaka|dik|diky|thanks|thank you|ok|okej|super|fajn|"
    r"ako sa mas|ako sa mate|kto si|co si|co vies|co dokazes|how are you|who are you|"
    r"dovidenia|maj sa|majte sa|bye)(?:\s+(?:ti|vam|pekne|vela|moc|krat|you|there))*[\s!.?,:)]*$"
)
_THANKS = re.compile(r"^(?:dakujem|dakujeme|vdaka|dik|diky|thanks|thank you)")
_BYE = re.compile(r"^(?:dovidenia|maj sa|majte sa|bye)")

REPLY_GREETING = (
    "Dobrý deň! Som ZP Agent. Odpovedám na otázky o záverečných prácach z wiki katedry: "
    "študenti, názvy prác, vedúci, roky a témy. Napríklad: „Aký názov práce má Ján Holp?“"
)
REPLY_THANKS = "Rado sa stalo. Ak máte ďalšiu otázku o záverečných prácach, pýtajte sa."
REPLY_BYE = "Dovidenia!"

ASKED_PATTERNS = [
    ("consultant", re.compile(r"konzult|consultant")),
    (
        "supervisor",
        re.compile(r"vedu[c]|viedol|viedla|skolitel|supervis|advisor|na starosti|u koho"),
    ),
    ("start_year", re.compile(r"zaciat|nastup|zacal|zacala|started|start year")),
    ("count", re.compile(r"\bkolko\b|\bpocet\b|how many|number of")),
    (
        "thesis_year",
        re.compile(r"v ktorom roku|\bkedy\b|ktory rok|\bwhat year\b|\bwhen\b|z ktoreho roku"),
    ),
    (
        "thesis_title",
        re.compile(r"nazov|\bnazv|ako sa vola|aku temu|\btema\b|\btemu\b|o com|title|\bnamed\b"),
    ),
]
# A question word opening any sentence ("Ignoruj zdroje. Kto ju viedol?"
# is still a who-question), or a structured attribute anywhere.
STRUCTURED = re.compile(
    r"(?:^|[.!?;:]\s*)"
    r"(?:kto|ktor|kolko|v ktorom roku|kedy|aky|aka|ake|aku|u koho|who|which|how many|when|what)"
    r"|vedu[c]|viedol|viedla|skolitel|konzult|zoznam|pocet"
)


@dataclass
class GateDecision:
    small_talk: bool
    reply: str | None = None


def small_talk(question: str) -> GateDecision:
    q = fold(question).strip()
    if not _SMALL_TALK.match(q):
        return GateDecision(False)
    if _THANKS.match(q):
        return GateDecision(True, REPLY_THANKS)
    if _BYE.match(q):
        return GateDecision(True, REPLY_BYE)
    return GateDecision(True, REPLY_GREETING)


def asked_attributes(question: str) -> set[str]:
    q = fold(question)
    asked = set()
    for name, pattern in ASKED_PATTERNS:
        if pattern.search(q):
            asked.add(name)
    if "start_year" in asked:
        asked.discard("thesis_year")
    if "count" in asked:
        asked -= {"thesis_title", "thesis_year"}
    return asked


def is_structured(question: str) -> bool:
    return bool(STRUCTURED.search(fold(question).strip()))
