"""What the wiki's headings and label lines look like, matched on folded text.

Everything is matched on ``fold()``-ed text (lowercase, no diacritics), so
``Vedúca práce``, ``VEDUCA PRACE`` and ``veduca prace`` are one label. The
lists name the variants of the format description and their obvious
neighbours (feminine forms, English, colloquial names); they are word
patterns, not the sample wiki's sentences.
"""

from __future__ import annotations

import re

# Section headings -> (kind, is_thesis). Works first: "Diplomový projekt" is
# a work, "Diplomová práca" the master thesis.
_HEADING_KINDS: tuple[tuple[str, bool, re.Pattern[str]], ...] = (
    # "DP1", "DP 2": the numbered diploma projects, not "DP" (the master thesis).
    (
        "diploma_project",
        False,
        re.compile(r"\bdiplomov\w*\s+projekt\w*|\bdiploma\s+project|^dp\s?(?:[1-3]|i{1,3})\b"),
    ),
    ("team_project", False, re.compile(r"\btimov\w*\s+projekt\w*|\bteam\s+project")),
    (
        "research_task",
        False,
        re.compile(r"\bvyskumn\w*\s+(?:uloh\w*|projekt\w*)|\bresearch\s+(?:task|project)"),
    ),
    (
        "bachelor",
        True,
        re.compile(r"\bbakalar(?:sk\w*|k\w*)\b(?!\s+stud)|\bbachelor'?s?\b(?!\s+stud)|^bp\b"),
    ),
    (
        "master",
        True,
        re.compile(
            r"\bdiplomov\w*\s+prac\w*|\bdiplomovk\w*|\bmaster'?s?\s+thesis|"
            r"\bdiploma\s+thesis|\binzinier\w*\s+prac\w*|^dp\b"
        ),
    ),
    (
        "dissertation",
        True,
        re.compile(
            r"\bdi[sz]ertac\w*|\bdi[sz]ertack\w*|\bdissertation|\bphd\s+thesis|"
            r"\bdoktorandsk\w*\s+prac\w*|^dzp?\b"
        ),
    ),
    (
        "other",
        False,
        re.compile(
            r"\bsemestraln\w*\s+(?:prac\w*|projekt\w*)|\brocnikov\w*\s+(?:prac\w*|projekt\w*)|"
            r"\bindividualn\w*\s+projekt\w*|\bstudentsk\w*\s+projekt\w*|^projekt\w*\b"
        ),
    ),
)

# A start of study said in a sentence ("Študujem od roku 2012.", "Štúdium som
# začala v roku 2015", "I started my studies in 2019"), on folded text.
START_SENTENCE = re.compile(
    r"\b(?:studujem|studuje|studuju|studium\s+(?:som\s+)?zacal\w*|zacal\w*\s+(?:som\s+)?studovat"
    r"|nastupil\w*\s+(?:som\s+)?(?:na\s+studium\s+)?|started\s+(?:my\s+)?stud\w*|studying\s+since)"
    r"\s+(?:od\s+|v\s+|in\s+|since\s+)?(?:roku?\s+|r\.\s*)?(19[89]\d|20\d\d)(?!\d)"
)
YEAR = re.compile(r"(?<!\d)(19[89]\d|20\d\d)(?!\d)")
# A thesis kind named beside a year on a list line ("(BP 2017)", "DP 2020",
# "bakalárka, 2019"), on folded text.
KIND_NEAR_YEAR = re.compile(
    r"\b(bp|bc|bakal\w*|bachelor\w*|dp|diplom\w*|master\w*|dz|dzp|phd|dizert\w*|dissert\w*)"
    r"\W{0,3}(?:\w+\W{1,3}){0,2}?((?:19|20)\d\d)\b"
)


def kind_of_abbreviation(word: str) -> str | None:
    """bachelor | master | dissertation for "BP", "diplomovka", "PhD", ..."""
    if word.startswith(("bp", "bc", "bakal", "bachelor")):
        return "bachelor"
    if word.startswith(("dp", "diplom", "master")):
        return "master"
    if word.startswith(("dz", "phd", "dizert", "dissert")):
        return "dissertation"
    return None


_PROJECT_NUMBER = re.compile(r"(?:projekt\w*\s+|^dp\s?)(\d|i{1,3}|iv)\b")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4}

# Label lines ("Label: value"), keyed by what they state.
_LABELS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "start_year",
        re.compile(
            r"^(?:rok\s+zaciatku\s+studia|zaciatok\s+studia|rok\s+nastupu(?:\s+na\s+studium)?"
            r"|nastup(?:\s+na\s+studium)?|studium\s+od|studuje\s+od|start(?:ed)?\s+of\s+stud\w*"
            r"|start\s+year|year\s+of\s+enrol+ment|enrol+ed|studium\s+zacate|zaciatok\s+studia"
            r"|studium\s+zacal[ao]?|zacal[ao]?\s+studovat|started|studies\s+started"
            r"|rok\s+zapisu|zapisany|zapisana|zacatek\s+studia)$"
        ),
    ),
    (
        "supervisor",
        re.compile(
            r"^(?:veduc[ia](?:\s+(?:zaverecnej\s+|bakalarskej\s+|diplomovej\s+|dizertacnej\s+)?"
            r"prace)?|veduc[ia]\s+(?:bp|dp|temy|projektu|timu|tymu)|skolitel(?:ka)?|supervisor|advisor"
            r"|adviser|thesis\s+supervisor|vedouci(?:\s+prace)?|skolitel(?:ka)?\s+prace)$"
        ),
    ),
    (
        "topic_leader",
        re.compile(
            r"^(?:garant(?:ka)?(?:\s+temy)?|kontakt|kontaktn\w*(?:\s+osob\w*)?"
            r"|contact(?:\s+person)?|topic\s+(?:lead|leader|owner|contact))$"
        ),
    ),
    (
        "consultant",
        re.compile(
            r"^(?:konzultant(?:ka|i|ky)?|konzultant(?:ka)?\s+prace|odborn\w*\s+konzultant\w*"
            r"|extern\w*\s+konzultant\w*|skolitel(?:ka)?\s+specialist(?:a|ka)?|consultants?"
            r"|co-?supervisors?|spoluveduc\w*|spoluskolitel\w*)$"
        ),
    ),
    (
        "title",
        re.compile(
            r"^(?:nazov|nazov\s+(?:zaverecnej\s+|bakalarskej\s+|diplomovej\s+|dizertacnej\s+)?"
            r"prace|nazov\s+temy|nazov\s+projektu|tema|tema\s+prace|projekt|title|thesis\s+title"
            r"|topic|nazov\s+ulohy|pracovny\s+nazov|working\s+title|nazev(?:\s+prace)?"
            r"|tema\s+(?:bakalarskej|diplomovej|dizertacnej)\s+prace)$"
        ),
    ),
    (
        # A team member's own line about the team ("Moja úloha: firmvér čítačky").
        "role",
        re.compile(
            r"^(?:moja\s+uloha|moja\s+rola|uloha\s+v\s+t[iy]m\w*|rola(?:\s+v\s+t[iy]m\w*)?"
            r"|my\s+role|role(?:\s+in\s+(?:the\s+)?team)?|(?:mam|mal[ao]?\s+som)\s+na\s+starosti"
            r"|na\s+starosti|ma\s+role|moje\s+role)$"
        ),
    ),
    (
        "year",
        re.compile(
            r"^(?:rok\s+obhajoby|obhajoba|rok\s+odovzdania|defen[cs]e\s+year|obhajene|obhajena"
            r"|odovzdane|rok\s+obhajeni)$"
        ),
    ),
    # The period a section is about ("Akademický rok: 2016/2017", a "Rok" row):
    # a thesis of that period is defended in its last year.
    (
        "period",
        re.compile(r"^(?:rok|akademick\w*\s+rok|skolsky\s+rok|academic\s+year|year)$"),
    ),
)
# Labels that state a year of the item they are in.
YEAR_LABELS = frozenset({"year", "period"})

# Labels that also say which kind of thesis the title is for.
_LABEL_KIND = (
    ("bachelor", re.compile(r"bakalar")),
    ("master", re.compile(r"diplomov")),
    ("dissertation", re.compile(r"di[sz]ertac")),
)

# Sub-sections that are meeting logs or notes, never metadata.
LOG_HEADING = re.compile(
    r"\bstretnut\w*|\bkonzultaci\w*|\bzaznam\w*|\bmeeting\w*|\blog\b|\bdennik\w*|\bpoznamk\w*"
)

# Folder names that hold student pages and topic pages.
STUDENT_FOLDERS = frozenset({"students", "student", "studenti", "studentov", "people", "ludia"})
TOPIC_FOLDERS = frozenset({"topics", "topic", "temy", "tema", "oblasti"})
TOPIC_CATEGORIES = frozenset({"topics", "topic", "temy", "tema"})

# Category codes: bp2019, dp-2021, dz2024, phd2024.
CATEGORY_CODE = re.compile(r"^(bp|dp|dzp|dz|phd)\s*[-_ ]?\s*((?:19|20)\d\d)$")
CATEGORY_KIND = {"bp": "bachelor", "dp": "master", "dz": "dissertation", "dzp": "dissertation"}
CATEGORY_KIND["phd"] = "dissertation"

# Values that mean "no title yet".
PLACEHOLDER_TITLE = re.compile(
    r"^(?:-+|\?+|tbd|todo|n/?a|zatial\b.*|bude\s+(?:upresnen|doplnen|urcen)\w*.*|"
    r"nie\s+je\s+(?:urcen|schvalen)\w*.*|neurcen\w*|nezadan\w*|xxx+)$"
)


def classify_heading(folded: str) -> tuple[str, bool] | None:
    """(kind, is_thesis) of a section heading, or None for other sections."""
    for kind, is_thesis, pattern in _HEADING_KINDS:
        if pattern.search(folded):
            return kind, is_thesis
    return None


def heading_year(text: str) -> int | None:
    """The last year in a heading: ``Bakalárska práca 2018/2019`` -> 2019."""
    years = YEAR.findall(text)
    return int(years[-1]) if years else None


def project_number(folded: str) -> int | None:
    m = _PROJECT_NUMBER.search(folded)
    if not m:
        return None
    value = m.group(1)
    return int(value) if value.isdigit() else _ROMAN.get(value)


def classify_label(folded_label: str) -> str | None:
    label = " ".join(folded_label.split())
    for name, pattern in _LABELS:
        if pattern.match(label):
            return name
    return None


def label_kind(folded_label: str) -> str | None:
    """The thesis kind a title label names (``Názov bakalárskej práce``)."""
    for kind, pattern in _LABEL_KIND:
        if pattern.search(folded_label):
            return kind
    return None


def category_code(folded: str) -> tuple[str, int] | None:
    m = CATEGORY_CODE.match(folded.strip())
    if not m:
        return None
    return CATEGORY_KIND[m.group(1)], int(m.group(2))


ROLE_MAX_WORDS = 6


def role_phrase(text: str) -> bool:
    """A team member's role as a page states it: a short phrase without digits
    ("analýza dát", "firmvér čítačky"), never a sentence or a date."""
    return 1 <= len(text.split()) <= ROLE_MAX_WORDS and not any(ch.isdigit() for ch in text)
