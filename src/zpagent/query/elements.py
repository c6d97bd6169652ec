"""The elements of a question: what each word it was read into stands for.

A person in a role (the subject, a supervisor, a consultant, a family), a
thesis kind, a year, a topic, keyword, project, role or title, a name the
pages' prose says, and the marks that combine them (a negation, "okrem", "aj
… aj", "alebo", "spolu"), each with the tokens it covers. ``compose`` builds
them into clauses and conditions (``clauses.build``) and decides what is asked.
"""

from __future__ import annotations

from dataclasses import replace

from zpagent.query import cues as cu
from zpagent.query.clauses import Element
from zpagent.query.lexicon import Lexicon
from zpagent.query.marks import char_to_tokens, leader_again, marks
from zpagent.query.model import EntityRef, Reference
from zpagent.query.named_persons import _keep, _ref, _role, _with_logins, person_shaped
from zpagent.query.parts import Parts, _has, _token_span
from zpagent.query.roles import Phrase


def phrase_ref(parts: Parts, kind: str, p: Phrase) -> EntityRef:
    return EntityRef(
        kind=kind,
        text=" ".join(t.text for t in parts.tokens[p.start : p.end]),
        span=_token_span(parts, p.start, p.end),
        ids=tuple(e.id for e in p.entries),
        match="phrase",
        names=tuple(e.name for e in p.entries),
    )


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


def person_elements(
    parts: Parts, lexicon: Lexicon
) -> tuple[list[Element], list[EntityRef], list[str]]:
    """The persons named: the subjects, and the leaders and families as elements (with
    the roles they lead in)."""
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
    return elements, subjects, leads


def unknown_persons(
    parts: Parts, lexicon: Lexicon, subjects: list[EntityRef]
) -> tuple[list[EntityRef], list[Element], list[str], list[EntityRef]]:
    """Whole names that fit nobody: (their refs, the elements and roles of those that
    lead, those that are subjects)."""
    rec = parts.rec
    elements: list[Element] = []
    leads: list[str] = []
    new_subjects: list[EntityRef] = []
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
            new_subjects += unknown_refs
    return unknown_refs, elements, leads, new_subjects


def kind_and_year_elements(parts: Parts) -> list[Element]:
    """Thesis kinds, and years of theses or of the start of study."""
    elements: list[Element] = []
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
    return elements


def phrase_elements(
    parts: Parts,
    lexicon: Lexicon,
    qualifier: set[int],
    title_refs: list[EntityRef],
    reference: Reference | None,
    excepted: list[EntityRef],
) -> list[Element]:
    """Topics, keywords, projects, roles, names the prose says, titles and title
    words; the persons left out ("okrem X")."""
    rec = parts.rec
    elements: list[Element] = []
    for type_, phrases in _phrases(parts, lexicon):
        for p in phrases:
            if qualifier & set(range(p.start, p.end)):
                continue  # "English title": which title, no keyword
            ref = phrase_ref(parts, type_, p)
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
        ref = replace(phrase_ref(parts, "title", p), match="words")
        elements.append(Element("title", p.start, p.end, ref))
    for ref in excepted:
        elements.append(Element("excepted", 0, 0, ref))
    return elements


def mark_elements(
    parts: Parts,
    so_far: list[Element],
    leads: list[str],
    subjects: list[EntityRef],
    listing: bool,
    excepted: list[EntityRef],
) -> tuple[list[Element], set[str]]:
    """The words that combine the others (negations, "okrem", "aj … aj", "alebo",
    "spolu", "with a consultant"), and the roles of the persons left out."""
    elements: list[Element] = []
    if _has(parts, "consultant") and "consultant" not in leads and not subjects and listing:
        a, b = parts.cues["consultant"][0]
        elements.append(Element("with_consultant", *char_to_tokens(parts, a, b)))
    elements += marks(parts, cu.NEGATED_VERB, "negation") + marks(parts, cu.NEGATION, "negation")
    neither = marks(parts, cu.NEITHER, "negation")
    if neither and len([e for e in elements if e.type == "negation"]) + len(neither) >= 2:
        # "nemali ani bakalárku, ani diplomovku pod Gregušom": none of them with him.
        elements += [*neither, Element("both", neither[0].start, neither[0].end)]
    elements += leader_again(parts, [*so_far, *elements])
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
        e.type for e in [*so_far, *elements]
        if e.type in ("supervisor", "consultant")
        and any(0 <= e.start - m.end <= 2 for m in excepts)
    } if _has(parts, "who") else set()  # fmt: skip
    elements += marks(parts, cu.SOMEONE_ELSE, "someone_else")
    elements += marks(parts, cu.BOTH, "both") + marks(parts, cu.OR, "or")
    elements += marks(parts, cu.TOTAL, "total")
    return elements, left_out_roles
