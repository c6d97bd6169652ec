"""Names only the wiki's prose says: "TurtleBot 4", "ESPnet", "AMI Meeting Corpus".

A dataset, robot or toolkit that several students used is written in their
pages' text, in no tag, topic or title the lexicon holds. A run of the
question's unread words that looks like such a name (a capital inside the
word, letters with digits, a capital not starting the sentence) is looked up
in the wiki's text as one phrase (``Lexicon.said``, the generation's FTS
index); the longest part of it that students' own pages say names them.
Whether it is a name is the wiki's data, not the word's shape: a run no
student's page says stays unread (or an unknown person).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from zpagent.query import cues as cu
from zpagent.query.lexicon import Lexicon, PersonEntry
from zpagent.query.mentions import QUESTION_LANGUAGES, is_common_word
from zpagent.query.tokens import Token

MAX_RUN = 6
MIN_WRITTEN = 4  # a shorter lowercase word is too often a word of the language
# Small words a name may hold ("Journal of Electrical Engineering") and the
# prepositions between a noun and the name it introduces ("publikáciu v …").
_JOINERS = frozenset({"of", "for", "and", "the", "de", "la", "von", "van"})
_INSIDE = frozenset({"v", "vo", "s", "so", "na", "z", "zo", "in", "with", "on", "from", "pre"})


@dataclass
class SaidTerm:
    start: int  # tokens [start, end): the name, with a noun before it ("robotom")
    end: int
    text: str  # the name as the question writes it
    persons: list[PersonEntry]


def _namelike(
    t: Token, starts_sentence: bool, written: Callable[[str], bool] | None = None
) -> bool:
    """A word shaped like a name, or typed in lowercase where the wiki's pages write it
    as one ("kaldi" for "Kaldi", ``written``)."""
    if written is not None and t.text.islower() and len(t.folded) >= MIN_WRITTEN:
        # A word of the languages asked in ("assistant", "model") is that word, even
        # where a page writes it in a name ("Google Assistant").
        common = is_common_word(t, QUESTION_LANGUAGES)
        if t.folded not in cu.FUNCTION_WORDS and not common and written(t.text):
            return True
    letters = any(c.isalpha() for c in t.text)
    if letters and any(c.isdigit() for c in t.text):
        return True  # "IDS2017", "v4"
    if any(c.isupper() for c in t.text[1:]):
        return True  # "ESPnet", "TurtleBot", "AMI"
    return t.text[:1].isupper() and not starts_sentence


def said_terms(
    tokens: list[Token],
    text: str,
    usable: list[bool],
    starts: set[int],
    lexicon: Lexicon,
    include_unpublished: bool,
) -> list[SaidTerm]:
    """The names in runs of ``usable`` tokens that students' own pages say."""
    said: Callable[[list[str]], frozenset[str]] | None = lexicon.said
    if said is None:
        return []
    written = getattr(said, "written_as_name", None)

    def namelike(t: Token, starts_sentence: bool) -> bool:
        return _namelike(t, starts_sentence, written)

    def persons_saying(a: int, b: int) -> list[PersonEntry]:
        paths = said([t.text for t in tokens[a:b]])
        found = [lexicon.person_by_path.get(p) for p in sorted(paths)]
        return [
            p
            for p in found
            if p is not None and p.has_page and (p.published or include_unpublished)
        ]

    # A word of a person's name ("Karola Holpa", "Ján Dlhý") names a person, known or
    # not: never a dataset, though a page may say it.
    names = {
        t.index
        for t in tokens
        if t.folded in lexicon.first_name_forms or lexicon.person_index.lookup(t.text)
    }
    out: list[SaidTerm] = []
    i = 0
    while i < len(tokens):
        if not (usable[i] and namelike(tokens[i], i in starts)):
            i += 1
            continue
        end = i
        # The run: unread words, a number after them ("TurtleBot 4") and the small
        # words inside a name ("Journal of Electrical Engineering").
        while (
            end < len(tokens)
            and end - i < MAX_RUN
            and (usable[end] or tokens[end].folded.isdigit() or tokens[end].folded in _JOINERS)
        ):
            end += 1
        found = _longest(tokens, i, end, starts, persons_saying, names, namelike)
        if found is None:
            i += 1
            continue
        a, b, persons = found
        tail = b
        if b < len(tokens) and usable[b] and not namelike(tokens[b], False):
            # "the TurtleBot 4 robot": the noun after the name is the one the wiki
            # writes before it ("Robot TurtleBot 4").
            tail += bool(said([tokens[b].text] + [t.text for t in tokens[a:b]]))
        head = _head(tokens, usable, starts, a, namelike)
        if tail == b and head == a and b < len(tokens) and usable[b]:
            # "the CALLHOME dataset": with no noun before the name, the one after it
            # is the name's (what kind of thing it is), as "robotom" is before it.
            tail += tokens[b].folded not in cu.FUNCTION_WORDS and not namelike(tokens[b], False)
        out.append(SaidTerm(head, tail, text[tokens[a].start : tokens[b - 1].end], persons))
        i = tail
    return out


def _head(
    tokens: list[Token],
    usable: list[bool],
    starts: set[int],
    a: int,
    namelike: Callable[[Token, bool], bool],
) -> int:
    """Where the name's phrase starts: the noun before it is the name's ("s robotom
    TurtleBot 4", "s daty Common Voice", "publikáciu v Journal of …")."""
    head = a
    if head > 1 and tokens[head - 1].folded in _INSIDE and usable[head - 2]:
        head -= 1
    if head > 0 and usable[head - 1] and not namelike(tokens[head - 1], head - 1 in starts):
        return head - 1
    return a


def _longest(
    tokens: list[Token],
    start: int,
    end: int,
    starts: set[int],
    persons_saying: Callable[[int, int], list[PersonEntry]],
    names: set[int],
    namelike: Callable[[Token, bool], bool],
) -> tuple[int, int, list[PersonEntry]] | None:
    """The longest part of tokens [start, end) with a name-like word that students'
    pages say, starting at ``start`` first."""
    for length in range(end - start, 0, -1):
        for a in range(start, end - length + 1):
            b = a + length
            if tokens[a].folded in cu.FUNCTION_WORDS or tokens[a].folded.isdigit():
                continue
            if tokens[b - 1].folded in _JOINERS:
                continue
            if not any(namelike(tokens[j], j in starts) for j in range(a, b)):
                continue
            if any(j in names for j in range(a, b)):
                continue
            persons = persons_saying(a, b)
            if persons:
                return a, b, persons
    return None
