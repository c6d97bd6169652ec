"""Lexical analysis shared by indexing and querying (Slovak first).

Slovak is highly inflected: ``prácu``, ``práce`` and ``práca`` are one word,
and users often type without diacritics. The index therefore keeps, beside
the raw text, a column of folded lemmas (``simplemma``), and queries match a
term either as typed or as its lemma; FTS5's ``remove_diacritics 2`` folds
both sides. A light suffix stemmer serves prefix matching for words the
lemmatizer does not know, such as surnames (``Holpa`` -> ``holp``).
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache

import simplemma

from zpagent.ingest.text import fold

_TOKEN = re.compile(r"\w+", re.UNICODE)

# Question and function words that carry no topic. Kept folded (no diacritics)
# so that typed-without-diacritics queries are handled alike.
STOPWORDS = frozenset(
    """
    a aj ak ako aky aka ake aku akej akeho akom akych akymi ale alebo ani az
    by bol bola boli bolo byt bude budu co com cim cia cie cii cej do ho i
    ich je jeho jej ju k kam kde kedy kolko kto ktory ktora ktore ktoru ktori
    ktoreho ktorej ktorom ktorych ku ma mal mala mali malo mat mi mu na nad
    nam nas nie o od on ona oni ono po pod pre pred pri s sa si so su ta tak
    take tam te ten tej tento tieto to toho tom tu tuto u v vo vsak z za ze zo
    sme ste som mne nou nim nich uz iba len tiez
    potrebujem potrebovala potreboval chcem chcel chcela hladam zaujima zaujimalo
    povedz povedzte napis napiste najdi najdite ukaz ukazte vies viete prosim
    dakujem mozes mozete pisal pisala pisali venoval venovala vybral vybrala
    robil robila volal volala
    the an of in on for what who whom whose which is are was were did does do
    how many much with to by about from at as be been has have had it its
    this that these those me my tell please
    """.split()
)


_LOAD_LOCK = threading.Lock()
_loaded = False


def load_lemmas() -> None:
    """Load the Slovak lemma dictionary once (about 0.6 s and 100 MB).

    simplemma caches it, but does not lock the first load: right after a
    (re)start, every request thread that came first loaded its own copy at
    once, and 16 parallel loads fighting over the GIL kept the server busy for
    over ten seconds. The server calls this before it reports ready.
    """
    global _loaded
    if _loaded:
        return
    with _LOAD_LOCK:
        if not _loaded:
            simplemma.lemmatize("práca", lang="sk")
            _loaded = True


@lru_cache(maxsize=200_000)
def lemma(token: str) -> str:
    load_lemmas()
    try:
        return simplemma.lemmatize(token, lang="sk").lower()
    except (ValueError, KeyError):
        return token


_SUFFIXES = sorted(
    """
    ovia ovi ových ovým ovej ovou ovho ovom ovmi ami ach ach och ych ymi emu eho ieho iemu ich imi
    ou ov om ej ia ie iu mi ho mu ou ám ách ou ý á é í ú y a u e i o
    """.split(),
    key=len,
    reverse=True,
)


def stem(token: str) -> str:
    """Strip one common Slovak case ending; never below three characters."""
    t = fold(token)
    for suffix in _SUFFIXES:
        s = fold(suffix)
        if t.endswith(s) and len(t) - len(s) >= 3:
            return t[: -len(s)]
    return t


def tokens(text: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(text)]


def lemma_text(text: str) -> str:
    """The lemma column of the FTS index: folded lemmas of every token."""
    return " ".join(fold(lemma(t)) for t in tokens(text))


def content_terms(query: str) -> list[str]:
    """Query tokens without stopwords (all tokens if nothing else is left)."""
    toks = tokens(query)
    content = [t for t in toks if fold(t) not in STOPWORDS]
    return content or toks
