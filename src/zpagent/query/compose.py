"""From what a question names and the words around it to one ``Query``.

1. **Roles.** A person the question names is either the subject (the
   student whose facts are asked) or a supervisor/consultant constraint.
   The wiki's data decides first: someone who only led theses is a
   supervisor, someone who only has a page is a subject. For a person who
   is both, the sentence decides: a name in the nominative next to a
   supervising verb ("Koho viedol Hrnčiar?") or after "pod vedením",
   "študenti …" leads; otherwise it is the subject.
2. **What is asked** (``_ask``): history, pages by an author, a path,
   something shared, a count, facts of the subjects, who wrote a titled
   thesis, a list, the content of a set's pages, or an open question.
3. **Conditions** (``clauses.build``): kinds, years, supervisors,
   consultants, titles, projects, topics, keywords, families, negations,
   "aj … aj", "alebo", in word order; a reference to another person's
   supervisor ("rovnakého vedúceho ako X") becomes ``Reference``.
4. **What was not understood**: every word no cue, entry or function word
   accounts for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from zpagent.ingest.text import fold
from zpagent.lexical import lemma
from zpagent.query import cues as cu
from zpagent.query.clauses import Element, build
from zpagent.query.lexicon import Lexicon, PersonEntry
from zpagent.query.mentions import Mention
from zpagent.query.model import Condition, EntityRef, Query, Reference, Span, ThesisClause
from zpagent.query.narrow import narrow
from zpagent.query.recognize import Recognized
from zpagent.query.roles import Phrase
from zpagent.query.tokens import Token, covered

# Verbs of supervising whose subject (a nominative name) is the supervisor.
_LEAD_VERBS = ("viedol", "viedla", "viedli", "vedie", "vedl", "vedla", "supervis", "skolil")
# Words after which a name is whose students are meant: "pod vedením X", "študenti X".
_LEAD_BEFORE = ("vedenim", "studenti", "studentov", "studentky", "diplomanti", "students", "by")


@dataclass
class Parts:
    """What ``understand`` found in the text, before the query is composed."""

    text: str
    core: str
    folded: str
    tokens: list[Token]
    cues: dict[str, list[tuple[int, int]]]  # outside a quoted title
    kinds: list[tuple[str, int, int]]
    years: list[tuple[frozenset[int], int, int]]
    year_words: list[tuple[int, int]]  # "v roku 2021", "from 2020": char spans
    rec: Recognized
    about_content: bool
    language: str


def _has(parts: Parts, cue: str) -> bool:
    return bool(parts.cues.get(cue))


def _token_span(parts: Parts, start: int, end: int) -> Span:
    return Span(parts.tokens[start].start, parts.tokens[end - 1].end)


def _ref(parts: Parts, lexicon: Lexicon, m: Mention) -> EntityRef:
    ids = tuple(m.candidates)
    return EntityRef(
        kind="person",
        text=m.text,
        span=_token_span(parts, m.start, m.end),
        ids=ids,
        match=m.match,
        hidden=tuple(m.unpublished),
        names=tuple(lexicon.name_of(i) for i in ids),
        pages=tuple(_page(lexicon, i) for i in ids),
    )


def _page(lexicon: Lexicon, person_id: str) -> str | None:
    entry = lexicon.person_by_id.get(person_id)
    return entry.document_path if entry else None


def _phrase_ref(parts: Parts, kind: str, p: Phrase) -> EntityRef:
    return EntityRef(
        kind=kind,
        text=" ".join(t.text for t in parts.tokens[p.start : p.end]),
        span=_token_span(parts, p.start, p.end),
        ids=tuple(e.id for e in p.entries),
        match="phrase",
        names=tuple(e.name for e in p.entries),
    )


def _nominative(m: Mention, entries: list[PersonEntry], parts: Parts) -> bool:
    """The name as written is in the nominative (the doer of a verb)."""
    surnames = {fold(e.surname) for e in entries}
    return any(t.folded in surnames for t in parts.tokens[m.start : m.end])


def _role(m: Mention, parts: Parts, lexicon: Lexicon) -> str:
    """``subject``, ``supervisor``, ``consultant`` or ``family`` (see the module docstring)."""
    if m.match == "family":
        return "family"
    entries = [
        lexicon.person_by_id[i]
        for i in (*m.candidates, *m.unpublished)
        if i in lexicon.person_by_id
    ]
    if not entries:
        return "subject"
    leads = [e for e in entries if e.leads]
    pages = [e for e in entries if e.has_page]
    lead_role = "consultant" if _consultant_closer(m, parts) else "supervisor"
    if leads and not pages:
        return lead_role
    if not leads:
        return "subject"
    end = parts.tokens[m.end - 1].end
    if parts.text[end : end + 2] in ("'s", "’s"):
        return "subject"  # "Krisztina Szabóová's dissertation": hers, whoever she leads
    before = parts.tokens[m.start - 1].folded if m.start > 0 else ""
    verb = any(
        t.folded.startswith(_LEAD_VERBS) for t in parts.tokens[max(0, m.start - 3) : m.end + 3]
    )
    if before in _LEAD_BEFORE or before == "u" or (verb and _nominative(m, entries, parts)):
        return lead_role
    if _has(parts, "supervised") and not _has(parts, "who") and _nominative(m, entries, parts):
        return lead_role
    return "subject"


def _consultant_closer(m: Mention, parts: Parts) -> bool:
    cons = parts.cues.get("consultant", [])
    if not cons:
        return False
    # "diplomanti Hrubej … konzultanta": the students' noun beside the name makes
    # her their supervisor, whatever consultant word follows.
    sups = parts.cues.get("supervisor", []) + parts.cues.get("students_of", [])
    at = parts.tokens[m.start].start

    def dist(spans: list[tuple[int, int]]) -> int:
        return min((abs(a - at) for a, _ in spans), default=10**6)

    return dist(cons) <= dist(sups)


def _keep(ref: EntityRef, lexicon: Lexicon, role: str) -> EntityRef:
    """A mention's candidates that can play its role (students for a subject)."""
    wanted = tuple(
        i
        for i in ref.ids
        if (
            lexicon.person_by_id[i].has_page if role == "subject" else lexicon.person_by_id[i].leads
        )
    )
    if wanted and len(wanted) < len(ref.ids):
        return ref.narrowed(wanted)
    return ref


def _negation_scope(
    clauses: tuple[ThesisClause, ...], conditions: tuple[Condition, ...]
) -> tuple[ThesisClause, ...]:
    """ "Ktorí Fabiánovi študenti u neho nerobili diplomovku?", "Which of Vaško's
    theses were not bachelor theses?": a negated clause that names a supervisor or
    consultant, with nothing positive beside it, is asked among that person's
    students; everyone else in the wiki is never the question."""
    if not clauses or any(not c.negated for c in (*clauses, *conditions)):
        return clauses
    among = [
        replace(c, kinds=frozenset(), years=frozenset(), titles=(), projects=(), negated=False)
        for c in clauses
        if c.supervisors or c.consultants
    ]
    return (*among, *clauses)


def _phrases(parts: Parts, lexicon: Lexicon) -> list[tuple[str, list[Phrase]]]:
    """Topics, keywords and projects; words that name both a topic and a keyword are
    the topic (a curated page of students) unless the question asks for a keyword."""
    rec = parts.rec
    topic_tokens = {j for p in rec.topics for j in range(p.start, p.end)}
    keyword_tokens = {j for p in rec.keywords for j in range(p.start, p.end)}
    prefer_keyword = _has(parts, "keyword") and not _has(parts, "topic")
    topics = [
        p for p in rec.topics
        if not (prefer_keyword and keyword_tokens & set(range(p.start, p.end)))
    ]  # fmt: skip
    keywords = [
        p for p in rec.keywords
        if prefer_keyword or not topic_tokens & set(range(p.start, p.end))
    ]  # fmt: skip
    if _has(parts, "topic") and not _has(parts, "keyword") and keywords and not topics:
        # "študenti na téme nlp": the topic whose keyword it is.
        as_topics = []
        for p in keywords:
            entries = [t for t in lexicon.topics if t.keyword in {e.id for e in p.entries}]
            if entries:
                as_topics.append(Phrase(p.start, p.end, list({t.id: t for t in entries}.values())))
        if as_topics:
            topics, keywords = as_topics, []
    return [("topic", topics), ("keyword", keywords), ("project", rec.projects),
            ("role", rec.roles)]  # fmt: skip


def _unknown_term(parts: Parts, elements: list[Element], subjects: bool) -> list[Element]:
    """ "Ktorí študenti majú kľúčové slovo astronómia?": a keyword or topic the wiki does
    not have is a mention with no entry (the answer says so, with near misses), not a
    word left unread."""
    asks = "keyword" if _has(parts, "keyword") else "topic" if _has(parts, "topic") else None
    named = any(e.type in ("topic", "keyword") for e in elements)
    if asks is None or named or subjects:
        return []
    left = _unaccounted(parts, elements)
    if not left:
        return []
    idx = sorted(covered(parts.tokens, [(s.start, s.end) for s in left]))
    text = " ".join(parts.core[s.start : s.end] for s in left)
    ref = EntityRef(asks, text, Span(left[0].start, left[-1].end), (), "phrase")
    return [Element(asks, idx[0], idx[-1] + 1, ref)]


def _with_logins(mentions: list[Mention]) -> list[Mention]:
    """A login beside a name decides the name ("Martina Horvátha mh123ab"): the name's
    mention keeps only that person, and the login is no second person."""
    logins = [m for m in mentions if m.match == "login" and len(m.candidates) == 1]
    out = []
    for m in mentions:
        if m in logins and any(
            m.candidates[0] in o.candidates and o is not m for o in mentions if o not in logins
        ):
            continue
        chosen = [lg.candidates[0] for lg in logins if lg.candidates[0] in m.candidates]
        if m not in logins and len(chosen) == 1 and len(m.candidates) > 1:
            m = Mention(m.text, m.start, m.end, chosen, m.match, m.unpublished)
        out.append(m)
    return out


# A one-word name is a person's when it has a woman's surname form ("Holpovej",
# "Molnárovú") or follows a form of address ("pani Holpovej", "pána Kováča").
_SURNAME_OVA = re.compile(r"ov(?:a|ej|ou|u)$")
_ADDRESS = re.compile(
    r"\b(?:pani|panej|panu|pan|pana|panovi|slecna|slecny|kolega|kolegu|kolegyna|kolegyne"
    r"|student|studenta|studentka|studentky|studentku|mr|mrs|ms|pani)\s+$"
)


def _person_shaped(name: str, lexicon: Lexicon, folded: str = "") -> bool:
    """A whole name ("Jozef Mrkvička"), a given name alone, or a surname by its form or
    a form of address: not "Git" or "Python"."""
    words = name.split()
    if len(words) >= 2 or fold(words[0]) in lexicon.first_name_forms:
        return True
    word = fold(words[0]).lower()
    i = folded.find(word)
    return bool(_SURNAME_OVA.search(word)) or (i >= 0 and bool(_ADDRESS.search(folded[:i])))


def _cue_tokens(parts: Parts, pattern_spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Character spans -> token spans [start, end)."""
    out = []
    for a, b in pattern_spans:
        idx = sorted(covered(parts.tokens, [(a, b)]))
        if idx:
            out.append((idx[0], idx[-1] + 1))
    return out


def _marks(parts: Parts, pattern: re.Pattern[str], type_: str) -> list[Element]:
    return [
        Element(type_, a, b)
        for a, b in _cue_tokens(parts, [m.span() for m in pattern.finditer(parts.folded)])
    ]


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
    if _has(parts, "topic") and subjects and not parts.rec.topics:
        # "Na akú tému písala bakalársku prácu?" asks the title; "Aké témy má?" topics.
        asked.add("title" if thesis_named else "topics")
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
    if _has(parts, "login"):
        asked.add("login")
    if _has(parts, "role") and subjects:
        asked.add("role")  # "Akú úlohu mal Wei Zhang v tíme X?": not the works
        asked.discard("works")
    return asked


# A person's works in general, plural: "aké práce mal", "všetky jeho práce".
_ALL_WORKS = re.compile(
    r"\b(?:ake|ktore|vsetky|jeho|jej|ich|what|which|all|his|her|their)\s+(?:\w+\s+)?"
    r"(?:prace|works|theses)\b|\bpracach\b"
)

# "okrem Barbory Šimkovej", "except Ján Holp": a person left out of the answer.
_EXCEPT = re.compile(r"\b(?:okrem|except|besides|mimo|krome)\b")


def _excepted(parts: Parts, ref: EntityRef) -> bool:
    if ref.span is None:
        return False
    before = parts.folded[max(0, ref.span.start - 30) : ref.span.start]
    return bool(_EXCEPT.search(before)) and len(before.split()) >= 1


def _reference(
    parts: Parts, subjects: list[EntityRef], titles: list[EntityRef], listing: bool
) -> tuple[Reference | None, list[EntityRef]]:
    """The relation of something named as a constraint on everything else:
    "rovnakého vedúceho ako Natália Ďuricová", "iní študenti vedúceho X", "Kto ďalší
    sa venuje rovnakej téme ako Juraj Ferko?", "Ktoré ďalšie práce viedol vedúci
    práce „…“?"."""
    same = bool(cu.SAME.search(parts.folded))
    others = bool(cu.OTHERS.search(parts.folded))
    if not (same or others) or not (listing or others):
        return None, subjects
    of: EntityRef | None = None
    if subjects and (same or _has(parts, "persons") or listing):
        of = subjects[0]
    elif titles and (same or others):
        of = titles[0]
    if of is None:
        return None, subjects
    for relation, cue in (
        ("supervisor", "supervisor"),
        ("consultant", "consultant"),
        ("topic", "topic"),
        ("keyword", "keyword"),
    ):
        if _has(parts, cue):
            kinds = frozenset(k for k, _, _ in parts.kinds)
            rest = [s for s in subjects if s is not of]
            return Reference(relation, of, kinds, others=True), rest
    return None, subjects


def compose(parts: Parts, lexicon: Lexicon, include_unpublished: bool) -> Query:
    """The query for one question (see the module docstring)."""
    rec = parts.rec
    elements: list[Element] = []
    subjects: list[EntityRef] = []
    leads: list[str] = []
    for m in _with_logins(rec.persons):
        role = _role(m, parts, lexicon)
        ref = _ref(parts, lexicon, m)
        if role == "family":
            elements.append(Element("family", m.start, m.end, ref))
        elif role == "subject":
            subjects.append(_keep(ref, lexicon, "subject"))
        else:
            leads.append(role)
            elements.append(Element(role, m.start, m.end, _keep(ref, lexicon, role)))
    listing = _has(parts, "count") or _has(parts, "list") or _has(parts, "persons")
    excepted = [s for s in subjects if _excepted(parts, s)]
    subjects = [s for s in subjects if s not in excepted]
    title_refs = [_phrase_ref(parts, "title", p) for p in rec.titles]
    reference, subjects = _reference(parts, subjects, title_refs, listing)
    # A whole name that fits nobody is still a person the question is about: it
    # stays a mention with no candidates, so the answer says it is unknown.
    unknown_refs = [
        EntityRef("person", name, _token_span(parts, a, b), (), "unknown")
        for name, a, b in rec.unknown
        if _person_shaped(name, lexicon, parts.folded)
    ]
    if unknown_refs and any(s.ids for s in subjects):
        # Beside persons it knows ("… Jána Holpa a Jozefa Mrkvičku"): the answer is
        # about them and says that this name was not found.
        unknown_refs = []
    if unknown_refs:
        # "Koho viedla Alena Vysoká?" names a supervisor; "Kto viedol prácu X?" a student.
        leading = _has(parts, "supervisor") or _has(parts, "consultant")
        if leading and _has(parts, "supervised") and not _has(parts, "who") and not subjects:
            role = "consultant" if _has(parts, "consultant") else "supervisor"
            for ref in unknown_refs:
                leads.append(role)
                elements.append(Element(role, 0, 0, ref))
        else:
            subjects += unknown_refs

    start_at = [a for a, _ in parts.cues.get("start", [])]
    for kind, a, b in parts.kinds:
        elements.append(Element("kind", *_char_to_tokens(parts, a, b), kind))
    for years, a, b in parts.years:
        near_start = start_at and (
            not parts.kinds
            or min(abs(a - s) for s in start_at) < min(abs(a - k[1]) for k in parts.kinds)
        )
        elements.append(
            Element("start_years" if near_start else "years", *_char_to_tokens(parts, a, b), years)
        )
    for type_, phrases in _phrases(parts, lexicon):
        for p in phrases:
            ref = _phrase_ref(parts, type_, p)
            if type_ == "keyword" and not _has(parts, "keyword"):
                # "koľko z nich bolo o ŠPZ?": a keyword stands for what a thesis is
                # about, which its tags may not say; only "kľúčové slovo X" is exact.
                ref = replace(ref, match="about")
            elements.append(Element(type_, p.start, p.end, ref))
    for p, ref in zip(rec.titles, title_refs, strict=True):
        if reference is None or reference.of is not ref:  # the referred thesis is no condition
            elements.append(Element("title", p.start, p.end, ref))
    for p in rec.title_words:
        ref = replace(_phrase_ref(parts, "title", p), match="words")
        elements.append(Element("title", p.start, p.end, ref))
    for ref in excepted:
        elements.append(Element("excepted", 0, 0, ref))
    if _has(parts, "consultant") and "consultant" not in leads and not subjects and listing:
        a, b = parts.cues["consultant"][0]
        elements.append(Element("with_consultant", *_char_to_tokens(parts, a, b)))
    elements += _marks(parts, cu.NEGATED_VERB, "negation") + _marks(parts, cu.NEGATION, "negation")
    # "okrem Balážovej": the word leaves that person out (``excepted``), not the
    # condition after her.
    left_out = [_char_to_tokens(parts, r.span.start, r.span.end) for r in excepted if r.span]
    for m in _marks(parts, cu.EXCEPT, "except"):
        if any(0 <= a - m.end <= 2 for a, _b in left_out):
            m = replace(m, type="except_word")  # read, and bound to no condition
        elements.append(m)
    elements += _marks(parts, cu.BOTH, "both") + _marks(parts, cu.OR, "or")
    elements += _marks(parts, cu.TOTAL, "total")
    elements += _unknown_term(parts, elements, bool(subjects))
    built = build(elements)

    conditions = tuple(built.conditions)
    clauses = _negation_scope(tuple(built.clauses), conditions)
    explicit_years = bool(parts.years)
    asked = _asked(parts, bool(subjects), leads, explicit_years)
    ask, unit = _ask(parts, subjects, elements, asked, listing, reference)
    if _led_topics(parts, subjects, elements):
        # "Aké témy sú na wiki?", "Ktoré témy vedie Bielik?": the topics themselves.
        unit = "topics"
        ask = "count" if _has(parts, "count") else "list"
    if ask not in ("path", "shared"):
        # The other names of a path or a comparison are endpoints, not conditions.
        subjects = [narrow(s, lexicon, clauses, conditions) for s in subjects]
    if (
        ask in ("list", "count")
        and not subjects
        and reference is None
        and not (clauses or conditions)
        and not listing
    ):
        ask = "open"
    unknown = tuple(
        name for name, _, _ in rec.unknown if not any(r.text == name for r in unknown_refs)
    )
    authors: tuple[EntityRef, ...] = ()
    if ask == "pages_by_author":
        authors = tuple(
            EntityRef("author", m.text, _token_span(parts, m.start, m.end), tuple(m.candidates),
                      m.match, names=tuple(_author_name(lexicon, i) for i in m.candidates))
            for m in rec.authors
        )  # fmt: skip
        if authors:
            unknown = ()
            # The author is who wrote the pages, no supervisor of anything.
            clauses, conditions, subjects = (), (), []
    unaccounted = _unaccounted(parts, elements)
    order, position = cu.order_of(parts.folded)
    intents = _intents(parts, subjects, elements)
    return Query(
        intents=intents,
        listing=listing,
        text=parts.text,
        core=parts.core,
        folded=parts.folded,
        tokens=tuple(parts.tokens),
        ask=ask,
        attributes=frozenset() if ask == "count" else frozenset(asked),
        unit=unit,
        subjects=tuple(subjects),
        clauses=clauses,
        conditions=conditions,
        reference=reference,
        authors=authors,
        combine=built.combine,
        unknown_names=unknown,
        unaccounted=unaccounted,
        language=parts.language,
        about_content=parts.about_content,
        order=order,
        position=position,
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
    named_terms = any(e.type in ("topic", "keyword") for e in elements)
    listing = _has(parts, "list") or _has(parts, "who") or _has(parts, "persons")
    found = {
        "supervision": _has(parts, "supervisor") or _has(parts, "consultant"),
        "topic": _has(parts, "topic") or _has(parts, "keyword") or (named_terms and listing),
        "time": bool(parts.years),
        "comparison": bool(_COMPARE.search(parts.folded)) or len(subjects) >= 2,
        "bridge": bool(_BRIDGE.search(parts.folded)),
    }
    return frozenset(name for name, on in found.items() if on)


def _author_name(lexicon: Lexicon, author_id: str) -> str:
    return next((a.name for a in lexicon.authors if a.id == author_id), author_id)


def _char_to_tokens(parts: Parts, a: int, b: int) -> tuple[int, int]:
    idx = sorted(covered(parts.tokens, [(a, b)]))
    return (idx[0], idx[-1] + 1) if idx else (0, 0)


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
        e.type in ("topic", "keyword", "negation", "except", "both", "or", "total")
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
_TOPICS_ASKED = re.compile(
    r"\b(?:kolko|kolik|pocet|ktore|ktere|ake|jake|zoznam|seznam|vsetky|vsechny|which|what"
    r"|many|list)\s+(?:\w+\s+)?tem(?:y|a|ata|at)?\b|\btopics\b"
)


def _led_topics(parts: Parts, subjects: list, elements: list[Element]) -> bool:
    """ "Ktoré témy vedie Bielik?", "Koľko tém je na wiki?": the topics themselves (all,
    or those one named leader leads), when no topic, kind or student is named."""
    leaders = [e for e in elements if e.type == "supervisor"]
    others = [e for e in elements if e.type not in ("supervisor", "negation", "total")]
    return (
        bool(_TOPICS_ASKED.search(parts.folded)) and len(leaders) <= 1 and not others
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


def _unaccounted(parts: Parts, elements: list[Element]) -> tuple[Span, ...]:
    """Spans of content words nothing accounts for."""
    spans = [s for ss in parts.cues.values() for s in ss]
    spans += [(a, b) for _, a, b in parts.kinds] + [(a, b) for _, a, b in parts.years]
    spans += parts.year_words
    accounted = covered(parts.tokens, spans)
    accounted |= parts.rec.entity_tokens
    for e in elements:
        accounted.update(range(e.start, e.end))
    for _, a, b in parts.rec.unknown:
        accounted.update(range(a, b))
    for pattern in (cu.SAME, cu.AS, cu.OTHERS, cu.CONTENT, cu.PAGES_FROM):
        accounted |= covered(parts.tokens, [m.span() for m in pattern.finditer(parts.folded)])
    out: list[Span] = []
    for t in parts.tokens:
        if t.index in accounted or t.folded.isdigit():
            continue
        if cu.is_function_word(t.folded, fold(lemma(t.text))):
            continue
        if len(t.folded) <= 2:
            continue
        if out and parts.core[out[-1].end : t.start].strip() == "":
            out[-1] = Span(out[-1].start, t.end)
        else:
            out.append(Span(t.start, t.end))
    return tuple(out)
