"""Find what a question names: the wiki's entries behind its words.

The question's words are first set aside when they are cue words, thesis
kinds, years or function words of the language (``cues``); the remaining
("free") words are matched against the wiki's lexicon:

- logins, exactly as the wiki's folders name them;
- persons: full names in any order, inflected, without diacritics, with a
  small typo; a surname alone; a given name alone; an initial with a
  surname ("K. Rusnák"); a family in the plural ("Ďuricovci");
- page authors, when the question is about pages and who wrote them;
- topics, keywords and team projects by the stems of their words;
- a thesis title: quoted, announced ("s názvom …") or most of its words.

Name-shaped words that fit nobody are kept as unknown names, so that
"Jozefa Mrkvičku" is said to be unknown rather than guessed. Every token a
finding covers is recorded, so that ``compose`` can tell which words of the
question were understood.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from zpagent.ingest.text import fold
from zpagent.lexical import lemma
from zpagent.query import cues as cu
from zpagent.query.lexicon import Lexicon, word_keys
from zpagent.query.mentions import Mention, find_names, unknown_names
from zpagent.query.phrases import (
    bag_phrase_matches,
    partial_phrase_matches,
    phrase_matches,
    with_shortened_word,
)
from zpagent.query.roles import IN_WORDS, Phrase, dedupe, find_roles, overlaps
from zpagent.query.said_terms import SaidTerm, said_terms
from zpagent.query.short_mentions import family_mentions, initial_mentions, login_mentions
from zpagent.query.team_words import up_to_team_word
from zpagent.query.title_phrases import (
    announced_title,
    asks_who_wrote,
    quoted_title,
    span_tokens,
    title_after_thesis_noun,
    title_matches,
    titles_named,
)
from zpagent.query.title_words import title_word_runs
from zpagent.query.tokens import Token, covered

# Cues that do not keep a word from being a name or a phrase word.
_SOFT_CUES = frozenset({"supervised", "unit_theses", "title_lookup", "team"})


@dataclass
class Recognized:
    persons: list[Mention] = field(default_factory=list)
    authors: list[Mention] = field(default_factory=list)
    topics: list[Phrase] = field(default_factory=list)
    keywords: list[Phrase] = field(default_factory=list)
    projects: list[Phrase] = field(default_factory=list)
    roles: list[Phrase] = field(default_factory=list)  # team members' roles
    titles: list[Phrase] = field(default_factory=list)
    title_words: list[Phrase] = field(default_factory=list)  # words of several titles
    title_text: str | None = None  # a quoted or announced title, as written
    unknown: list[tuple[str, int, int]] = field(default_factory=list)  # name, token span
    said: list[SaidTerm] = field(default_factory=list)  # names only the wiki's text says
    entity_tokens: set[int] = field(default_factory=set)

    def cover(self, start: int, end: int) -> None:
        self.entity_tokens.update(range(start, end))

    def cover_all(self, mentions: list[Mention]) -> None:
        for m in mentions:
            self.cover(m.start, m.end)


def blocked_tokens(
    tokens: list[Token],
    cue_spans: dict[str, list[tuple[int, int]]],
    fixed_spans: list[tuple[int, int]],
) -> set[int]:
    """Tokens that are never names or phrase words: cues, kinds, years, function words."""
    blocked = covered(
        tokens, [s for name, ss in cue_spans.items() if name not in _SOFT_CUES for s in ss]
    )
    blocked |= covered(tokens, fixed_spans)
    # Any form of a function verb ("obhajovali", "napísaných") is no keyword either.
    blocked |= {
        t.index
        for t in tokens
        if cu.is_function_word(t.folded, fold(lemma(t.text))) or t.folded.isdigit()
    }
    return blocked


@dataclass
class _Pass:
    """One question being read: its tokens, what was found so far (``out``) and
    which tokens are still free for the next finder."""

    tokens: list[Token]
    text: str
    folded: str
    cue_spans: dict[str, list[tuple[int, int]]]
    lexicon: Lexicon
    inc: bool
    out: Recognized
    free: list[bool] = field(default_factory=list)
    stems: list[frozenset[str]] = field(default_factory=list)
    phrase_tokens: set[int] = field(default_factory=set)
    starts: set[int] = field(default_factory=set)

    def take(self, start: int, end: int) -> None:
        """Tokens [start, end) are found: covered, and free no more."""
        self.out.cover(start, end)
        for j in range(start, end):
            self.free[j] = False

    def visible(self, entries: list) -> list:
        return self.lexicon.visible(entries, self.inc)


def recognize(
    tokens: list[Token],
    text: str,
    folded: str,
    cue_spans: dict[str, list[tuple[int, int]]],
    fixed_spans: list[tuple[int, int]],
    lexicon: Lexicon,
    include_unpublished: bool,
) -> Recognized:
    """Everything the question names (see the module docstring)."""
    rp = _Pass(tokens, text, folded, cue_spans, lexicon, include_unpublished, Recognized())
    _free_words(rp, fixed_spans)
    _title_given(rp)
    _persons(rp)
    _phrases(rp, fixed_spans)
    _said(rp)
    _titles_by_words(rp)
    _authors_and_unknown(rp)
    return rp.out


def _free_words(rp: _Pass, fixed_spans: list[tuple[int, int]]) -> None:
    """Initials first ("K." would otherwise be the preposition "k"); then the words
    no cue, kind, year or function word blocks."""
    tokens, out, lexicon = rp.tokens, rp.out, rp.lexicon
    base_free = [True] * len(tokens)
    for m in initial_mentions(tokens, rp.text, base_free, lexicon.person_index, rp.inc):
        out.persons.append(m)
        out.cover(m.start, m.end)
    blocked = blocked_tokens(tokens, rp.cue_spans, fixed_spans) | out.entity_tokens
    # "Kristína Malá": a capitalized word after a capitalized given name is a
    # surname slot even when the word is also a function word ("malá", "Nová").
    blocked -= {
        t.index
        for t in tokens[1:]
        if t.text[:1].isupper()
        and tokens[t.index - 1].text[:1].isupper()
        and tokens[t.index - 1].folded in lexicon.first_name_forms
        and t.index not in out.entity_tokens
        and not t.folded.isdigit()
    }
    rp.free = [t.index not in blocked for t in tokens]


def _title_given(rp: _Pass) -> None:
    """A title given in quotes or announced is a title, not names or keywords."""
    title = quoted_title(rp.text) or (
        announced_title(rp.text, rp.folded) if rp.cue_spans.get("title_lookup") else None
    )
    span = span_tokens(rp.tokens, rp.text, title) if title else None
    if span:
        rp.out.title_text = title
        rp.out.titles.append(
            Phrase(span[0], span[1], titles_named(title, rp.visible(rp.lexicon.titles)))
        )
        rp.take(*span)


def _persons(rp: _Pass) -> None:
    """Logins, families and names; a thesis title after "kto napísal prácu" even when
    a word of it looks like a name."""
    tokens, out, lexicon, inc = rp.tokens, rp.out, rp.lexicon, rp.inc

    def take(mentions: list[Mention]) -> None:
        for m in mentions:
            out.persons.append(m)
            if m.match == "unknown":
                continue  # a capitalized word no name fits may start a project or topic
            rp.take(m.start, m.end)

    # Logins, whatever their shape; then the words around cue words too (a login
    # is never a cue word, but "dp2021"-like logins would be blocked as nothing).
    login_free = [rp.free[t.index] or t.index not in out.entity_tokens for t in tokens]
    take(login_mentions(tokens, login_free, lexicon.person_by_login, inc))
    take(family_mentions(tokens, rp.free, lexicon.families, inc))
    take(find_names(tokens, rp.free, lexicon.person_index, inc,
                    given_names=lexicon.first_name_forms))  # fmt: skip
    full = [m for m in out.persons if m.match in ("full", "typo", "login", "initial")]
    if not out.titles and not full and asks_who_wrote(rp.cue_spans, rp.folded):
        # "Kto napísal prácu Klasifikácia spravodajských článkov?": a title, even
        # when a word of it looks like a name.
        title = title_after_thesis_noun(tokens, rp.text, rp.folded, lexicon)
        span = span_tokens(tokens, rp.text, title) if title else None
        if span:
            out.persons = [m for m in out.persons if m.end <= span[0] or m.start >= span[1]]
            out.entity_tokens = {j for m in out.persons for j in range(m.start, m.end)}
            out.titles.append(
                Phrase(span[0], span[1], titles_named(title, rp.visible(lexicon.titles)))
            )
            out.title_text = title
            rp.take(*span)


def _phrases(rp: _Pass, fixed_spans: list[tuple[int, int]]) -> None:
    """Team projects, topics, keywords and team members' roles, by their words' stems."""
    tokens, cue_spans, lexicon, out, free = rp.tokens, rp.cue_spans, rp.lexicon, rp.out, rp.free
    # Topics, keywords and projects may contain a cue word ("keyword spotting",
    # "Chatbot pre študijné oddelenie"): such words count when the phrase also
    # has a free word.
    stems = [word_keys(t.text) for t in tokens]
    cue_only = covered(tokens, [s for ss in cue_spans.values() for s in ss]) - (
        covered(tokens, fixed_spans) | out.entity_tokens
    )
    cue_only |= {
        t.index
        for t in tokens
        if t.folded in cu.FUNCTION_WORDS and t.index not in out.entity_tokens
    }
    for attr, entries in (
        ("projects", rp.visible(lexicon.projects)),
        ("topics", rp.visible(lexicon.topics)),
        ("keywords", rp.visible(lexicon.keywords)),
    ):
        found = dedupe(phrase_matches(stems, free, entries, cue_only))
        if attr == "projects" and not found:
            # Part of a project's title after a team word ("tím Parkovanie v kampuse");
            # without one, half of its words after "v" ("a v robotovi sprievodcovi?").
            function = {t.index for t in tokens if t.folded in cu.FUNCTION_WORDS}
            partial = partial_phrase_matches(stems, free, entries, function)
            if cue_spans.get("team"):
                # After a team word, its title's words in any order ("tím NFC dochádzka").
                partial = bag_phrase_matches(stems, free, entries, function) or partial
            else:
                partial = [(a, b, e) for a, b, e in partial
                           if 2 * (b - a) >= len(e.stems) and a > 0
                           and tokens[a - 1].folded in IN_WORDS]  # fmt: skip
            found = dedupe(with_shortened_word(partial, stems, free, function))
        if attr == "projects":
            found = [up_to_team_word(p, tokens, free, cue_spans) for p in found]
        setattr(out, attr, found)
    # A topic or keyword word inside a longer project title is the project's
    # ("Chatbot pre fakultnú knižnicu" is no mention of the topic "Chatboty").
    for attr in ("topics", "keywords"):
        setattr(out, attr, [p for p in getattr(out, attr) if not any(
            j.start <= p.start and p.end <= j.end and (j.end - j.start) > (p.end - p.start)
            for j in out.projects)])  # fmt: skip
    # Team members' roles ("na starosti vizualizáciu"), read from project pages.
    team = bool(cue_spans.get("team") or cue_spans.get("role"))
    out.roles = find_roles(stems, free, rp.visible(lexicon.roles), cue_only, team,
                           out.projects, out.topics + out.keywords)  # fmt: skip
    if team:
        # In a team's context a role wins over a keyword or topic it overlaps, unless
        # the phrase is longer: "riešitelia na stránke Analýza medicínskych obrazov"
        # names the topic, not the role "analýza dát" by its first word.
        longer = [
            p
            for p in out.topics + out.keywords
            if any(overlaps(r, [p]) and p.end - p.start > r.end - r.start for r in out.roles)
        ]
        out.roles = [r for r in out.roles if not overlaps(r, longer)]
        for attr in ("topics", "keywords"):
            setattr(out, attr, [p for p in getattr(out, attr) if not overlaps(p, out.roles)])
    # A phrase that is both a topic and a keyword is both; a longer one wins a token.
    for phrases in (out.projects, out.topics, out.keywords, out.roles):
        for p in phrases:
            out.cover(p.start, p.end)
    phrase_tokens = {
        j
        for ps in (out.projects, out.topics, out.keywords, out.roles)
        for p in ps
        for j in range(p.start, p.end)
    }
    # "v tíme Virtuálny asistent pre prvákov": the capitalized word was a project's.
    out.persons = [
        m
        for m in out.persons
        if m.match != "unknown" or not any(j in phrase_tokens for j in range(m.start, m.end))
    ]
    rp.stems, rp.phrase_tokens = stems, phrase_tokens


def _said(rp: _Pass) -> None:
    """Names only the students' pages say; then the unknown names are found too."""
    tokens, text, cue_spans, lexicon, out = rp.tokens, rp.text, rp.cue_spans, rp.lexicon, rp.out
    free, include_unpublished, phrase_tokens = rp.free, rp.inc, rp.phrase_tokens
    # "s robotom TurtleBot 4", "s daty Common Voice": a name the students' pages say
    # (no unknown person, even when it looks like one).
    unknown_tokens = {j for m in out.persons if m.match == "unknown" for j in range(m.start, m.end)}
    starts = {t.index for t in tokens if t.index == 0 or re.search(r"[.!?]\s*$", text[: t.start])}
    usable = [
        (free[t.index] and t.index not in phrase_tokens) or t.index in unknown_tokens
        for t in tokens
    ]
    # Only a question for a set of persons ("kto …", "ktorí študenti …", "koľko
    # študentov …") asks who said a name; "aké NDCG vyšlo tomu prvému?", "koľko jej
    # vyšlo MOS?" ask what a page says of it.
    asks_persons = any(cue_spans.get(c) for c in ("who", "persons", "students_of"))
    if asks_persons:
        out.said = said_terms(tokens, text, usable, starts, lexicon, include_unpublished)
    said_tokens = {j for t in out.said for j in range(t.start, t.end)}
    out.persons = [
        m for m in out.persons if not any(j in said_tokens for j in range(m.start, m.end))
    ]
    for t in out.said:
        out.cover(t.start, t.end)
        for j in range(t.start, t.end):
            free[j] = False
    for m in out.persons:
        if m.match == "unknown":
            out.cover(m.start, m.end)
            for j in range(m.start, m.end):
                free[j] = False

    rp.starts = starts


def _titles_by_words(rp: _Pass) -> None:
    """A thesis named by most of its words, or words several titles share."""
    tokens, cue_spans, lexicon, out, free = rp.tokens, rp.cue_spans, rp.lexicon, rp.out, rp.free
    phrase_tokens, stems = rp.phrase_tokens, rp.stems
    # A thesis named by most of its words, unquoted, in a question about a thesis
    # ("Kto napísal Rozpoznávanie pomenovaných entít v slovenčine?"), not "Čo je …?".
    about_thesis = any(cue_spans.get(c) for c in ("who", "author", "supervisor", "year"))
    if not out.titles and about_thesis:
        rest = [free[t.index] and t.index not in phrase_tokens for t in tokens]
        found = title_matches(tokens, rest, rp.visible(lexicon.titles))
        if found is not None:
            out.titles.append(found)
            out.cover(found.start, found.end)
            for j in range(found.start, found.end):
                free[j] = False

    if not out.titles:
        # "práca o overovaní totožnosti podľa hlasu": leftover words that stand in
        # the same thesis titles name those theses (approximately).
        usable = [free[t.index] and t.index not in phrase_tokens for t in tokens]
        function = {t.index for t in tokens if t.folded in cu.FUNCTION_WORDS}
        for a, b, entries in title_word_runs(
            tokens, stems, usable, function, rp.visible(lexicon.titles)
        ):
            out.title_words.append(Phrase(a, b, entries))
            out.cover(a, b)
            for j in range(a, b):
                free[j] = False


def _authors_and_unknown(rp: _Pass) -> None:
    """Page authors, when pages by someone are asked for; name-shaped words nobody has."""
    tokens, text, folded, cue_spans = rp.tokens, rp.text, rp.folded, rp.cue_spans
    lexicon, out, free = rp.lexicon, rp.out, rp.free
    phrase_tokens, starts = rp.phrase_tokens, rp.starts
    if cue_spans.get("documents") and (cue_spans.get("author") or cu.PAGES_FROM.search(folded)):
        # "Stránky od Daniela Hládka": the page author, matched like a person's name.
        person_tokens = {j for m in out.persons for j in range(m.start, m.end)}
        author_free = [free[t.index] or t.index in person_tokens for t in tokens]
        out.authors = find_names(tokens, author_free, lexicon.author_index, True, first_names=False)
        out.cover_all(out.authors)
    for name in unknown_names(
        tokens, free, phrase_tokens | out.entity_tokens, lexicon.first_name_forms, starts
    ):
        span = span_tokens(tokens, text, name)
        if span:
            out.unknown.append((name, *span))
