"""From what a question names and the words around it to one ``Query``.

1. **Roles** (``named_persons``): a person the question names is either the
   subject (the student whose facts are asked) or a supervisor/consultant
   constraint.
2. **What is asked** (``asks``): history, pages by an author, a path,
   something shared, a count, facts of the subjects, who wrote a titled
   thesis, a list, the content of a set's pages, or an open question.
3. **Conditions** (``clauses.build``): kinds, years, supervisors,
   consultants, titles, projects, topics, keywords, families, negations,
   "aj … aj", "alebo", in word order; a reference to another person's
   supervisor ("rovnakého vedúceho ako X") becomes ``Reference``.
4. **What was not understood** (``unaccounted``): every word no cue, entry or
   function word accounts for.
"""

from __future__ import annotations

from dataclasses import replace

from zpagent.query import cues as cu
from zpagent.query.asks import (
    _ask,
    _asked,
    _intents,
    _led_topics,
    asked_terms,
    asks_unread,
    counts_keywords,
)
from zpagent.query.clauses import Element, build
from zpagent.query.either_role import ROLES, either_role
from zpagent.query.lexicon import Lexicon
from zpagent.query.marks import (
    by_meaning,
    char_to_tokens,
    leader_again,
    leaderless_topics,
    marks,
)
from zpagent.query.model import (
    THESIS_KINDS,
    Condition,
    EntityRef,
    Query,
    Reference,
    Span,
    ThesisClause,
    in_text_order,
)
from zpagent.query.named_persons import (
    _excepted,
    _keep,
    _ref,
    _role,
    _with_logins,
    person_shaped,
)
from zpagent.query.narrow import narrow
from zpagent.query.parts import Parts, _has, _token_span
from zpagent.query.roles import Phrase
from zpagent.query.tokens import covered
from zpagent.query.unaccounted import _unaccounted, _unknown_term, unsaid_doer


def _phrase_ref(parts: Parts, kind: str, p: Phrase) -> EntityRef:
    return EntityRef(
        kind=kind,
        text=" ".join(t.text for t in parts.tokens[p.start : p.end]),
        span=_token_span(parts, p.start, p.end),
        ids=tuple(e.id for e in p.entries),
        match="phrase",
        names=tuple(e.name for e in p.entries),
    )


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


def _about_rules(
    parts: Parts,
    ask: str,
    subjects: list[EntityRef],
    conditions: tuple[Condition, ...],
    reference: Reference | None,
    unaccounted: tuple[Span, ...],
) -> bool:
    """A question of the wiki's rules, asked of no one: "Do kedy treba odovzdať
    diplomovku?", "Koľko zdrojov má citovať diplomovka?" (a count of something the
    graph does not hold)."""
    if subjects or conditions or reference is not None or not cu.RULES.search(parts.folded):
        return False
    return ask == "open" or (ask in ("count", "list") and bool(unaccounted))


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
        if person_shaped(name, lexicon, parts.folded)
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

    # A year belongs to the start of study when it stands nearer to a start cue
    # (either end of it: "začali študovať v 2018") than to any thesis kind.
    start_at = [x for span in parts.cues.get("start", []) for x in span]
    for kind, a, b in parts.kinds:
        elements.append(Element("kind", *char_to_tokens(parts, a, b), kind))
    for years, a, b in parts.years:
        near_start = start_at and (
            not parts.kinds
            or min(abs(a - s) for s in start_at) < min(abs(a - k[1]) for k in parts.kinds)
        )
        elements.append(
            Element("start_years" if near_start else "years", *char_to_tokens(parts, a, b), years)
        )
    qualifier = covered(parts.tokens, [m.span() for m in cu.TITLE_QUALIFIER.finditer(parts.folded)])
    for type_, phrases in _phrases(parts, lexicon):
        for p in phrases:
            if qualifier & set(range(p.start, p.end)):
                continue  # "English title": which title, no keyword
            ref = _phrase_ref(parts, type_, p)
            if type_ == "keyword" and not _has(parts, "keyword"):
                # "koľko z nich bolo o ŠPZ?": a keyword stands for what a thesis is
                # about, which its tags may not say; only "kľúčové slovo X" is exact.
                ref = replace(ref, match="about")
            elements.append(Element(type_, p.start, p.end, ref))
    for t in rec.said:
        # "s robotom TurtleBot 4": the students whose own pages say the name.
        ref = EntityRef("mention", t.text, _token_span(parts, t.start, t.end),
                        tuple(p.id for p in t.persons), "said",
                        names=tuple(p.name for p in t.persons),
                        pages=tuple(p.document_path for p in t.persons))  # fmt: skip
        elements.append(Element("mentions", t.start, t.end, ref))
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
        elements.append(Element("with_consultant", *char_to_tokens(parts, a, b)))
    elements += marks(parts, cu.NEGATED_VERB, "negation") + marks(parts, cu.NEGATION, "negation")
    neither = marks(parts, cu.NEITHER, "negation")
    if neither and len([e for e in elements if e.type == "negation"]) + len(neither) >= 2:
        # "nemali ani bakalárku, ani diplomovku pod Gregušom": none of them with him.
        elements += [*neither, Element("both", neither[0].start, neither[0].end)]
    elements += leader_again(parts, elements)
    # "okrem Balážovej": the word leaves that person out (``excepted``), not the
    # condition after her.
    left_out = [char_to_tokens(parts, r.span.start, r.span.end) for r in excepted if r.span]
    excepts = marks(parts, cu.EXCEPT, "except")
    for m in excepts:
        if any(0 <= a - m.end <= 2 for a, _b in left_out):
            m = replace(m, type="except_word")  # read, and bound to no condition
        elements.append(m)
    # "Kdo kromě Fabiána vedl práce o syntéze řeči?": the supervisor left out is one
    # of those asked for; his role word still asks the role.
    left_out_roles = {
        e.type for e in elements
        if e.type in ("supervisor", "consultant")
        and any(0 <= e.start - m.end <= 2 for m in excepts)
    } if _has(parts, "who") else set()  # fmt: skip
    elements += marks(parts, cu.SOMEONE_ELSE, "someone_else")
    elements += marks(parts, cu.BOTH, "both") + marks(parts, cu.OR, "or")
    elements += marks(parts, cu.TOTAL, "total")
    elements += by_meaning(parts, elements, qualifier, lexicon, include_unpublished)
    leaderless = leaderless_topics(parts, elements)
    if not leaderless:
        elements += _unknown_term(parts, elements, bool(subjects))
    built = build(elements)

    conditions = tuple(built.conditions)
    clauses = _negation_scope(tuple(built.clauses), conditions)
    explicit_years = bool(parts.years)
    asked = _asked(parts, bool(subjects), [r for r in leads if r not in left_out_roles],
                   explicit_years)  # fmt: skip
    ask, unit = _ask(parts, subjects, elements, asked, listing, reference)
    if leaderless:
        asked.discard("supervisor")  # what the topics lack, not what is asked of them
    if leaderless or _led_topics(parts, subjects, elements):
        # "Aké témy sú na wiki?", "Ktoré témy vedie Bielik?": the topics themselves.
        unit = "topics"
        ask = "count" if _has(parts, "count") else "list"
    if (
        ask == "count"
        and (subjects or not (clauses or conditions or reference))
        and unit == "theses"
        and not any(not c.negated and c.kinds for c in clauses)
    ):
        # "Koľko prác má uvedených Mateo García?": his theses, of every kind; with no
        # kind to count by, the count was of nothing (an exact 0).
        clauses = (*clauses, ThesisClause(kinds=frozenset(THESIS_KINDS)))
    named_team = any(e.type == "kind" and e.value == "team_project" for e in elements)
    if ask == "fact" and subjects and named_team and not any(c.kinds for c in clauses):
        # "kto viedol tímový projekt, v ktorom Jančová robila firmvér čítačky?": of the
        # named person, her team project is asked; the role says which one.
        clauses = (*clauses, ThesisClause(kinds=frozenset({"team_project"})))
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
    unaccounted = _unaccounted(parts, elements, qualifier)
    doer = unsaid_doer(parts, bool(subjects), elements)
    if doer is not None:
        unaccounted = in_text_order(*unaccounted, doer)
    if subjects and ask in ("fact", "profile"):
        # "Aké BLEU dosiahla X?": the keyword after the question word is what is asked
        # of her pages (its value), no condition on her.
        terms = asked_terms(parts, conditions)
        if terms:
            ask = "fact"
            conditions = tuple(c for c in conditions if c not in terms)
            spans = [r.span for c in terms for r in c.refs if r.span]
            unaccounted = in_text_order(*unaccounted, *spans)
    # "How many GPUs can one student use?": a capitalized word nobody has is as unread
    # as any other when it is what is asked.
    unknown_spans = tuple(_token_span(parts, a, b) for _name, a, b in parts.rec.unknown)
    unread_asked = asks_unread(parts, (*unaccounted, *unknown_spans)) and reference is None
    how_many = unread_asked and ask == "count"
    if unread_asked and ask in ("list", "count") and (ask == "count" or not subjects):
        # "Aký port…", "which port do I use to ssh…", "koľko prípadov…": the thing asked
        # for is no unit the graph lists or counts (persons, theses, topics), so the
        # pages' text answers, not a list of the theses that share a keyword with it.
        ask = "fact" if subjects else "open"  # of the named person's pages
    if ask == "count" and not subjects and counts_keywords(parts):
        # "Koľko kľúčových slov má mať abstrakt?": a number the rules say, no count of
        # the students who hold some keyword.
        ask = "open"
    order, position = cu.order_of(parts.folded)
    intents = _intents(parts, subjects, elements)
    about_rules = _about_rules(parts, ask, subjects, conditions, reference, unaccounted)
    if about_rules and ask == "list":
        ask = "open"  # "Aký má mať diplomovka rozsah?": what the rules say, no list of theses
    combine = built.combine
    either = either_role(parts, clauses, conditions)
    if either is not None:
        clauses, combine = either, "or"
        asked -= ROLES  # the role words are the conditions, not what is asked
        ask = "count" if ask == "count" else "list"
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
        lacking=frozenset({"supervisor"}) if leaderless else frozenset(),
        about_rules=about_rules,
        combine=combine,
        unknown_names=unknown,
        unaccounted=unaccounted,
        language=parts.language,
        about_content=parts.about_content,
        order=order,
        position=position,
        how_many=how_many,
        asks_amount=bool(cu.AMOUNT.search(parts.folded)),
        of_persons=_has(parts, "persons"),
    )


def _author_name(lexicon: Lexicon, author_id: str) -> str:
    return next((a.name for a in lexicon.authors if a.id == author_id), author_id)
