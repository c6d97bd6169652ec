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
        r"|\bprojekt(?:e|u|om|y|och)?\b|\bprojects?\b"
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
EXCEPT = re.compile(r"\bbez\b|\bokrem\b|\bwithout\b|\bexcept\b|\bkrome\b|\bbesides\b")
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
    r"|\bokrem\b|\bbesides\b|\bexcept\b"
)

# --- years -----------------------------------------------------------------------------

YEAR_RANGE = re.compile(
    r"(?:\b(?:medzi|between|mezi)\s+(?:rokmi\s+|rokom\s+|lety\s+)?((?:19|20)\d\d)\s+"
    r"(?:a|and|az|a rokom)\s+((?:19|20)\d\d)\b)"
    r"|(?:\b((?:19|20)\d\d)\s*(?:-|–|\baz\b|\bdo\b|\bto\b|\buntil\b|\bpo\b)\s*((?:19|20)\d\d)\b)"
)
ACADEMIC_YEAR = re.compile(r"\b((?:19|20)\d\d)\s*/\s*((?:19|20)?\d\d)\b")
# Not inside a name ("CIC-IDS2017", "tp2020"): a year stands as a word of its own.
YEAR = re.compile(r"(?<!\w)((?:19|20)\d\d)(?!\d)")
# A year with a direction: "od 2020", "po roku 2019", "pred 2021", "after 2020".
# "theses from 2016" are of that year; "from 2016 on" is a range.
YEAR_AFTER = re.compile(
    r"\b(?:od|since|po|after|neskor ako|later than|nez|nejdrive)\s+(?:roku\s+|rok\s+)?"
    r"((?:19|20)\d\d)\b|\bfrom\s+((?:19|20)\d\d)\s+(?:on|onwards?)\b"
)
YEAR_BEFORE = re.compile(
    r"\b(?:pred|before|do|until|prior to|skor ako|earlier than|pred rokom)\s+(?:rokom\s+|roku\s+"
    r"|rok\s+)?((?:19|20)\d\d)\b"
)
# Asked for an amount: a number answers ("ako dlho", "koľko strán", "how long").
AMOUNT = re.compile(
    r"\bkolk\w*|\bkolik\w*|\bhow (?:many|much|long|big|often)\b|\bako (?:dlh|dlo|vel|cast)\w*"
    r"|\bjak (?:dlouh|velk|cast)\w*|\bpoc[ei]t\w*|\brozsah\w*|\bdlzk\w*|\bdelk\w*"
    r"|\bminim\w*|\bmaxim\w*|\bnajviac\b|\bnajmenej\b|\baspon\b"
)
QUOTED = re.compile(r"[\"„“”«»‚‘’']([^\"„“”«»‚‘’']{3,200})[\"„“”«»‚‘’']")

# --- words that carry no meaning of their own ------------------------------------------

# Question words, pronouns, prepositions, auxiliaries and politeness of Slovak,
# Czech and English. A word here is accounted for wherever it stands; a
# content word that is neither here nor a cue nor the wiki's must be said
# back as not understood.
FUNCTION_WORDS = frozenset(
    """
    niekoho niekomu nekoho nekomu treba netreba musim musime musi must need btw clovek
    cloveka osoba osoby person one nic nothing jen uvedeny uvedena uvedene uvedeneho
    uvedenu uvedenej listed stated named
    aky aka ake aku akeho akej akom akych akymi aki kto koho komu kym co com cim ktory ktora
    ktore ktoru ktori ktoreho ktorej ktorom ktorych ktorym ktorymi kolko kolkych kolkym kedy
    kde ako preco odkedy dokedy je su bol bola bolo boli bude budu ma mal mala mali maju
    mat mam mas mame mate sa si som sme ste v vo na o od do z zo s so k ku pre pri po pod
    nad za a aj i alebo ale ze tej ten ta to tu tom toho tie tieto tych tymi jeho jej ich
    vsetky vsetci vsetkych kazdy uz este len iba prosim mi nam daj povedz vypis ukaz
    zoznam the a an of in on for to by with what who whom which how many much is are
    was were did does do has have had his her their and or please show list me tell
    meno mena menom roku rok roky rokoch roka rokmi studia studium studoval studovala
    studovali studuje studovat studovanie studiu studiom
    prace praca pracu praci pracach pracami prac thesis theses obhajil
    obhajila obhajili obhajoba obhajene obhajenych napisal napisala napisali robil robila
    robili riesil riesila pisal pisala veduci veduca veduceho veducim veducou viedol viedla
    viedli nazov nazvom nazvu vola volala tema temy teme temu temou kolegov spolu obaja obe
    students student studenti studentov studentky studentka studentku studentom
    mohol mohla mohli mozes mozete moze mozem vies viete vie vedel vedela chcem chcel chcela
    chcela potrebujem zaujima zaujimalo zaujimaju rad rada by bych som sa dakujem vdaka
    teda tak no nuz vlastne asi presne prosimta pls nejaky nejaka nejake nejaku nejakeho
    niekto niekoho niektori niektore nieco tam tu tuto tejto tento tato toto tohto tymto
    ktorom kde kam odkial kedze lebo pretoze aby ked keby ak ci nie ano hej jasne ok okej
    super fajn pekne velmi vela menej viac najviac najmenej vobec celkovo spolu dokopy
    celkom presny presna presne uplny uplne uplna vsetko cely cela cele svoj svoja svoje
    svoju jeho jej ich mu ho ju nej neho nemu nim nou on ona ono oni ony my vy ja ty
    sam sama sami same samotny samotna potom neskor then later afterwards pak
    zorad zoradte zoradit serad seradte seradit sort them je ich
    kdo co kdy kde jak proc ktery ktera ktere kteri kteremu ktereho kterou kterych ktera
    jaky jaka jake jakou jakych jsou jsem jsi jste jsme byl byla bylo byli bude budou
    mel mela meli ma maji muj moje tvuj nas vas jeho jeji jejich se si pro pri na v ve z ze
    do od po pod nad k ke s se a i nebo ale ze ten ta to tom toho te ty tech temi taky
    prosim dekuji diky chci chtel chtela potrebuji zajima rekni napis ukaz vypis
    any some all each every there here it its this that these those be been being
    can could would should will shall may might must i you we they he she him them
    my your our out up about from at as into than then so if not no yes also too just
    only more most less least total altogether exactly get got give gave tell told know
    want wanted need needed like name names person people
    kolik kolika kolikrat pocet vsade vsude everywhere hlavnej hlavna hlavnu hlavnom main
    dela delaji delal delala delali ide idu isiel isla isli
    patri patria patril patrila patrili patrit clenom clenmi clenovia clen clenka
    robi robia rieši riesi riesia pise pisu pracuje pracuju pracoval pracovala pracovali
    venuje venuju zaobera zaoberaju spadaju spada nachadza nachadzaju uvedeny uvedena
    uvedene uvedeni uvedenych uvedenym uvedenymi uvedeno uvedenu zapisany zapisana zapisani
    zapisanych evidovany evidovana evidovanych uvadza uvadzaju
    belong belongs belonged work works worked working listed registered mentioned under
    pani pan pana panu panovi panej slecna slecny kolega kolegu kolegyna kolegyne
    wiki wiky wikine obhajil obhajila obhajili obhajeny obhajena obhajene obhajit obhaji
    odovzdal odovzdala odovzdali odovzdana odovzdane defended defend submitted finished
    ukoncil ukoncila dokoncil dokoncila skoncil skoncila
    tim time timu timom timy timov tym tymu tymem tymy team teams teamu clenovia clenov
    clenove clenu cleny clenky clenkou members member
    vsechno vsichni vsech vsechny jakem jakeho jakych delal delala delali delat udelal
    udelala resil resila psal psala mel mela meli vedl vedla vedli kteri kterych
    doing done writing written currently now still ever nich nimi tych tychto them those
    spomedzi medzi mezi ostatnych ostatni vsetkym vsetkymi vsetkom figuruje figuruju
    figuroval figurovala figurovali continue continued continuing went but however
    mit mat cez pres pomocou via using write wrote writes
    pardon prepac prepacte sorry pomylil pomylila spletol spletla myslel myslela mienil
    mienila meant mean oops omyl nie
    prvy prva prve prvu prveho prvej prvom prvou druhy druha druhe druhu druheho druhej
    druhom druhou treti tretia tretie tretiu tretieho tretej posledny posledna posledne
    poslednu posledneho poslednej poslednom prvni druhy posledni first second third last
    stvrty stvrta stvrte stvrtu stvrteho stvrtej stvrtom stvrtou ctvrty ctvrta ctvrteho
    piaty piata piate piatu piateho piatej piatom piatou paty pata pateho fourth fifth
    prof doc ing mgr rndr phd bc mudr judr paeddr phdr csc drsc dr mr mrs ms
    roznych rozni roznymi rozne distinct different unique ruznych ruzni pisou pisu napsali
    napsal napsala profesor profesora profesorovi profesorom profesorka profesorky profesorku
    profesorkou
    docent docenta docentovi docentom docentka docentky docentku docentkou doktor doktora
    doktorka doktorky professor prof dr rokom rokem
    celkem celkove dohromady main primary hlavny hlavna hlavni overall total
    katedre katedra katedry katedru katedrou fakulte fakulta fakulty department faculty
    riesitel riesitelia riesitelov riesitelom riesitelka riesitelky riesitelku
    resitel resitele resitelu solver solvers wiki
    stranke strance stranka stranky stranku stranek page pages
    """.split()
)

# Lemmas (folded) of verbs and words that carry no condition of their own in any
# form ("malo", "napísali", "obhájených", "venovali"): the lemma decides, so every
# inflection is accounted for, not only the forms listed above.
FUNCTION_LEMMAS = frozenset(
    """
    mat byt robit urobit pisat napisat viest obhajit obhajeny odovzdat odovzdany studovat
    zacat skoncit ukoncit dokoncit venovat zaoberat riesit vyriesit vypracovat spravit
    pracovat tvorit vytvorit vediet chciet potrebovat moct povedat ukazat zistit najst
    hladat existovat nachadzat patrit zucastnit ucastnit absolvovat dostat ziskat vybrat
    zvolit zapisat prihlasit obhajovat spracovat spracovavat zaujimat uviest uvadzat
    obhajoba odovzdanie pokracovat figurovat
    nejaky kazdy vsetok iny dalsi rovnaky taky tento ten tamten ktory aky koho kolko
    """.split()
)


def is_function_word(folded: str, lemma_folded: str) -> bool:
    """A word that says nothing the query must hold: a function word, or any form
    of one of ``FUNCTION_LEMMAS``."""
    return folded in FUNCTION_WORDS or lemma_folded in FUNCTION_LEMMAS


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


def years_in(
    folded: str, known: frozenset[int] = frozenset()
) -> list[tuple[frozenset[int], int, int]]:
    """(years, start, end) of every year expression: a year, a range, an academic
    year (its end), or an open range ("od 2020", "pred 2021") closed by the
    years the wiki has (``known``; without them the open side is one year)."""
    out: list[tuple[frozenset[int], int, int]] = []
    taken: list[tuple[int, int]] = []

    def add(years: set[int], start: int, end: int) -> None:
        if any(a < end and start < b for a, b in taken):
            return
        taken.append((start, end))
        out.append((frozenset(years), start, end))

    for m in YEAR_RANGE.finditer(folded):
        g = 1 if m.group(1) else 3
        a, b = int(m.group(g)), int(m.group(g + 1))
        if a < b <= a + 30:
            add(set(range(a, b + 1)), m.start(), m.end())
    for pattern, after in ((YEAR_AFTER, True), (YEAR_BEFORE, False)):
        for m in pattern.finditer(folded):
            year = int(m.group(1) or m.group(2) if after else m.group(1))
            inclusive = m.group(0).split()[0] in ("od", "since", "from")
            if after:
                wanted = {y for y in known if y > year or (inclusive and y == year)}
                wanted |= {year} if inclusive else set()
            else:
                until = m.group(0).split()[0] in ("do", "until")
                wanted = {y for y in known if y < year or (until and y == year)}
                wanted |= {year} if until else set()
            add(wanted, m.start(), m.end())
    for m in ACADEMIC_YEAR.finditer(folded):
        first, second = m.group(1), m.group(2)
        end = int(second) if len(second) == 4 else int(first[:2] + second)
        if end == int(first) + 1:
            add({end}, m.start(), m.end())
    for m in YEAR.finditer(folded):
        add({int(m.group(1))}, m.start(1), m.end(1))
    return sorted(out, key=lambda x: x[1])


def cue_spans(folded: str) -> dict[str, list[tuple[int, int]]]:
    return {
        name: [(m.start(), m.end()) for m in pattern.finditer(folded)]
        for name, pattern in CUES.items()
    }
