"""Question words, matched on folded text (no case, no diacritics).

Each cue is a word pattern of Slovak (and a little English) that says what
is asked: a count, a list, a supervisor, a title, a year, a start of study,
works, topics, keywords, something shared, a connection, pages and their
authors. Thesis kinds include their colloquial names (bakalárka, BP,
diplomovka, DP, dizertačka). Patterns are stems, so inflected forms match.
"""

from __future__ import annotations

import re

CUES: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern)
    for name, pattern in {
        "count": r"\bkolk\w*|\bpocet\w*|\bpoctu\b|\bhow many\b|\bnumber of\b|\bcount\b",
        "list": (
            r"\bkto\b|\bkoho\b|\bktor\w*|\bzoznam\w*|\bvymenuj\w*|\bvypis\w*|\bukaz\w*"
            r"|\bwho\b|\bwhom\b|\bwhich\b|\blist\b|\bak(?:y|a|e|u|ych|ymi|i|om|ej|eho|emu)\b"
            r"|\bwhat\b|\bnajdi\b|\bnajst\b|\bhladam\b"
        ),
        "who": r"\bkto\b|\bwho\b",
        "supervisor": (
            r"\bveduc\w*|\bviedol\w*|\bviedla\w*|\bviedli\b|\bvedie\b|\bvedu\b|\bvedeni\w*"
            r"|\bskolitel\w*|\bskolil\w*|\bsupervis\w*|\badvis\w*"
            r"|\bprac\w*\s+(?:\w+\s+)?u\b|\bu koho\b"
        ),
        "consultant": r"\bkonzult\w*|\bconsult\w*|\bco-?supervis\w*",
        "title": (
            r"\bnaz(?:ov|vu|vom|vy|ve)\b|\bnazyva\w*|\bnazvan\w*|\bvola\b|\btitles?\b|\bcalled\b"
            r"|\bo com\b|\bna com\b|\bco (?:robil|robila|pisal|pisala|riesil|riesila)\b"
            r"|\btem\w* (?:jeho |jej )?(?:prac|bakalar|diplom|dizert)\w*"
            r"|\b(?:ktor|ak)\w*\s+(?:\w+\s+)?(?:prac|thes|bakalar|diplomov|dizert)\w*"
        ),
        "year": (
            r"\bkedy\b|\bktorom roku\b|\bktory rok\b|\brok\b|\broku\b|\bwhen\b|\byear\b"
            r"|\bobhaj\w*|\bodovzd\w*|\bdefend\w*"
        ),
        "start": (
            r"\bzac(?:al|ala|ali|ol|ola|iatok|iatku|ina)\w*\s+(?:\w+\s+){0,3}stud\w*"
            r"|\bzaciatok\b|\bzaciatku\b|\bnastup\w*|\bodkedy\b|\bstart\w*\s+(?:\w+\s+){0,2}stud\w*"
            r"|\bstarted\b|\benrol\w*|\bzapisal\w*"
        ),
        "works": (
            r"\bprojekt\w*|\bvyskumn\w*\s+uloh\w*|\bworks?\b|\bprojects?\b|\bine prace\b"
            r"|\bdalsie prace\b"
        ),
        "topic": (
            r"\btem(?:a|y|e|u|ou|ami|ach|am|atik\w*|aticky)\b|\boblast\w*|\btopics?\b"
            r"|\bzameran\w*|\bvenuj\w*|\bvenoval\w*|\bzaobera\w*"
        ),
        "keyword": r"\bklucov\w*(?:\s+slov\w*)?|\btag\w*|\bkeywords?\b|\bstitk\w*",
        "shared": (
            r"\bspolocn\w*|\bzdiela\w*|\bobaja\b|\bobe\b|\boboch\b|\bobom\b|\bboth\b"
            r"|\bshare\w*|\bin common\b|\brovnak\w*|\bzhodn\w*"
        ),
        "path": (
            r"\bsuvis\w*|\bspojen\w*|\bspaja\w*|\bprepoj\w*|\bcest[aeuy]\b|\bcestou\b"
            r"|\bvztah\w*|\bconnect\w*|\bpath\b|\brelat\w*|\blinked\b"
        ),
        "documents": (
            r"\bstran(?:ky|ok|ku|ka|kach|kami|kam)\b|\bstrank\w*|\bdokument\w*|\bpages?\b"
            r"|\bdocuments?\b|\bclank\w*"
        ),
        "author": (
            r"\bnapisal\w*|\bnapisan\w*|\bautor\w*|\bvytvoril\w*|\bzalozil\w*|\bwrote\b"
            r"|\bwritten\b|\bauthor\w*|\bupravoval\w*|\bspravuj\w*|\bpise\b|\bpisal\w*"
        ),
        "thesis": (r"\bprac(?:a|e|u|ou|i|ach|ami|am)?\b|\bthes[ie]s\b|\bzaverecn\w*"),
        "persons": (
            r"\bstudent\w*|\bdiplomant\w*|\bbakalarant\w*|\bdoktorand\w*|\bludi\b|\bosob\w*"
            r"|\bpeople\b|\bpersons?\b|\bstudents?\b"
        ),
        # "Koľko prác" counts theses, "koľko študentov" counts persons.
        "unit_theses": (
            r"\bkolk\w*\s+(?:\w+\s+){0,2}(?:prac|thes|projekt|uloh|diplomoviek"
            r"|bakalarok|bakalariek|dizertaciek|dizertaciek)\w*|how many thes"
        ),
        # "Koho viedol", "študenti vedúceho X", "pod vedením X": X is the supervisor.
        "supervised": (
            r"(?<!\bu )\bkoho\b|\bkomu\b|\bpod vedenim\b|\bstudent\w*|\bdiplomant\w*"
            r"|\bbakalarant\w*"
            r"|\bsupervised by\b|\bstudents of\b|\bkolk\w*|\bktor\w*\s+(?:\w+\s+)?prac\w*"
            r"|\bake\s+(?:\w+\s+)?prac\w*|\bwhich thes\w*|\bhow many\b"
            r"|\bprac\w*\s+(?:\w+\s+)?u\b|\bpri\s+ktor\w*"
        ),
        "title_lookup": (r"\bs nazvom\b|\bnazvan\w*|\bnazyva\w* sa\b|\btitled\b|\bcalled\b"),
    }.items()
}

# "Stránky od Daniela Hládka", "pages by ...": "od"/"by" next to the pages word.
# Anywhere else it is no author cue: Slovak "by" is the conditional ("chcel by
# som"), "od" a start ("od roku 2020"), and a long message has both by chance.
PAGES_FROM = re.compile(
    r"\b(?:stran\w*|strank\w*|dokument\w*|clank\w*)(?:\s+\w+){0,3}\s+od\b"
    r"|\b(?:pages?|documents?)(?:\s+\w+){0,3}\s+by\b"
)

# What the graph can count, as counted after "koľko" (genitive plural) or in English.
COUNTED = re.compile(
    r"\b(?:prac|studentov|studentiek|studentok|diplomantov|bakalarantov|doktorandov|ludi|osob"
    r"|projektov|uloh|diplomoviek|bakalariek|bakalarok|dizertacii|dizertaciek|stranok|clankov"
    r"|dokumentov|vedenych|students|theses|works|projects|people|persons|pages|tasks)\b"
    r"|\bkolk\w* (?:\w+ )?(?:viedol|viedla|viedli|konzultoval\w*|napisal\w*)\b"
)

THESIS_KIND_CUES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("diploma_project", r"\bdiplomov\w*\s+projekt\w*|\bdiploma\s+projects?\b"),
        ("team_project", r"\btimov\w*(?:\s+projekt\w*)?|\bteam\s+projects?\b"),
        (
            "research_task",
            r"\bvyskumn\w*\s+(?:uloh\w*|projekt\w*)|\bresearch\s+(?:tasks?|projects?)\b",
        ),
        ("bachelor", r"\bbakalar\w*|\bbachelor\w*|\bbp\b"),
        (
            "master",
            r"\bdiplomov\w*|\bdiplomk\w*|\bdiplomant\w*|\bmaster\w*|\bdp\b|\binzinier\w*"
            r"|\bdiploma\s+thes\w*",
        ),
        (
            "dissertation",
            r"\bdi[sz]ertac\w*|\bdi[sz]ertack\w*|\bdoktorand\w*|\bdoktorsk\w*|\bphd\b"
            r"|\bdissertation\w*|\bdzp?\b",
        ),
    )
)
WORK_KINDS = frozenset({"team_project", "research_task", "diploma_project"})

YEAR_RANGE = re.compile(
    r"(?:\b(?:medzi|between)\s+((?:19|20)\d\d)\s+(?:a|and)\s+((?:19|20)\d\d)\b)"
    r"|(?:\b((?:19|20)\d\d)\s*(?:-|–|\baz\b|\bdo\b|\bto\b|\buntil\b)\s*((?:19|20)\d\d)\b)"
)
ACADEMIC_YEAR = re.compile(r"\b((?:19|20)\d\d)\s*/\s*((?:19|20)?\d\d)\b")
YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
QUOTED = re.compile(r"[\"„“”«»‚‘’']([^\"„“”«»‚‘’']{3,200})[\"„“”«»‚‘’']")

# Words of questions that are never a name, a keyword or a title word.
FUNCTION_WORDS = frozenset(
    """
    aky aka ake aku akeho akej akom akych akymi aki kto koho komu kym co com cim ktory ktora
    ktore ktoru ktori ktoreho ktorej ktorom ktorych ktorym ktorymi kolko kolkych kolkym kedy
    kde ako preco odkedy dokedy je su bol bola bolo boli bude budu ma mal mala mali maju
    mat mam mas mame mate sa si som sme ste v vo na o od do z zo s so k ku pre pri po pod
    nad za a aj i alebo ale ze tej ten ta to tu tom toho tie tieto tych tymi jeho jej ich
    vsetky vsetci vsetkych kazdy uz este len iba prosim mi nam daj povedz vypis ukaz
    zoznam the a an of in on for to by with what who whom which how many much is are
    was were did does do has have had his her their and or please show list me tell
    meno mena menom roku rok roky rokoch studia studium studoval studovala studovali
    prace praca pracu praci pracach pracami prac thesis theses obhajil obhajila obhajili
    obhajoba obhajene obhajenych napisal napisala napisali robil robila robili riesil
    riesila pisal pisala veduci veduca veduceho veducim veducou viedol viedla viedli
    nazov nazvom nazvu vola volala tema temy teme temu temou kolegov spolu obaja obe
    students student studenti studentov studentky studentka studentku studentom
    """.split()
)


def kinds_in(folded: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) of every thesis/work kind named in the text."""
    out: list[tuple[str, int, int]] = []
    taken: list[tuple[int, int]] = []
    for kind, pattern in THESIS_KIND_CUES:
        for m in pattern.finditer(folded):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue  # "diplomový projekt" is not also a master thesis
            taken.append((m.start(), m.end()))
            out.append((kind, m.start(), m.end()))
    return sorted(out, key=lambda x: x[1])


def years_in(folded: str) -> tuple[list[int], list[tuple[int, int]]]:
    """Years named in the text (ranges expanded, academic years as their end)."""
    years: list[int] = []
    spans: list[tuple[int, int]] = []
    for m in YEAR_RANGE.finditer(folded):
        g = 1 if m.group(1) else 3
        a, b = int(m.group(g)), int(m.group(g + 1))
        if a < b <= a + 30:
            years.extend(range(a, b + 1))
            spans.append((m.start(g), m.end(g + 1)))
    for m in ACADEMIC_YEAR.finditer(folded):
        if any(a <= m.start(1) < b for a, b in spans):
            continue
        first, second = m.group(1), m.group(2)
        end = int(second) if len(second) == 4 else int(first[:2] + second)
        if end == int(first) + 1:
            years.append(end)
            spans.append((m.start(1), m.end(2)))
    for m in YEAR.finditer(folded):
        if any(a <= m.start(1) < b for a, b in spans):
            continue
        years.append(int(m.group(1)))
        spans.append((m.start(1), m.end(1)))
    return sorted(set(years)), spans


def cue_spans(folded: str) -> dict[str, list[tuple[int, int]]]:
    return {
        name: [(m.start(), m.end()) for m in pattern.finditer(folded)]
        for name, pattern in CUES.items()
    }
