"""Words of a question the query did not read, and the lines that say them.

"Aký je anglický názov diplomovky X?": the typed title answers as far as the
question was understood; the person's own line that says the unread word
("Názov v angličtine: ...") comes beside it. "Aká je maximálna dĺžka úlohy v
Slurme?": a name-like term no quoted line says leaves no quote, since lines that
share the question's other words answer another question.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from zpagent.answer.evidence import Bundle
from zpagent.answer.quotes import Quote, unit_list
from zpagent.ingest.text import fold
from zpagent.lexical import lemma, stem
from zpagent.query import Query


def unnamed_term(quotes: list[Quote], question: Query) -> bool:
    """A name-like term of the question that fits nobody (no person's given name)
    and that no quoted line says."""
    # (An English plural says its singular: "GPUs" is said by "3 GPU karty".)
    terms = [fold(re.sub(r"(?<=[A-Z])s$", "", n)).lower()[:5] for n in question.unknown_names
             if len(n) >= 4 and len(n.split()) == 1]  # fmt: skip
    if not terms:
        return False
    said = " ".join(fold(q.text).lower() for q in quotes)
    return not any(t in said for t in terms)


_OTHER_LANGUAGE = {"engli": "angli", "angli": "engli", "origi": "povod", "povod": "origi"}
UNREAD_LINES = 2
_PUNCTUATION = ".,:;!?()[]{}\"'„“”‚‘’*_`"  # lines shown that say a word the query did not read


def unread_lines(bundle: Bundle, question: Query) -> list[Quote]:
    """Lines of the named persons' own pages that say a word of a fact question the
    query did not read ("anglický názov" -> "Názov v angličtine: ..."): shown beside
    the typed facts, which answer the question as far as it was understood. A
    labelled line comes before a sentence that only mentions the word."""
    if question.ask != "fact" or not question.unaccounted or not bundle.subjects:
        return []
    own = {s.id for s in bundle.subjects}
    pages = {s.document_path for s in bundle.subjects if s.document_path}
    found: dict[str, tuple[int, Quote]] = {}
    for sid, ev in bundle.by_id.items():
        if ev.subject_id not in own and ev.source.document_path not in pages:
            continue
        for text in ev.texts:
            for unit in unit_list(text):
                said = unread_said(unit.text, question)
                if unit.text not in found and said:
                    # A line that says more of the unread words first ("robot",
                    # "rezervovaný" and "lab" of one question), then a labelled one.
                    rank = (-said, 0 if unit.kind == "label" else 1)
                    found[unit.text] = (rank, Quote(sid, unit.text))
    ranked = sorted(found.values(), key=lambda x: x[0])
    return [q for _, q in ranked[:UNREAD_LINES]]


def unread_words(question: Query) -> list[str]:
    """The words of the question nothing read that can say something."""
    # Short words say little, except an acronym written as one ("MOS", "CER", "GPU").
    return [
        w
        for u in question.unaccounted_words
        for w in u.split()
        if len(w) > 3 or (len(w) >= 2 and w.isupper())
    ]


def _with_other_forms(stems: set[str], question: Query) -> set[str]:
    # The same word in the wiki's other language: "English title" is "Anglický
    # názov", "anglický názov" may be "English title", "pôvodný" is "original".
    stems = stems | {_OTHER_LANGUAGE[s[:5]] for s in stems if s[:5] in _OTHER_LANGUAGE}
    if question.language == "cs":
        # Czech "ů" is Slovak "ô"/"o" ("původní" / "pôvodný").
        stems |= {s.replace("u", "o", 1) for s in stems}
    return stems


def unread_stems(question: Query) -> set[str]:
    return _with_other_forms({stem(w) for w in unread_words(question)}, question)


def never_said(words: list[str], question: Query, says: Callable[[str, str], bool]) -> list[str]:
    """Those of ``words`` no page says in any form (``says(prefix, lemma)`` tells
    whether a page has a word with that prefix, or that lemma: "kariet" is "karta",
    which "karty" says). A prefix is the stem's first five letters (long enough not
    to be a common prefix) or the whole stem, or the word in the other language."""
    out = []
    for w in words:
        st = stem(w)
        prefixes = _with_other_forms({st[:5] if len(st) >= 5 else st}, question)
        lem = fold(lemma(w)).lower()
        if not any(says(p, lem) for p in prefixes):
            out.append(w)
    return out


def _says(word: str, unread: str) -> bool:
    """One word of a line says an unread word: the same stem ("dátach" / "dáta"), or,
    for a stem long enough not to be a common prefix, a longer form of it
    ("publikac" / "publikačnej"). A five-letter prefix of an inflected form
    ("datac") missed the base form, a three-letter one would say "dátum"."""
    if word.startswith(unread[:5]) and len(unread) >= 5:
        return True
    return stem(word) == unread


def unread_said(text: str, question: Query) -> int:
    """How many of the question's unread words ``text`` says."""
    # Whole words as written ("e-mail" is not "mail"), without the punctuation around.
    words = [w.strip(_PUNCTUATION) for w in fold(text).lower().split()]
    return sum(any(_says(w, s) for w in words) for s in unread_stems(question))


def says_unread(text: str, question: Query) -> bool:
    return unread_said(text, question) > 0
