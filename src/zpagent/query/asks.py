"""What a question asks (``_ask``): history, pages by an author, a path,
something shared, a count, facts of the subjects, who wrote a titled thesis, a
list, the content of a set's pages, or an open question; what a count counts
(``_unit``), the facts the wording asks for (``_asked``) and the relations
graph-guided retrieval may follow (``_intents``).
"""

from __future__ import annotations

import re

from zpagent.query import cues as cu
from zpagent.query.clauses import Element
from zpagent.query.model import Condition, EntityRef, Reference, Span
from zpagent.query.parts import Parts, _has
from zpagent.query.tokens import covered


def _asked(parts: Parts, subjects: bool, leads: list[str], explicit_years: bool) -> set[str]:
    """The facts the wording asks for (cue words not used up as conditions)."""
    asked: set[str] = set()
    if _has(parts, "supervisor") and (subjects or "supervisor" not in leads):
        asked.add("supervisor")
    if _has(parts, "consultant") and (subjects or "consultant" not in leads):
        asked.add("consultant")
    if _has(parts, "title"):
        asked.add("title")
    if _has(parts, "start") and not explicit_years:
        asked.add("start_year")
    year_words = parts.cues.get("year", [])
    taken = [s for s in parts.year_words] + [(a, b) for _, a, b in parts.years]
    free_year = [(a, b) for a, b in year_words if not any(x < b and a < y for x, y in taken)]
    if free_year and not explicit_years and "start_year" not in asked:
        asked.add("year")
    if _has(parts, "keyword"):
        asked.add("keywords")
    thesis_named = bool(parts.kinds) or _has(parts, "thesis")
    if (
        _has(parts, "topic")
        and not parts.rec.topics
        and (subjects or _ONE_TOPIC.search(parts.folded))
    ):
        # "Na akú tému písala bakalársku prácu?" asks the title; "Aké témy má?" topics;
        # "akú tému mal?" either: its thesis's subject or the topic it is filed under.
        if thesis_named:
            asked.add("title")
        elif _ONE_TOPIC.search(parts.folded) or (
            subjects and _TOPIC_VERB.search(parts.folded) and not _TOPIC_NOUN.search(parts.folded)
        ):
            # "Čím sa zaoberala X?": what she worked on, her thesis as much as her topic
            # ("Akým témam sa venuje X?" asks her topics).
            asked |= {"title", "topics"}
        else:
            asked.add("topics")
    if (
        subjects
        and not parts.kinds
        and _ALL_WORKS.search(parts.folded)
        and not _has(parts, "author")
    ):
        # "aké práce mal X": the theses and the other works ("aké práce napísal" the theses)
        asked.add("works")
    if _has(parts, "works"):
        asked.add("works")
    if (_has(parts, "list") or _SOME.search(parts.folded)) and any(
        k == "team_project" for k, _a, _b in parts.kinds
    ):
        # "na akom tímaku bol?", "bol v nejakom tímaku?": which team project.
        asked.add("works")
    if _has(parts, "login"):
        asked.add("login")
    # "what was his role?": the role asked of someone pointed at, not a role named.
    pointed_role = _has(parts, "role") and bool(_ROLE_NOUN.search(parts.folded))
    thesis_in_charge = bool(parts.kinds) and not (_has(parts, "team") or parts.rec.projects)
    if _has(parts, "role") and subjects and thesis_in_charge:
        # "Kto mal na starosti bakalárku Barbory Bielej?": who led a thesis, not a
        # team member's role (a thesis is named, no team).
        asked.add("supervisor")
    elif _has(parts, "role") and (subjects or pointed_role):
        asked.add("role")  # "Akú úlohu mal Wei Zhang v tíme X?": not the works
        asked -= {"works", "title"}  # ("Čo robila v tíme?" asks no thesis title)
    return asked


_ROLE_NOUN = re.compile(r"\b(?:his|her|jeho|jej|jeji|jejich) (?:role|ulohu|uloha|roli|rolu)\b")


# A deadline or a date of the rules ("do kedy", "termín odovzdania", "deadline").
_DEADLINE = re.compile(
    r"\bdo kedy\b|\bdokedy\b|\bdo kdy\b|\bdokdy\b|\btermin\w*|\bdeadline\w*|\bdue\b"
    r"|\buzavierk\w*|\buzaverk\w*|\bby when\b"
)
# "akú tému", "aká je téma": one subject, a thesis's as often as a topic page's.
_ONE_TOPIC = re.compile(
    r"\b(?:aku|aka|ktoru|ktora|jakou|jaka|what|which)\s+(?:\w+\s+)?tem(?:a|u|ou)\b"
    # "a téma?", "and the topic?": the word alone, after a fact about someone.
    r"|^\W*(?:(?:a|and|a co|and what about|what about)\s+)?(?:the\s+)?(?:tema|topic)\W*$"
)


# "v nejakom tíme", "any team project": which one, if any.
_SOME = re.compile(r"\bnejak\w*|\bniektor\w*|\bany\b|\bsome\b")


# "čím sa zaoberal", "čemu se věnovala": what someone worked on.
_TOPIC_VERB = re.compile(r"\bzaobera\w*|\bzabyva\w*|\bzabyval\w*|\bvenoval\w*|\bvenuj\w*")
_TOPIC_NOUN = re.compile(r"\btem\w*|\btopics?\b|\boblast\w*|\bfield\b|\barea\b")


# A person's works in general, plural: "aké práce mal", "všetky jeho práce".
_ALL_WORKS = re.compile(
    r"\b(?:ake|ktore|vsetky|jeho|jej|ich|what|which|all|his|her|their)\s+(?:\w+\s+)?"
    r"(?:prace|works|theses)\b|\bpracach\b"
)


# "Ďalší", "iní", "rovnaký", "the same": one more hop from what was found.
_BRIDGE = re.compile(
    r"\bdals\w*|\bin(?:e|i|ych|ymi|ym|a|u|ou|eho|ej)\b|\brovnak\w*|\bten ist\w*|\btoho ist\w*"
    r"|\btej ist\w*|\btom istom\b|\bother\b|\bsame\b|\bokrem\b|\bjin\w*|\bstejn\w*"
)
_COMPARE = re.compile(
    r"\blis(?:i|ia|ili|ilo|ila)\b|\brozdiel\w*|\bporovn\w*|\bodlis\w*|\bspolocn\w*"
    r"|\bcompar\w*|\bdiffer\w*|\bversus\b|\bvs\b|\bin common\b"
)


def _intents(parts: Parts, subjects: list[EntityRef], elements: list[Element]) -> frozenset[str]:
    """The relations graph-guided retrieval may follow (see ``model.INTENTS``). A topic
    or keyword named in passing ("Čo je BM25?") is no topic intent: the question must
    ask about a topic or for a set."""
    named_terms = any(e.type in ("topic", "keyword", "mentions") for e in elements)
    listing = _has(parts, "list") or _has(parts, "who") or _has(parts, "persons")
    found = {
        "supervision": _has(parts, "supervisor") or _has(parts, "consultant"),
        "topic": _has(parts, "topic") or _has(parts, "keyword") or (named_terms and listing),
        "time": bool(parts.years),
        "comparison": bool(_COMPARE.search(parts.folded)) or len(subjects) >= 2,
        "bridge": bool(_BRIDGE.search(parts.folded)),
    }
    return frozenset(name for name, on in found.items() if on)


def _ask(
    parts: Parts,
    subjects: list[EntityRef],
    elements: list[Element],
    asked: set[str],
    listing: bool,
    reference: Reference | None,
) -> tuple[str, str]:
    """(ask, unit): what the question wants (see the module docstring)."""
    rec = parts.rec
    unit = _unit(parts)
    named = len(rec.persons) + len(rec.topics) + len(rec.keywords) + len(rec.projects)
    if _has(parts, "documents") and (_has(parts, "author") or cu.PAGES_FROM.search(parts.folded)):
        if _has(parts, "who") and subjects:
            return "page_author", "pages"
        # "stránky študentov od X": only the pages about persons.
        return "pages_by_author", ("person_pages" if _has(parts, "persons") else "pages")
    if _has(parts, "path") and named + len(rec.unknown) >= 2:
        return "path", unit
    if (
        _has(parts, "shared")
        and not _has(parts, "count")
        and len(rec.persons) + len(rec.unknown) >= 2
    ):
        return "shared", unit
    if _DEADLINE.search(parts.folded) and not subjects and reference is None:
        # "Do kedy treba odovzdať diplomovku?": a date the rules give, not the years
        # of the theses: the text answers.
        return "open", unit
    if _has(parts, "count"):
        return "count", unit
    if reference is not None:
        return "list", unit
    if subjects:
        if asked or any(e.type in ("kind", "years", "title") for e in elements):
            return "fact", unit
        return ("fact" if parts.about_content else "profile"), unit
    constraints = any(e.type not in ("negation", "except", "both", "or", "total") for e in elements)
    titles = [e for e in elements if e.type == "title"]
    wrote = _has(parts, "who") or _has(parts, "author") or _has(parts, "list")
    if titles and wrote and not (asked & {"supervisor", "consultant", "year"}):
        return "who_wrote", "persons"
    terms_only = all(
        e.type in ("topic", "keyword", "mentions", "negation", "except", "both", "or", "total")
        # Words of titles, too, unless something is asked of them ("ten, čo robil …").
        or (e.type == "title" and e.value.match == "words" and not asked)
        for e in elements
    )
    if constraints and terms_only and not listing and not _has(parts, "topic"):
        # A term named in passing ("Čo je BM25?", "Ako používať Git?"): the text answers.
        return "open", unit
    if constraints:
        if parts.about_content:
            return "content", unit
        if asked & {"supervisor", "consultant", "year", "title"} and not listing_persons(parts):
            return "list", "theses"
        return "list", unit
    return "open", unit


# "Koľko tém", "ktoré témy", "list of topics": topics are what is listed or counted.
TOPICS_ASKED = re.compile(
    r"\b(?:kolko|kolik|pocet|ktore|ktere|ktera|ake|jake|jaka|zoznam|seznam|vsetky|vsechny|which|what"
    r"|many|list)\s+(?:\w+\s+)?tem(?:y|a|ata|at)?\b|\btopics\b"
)


def _led_topics(parts: Parts, subjects: list, elements: list[Element]) -> bool:
    """ "Ktoré témy vedie Bielik?", "Koľko tém je na wiki?": the topics themselves (all,
    or those one named leader leads), when no topic, kind or student is named."""
    leaders = [e for e in elements if e.type == "supervisor"]
    others = [e for e in elements if e.type not in ("supervisor", "negation", "total")]
    return (
        bool(TOPICS_ASKED.search(parts.folded)) and len(leaders) <= 1 and not others
        and not subjects
    )  # fmt: skip


def _unit(parts: Parts) -> str:
    """What a count counts: theses when a thesis word follows the count word
    ("koľko bakalárskych prác", "how many theses"), persons when a persons word
    comes first ("koľko študentov malo diplomové projekty")."""
    if not _has(parts, "unit_theses"):
        return "persons"
    start = min(a for a, _ in parts.cues["unit_theses"])
    persons = [a for a, _ in parts.cues.get("persons", []) if a >= start]
    things = [a for _, a, _ in parts.kinds if a >= start]
    things += [a for a, _ in parts.cues.get("thesis", []) if a >= start]
    if persons and (not things or min(persons) < min(things)):
        return "persons"
    return "theses"


def listing_persons(parts: Parts) -> bool:
    return _has(parts, "persons") or _has(parts, "supervised")


# Question words whose next word is the noun asked for ("aký port", "which tool").
_WHICH = frozenset(
    """aky aka ake aku akom akej akeho akych akymi akemu ktory ktora ktore ktoru ktorom
    ktorej ktoreho ktorych ktorymi jaky jaka jake jakou jakem ktery ktera ktere kterou
    kterem which what kolko kolik many""".split()
)


def asks_unread(parts: Parts, unaccounted: tuple[Span, ...]) -> bool:
    """The noun right after the question word is a word nothing read, and no cue word
    follows it that it would only qualify ("v ktorom školskom roku": a year)."""
    spans = [s for ss in parts.cues.values() for s in ss]
    cued = covered(parts.tokens, spans + [(a, b) for _, a, b in parts.kinds])
    ends = {s.start: s.end for s in unaccounted}
    for t in parts.tokens:
        if t.folded not in _WHICH:
            continue
        # "koľko má publikácií?": a verb such as "má" may stand between.
        rest = parts.tokens[t.index + 1 : t.index + 3]
        nxt = next((u for u in rest if u.folded not in cu.FUNCTION_WORDS), None)
        if nxt is None or nxt.start not in ends:
            continue
        after = next((u for u in parts.tokens if u.start >= ends[nxt.start]), None)
        if after is None or after.index not in cued:
            return True
    return False


def counts_keywords(parts: Parts) -> bool:
    """ "koľko kľúčových slov", "how many keywords": the keyword word is what a count
    counts (it comes right after the count word), not a keyword condition."""
    keywords = parts.cues.get("keyword", [])
    persons = parts.cues.get("persons", [])
    for _a, end in parts.cues.get("count", []):
        for t in (t for t in parts.tokens if t.start >= end):
            if any(a <= t.start < b for a, b in persons):
                return False  # "koľko študentov má kľúčové slovo asr": students counted
            if t.folded not in cu.FUNCTION_WORDS:
                return any(a <= t.start < b for a, b in keywords)
    return False


def asked_terms(parts: Parts, conditions: tuple[Condition, ...]) -> list[Condition]:
    """Keyword conditions named right after a question word ("aké RMSE", "which BLEU")."""
    after_which = {
        nxt.start
        for t, nxt in zip(parts.tokens, parts.tokens[1:], strict=False)
        if t.folded in _WHICH
    }
    return [
        c for c in conditions
        if c.relation == "keyword" and not c.negated
        and any(r.span and r.span.start in after_which for r in c.refs)
    ]  # fmt: skip
