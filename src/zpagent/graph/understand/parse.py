"""Turn a question into a parsed question: its type and the entities it names.

Deterministic and conservative. Steps:

1. tokens of the question, folded; cue words, thesis kinds and years are
   found by pattern and set aside (they are never names);
2. persons: full names (any word order, inflected, without diacritics, with
   a small typo) and surnames alone; page authors likewise; topics and
   keywords by the stems of their words; a quoted or announced title;
3. words that look like a name but match nobody are kept as unknown names,
   so that "Jozefa Mrkvičku" gives ``unknown_person`` rather than a guess;
4. the question type follows from the cues and what was found.

Ambiguity is not resolved here: a mention keeps all its candidates, and the
search decides (with the graph's facts) or answers ``ambiguous``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from zpagent.graph.understand.lexicon import Lexicon, PhraseEntry, word_keys
from zpagent.graph.understand.mentions import (
    Mention,
    find_names,
    leftover,
    phrase_matches,
    unknown_names,
)
from zpagent.ingest.text import clean_inline, fold
from zpagent.question import Question, analyze
from zpagent.question import cues as cu
from zpagent.question.tokens import TOKEN, Token, covered

_LOGIN = re.compile(r"^[a-z]{1,4}\d{2,4}[a-z]{0,4}$")


@dataclass
class ParsedQuestion:
    text: str
    question: Question | None = None
    type: str = "unsupported"
    attribute: str | None = None
    kinds: list[str] = field(default_factory=list)
    years: list[int] = field(default_factory=list)
    count: bool = False
    unit: str = "persons"
    persons: list[Mention] = field(default_factory=list)
    authors: list[Mention] = field(default_factory=list)
    topics: list[PhraseEntry] = field(default_factory=list)
    keywords: list[PhraseEntry] = field(default_factory=list)
    title: str | None = None
    unknown_names: list[str] = field(default_factory=list)
    unknown_term: str | None = None
    logins: list[str] = field(default_factory=list)
    cues: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        return {
            "type": self.type,
            "attribute": self.attribute,
            "kinds": self.kinds,
            "years": self.years,
            "count": self.count,
            "unit": self.unit,
            "persons": [m.text for m in self.persons],
            "authors": [m.text for m in self.authors],
            "topics": [t.id for t in self.topics],
            "keywords": [k.id for k in self.keywords],
            "title": self.title,
            "unknown_names": self.unknown_names,
            "unknown_term": self.unknown_term,
            "cues": self.cues,
        }


# --- tokens and cues --------------------------------------------------------------------


# --- topics, keywords, titles ---------------------------------------------------------------


def _quoted_title(text: str) -> str | None:
    m = cu.QUOTED.search(text)
    return clean_inline(m.group(1)) if m else None


def _announced_title(text: str, folded: str) -> str | None:
    """The words after "s názvom", "nazvanú", "titled" ... (or a colon)."""
    m = re.search(
        r"(?:\bs nazvom|\bnazvan\w*|\bnazyva\w* sa|\btitled|\bcalled|:)\s+(.{3,})$",
        folded,
    )
    if not m:
        return None
    return clean_inline(text[m.start(1) :]).rstrip("?!. ")


def _title_after_thesis_noun(text: str, folded: str) -> str | None:
    """``Kto napísal prácu Rozpoznávanie reči v call centrách?`` -> the rest."""
    m = re.search(r"\b(?:prac\w*|bakalar\w*|diplomov\w*|dizertac\w*|thesis)\s+(.{3,})$", folded)
    if not m:
        return None
    rest = clean_inline(text[m.start(1) :]).rstrip("?!. ")
    content = [
        w
        for w in TOKEN.findall(fold(rest))
        if w not in cu.FUNCTION_WORDS and not w.isdigit() and not cu.kinds_in(w)
    ]
    return rest if len(content) >= 2 else None


# --- the parse ------------------------------------------------------------------------------


def parse_question(
    question: Question | str, lexicon: Lexicon, include_unpublished: bool = False
) -> ParsedQuestion:
    """Parse a question against the graph's lexicon. Raises ``InvalidQuery`` for empty input.

    Takes the question's one analysis (``zpagent.question.analyze``); a string is
    analyzed here. The graph sees the question without its small-talk clauses.
    """
    if isinstance(question, str):
        question = analyze(question)
    text, folded = question.core, question.folded
    pq = ParsedQuestion(text, question=question)
    tokens = list(question.tokens)

    spans = question.cue_spans
    pq.cues = sorted(name for name, s in spans.items() if s)
    kinds = list(question.kind_spans)
    pq.kinds = list(question.kinds)
    pq.years, year_spans = list(question.years), list(question.year_spans)
    pq.logins = [t.folded for t in tokens if _LOGIN.match(t.folded)]

    blocked = covered(
        tokens,
        [
            s
            for name, ss in spans.items()
            for s in ss
            if name not in ("supervised", "unit_theses", "title_lookup")
        ],
    )
    blocked |= covered(tokens, [(a, b) for _, a, b in kinds])
    blocked |= covered(tokens, year_spans)
    blocked |= {t.index for t in tokens if t.folded in cu.FUNCTION_WORDS or t.folded.isdigit()}
    blocked |= {t.index for t in tokens if t.folded in pq.logins}
    free = [t.index not in blocked for t in tokens]

    # A title given in quotes or announced is a title, not names or keywords.
    title = _quoted_title(text) or (
        _announced_title(text, folded) if spans["title_lookup"] else None
    )
    if title:
        pq.title = title
        for t in covered(tokens, [_span_of(text, title)]):
            free[t] = False

    pq.persons = find_names(
        tokens,
        free,
        lexicon.person_index,
        include_unpublished,
        given_names=lexicon.first_name_forms,
    )
    for m in pq.persons:
        for j in range(m.start, m.end):
            free[j] = False
    person_tokens = {j for m in pq.persons for j in range(m.start, m.end)}

    def free_or_cue(t: Token) -> bool:
        return t.index not in person_tokens and not t.folded.isdigit()

    stems = [word_keys(t.text) for t in tokens]
    # A topic or keyword may contain a cue word ("keyword spotting"): such
    # words count when the phrase also has a free word.
    cue_only = covered(tokens, [s for ss in spans.values() for s in ss]) - (
        covered(tokens, [(a, b) for _, a, b in kinds])
        | covered(tokens, year_spans)
        | {t.index for t in tokens if t.folded in cu.FUNCTION_WORDS}
        | {j for m in pq.persons for j in range(m.start, m.end)}
    )
    # ... and function words inside a phrase ("Chatboty a dialógové systémy").
    cue_only |= {t.index for t in tokens if t.folded in cu.FUNCTION_WORDS and free_or_cue(t)}
    # Topics and keywords of hidden pages only are unknown terms, exactly as if
    # they did not exist: "no facts" for them would confirm that they do.
    topic_hits = phrase_matches(stems, free, lexicon.visible_topics(include_unpublished), cue_only)
    keyword_hits = phrase_matches(
        stems, free, lexicon.visible_keywords(include_unpublished), cue_only
    )
    pq.topics = _dedupe([e for _, _, e in topic_hits])
    pq.keywords = _dedupe([e for _, _, e in keyword_hits])
    phrase_tokens = {j for a, b, _ in topic_hits + keyword_hits for j in range(a, b)}

    # Cue words inside a quoted or announced title are part of the title.
    has = _cues_outside(folded, pq.title)
    _decide(pq, has, tokens, free, phrase_tokens, lexicon, include_unpublished, folded, text)
    return pq


def _cues_outside(folded: str, title: str | None) -> dict[str, bool]:
    """Which cues the question has, not counting words of a title it quotes."""
    if title:
        part = fold(title)
        i = folded.find(part)
        if i >= 0:
            folded = folded[:i] + " " * len(part) + folded[i + len(part) :]
    return {name: bool(pattern.search(folded)) for name, pattern in cu.CUES.items()}


def _span_of(text: str, part: str) -> tuple[int, int]:
    i = text.find(part)
    return (i, i + len(part)) if i >= 0 else (0, 0)


def _dedupe(entries: list[PhraseEntry]) -> list[PhraseEntry]:
    seen: dict[str, PhraseEntry] = {}
    for e in entries:
        seen.setdefault(e.id, e)
    return list(seen.values())


def _decide(
    pq: ParsedQuestion,
    has: dict[str, bool],
    tokens: list[Token],
    free: list[bool],
    phrase_tokens: set[int],
    lexicon: Lexicon,
    include_unpublished: bool,
    folded: str,
    text: str,
) -> None:
    thesis_kinds = [k for k in pq.kinds if k not in cu.WORK_KINDS]
    work_kinds = [k for k in pq.kinds if k in cu.WORK_KINDS]
    pq.count = has["count"]
    if pq.count and not cu.COUNTED.search(folded):
        # "Koľko strán má mať bakalárska práca?" counts pages of a text, not theses:
        # the graph counts only persons, theses, works and wiki pages.
        pq.type = "unsupported"
        return
    pq.unit = "theses" if has["unit_theses"] else "persons"
    persons = pq.persons

    # Pages and their authors (not a title that happens to contain "článkov").
    title_part = _title_after_thesis_noun(text, folded)
    if title_part and not pq.title:
        outside = _cues_outside(folded, title_part)
        if not outside["documents"] or not outside["path"]:
            has = {**has, "documents": outside["documents"], "path": outside["path"]}
    if has["documents"] and has["author"] and has["who"] and persons:
        # "Kto je autorom stránky Jána Holpa?": who wrote that person's page.
        pq.type = "page_author"
        return
    if has["documents"] and (has["author"] or cu.PAGES_FROM.search(folded)):
        pq.type = "documents_by_author"
        pq.authors = find_names(
            tokens,
            _unblock_names(tokens, free, persons),
            lexicon.author_index,
            True,
            first_names=False,
        )
        if not pq.authors:
            pq.unknown_names = [m.text for m in persons] or unknown_names(
                tokens, free, phrase_tokens, lexicon.first_name_forms
            )
        return

    # A thesis named by its title.
    full_names = [m for m in persons if m.match in ("full", "typo")]
    asks_author = has["author"] or re.search(r"\b(?:robil\w*|riesil\w*|mal\w*|wrote)\b", folded)
    if pq.title is None and (has["who"] or has["author"] or has["list"]) and not full_names:
        pq.title = _title_after_thesis_noun(text, folded) if asks_author else None
    if pq.title and not has["path"]:
        pq.type = "thesis_by_title"
        return

    entities = len(persons) + len(pq.topics) + len(pq.keywords)
    if (
        has["path"]
        and entities + len(unknown_names(tokens, free, phrase_tokens, lexicon.first_name_forms))
        >= 2
    ):
        pq.type = "path"
        pq.unknown_names = unknown_names(tokens, free, phrase_tokens, lexicon.first_name_forms)
        return
    if has["shared"] and not pq.count:
        unknown = unknown_names(tokens, free, phrase_tokens, lexicon.first_name_forms)
        if len(persons) + len(unknown) >= 2:
            pq.unknown_names = unknown
            if has["keyword"] and not has["topic"]:
                pq.type = "shared_keywords"
            elif has["topic"] and not has["keyword"]:
                pq.type = "shared_topics"
            else:
                pq.type = "shared"
            return

    if persons:
        # Another name beside them that fits nobody ("… a Jozefa Mrkvičku"): ruled
        # out with its near misses, never answered about someone else.
        pq.unknown_names = unknown_names(tokens, free, phrase_tokens, lexicon.first_name_forms)
        _person_question(pq, has, thesis_kinds, work_kinds, folded)
        return

    # No person found: lists and counts over the whole graph. A single
    # capitalized word does not stop a list question; two (a name) do.
    unknown_all = unknown_names(tokens, free, phrase_tokens, lexicon.first_name_forms)
    listing = has["count"] or has["list"] or has["persons"]
    unknown = unknown_all
    if listing and not _needs_person(has, pq):
        unknown = [n for n in unknown if len(n.split()) >= 2]
    if has["start"] and pq.years and listing:
        pq.type = "count_by_start_year" if pq.count else "persons_by_start_year"
        return
    if has["supervisor"] and unknown_all and (has["supervised"] or pq.count):
        pq.type = "supervised_count" if pq.count else "supervised_persons"
        pq.unknown_names = unknown_all
        return
    if work_kinds and listing and not unknown:
        pq.type = "count_by_work" if pq.count else "persons_by_work"
        pq.kinds = work_kinds
        return
    if has["topic"] and not has["keyword"] and pq.keywords and not pq.topics:
        # "téme nlp": the topic whose keyword it is.
        ids = {k.id for k in pq.keywords}
        pq.topics = [t for t in lexicon.topics if t.keyword in ids]
    if (pq.topics or pq.keywords) and listing and not unknown:
        if thesis_kinds or pq.years:
            pq.type = "count_by_thesis" if pq.count else "persons_by_thesis"
            pq.kinds = thesis_kinds
            return
        use_keyword = bool(pq.keywords) and (has["keyword"] or not pq.topics)
        if pq.topics and pq.keywords and has["topic"] and not has["keyword"]:
            use_keyword = False
        if use_keyword:
            pq.topics = []
            pq.type = "count_by_keyword" if pq.count else "persons_by_keyword"
        else:
            pq.keywords = []
            pq.type = "count_by_topic" if pq.count else "persons_by_topic"
        return
    if (
        (has["keyword"] or has["topic"])
        and listing
        and not unknown
        and not (thesis_kinds or pq.years)
    ):
        rest = leftover(tokens, free, phrase_tokens)
        if rest:
            pq.type = "count_by_keyword" if pq.count else "persons_by_keyword"
            pq.unknown_term = " ".join(t.text for t in rest)
            return
    about_theses = thesis_kinds or has["thesis"] or has["year"] or has["persons"]
    if (thesis_kinds or pq.years) and listing and about_theses and not unknown:
        pq.type = "count_by_thesis" if pq.count else "persons_by_thesis"
        pq.kinds = thesis_kinds
        return
    if unknown or _needs_person(has, pq):
        pq.type = _person_type(pq, has, thesis_kinds, work_kinds)
        pq.unknown_names = unknown or [t.text for t in leftover(tokens, free, phrase_tokens)][:3]
        return
    pq.type = "unsupported"


def _unblock_names(tokens: list[Token], free: list[bool], persons: list[Mention]) -> list[bool]:
    out = list(free)
    for m in persons:
        for j in range(m.start, m.end):
            out[j] = True
    return out


def _needs_person(has: dict[str, bool], pq: ParsedQuestion) -> bool:
    wants = has["supervisor"] or has["consultant"] or has["title"] or has["start"]
    return (wants or has["works"]) and not pq.count


def _person_type(
    pq: ParsedQuestion, has: dict[str, bool], thesis_kinds: list[str], work_kinds: list[str]
) -> str:
    if has["start"]:
        return "start_year"
    if work_kinds or (has["works"] and not thesis_kinds):
        return "person_works"
    if has["consultant"]:
        return "thesis_consultant"
    if has["supervisor"]:
        return "thesis_supervisor"
    if has["keyword"]:
        return "person_keywords"
    if has["topic"] and not has["title"] and not (thesis_kinds or has["thesis"]):
        return "person_topics"
    if has["topic"]:
        return "thesis_title"  # "Na akú tému písala X bakalársku prácu?"
    if has["title"]:
        return "thesis_title"
    if has["year"] and not has["title"]:
        return "thesis_year"
    if thesis_kinds or has["thesis"]:
        return "thesis_title"
    return "person_profile"


_SUPERVISED_STRONG = re.compile(
    r"(?<!\bu )\bkoho\b|\bkomu\b|\bpod vedenim\b|\bsupervised by\b|\bstudents of\b|\bstudent\w*"
    r"|\bdiplomant\w*|\bbakalarant\w*|\bdoktorand\w*"
)


def _person_question(
    pq: ParsedQuestion,
    has: dict[str, bool],
    thesis_kinds: list[str],
    work_kinds: list[str],
    folded: str,
) -> None:
    """One person named: which of their facts is asked."""
    if has["consultant"]:
        # "Pri ktorých prácach bol konzultantom X" vs "Kto bol konzultantom práce X".
        listing = bool(_SUPERVISED_STRONG.search(folded)) or pq.count or has["supervised"]
        if re.search(r"\bkto\b|\bwho\b", folded) and not _SUPERVISED_STRONG.search(folded):
            listing = False
        pq.type = (
            ("consulted_count" if pq.count else "consulted_persons")
            if listing
            else "thesis_consultant"
        )
        pq.kinds = thesis_kinds
        pq.attribute = "consultant"
        return
    if has["supervisor"]:
        # "Koho viedol X", "Koľko prác viedla X", "študenti vedúceho X": X supervised.
        # "Kto viedol prácu X", "vedúci práce X": X's supervisor.
        if _SUPERVISED_STRONG.search(folded) or pq.count:
            supervised = True
        elif re.search(r"\bkto\b|\bwho\b", folded):
            supervised = False
        else:
            supervised = has["supervised"]
        if supervised:
            pq.type = "supervised_count" if pq.count else "supervised_persons"
        else:
            pq.type = "thesis_supervisor"
        pq.kinds = thesis_kinds
        pq.attribute = "supervisor"
        return
    pq.kinds = work_kinds or thesis_kinds
    pq.type = _person_type(pq, has, thesis_kinds, work_kinds)
    pq.attribute = {
        "thesis_title": "title",
        "thesis_year": "year",
        "thesis_supervisor": "supervisor",
        "thesis_consultant": "consultant",
    }.get(pq.type)
