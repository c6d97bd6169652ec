"""The words of questions, matched on folded text (no case, no diacritics).

These are the language, not the wiki: Slovak, Czech and English words that
say what is asked (a count, a list, a supervisor, a title, a year, a start
of study, works, topics, keywords), how conditions combine (negation,
"aj … aj", "alebo"), references to other results ("rovnakého vedúceho
ako …", "iní"), year ranges, and the function words that carry no meaning
of their own. Names, logins, topics, keywords and titles are never here:
they come from the wiki's own lexicon (``lexicon``).

Patterns are stems, so inflected forms match; each match keeps its span so
that ``compose`` can account for every word of a question.
"""

from __future__ import annotations

import re

# Function words and years are modules of their own, read here beside the cues.
from zpagent.query.function_words import FUNCTION_LEMMAS as FUNCTION_LEMMAS
from zpagent.query.function_words import FUNCTION_WORDS as FUNCTION_WORDS
from zpagent.query.function_words import is_function_word as is_function_word
from zpagent.query.years import ACADEMIC_YEAR as ACADEMIC_YEAR
from zpagent.query.years import YEAR as YEAR
from zpagent.query.years import YEAR_AFTER as YEAR_AFTER
from zpagent.query.years import YEAR_BEFORE as YEAR_BEFORE
from zpagent.query.years import YEAR_RANGE as YEAR_RANGE
from zpagent.query.years import years_in as years_in

_CUE_PATTERNS: dict[str, str] = {
    "count": (
        r"\bkolk\w*|\bpocet\w*|\bpoctu\b|\bhow many\b|\bnumber of\b|\bcount\b|\bkolik\w*"
        r"|\bpocte\b"
    ),
    "list": (
        r"\bkto\b|\bkoho\b|\bktor\w*|\bzoznam\w*|\bvymenuj\w*|\bvypis\w*|\bukaz\w*"
        r"|\bwho\b|\bwhom\b|\bwhich\b|\blist\b|\bak(?:y|a|e|u|ych|ymi|i|om|ej|eho|emu)\b"
        r"|\bwhat\b|\bnajdi\b|\bnajst\b|\bhladam\b|\bkdo\b|\bkoho\b|\bkter\w*|\bseznam\w*"
        r"|\bjak(?:y|a|e|ou|ych|ym)\b|\bnames?\b|\bshow\b|\bgive me\b"
    ),
    "who": r"\bkto\b|\bwho\b|\bkdo\b",
    "supervisor": (
        r"\bveduc\w*|\bviedol\w*|\bviedla\w*|\bviedli\b|\bvedie\b|\bvedu\b|\bvedeni\w*"
        r"|\bskolitel\w*\b(?!\s+specialist)|\bskolil\w*|\bskolia?\b|\bsupervis\w*|\badvis\w*|\bmentor\w*"
        r"|\bprac\w*\s+(?:\w+\s+)?u\b|\bu koho\b|\bvedl\w*|\bvedouc\w*|\bled\b|\bvede\b"
        r"|\bgarant\w*|\bkontaktn\w*\s+osob\w*|\bcontact person\b|\bleads?\b|\bkontakt\b"
    ),
    "consultant": (
        r"\bkonzult\w*|\bconsult\w*|\bco-?supervis\w*|\bskolitel\w* specialist\w*"
        r"|\bspecialist\w*"
    ),
    "title": (
        r"\bnaz(?:ov|vu|vom|vy|ve|ev|vem)\b|\bnazyva\w*|\bnazvan\w*|\bvola\w*|\btitles?\b"
        r"|\bcalled\b|\bnamed\b|\bo com\b|\bna com\b|\bo cem\b|\bna cem\b"
        r"|\bco (?:robil|robila|pisal|pisala|riesil|riesila|delal|delala|psal|psala)\b"
        r"|\btem\w* (?:jeho |jej |jeji )?(?:prac|bakalar|diplom|dizert)\w*"
        # "Ktoré Fabiánove bakalárky": only the question word is the cue; the word
        # between may be a name. "bakalári" are students, not theses.
        r"|\b(?:ktor\w*|ak(?:y|a|e|u|ych|ou|eho|ej|om)|kter\w*|jak(?:y|a|e|ou))\s+(?=(?:\w+\s+)?"
        r"(?:prac|thes|bakalar(?!(?:i|ov|om|mi|ant\w*)\b)|diplomov|dizert)\w*)"
        # "what was Marko's thesis": the name between is no cue word.
        r"|\bjmen\w*|\bwhat (?:was|is)(?= (?:the )?\w+'?s? (?:thesis|work)\b)|\babout what\b"
        r"|\bwhat (?:did|does)(?= \w+ (?:write|work)\b)"
    ),
    "year": (
        r"\bkedy\b|\bktorom roku\b|\bktory rok\b|\brok\b|\broku\b|\bwhen\b|\byears?\b"
        r"|\bkdy\b|\bkterem roce\b|\broce\b|\bwhat year\b|\bz ktoreho roku\b"
    ),
    "start": (
        r"\bzac(?:al|ala|ali|ol|ola|iatok|iatku|ina)\w*\s+(?:\w+\s+){0,3}stud\w*"
        r"|\bstud\w*\s+(?:\w+\s+){0,2}zac(?:al|ala|ali|ol|ola)\w*"
        r"|\bzaciatok\b|\bzaciatku\b|\bnastup\w*|\bodkedy\b|\bstart\w*\s+(?:\w+\s+){0,3}stud\w*"
        r"|\bstarted\b|\benrol\w*|\bzapisal\w*|\bnastoupil\w*|\bzacatek\b|\bstart year\b"
        r"|\bbegan\b|\bstart(?:ed|s)? (?:his|her|their) stud\w*"
        r"|\bod (?:ktoreho|akeho|ktereho|jakeho) roku\s+(?:\w+\s+){0,2}stud\w*"
        r"|\bsince when\b|\bsince what year\b"
        r"|\bzac(?:al|ala|ali|ol|ola)\b(?=\s+(?:v\s+|od\s+)?(?:roku\s+)?(?:19|20)\d\d)"
    ),
    "works": (
        r"\bprojekt\w*|\bvyskumn\w*\s+uloh\w*|\bworks?\b|\bprojects?\b|\bine prace\b"
        r"|\bdalsie prace\b|\bvsetk\w* prac\w*|\bvsetko\b"
    ),
    "topic": (
        r"\btem(?:a|y|e|u|ou|ami|ach|am|atik\w*|aticky|atu|atem|ata|at)?\b|\boblast\w*|\btopics?\b"
        r"|\bzameran\w*|\bvenuj\w*|\bvenoval\w*|\bzaobera\w*|\bzabyva\w*|\bsubject\w*"
        r"|\bfield\b|\barea\b"
    ),
    "keyword": (
        r"\bklucov\w*(?:\s+slov\w*)?|\btag\w*|\bkeywords?\b|\bstitk\w*|\bklicov\w*(?:\s+slov\w*)?"
        r"|\bkategor\w*"
    ),
    "team": (
        r"\bt[iy]m(?:e|u|om|y|ov|em)?\b|\bteams?\b|\bclen\w*|\bmembers?\b|\btimov\w*|\bt[iy]mak\w*"
        r"|\bprojekt(?:e|u|om|y|och)?\b|\bprojects?\b|\bries?itel\w*|\bresitel\w*"
    ),
    # Students of someone: "diplomanti Hrubej", "Vaškovi doktorandi", "bakalári X".
    "students_of": (
        r"\bdiplomant\w*|\bbakalarant\w*|\bbakalar(?:i|ov|om|mi)\b|\bdoktorand\w*"
        r"|\bstudent(?:i|ov|ky|iek|mi|om)\b"
    ),
    # A team member's role: "akú úlohu mal", "na starosti", "jakou roli", "responsible for".
    "role": (
        r"\b(?:ak(?:u|a|ej)|jak(?:ou|a|ou)|what|ktor\w*|kter\w*)\s+(?:(?!vyzkum|vyskum)\w+\s+)?"
        r"(?:ulohu|uloha|ulohy|rolu|roli|role|funkciu|funkci)\b"
        r"|\bna starost\w*|\bmal\w* na\s+starost\w*|\bresponsible\b|\bin charge\b"
        r"|\broles?\b|\brol[aiuy]\b|\bulohu v t[iy]m\w*"
        # "Čo tam robila?", "čo robil v tíme": what one did in a team is one's role.
        r"|\bco (?:tam )?(?:robil\w*|delal\w*)(?=(?: \w+){0,3} (?:tam\b|v (?:tom )?t[iy]m))"
        r"|\bco tam (?:robil\w*|delal\w*)\b"
    ),
    "login": r"\blogin\w*|\bprihlasovac\w*|\busername\b|\bprezyvk\w*",
    "shared": (
        r"\bspolocn\w*|\bzdiela\w*|\bobaja\b|\bobe\b|\boboch\b|\bobom\b|\bboth\b"
        r"|\bshare\w*|\bin common\b|\bzhodn\w*|\bspolecn\w*"
    ),
    "path": (
        r"\bsuvis\w*|\bspojen\w*|\bspaja\w*|\bprepoj\w*|\bcest[aeuy]\b|\bcestou\b"
        # "how is X connected to Y", not "how do I connect to the server"
        r"|\bvztah\w*|\bconnect(?:ed|ion|ions)\b|\bpath\b|\brelat\w*|\blinked\b|\bsouvis\w*"
    ),
    "documents": (
        r"\bstran(?:ky|ok|ku|ka|kach|kami|kam)\b|\bstrank\w*|\bdokument\w*|\bpages?\b"
        r"|\bdocuments?\b|\bclank\w*"
    ),
    "author": (
        r"\bnapisal\w*|\bnapisan\w*|\bautor\w*|\bvytvoril\w*|\bzalozil\w*|\bwrote\b"
        r"|\bwritten\b|\bauthor\w*|\bupravoval\w*|\bspravuj\w*|\bpise\b|\bpisal\w*|\bnapsal\w*"
        r"|\bpsal\w*"
    ),
    "thesis": (
        r"\bprac(?:a|e|u|ou|i|ach|ami|am)?\b|\bthes[ie]s\b|\bzaverecn\w*|\bzaverecn\w*"
        r"|\bwork\b|\bprace\b|\bpraci\b|\bpracich\b"
    ),
    "persons": (
        r"\bstudent\w*|\bdiplomant\w*|\bbakalarant\w*|\bdoktorand\w*|\bludi\b|\bosob\w*"
        r"|\bpeople\b|\bpersons?\b|\bstudents?\b|\blidi\b|\bchalan\w*|\bdiev\w*"
    ),
    # "Koľko prác" counts theses, "koľko študentov" counts persons.
    "unit_theses": (
        r"\bkol[ik]k?\w*\s+(?:\w+\s+){0,2}(?:prac|thes|projekt|uloh|diplomov|diplomk|diplomek|bakalar"
        r"|dizertac)"
        r"\w*|\bhow many (?:\w+ )?(?:thes|works|projects|tasks)"
        # "ktoré tímové projekty", "which theses": a list of works; a team project
        # shared by three students is one of them, not three.
        # Only the question word: the words before the noun are read on their own
        # ("aké zariadenie použila v bakalárke" asks for a device, not for theses).
        r"|\b(?:ktor[eya]|ake|aky|ktere|jake|which|what)(?=\s+(?:\w+\s+){0,3}"
        r"(?:prac|thes|projekt|uloh|diplomov|diplomk|bakalar|dizertac|works|projects|tasks))"
        r"|\bpocet\s+(?:\w+\s+)?(?:prac|diplomov|bakalar|dizertac|thes|projekt)\w*"
    ),
    # "Koho viedol", "študenti vedúceho X", "pod vedením X": X is the supervisor.
    "supervised": (
        r"(?<!\bu )\bkoho\b|\bkomu\b|\bpod vedenim\b|\bstudent\w*|\bdiplomant\w*"
        r"|\bbakalarant\w*|\bdoktorand\w*"
        r"|\bsupervised by\b|\bstudents of\b|\bkolk\w*|\bktor\w*\s+(?:\w+\s+)?prac\w*"
        r"|\bake\s+(?:\w+\s+)?prac\w*|\bwhich thes\w*|\bhow many\b"
        r"|\bprac\w*\s+(?:\w+\s+)?u\b|\bpri\s+ktor\w*|\bkter\w*\s+(?:\w+\s+)?prac\w*"
    ),
    # Ordered by thesis year: "od najstaršej", "najnovšiu prácu", "the oldest".
    "order": (
        r"\bnajstars\w*|\bnejstars\w*|\boldest\b|\bearliest\b|\bchronologick\w*"
        r"|\bnajnovs\w*|\bnejnovej\w*|\bnewest\b|\blatest\b|\bmost recent\b"
        r"|\bpod(?:la|le) roku\b|\bby year\b|\babecedn\w*|\balphabetic\w*"
        r"|\bpod(?:la|le) (?:priezvisk|prijmen)\w*|\bby (?:sur|last )name\b"
    ),
    "title_lookup": r"\bs nazvom\b|\bnazvan\w*|\bnazyva\w* sa\b|\btitled\b|\bcalled\b|\bs nazvem\b",
}
CUES: dict[str, re.Pattern[str]] = {name: re.compile(p) for name, p in _CUE_PATTERNS.items()}

# "Stránky od Daniela Hládka", "pages by ...": "od"/"by" next to the pages word.
# Anywhere else it is no author cue: Slovak "by" is the conditional ("chcel by
# som"), "od" a start ("od roku 2020"), and a long message has both by chance.
PAGES_FROM = re.compile(
    r"\b(?:stran\w*|strank\w*|dokument\w*|clank\w*)(?:\s+\w+){0,3}\s+od\b"
    r"|\b(?:pages?|documents?)(?:\s+\w+){0,3}\s+by\b"
)

# Questions about what pages say (methods, data, differences, content), which a
# typed fact does not answer: the graph picks the pages, their text answers.
CONTENT = re.compile(
    # "aké dáta", "what methods": only the question word is read; the noun is what a
    # page's line must say.
    r"\bo com (?:su|je|boli|bola|pisu|pisali|pisal\w*)\b|\bak\w*(?= (?:metod\w*|data|dat|pristup\w*"
    r"|technik\w*|model\w*|nastroj\w*|vysledk\w*)\b)|\bcim sa lis\w*|\bv com sa lis\w*"
    r"|\bporovnaj\w*|\bzhrn\w*|\bwhat(?= (?:methods|data)\b)|\bhow do \w+ differ\b|\bcompare\b"
    r"|\bo cem (?:jsou|je|byly|byla)\b"
)

# --- thesis kinds ----------------------------------------------------------------

THESIS_KIND_CUES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("diploma_project", r"\bdiplomov\w*\s+projekt\w*|\bdiploma\s+projects?\b"),
        (
            "team_project",
            r"\btimov\w*(?:\s+projekt\w*)?|\bteam\s+projects?\b|\btymov\w*|\bt[iy]mak\w*",
        ),
        (
            "research_task",
            r"\bv[yi][sz]kumn\w*\s+(?:uloh\w*|projekt\w*)|\bresearch\s+(?:tasks?|projects?)\b",
        ),
        (
            "bachelor",
            r"\bbakalar\w*|\bbachelor\w*|\bbp\b|\bbaka\b|\bbakal\w*|\bbc\.? (?:prac|thes)\w*",
        ),
        (
            "master",
            r"\bdiplomov\w*|\bdiplomk\w*|\bdiplomek\b|\bdiplomc[ei]\b|\bdiplomant\w*|\bmaster\w*"
            r"|\bdp\b|\binzinier\w*"
            r"|\bdiploma\s+thes\w*|\bdiplomk\w*|\bmgr\.? (?:prac|thes)\w*|\binz\.? prac\w*",
        ),
        (
            "dissertation",
            r"\bdi[sz]ertac\w*|\bdi[sz]ertack\w*|\bdoktorand\w*|\bdoktorsk\w*|\bphd\b"
            r"|\bdissertation\w*|\bdzp?\b|\bdoctoral\b|\bdoktorat\w*|\bdoctorate\b",
        ),
    )
)

# --- ordering ---------------------------------------------------------------------------

NEWEST = re.compile(r"\bnajnovs\w*|\bnejnovej\w*|\bnewest\b|\blatest\b|\bmost recent\b")
# "druhú najstaršiu", "the second oldest": which one of the ordered set.
POSITIONS = (
    (2, re.compile(r"\bdruh\w*|\bsecond\b")),
    (3, re.compile(r"\btret\w*|\bthird\b")),
    (4, re.compile(r"\bstvrt\w*|\bctvrt\w*|\bfourth\b")),
)
# A superlative that orders a list rather than picks one: "od najstaršej",
# plural "najstaršie", "chronologicky", "sorted by".
ORDER_ONLY = re.compile(
    r"\bod (?:najstars|najnovs|nejstars|nejnovej)\w*|\b(?:najstars|najnovs)(?:ie|ich|im|ych)\b"
    r"|\bchronologick\w*|\bsorted\b|\bordered\b|\bfrom (?:the )?(?:oldest|newest)\b"
    r"|\bpod(?:la|le) roku\b|\bby year\b"
)


# "Zoraď ich abecedne podľa priezviska", "sort them alphabetically by surname".
BY_SURNAME = re.compile(
    r"\babecedn\w*|\balphabetic\w*|\bpod(?:la|le) (?:priezvisk|prijmen)\w*"
    r"|\bby (?:sur|last )name\b"
)


def order_of(folded: str) -> tuple[str | None, int | None]:
    """("oldest" | "newest" | "surname" | None, position or None) a question asks."""
    if not CUES["order"].search(folded):
        return None, None
    if BY_SURNAME.search(folded):
        return "surname", None
    order = "newest" if NEWEST.search(folded) else "oldest"
    if ORDER_ONLY.search(folded):
        return order, None
    position = next((n for n, pattern in POSITIONS if pattern.search(folded)), 1)
    return order, position


# --- combining conditions ------------------------------------------------------------

# A negated verb ("nepísal", "nemala", "neobhájil", "nevedie") or a negating word.
# A negated verb by its stem, in any person and tense ("nerobí", "nerobili", "nemajú").
NEGATED_VERB = re.compile(
    r"\bne(?:pis|napis|rob|urob|ma[ljm]?\b|maj|mal|obhaj|odovzd|vied|vedi|vede|vedl"
    r"|bol|bud|je\b|su\b|stud|venov|ries|psa|naps|dela|konzult"
    r"|pracov|zucast|absolv|sprav|vypracov|ucast|mel|meli|mela|byl|pokrac|vypracuj)\w*"
)
NEGATION = re.compile(
    r"\bnie\b(?!\s*,)|\bne\b(?!\s*,)|\bnikdy\b|\bziadn\w*|\bnot\b|\bnever\b|\bdidn\w*"
    r"|\bdoesn\w*|\bhaven\w*|\bhasn\w*|\bweren\w*|\bwasn\w*|\bnone\b|\bzadn\w*"
)
# What the wiki's rules and guides answer, asked of no one: "do kedy treba odovzdať",
# "koľko zdrojov má citovať", "môžem písať po anglicky?", "ako sa prihlásim na server".
RULES = re.compile(
    r"\btreba\b|\bnetreba\b|\bmusi\w*|\bmozem\w*|\bmozno\b|\bsmiem\b|\bsmie\b|\bda sa\b"
    r"|\bshould\b|\bmust\b|\bcan i\b|\bcan we\b|\bneed to\b|\bam i allowed\b|\bmuzu\b"
    r"|\bmusim\b|\bpovinn\w*|\bpravidl\w*|\bdo kedy\b|\bdokedy\b|\bdo kdy\b|\btermin\w*"
    r"|\bdeadline\w*|\bkolko (?:zdrojov|stran|slov|znakov|gpu|miesta)\b"
    r"|\bkolik (?:zdroju|stran|slov|znaku|gpu|mista)\b"
    r"|\bako (?:sa|si) (?!vol)\w+|\bhow (?:do|can|should) i\b|\bjak (?:se|si) (?!jmen)\w+"
    # "Aký rozsah má mať bakalárka?", "Ako dlho môže trvať prezentácia?"
    r"|\bmaj?u? mat\b|\bma mit\b|\bmoze trvat\b|\bako dlho\b|\bjak dlouho\b|\bhow long\b"
    r"|\bodporuc\w*|\bdoporuc\w*|\brecommended\b"
)
# "ani BP, ani DP", "neither … nor": each of them negated, whatever they share.
NEITHER = re.compile(r"\bani\b|\bneither\b|\bnor\b")
# "Ktorí bakalári Sýkorovej nemali diplomovku u nej?": the supervisor the question
# names stands again for "u nej", "u něj", "pod ním", "under him".
LEADER_AGAIN = re.compile(
    r"\bu (?:nej|neho|nho|ni|nich)\b|\bpod (?:nim|nou|nimi)\b|\bpod (?:jeho|jej) veden\w*"
    r"|\bunder (?:him|her|them)\b|\bwith (?:him|her)\b"
)
# "BP u Dobrovskej, ale DP u niekoho iného", "X for the bachelor but someone else for
# the master": the thesis it follows was led by anyone but the supervisor named.
SOMEONE_ELSE = re.compile(
    r"\b(?:u |pod )?(?:niekoho|niekym|niekto|nekoho|nekym|nekdo) (?:ineho|inym|iny|jineho|jinym"
    r"|jiny)\b|\b(?:ineho|inym|iny|jineho|jinym|jiny|odlisn\w*|druheho) (?:veduc\w*|vedouc\w*"
    r"|skolitel\w*)|\b(?:someone|somebody|anyone) else\b|\ba different (?:supervisor|person)\b"
)
# "anglický názov", "English title", "pôvodný názov", "názov v angličtine": which of a
# thesis's titles; the graph keeps one, so these words stay unread and the page's own
# labelled line answers them (``answer.unread``), never a keyword called "English".
TITLE_QUALIFIER = re.compile(
    r"\b(?:anglick\w*|english|povodn\w*|puvodn\w*|original\w*)(?=\s+(?:nazov|nazvu|nazvom"
    r"|nazev|nazvem|title))|(?<=nazov )v anglictine\b|(?<=nazev )v anglictine\b"
    r"|(?<=title )in english\b"
)
# "bez konzultanta", "okrem diplomoviek", "without a consultant": what follows is left out.
EXCEPT = re.compile(
    r"\bbez\b|\bokrem\b|\bwithout\b|\bexcept\b|\bkrome\b|\bbesides\b|\bapart from\b"
)
# "aj … aj", "both … and", "as well as": every condition must hold.
BOTH = re.compile(r"\baj\b|\bboth\b|\bas well as\b|\bzaroven\b|\bzaroven\b|\bi\b|\btaky\b|\btiez\b")
OR = re.compile(r"\balebo\b|\bor\b|\bci\b|\bnebo\b|\beither\b")
# "dokopy", "spolu", "in total": a sum over what the question names, so kinds named
# with "aj" are counted together ("bakalárky, diplomovky aj dizertácie dokopy"), not
# each person's every kind.
TOTAL = re.compile(
    r"\bdokopy\b|\bspolu\b|\bcelkovo\b|\bdohromady\b|\bcelkem\b|\bin total\b"
    r"|\baltogether\b|\bcombined\b"
)
# "the same supervisor as X", "rovnakého vedúceho ako X".
SAME = re.compile(
    r"\brovnak\w*|\bten ist\w*|\btoho ist\w*|\btej ist\w*|\btom istom\b|\bsame\b|\bstejn\w*"
    r"|\bspolocn\w*"
)
AS = re.compile(r"\bako\b|\bas\b|\bthan\b|\bjako\b|\bs\b|\bso\b|\bwith\b")
OTHERS = re.compile(
    r"\bin(?:e|i|ych|ymi|ym|a|u|ou|eho|ej|emu)\b|\bdals\w*|\bostatn\w*|\bother\w*|\bjin\w*"
    r"|\bokrem\b|\bbesides\b|\bexcept\b|\belse\b|\bapart from\b"
)

# Asked for an amount: a number answers ("ako dlho", "koľko strán", "how long").
AMOUNT = re.compile(
    r"\bkolk\w*|\bkolik\w*|\bhow (?:many|much|long|big|often)\b|\bako (?:dlh|dlo|vel|cast)\w*"
    r"|\bjak (?:dlouh|velk|cast)\w*|\bpoc[ei]t\w*|\brozsah\w*|\bdlzk\w*|\bdelk\w*"
    r"|\bminim\w*|\bmaxim\w*|\bnajviac\b|\bnajmenej\b|\baspon\b"
)
QUOTED = re.compile(r"[\"„“”«»‚‘’']([^\"„“”«»‚‘’']{3,200})[\"„“”«»‚‘’']")


# --- matching ----------------------------------------------------------------------------


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


def cue_spans(folded: str) -> dict[str, list[tuple[int, int]]]:
    return {
        name: [(m.start(), m.end()) for m in pattern.finditer(folded)]
        for name, pattern in CUES.items()
    }


# "pri ktorých prácach bol konzultantom?": someone acted in a role; who, the question
# does not say (a conversation's person in focus, or nobody understood).
ACTED_AS = re.compile(
    r"\b(?:bol|bola|byl|byla|was)\s+(?:\w+\s+)?(?:a\s+)?"
    r"(?:konzultant(?:om|kou|em)|veducim|veducou|skolitel(?:om|kou|em)|consultant|supervisor)\b"
)
# "a koľko prác viedol?": he led, who is not said (one person, any tense).
LED_BY_ONE = re.compile(
    r"\b(?:viedol|viedla|vedl|vedla|vedie|vede|konzultoval|konzultovala|led|supervised)\b"
)
