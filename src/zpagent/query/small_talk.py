"""Small talk: greetings, thanks, goodbyes, "who are you", "what can you do".

A turn is small talk when every clause of it is: "Ahoj, ako sa máš?",
"Dobrý deň, ďakujem za pomoc!", "čau, čo vieš?". A real question that
starts or ends with a greeting is not ("Ahoj, kto viedol prácu Jána
Holpa?"): its small-talk clauses are set aside and the rest is the question.

Clauses are compared whole, on folded words (no case, no diacritics), after
dropping polite filler ("prosím", "veľmi", "pekne", the agent's name), so
"Kto si?" is small talk while "Kto si vybral tému …?" is a question.
The reply is composed from what the turn contained, in its language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Each kind: whole-clause phrases over folded words (regex over the joined words).
_PHRASES: dict[str, str] = {
    "greeting": (
        r"ahoj|ahojte|ahojky|cau|cauko|caute|cauves|nazdar|nazdarek|zdar|zdravim|zdravime|"
        r"zdravicko|servus|serus|dobry den|dobre rano|dobry vecer|dobre popoludnie|"
        r"dobry podvecer|pekny den|vitaj|vitajte|hello|hallo|halo|hi|hey|heya|hiya|"
        r"good (?:morning|afternoon|evening|day)|greetings|howdy|yo"
    ),
    "wellbeing": (
        r"ako sa (?:mas|mate|vedie|dari)|ako (?:sa )?ti dari|ako ide zivot|ako to ide|"
        r"co je nove|co nove|co robis|how are you(?: doing)?|how is it going|hows it going|"
        r"how are things|whats up|what is up|sup|how do you do"
    ),
    "identity": (
        r"kto si|kto ste|co si|co ste|co si zac|ako sa volas|ako sa volate|si robot|"
        r"si bot|si clovek|si ai|who are you|what are you|whats your name|what is your name|"
        r"are you a (?:bot|robot|human)"
    ),
    "capabilities": (
        r"co (?:vies|viete|dokazes|dokazete|umis|umite|zvladnes)(?: robit| spravit)?|"
        r"s cim (?:mi )?(?:vies|viete|mozes|mozete) pomoct|ako (?:mi )?(?:vies|viete|mozes|"
        r"mozete) pomoct|na co (?:si|ste|sluzis|sluzite)|ako ta (?:pouzivat|mam pouzivat)|"
        r"pomoc|help|napoveda|what can you do|what do you do|how can you help(?: me)?|"
        r"what do you know"
    ),
    "ask": (
        r"mam otazku|mam (?:jednu )?otazocku|mozem sa (?:nieco )?(?:opytat|spytat)|"
        r"chcem sa (?:nieco )?(?:opytat|spytat)|potrebujem pomoc|i have a question|"
        r"can i ask(?: something| a question| you something)?"
    ),
    "thanks": (
        r"(?:dakujem|dakujeme|dakujem ti|dakujem vam|vdaka|vdaka ti|vdaka vam|dik|diky|dikes|"
        r"thanks|thank you|thx|cheers)"
        r"(?: (?:za|for) (?:pomoc|odpoved|odpovede|info|informacie|radu|help|the help|"
        r"your help|the answer|the info|everything|vsetko))?"
    ),
    "acknowledgement": (
        r"ok|okej|oki|okay|jasne|rozumiem|chapem|fajn|super|skvele|vyborne|perfektne|"
        r"paradne|dobre|v poriadku|to je (?:super|skvele|vsetko|fajn)|to staci|great|cool|"
        r"nice|got it|all right|alright|perfect|awesome|understood|that is all|thats all"
    ),
    "bye": (
        r"dovidenia|dovi|dovidenia a dakujem|maj sa|majte sa|zbohom|dobru noc|pekny vecer|"
        r"bye|bye bye|goodbye|good bye|see you|see ya|ciao|have a nice day|good night|"
        r"pekny zvysok dna|zatial|nashledanou"
    ),
}
_MATCHERS = {kind: re.compile(rf"^(?:{p})$") for kind, p in _PHRASES.items()}

# Words that never change a clause's meaning: politeness, intensifiers, the agent's name.
_FILLER = frozenset(
    """
    prosim pekne velmi vela velke moc krat ti vam aj tiez este raz teda no tak
    zp agent agente agentko bot boti robot kamo kamos priatelu very much so lot
    a lot there again dear buddy friend pls please
    """.split()
)
# Clauses end at punctuation, or at "a"/"and" before a new clause ("Ahoj a ďakujem").
_CLAUSE_SPLIT = re.compile(
    r"[,.!?;:\n()\-–—…]+|\s+(?:a|and|aj)\s+(?=(?:ako|co|kto|dakujem|how|what|who|thanks))"
)
_WORD = re.compile(r"[a-z0-9]+")

_ENGLISH = frozenset(
    """
    hello hi hey good morning afternoon evening thanks thank you bye goodbye see how are
    what who can do help question nice great cool awesome perfect got it please is up
    a lot very much for the your answer info everything have day night
    """.split()
)


@dataclass(frozen=True)
class SmallTalk:
    """What a turn's small-talk clauses were, in order, and the language to answer in."""

    kinds: tuple[str, ...]
    language: str  # "sk" | "en"


@dataclass(frozen=True)
class Clauses:
    small_talk: tuple[str, ...]  # kinds of the small-talk clauses
    rest: str  # the clauses that are not small talk, joined (folded words)
    english: bool


def _kind_of(text: str) -> str | None:
    return next((kind for kind, m in _MATCHERS.items() if m.match(text)), None)


def clause_kind(words: list[str]) -> str | None:
    """The small-talk kind of one clause (folded words), or None."""
    kept = [w for w in words if w not in _FILLER]
    if not kept:
        return "filler" if words else None
    # As written ("si robot", "I have a question"), then without polite filler.
    for text in (" ".join(words), " ".join(kept)):
        kind = _kind_of(text)
        if kind:
            return kind
    # "Ahoj ZP Agent ďakujem", "Dobré ráno I have a question": two kinds in one clause.
    for seq in (words, kept):
        for cut in range(1, len(seq)):
            first, second = _kind_of(" ".join(seq[:cut])), _kind_of(" ".join(seq[cut:]))
            if first and second:
                return first
    return None


def split_clauses(folded: str) -> Clauses:
    """Small-talk clause kinds and the remaining (question) clauses of a folded turn."""
    kinds: list[str] = []
    rest: list[str] = []
    words_all: list[str] = []
    for part in _CLAUSE_SPLIT.split(folded.lower()):
        words = _WORD.findall(part)
        if not words:
            continue
        words_all += words
        kind = clause_kind(words)
        if kind is None:
            rest.append(" ".join(words))
        elif kind != "filler":
            kinds.append(kind)
    english = sum(w in _ENGLISH for w in words_all) * 2 > len(words_all) > 0
    return Clauses(tuple(kinds), " ".join(rest), english)


def detect(folded: str) -> SmallTalk | None:
    """Small talk when the turn has small-talk clauses and nothing else."""
    clauses = split_clauses(folded)
    if clauses.rest or not clauses.small_talk:
        return None
    return SmallTalk(clauses.small_talk, "en" if clauses.english else "sk")


_REPLIES = {
    "sk": {
        "greeting": "Dobrý deň!",
        "wellbeing": "Ďakujem, mám sa dobre.",
        "identity": "Som ZP Agent, asistent pre wiki záverečných prác katedry.",
        "capabilities": (
            "Odpovedám na otázky o záverečných prácach z wiki: študenti, názvy prác, vedúci, "
            "konzultanti, roky, témy a kľúčové slová, s citáciou zdrojov. Napríklad: "
            "„Aký názov práce má Ján Holp?“ alebo „Koľko diplomových prác bolo v roku 2021?“"
        ),
        "thanks": "Rado sa stalo.",
        "acknowledgement": "Dobre.",
        "ask": "Samozrejme, pýtajte sa.",
        "bye": "Dovidenia!",
        "invite": "Ako vám môžem pomôcť? Pýtajte sa na záverečné práce z wiki.",
    },
    "en": {
        "greeting": "Hello!",
        "wellbeing": "I'm fine, thank you.",
        "identity": "I am ZP Agent, an assistant for the department's wiki of final theses.",
        "capabilities": (
            "I answer questions about the final theses in the wiki: students, thesis titles, "
            "supervisors, consultants, years, topics and keywords, with cited sources. For "
            "example: “Aký názov práce má Ján Holp?”"
        ),
        "thanks": "You're welcome.",
        "acknowledgement": "All right.",
        "ask": "Of course, go ahead.",
        "bye": "Goodbye!",
        "invite": "How can I help? Ask about the final theses in the wiki.",
    },
}


def reply(talk: SmallTalk) -> str:
    """A short answer to every part of the turn, in its order, in its language."""
    texts = _REPLIES[talk.language]
    kinds = list(dict.fromkeys(talk.kinds))
    parts = [texts[k] for k in kinds]
    # A greeting alone invites the question; a goodbye, thanks or an offer to ask do not.
    if not ({"bye", "thanks", "capabilities", "ask"} & set(kinds)):
        parts.append(texts["invite"])
    return " ".join(parts)
