"""The answer without an LLM: rendered from the facts that answer the question
(or, for open questions, verbatim sentences). It is also what an answer falls
back to when the model is down, slow, or its answer fails verification."""

from __future__ import annotations

from typing import Any

from zpagent.answer.candidates import LABELS
from zpagent.answer.evidence import Bundle
from zpagent.answer.extractive import extract
from zpagent.answer.facts import TYPED, Fact
from zpagent.answer.gather import AnswerOptions
from zpagent.answer.quotes import is_label_line
from zpagent.answer.responses import _deliver, _not_found
from zpagent.answer.sections import counted_sections
from zpagent.answer.select import answering_facts
from zpagent.answer.unread import says_unread, unnamed_term, unread_lines
from zpagent.contract import AnswerResponse
from zpagent.ingest.text import fold
from zpagent.query import Query


def with_their_titles(facts: list[Fact], evidence: list[Fact]) -> list[Fact]:
    """A supervisor or consultant with the title of the thesis they led: "which
    thesis" is part of the answer; and a thesis title with who led it ("Čo robil
    Attila za prácu?" reads best with its supervisor), and a supervisor with the
    consultant of the same thesis. Verified facts of the same evidence, never another
    item's."""
    titled = {f.item for f in facts if f.attribute in ("thesis_title", "work_title")}
    # (A team role, too, comes with the project it is a role in.)
    leading = ("supervisor", "consultant", "role")
    leads = {f.item for f in facts if f.attribute in leading and f.item}
    titles = [
        f for f in evidence
        if f.attribute in ("thesis_title", "work_title") and f.item in leads - titled
    ]  # fmt: skip
    led = {f.item for f in facts if f.attribute == "supervisor"}
    leaders = [
        f for f in evidence
        if f.attribute == "supervisor" and f.item in titled - led and f.thesis_kind
    ]  # fmt: skip
    # Who led a thesis is its supervisor with its consultant ("kto viedol bakalárku X?").
    guided = led | {f.item for f in leaders}
    consulted = {f.item for f in facts if f.attribute == "consultant"}
    consultants = [
        f for f in evidence
        if f.attribute == "consultant" and f.item in guided - consulted and f.thesis_kind
    ]  # fmt: skip
    unique = {(f.item, f.value): f for f in leaders + consultants}
    return facts + list({f.item: f for f in titles}.values()) + list(unique.values())


def _without_llm(
    bundle: Bundle, question: Query, opts: AnswerOptions, **fields: Any
) -> AnswerResponse:
    # Graph lists and counts state their exact size, computed by the database.
    count = (bundle.aggregation or {}).get("count")
    facts = with_their_titles(answering_facts(bundle), bundle.facts)
    # Lists, profiles, paths: everything the graph found (what pages *say* is quoted).
    # "na akých dátach to robil?": a word nobody read is what is asked; the lines
    # of their pages that say it answer, not everything known about them.
    unread = question.ask in ("fact", "profile") and not question.attributes
    unread = unread and bool(question.unaccounted)
    everything = bundle.engine != "rag" and not bundle.question.about_content and not unread
    if everything and not (bundle.asked & {f.attribute for f in bundle.facts}):
        facts = list(bundle.facts)
    if facts or count is not None or (bundle.paths and bundle.engine != "rag"):
        quotes = unread_lines(bundle, question) if facts else []
        return _deliver(bundle, question, opts, facts, quotes, count, mode="deterministic",
                        **fields)  # fmt: skip
    if bundle.about_own_pages and bundle.asked & TYPED:
        # Asked for a typed fact of named persons that their pages do not state
        # ("konzultant bakalárskej práce" when only the master thesis has one):
        # not found, never a quote of another thesis's line.
        return _not_found(bundle, question, opts, **fields)
    sections = counted_sections(bundle)
    if sections:
        # "Koľko stretnutí má X zapísaných?": the meeting headings, listed and counted.
        about = _the_thesis(bundle, question)
        return _deliver(bundle, question, opts, about, sections, None, mode="extractive",
                        **fields)  # fmt: skip
    quotes = extract(bundle, per_source=bundle.engine == "rag+graph" and not unread)
    if question.ask in ("fact", "profile", "list", "count") and question.unaccounted:
        # What is asked is a word nobody read ("oponentom"): only a line that says
        # that word answers; another line of the page would answer another question.
        # (A list under a heading that says it: "Publikácie" for "kde publikovala?")
        # (Not a line that only means something close: every page has one that
        # stands out, whether or not the wiki says what was asked, measured.)
        quotes = [q for q in quotes if says_unread(f"{q.lead} {q.text}", question)]
    if question.asks_topic_leader:
        # "Kto je kontaktná osoba pre tému X?" that the graph has no leader for: only
        # a line labelled as its leader answers, not a line that names the topic.
        quotes = [q for q in quotes if _labelled_leader(q.text)]
    if unnamed_term(quotes, question):
        # "Aká je maximálna dĺžka úlohy v Slurme?": the name the question hinges on
        # stands in none of the lines; lines that share its other words answer
        # another question.
        quotes = []
    if not quotes and unread:
        # "Na akom zariadení postavil Žiak zavlažovací systém?": no line says the
        # unread word, a fact of the named person does (the title "… so zariadením
        # Arduino Nano 33 IoT").
        saying = [f for f in bundle.facts if says_unread(f.value, question)]
        if saying:
            return _deliver(bundle, question, opts, saying, [], None,
                            mode="deterministic", **fields)  # fmt: skip
    if not quotes:
        return _not_found(bundle, question, opts, **fields)
    # "na akom robotovi robila X diplomovku?": which thesis the lines are of comes first.
    about = _the_thesis(bundle, question) if unread and quotes else []
    return _deliver(bundle, question, opts, about, quotes, None, mode="extractive", **fields)


def _labelled_leader(text: str) -> bool:
    return is_label_line(text) and bool(LABELS["supervisor"].search(fold(text.split(":")[0])))


def _the_thesis(bundle: Bundle, question: Query) -> list[Fact]:
    """The title and supervisor of the one thesis of the named person the question is
    about (of its kind when it names one); none when that is not one thesis."""
    if len(bundle.subjects) != 1:
        return []
    kinds = set(question.kinds)
    own = [
        f for f in bundle.facts
        if f.subject_id == bundle.subjects[0].id and f.thesis_kind
        and (not kinds or f.kind in kinds)
        and f.attribute in ("thesis_title", "supervisor")
    ]  # fmt: skip
    if len({f.item for f in own}) != 1:
        return []
    return own
