"""One analysis of a question, made once at the top and passed down.

``analyze(text)`` validates the question and computes what every layer
needs: the clean text, its folded form and tokens, the cue words, thesis
kinds and years, the small-talk clauses (and the question without them),
what is asked (title, year, supervisor, ...), and whether it is a
structured question the graph should answer. The graph adds the names it
recognizes (``graph.understand.parse``); the answer layer, RAG and the
agent read the same object instead of re-folding the raw string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from zpagent.errors import InvalidQuery, QueryTooLong
from zpagent.history.intent import is_history_question
from zpagent.ingest.text import clean_inline, fold
from zpagent.question import cues as cu
from zpagent.question.small_talk import SmallTalk, clause_kind, detect
from zpagent.question.tokens import TOKEN, Token, tokenize

MAX_QUESTION_CHARS = 2000

# What a question asks for, by its wording (the graph's question type refines it).
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
# Questions about what pages say (methods, data, differences, content), which a
# typed fact does not answer: the graph picks the pages, their text answers.
CONTENT = re.compile(
    r"\bo com (?:su|je|boli|bola|pisu|pisali|pisal\w*)\b|\bak\w* (?:metod\w*|data|dat|pristup\w*"
    r"|technik\w*|model\w*|nastroj\w*|vysledk\w*)\b|\bcim sa lis\w*|\bv com sa lis\w*"
    r"|\bporovnaj\w*|\bzhrn\w*|\bwhat (?:methods|data)\b|\bhow do \w+ differ\b|\bcompare\b"
)
_PIECE = re.compile(r"[^,.!?;:\n…]+[,.!?;:\n…]*")


@dataclass(frozen=True)
class Question:
    text: str  # clean text as asked
    core: str  # the question without its small-talk clauses ("Ahoj, ...")
    folded: str  # folded ``core``: no case, no diacritics
    tokens: tuple[Token, ...]  # tokens of ``core``
    small_talk: SmallTalk | None
    asked: frozenset[str]
    kinds: tuple[str, ...]
    kind_spans: tuple[tuple[str, int, int], ...]
    years: tuple[int, ...]
    year_spans: tuple[tuple[int, int], ...]
    cue_spans: dict[str, list[tuple[int, int]]] = field(hash=False, compare=False)
    structured: bool = False
    about_history: bool = False
    about_content: bool = False  # what pages say, not a typed fact: "O čom sú práce …?"

    def has(self, cue: str) -> bool:
        return bool(self.cue_spans.get(cue))


def validate(text: object) -> str:
    """The question as clean text; ``InvalidQuery`` when it is empty or too long."""
    if not isinstance(text, str):
        raise InvalidQuery("the question must be text")
    if len(text) > MAX_QUESTION_CHARS:
        raise QueryTooLong(f"the question is longer than {MAX_QUESTION_CHARS} characters")
    text = clean_inline(text)
    if not text or not TOKEN.search(text):
        raise InvalidQuery("the question is empty")
    return text


def asked_attributes(folded: str) -> frozenset[str]:
    """What the wording asks for; a count asks for nothing else."""
    asked = {name for name, pattern in ASKED_PATTERNS if pattern.search(folded)}
    if "count" in asked:
        return frozenset({"count"})
    if "start_year" in asked:
        asked.discard("thesis_year")
    return frozenset(asked)


def _core(text: str) -> str:
    """``text`` without the pieces that are only small talk ("Ahoj, ", " Ďakujem.")."""
    kept = []
    for piece in _PIECE.findall(text):
        words = re.findall(r"[a-z0-9]+", fold(piece).lower())
        if words and clause_kind(words) is not None:
            continue
        kept.append(piece)
    core = "".join(kept).strip(" ,;:-–—")
    return core or text


def analyze(text: object) -> Question:
    """Validate and analyze a question (``InvalidQuery`` when empty or too long)."""
    clean = validate(text)
    talk = detect(fold(clean))
    core = clean if talk else _core(clean)
    folded = fold(core)
    kinds = cu.kinds_in(folded)
    years, year_spans = cu.years_in(folded)
    return Question(
        text=clean,
        core=core,
        folded=folded,
        tokens=tuple(tokenize(core)),
        small_talk=talk,
        asked=asked_attributes(folded),
        kinds=tuple(dict.fromkeys(k for k, _, _ in kinds)),
        kind_spans=tuple(kinds),
        years=tuple(years),
        year_spans=tuple(year_spans),
        cue_spans=cu.cue_spans(folded),
        structured=bool(STRUCTURED.search(folded.strip())),
        # Questions about changes of pages: the wiki's Git history answers them.
        about_history=is_history_question(core),
        about_content=bool(CONTENT.search(folded)),
    )
