"""Is a question about the wiki's changes, and which kind of history question is it?

Deterministic cues on the folded question (lowercase, no diacritics):

- ``last_change``: "Kedy sa naposledy zmenila stránka Jána Holpa a čo sa zmenilo?"
- ``authors``:     "Kto upravil stránku …?"
- ``since``:       "Čo sa zmenilo na stránke … od 1. 11. 2026?" (a date or a period)
- ``history``:     "História stránky …"

Without a page the same kinds apply to the whole wiki ("Aké sú posledné
zmeny vo wiki?"). The cues need a change word together with a page word, a
"who"/"last" word or a date, so that "zmena" inside a thesis topic does not
make a question about history.
"""

from __future__ import annotations

import datetime as dt
import re

from zpagent.ingest.text import fold
from zpagent.query.model import HistoryAsk

CHANGE_VERB = re.compile(
    r"\b(?:po|z|u|pre)?(?:menil|menila|menilo|menili|menen\w*|pravil|pravila|pravilo|pravili"
    r"|praven\w*|pravoval\w*)\b"
    r"|\b(?:editoval\w*|aktualizoval\w*|prepisal\w*|changed|edited|modified|updated)\b"
)
CHANGE_NOUN = re.compile(
    r"\b(?:zmen[aeyu]?|zmien|zmenach|zmenami|uprav[aeyu]?|uprav|upravach|histori\w*|revizi\w*"
    r"|verzi\w*|commit\w*|changes?|history|revisions?|edits?)\b"
)
PAGE_WORD = re.compile(r"\b(?:strank\w*|stranok|pages?|clan\w*)\b")
WIKI_WORD = re.compile(r"\bwiki\w*\b")
LAST_WORD = re.compile(r"\b(?:naposledy|naposled|posledn\w*|last|latest|recent\w*)\b")
WHO_WORD = re.compile(r"\b(?:kto|who|koho|ktori|autor\w*)\b")
HISTORY_WORD = re.compile(r"\b(?:histori\w*|history|vsetky zmeny|zoznam zmien)\b")
RECENT_PHRASE = re.compile(r"\bposledn\w* (?:zmen|uprav)\w*|\b(?:recent|latest|last) changes\b")

_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        "januara februara marca aprila maja juna julu augusta septembra oktobra novembra "
        "decembra".split()
    )
}
_MONTHS["jula"] = 7
_DMY = re.compile(r"\b(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\b")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_D_MONTH_Y = re.compile(r"\b(\d{1,2})\.\s*([a-z]+)\s+(\d{4})\b")
_YEAR = re.compile(r"\b(?:od|since|po|after)\s+(?:roku\s+|rok\s+)?(\d{4})\b")
_PERIOD = re.compile(
    r"\b(?:za|v|cez|during|in|over)?\s*(?:posledn\w*|last|past)\s+(\d{1,3}\s+)?"
    r"(den|dni|dna|dnoch|tyzden|tyzdne|tyzdnov|tyzdni|mesiac\w*|rok|roky|rokov|roku"
    r"|days?|weeks?|months?|years?)\b"
)
_TODAY = re.compile(r"\b(?:dnes|today)\b")
_YESTERDAY = re.compile(r"\b(?:vcera|yesterday)\b")
_PERIOD_DAYS = {"d": 1, "t": 7, "w": 7, "m": 30, "r": 365, "y": 365}


def is_history_question(question: str) -> bool:
    """True for questions about changes of the wiki or of one page."""
    f = fold(question or "")
    verb, noun = bool(CHANGE_VERB.search(f)), bool(CHANGE_NOUN.search(f))
    page = bool(PAGE_WORD.search(f))
    # "wiki" with a change verb only: "Čo sa zmenilo vo wiki?", not "wiki o zmene klímy".
    return bool(
        (page and (verb or noun))
        or (verb and WIKI_WORD.search(f))
        or (verb and (LAST_WORD.search(f) or WHO_WORD.search(f) or _date(f, _now())))
        or RECENT_PHRASE.search(f)
        or (HISTORY_WORD.search(f) and (page or noun or WIKI_WORD.search(f)))
    )


def history_ask(folded: str, now: dt.datetime | None = None) -> HistoryAsk:
    """What a history question wants: the last change, its authors, the changes
    since a date (or a period), or the whole history."""
    f = fold(folded or "")
    since = _date(f, now or _now())
    if since is not None:
        return HistoryAsk("since", since.isoformat())
    if WHO_WORD.search(f) and not LAST_WORD.search(f):
        return HistoryAsk("authors")
    if HISTORY_WORD.search(f) and not LAST_WORD.search(f):
        return HistoryAsk("history")
    return HistoryAsk("last_change")


def is_cue_word(folded_word: str) -> bool:
    """A history cue word ("zmenila", "stránke", "naposledy"): never part of a name."""
    return any(
        p.fullmatch(folded_word)
        for p in (CHANGE_VERB, CHANGE_NOUN, PAGE_WORD, WIKI_WORD, LAST_WORD, WHO_WORD, HISTORY_WORD)
    )


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _midnight(year: int, month: int, day: int) -> dt.datetime | None:
    try:
        return dt.datetime(year, month, day, tzinfo=dt.UTC)
    except ValueError:
        return None


def _date(f: str, now: dt.datetime) -> dt.datetime | None:
    """The start of the period a question asks about, in UTC; None without one."""
    for pattern, order in ((_ISO, "ymd"), (_DMY, "dmy")):
        m = pattern.search(f)
        if m:
            a, b, c = (int(g) for g in m.groups())
            found = _midnight(a, b, c) if order == "ymd" else _midnight(c, b, a)
            if found:
                return found
    m = _D_MONTH_Y.search(f)
    if m and m.group(2) in _MONTHS:
        found = _midnight(int(m.group(3)), _MONTHS[m.group(2)], int(m.group(1)))
        if found:
            return found
    m = _PERIOD.search(f)
    if m:
        count = int(m.group(1)) if m.group(1) else 1
        days = _PERIOD_DAYS.get(m.group(2)[0], 1) * max(1, count)
        return now - dt.timedelta(days=days)
    if _TODAY.search(f):
        return now.replace(hour=0, minute=0, second=0, microsecond=0)
    if _YESTERDAY.search(f):
        return now.replace(hour=0, minute=0, second=0, microsecond=0) - dt.timedelta(days=1)
    m = _YEAR.search(f)
    if m:
        return _midnight(int(m.group(1)), 1, 1)
    return None
