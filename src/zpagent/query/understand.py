"""``understand(text, lexicon)``: the one reading of a question.

Validates the text (``InvalidQuery`` when empty or too long), sets small
talk aside ("Ahoj, kto viedol …?" keeps the question), finds cue words,
thesis kinds and years, recognizes what the wiki's lexicon knows
(``recognize``) and composes the ``Query`` (``compose``). Without a
lexicon (no graph), the query still knows its cues, kinds, years, small
talk and history intent; it names nobody.
"""

from __future__ import annotations

import datetime as dt
import re

from zpagent.errors import InvalidQuery, QueryTooLong
from zpagent.ingest.text import clean_inline, fold
from zpagent.query import cues as cu
from zpagent.query.compose import compose
from zpagent.query.history import history_ask, is_cue_word, is_history_question
from zpagent.query.hops import read_hops
from zpagent.query.lexicon import Lexicon
from zpagent.query.model import Query
from zpagent.query.parts import Parts
from zpagent.query.recognize import Recognized, recognize
from zpagent.query.small_talk import clause_kind, detect
from zpagent.query.tokens import TOKEN, Token, tokenize

MAX_QUESTION_CHARS = 2000
_PIECE = re.compile(r"[^,.!?;:\n…]+[,.!?;:\n…]*")
# Words that belong to a year: "v roku 2021", "z roku", "in 2020", "rok 2019".
_YEAR_WORDS = re.compile(
    r"\b(?:v|vo|z|zo|za|in|from|of|since|rok|roku|roce|year|v roku|z roku|v rokoch|rokoch"
    r"|v roce|akademickom roku|školskom roku|skolskom roku)\s*$"
)
_CZECH = frozenset("kdo kdy jsou jsem byl byla ktery ktera ktere jaky jaka jake vedl vedla".split())
_ENGLISH = frozenset("who what when which how many the of did does is was were thesis".split())
EMPTY = Lexicon()


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


def without_small_talk(text: str) -> str:
    """``text`` without the pieces that are only small talk ("Ahoj, ", " Ďakujem.")."""
    kept = []
    for piece in _PIECE.findall(text):
        words = re.findall(r"[a-z0-9]+", fold(piece).lower())
        if words and clause_kind(words) is not None:
            continue
        kept.append(piece)
    core = "".join(kept).strip(" ,;:-–—")
    return core or text


def _language(words: list[str]) -> str:
    if sum(w in _ENGLISH for w in words) >= 2:
        return "en"
    if any(w in _CZECH for w in words):
        return "cs"
    return "sk"


_POSSESSIVE_S = re.compile(r"(?<=\w)['’]s\b")


def _without_possessive_s(core: str) -> tuple[str, frozenset[int]]:
    """``core`` without English possessives ("Kollár's" -> "Kollár"), and where in the
    result each possessive word ends."""
    out, ends, last = [], set(), 0
    for m in _POSSESSIVE_S.finditer(core):
        out.append(core[last : m.start()])
        ends.add(sum(len(x) for x in out))
        last = m.end()
    out.append(core[last:])
    return "".join(out), frozenset(ends)


# "btw", "Iná vec –", "by the way": the user leaves what was talked about; the rest
# is a question of its own (never a follow-up, and "iná" is no "other supervisor").
# A thanks before the marker ("thanks. switching topics -", "ok vďaka. inak čo …").
_THANKS = r"(?:(?:ok|okay|thanks|thank you|thx|dik\w*|diky|vdaka|dakujem|super|fajn|jasne)\W+)"
_NEW_TOPIC = re.compile(
    r"^\W*" + _THANKS + r"*(?:btw|by the way|ina vec|jina vec|ina otazka|jina otazka"
    r"|mimochodom|mimochodem|zmena temy|nieco ine|neco jineho|another (?:thing|question)"
    r"|different question|off topic|este jedna vec|jeste jedna vec|uplne ina vec"
    r"|switching (?:topics?|subjects?)|changing (?:the )?(?:topic|subject)|new (?:topic|question)"
    r"|inak(?=\s*,)|jinak(?=\s*,))\b[\s,:;.!–—-]*"
    # "ok vďaka. inak čo nemám dávať do gitu?": after a thanks, or before a question
    # word, "inak" is "by the way".
    r"|^\W*" + _THANKS + r"+(?:inak|jinak)\b[\s,:;.!–—-]*"
    r"|^\W*(?:inak|jinak)\s+(?=(?:co|kto|kde|kedy|aky|aka|ake|aku|ktory|ktora|ktore|kolko"
    r"|kdo|kdy|jaky|jaka|jake|ktery|ktera|ktere|kolik)\b)"
)


def _new_topic(core: str) -> tuple[str, bool]:
    """``core`` without a leading "btw"/"Iná vec –", and whether it had one."""
    m = _NEW_TOPIC.match(fold(core))
    if not m or not core[m.end() :].strip():
        return core, False
    return core[m.end() :], True


def _year_words(folded: str, years: list[tuple[frozenset[int], int, int]]) -> list[tuple[int, int]]:
    out = []
    for _, a, _b in years:
        m = _YEAR_WORDS.search(folded[:a])
        if m:
            out.append((m.start(), a))
    return out


def understand(
    text: object,
    lexicon: Lexicon | None = None,
    *,
    include_unpublished: bool = False,
    now: dt.datetime | None = None,
    hops: bool = True,
) -> Query:
    """The typed query of one question (see the module docstring); ``hops``: read a
    question that finds a person first and asks about them as two parts (``hops``)."""
    clean = validate(text)
    lexicon = lexicon or EMPTY
    talk = detect(fold(clean))
    core = clean if talk else without_small_talk(clean)
    core, new_topic = _new_topic(core)
    # "Kollár's master's thesis": the English possessive is part of the word before it,
    # never a word "s" of its own (a Slovak preposition, or a word of a title).
    core, possessive_ends = _without_possessive_s(core)
    folded = fold(core)
    tokens = tokenize(core)
    words = [t.folded for t in tokens]
    language = _language(words)
    if talk:
        return Query(clean, core, folded, tuple(tokens), ask="small_talk", small_talk=talk,
                     language=language)  # fmt: skip
    kinds = cu.kinds_in(folded)
    years = cu.years_in(folded, lexicon.years)
    year_words = _year_words(folded, years)
    title_free = folded
    spans = cu.cue_spans(title_free)
    fixed = [(a, b) for _, a, b in kinds] + [(a, b) for _, a, b in years] + year_words
    history = is_history_question(core)
    if history:
        # "Kedy sa naposledy zmenila stránka …": those words never name anyone.
        fixed += [(t.start, t.end) for t in tokens if is_cue_word(t.folded)]
    rec = recognize(tokens, core, folded, spans, fixed, lexicon, include_unpublished)
    if rec.titles:
        # Cue words inside a quoted or named title are the title's words.
        for p in rec.titles:
            a, b = tokens[p.start].start, tokens[p.end - 1].end
            spans = {k: [(x, y) for x, y in v if not (a <= x and y <= b)] for k, v in spans.items()}
    parts = Parts(
        text=clean,
        core=core,
        folded=folded,
        tokens=tokens,
        cues=spans,
        kinds=[k for k in kinds if not _inside_titles(k[1], k[2], rec, tokens)],
        years=years,
        year_words=year_words,
        rec=rec,
        about_content=bool(cu.CONTENT.search(folded)),
        language=language,
        possessive_ends=possessive_ends,
    )
    query = compose(parts, lexicon, include_unpublished)
    if new_topic:
        query = query.edit(new_topic=True)
    if hops and not history:

        def read_part(part: str) -> Query:
            return understand(part, lexicon, include_unpublished=include_unpublished, hops=False)

        query = read_hops(query, read_part)
    if history:
        # The words of a history question ("naposledy", "zmenila", "stránka") are
        # accounted for; what is left names the page, or a page the wiki lacks.
        left = tuple(
            s
            for s in query.unaccounted
            if not all(is_cue_word(w) for w in fold(core[s.start : s.end]).split())
        )
        query = query.edit(ask="history", history=history_ask(folded, now), unaccounted=left)
    return query


def _inside_titles(a: int, b: int, rec: Recognized, tokens: list[Token]) -> bool:
    return any(tokens[p.start].start <= a and b <= tokens[p.end - 1].end for p in rec.titles)
