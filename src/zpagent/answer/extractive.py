"""Answers without an LLM: verbatim lines from the best evidence, cited.

A quoted line is grounded by construction. Lines are scored by the query
terms they contain (folded, lemmatized, prefix stems), labelled lines that
match the asked attribute ("Vedúci práce:", "Názov práce:") get a bonus.
"""

from __future__ import annotations

import re

from zpagent.answer.evidence import Bundle
from zpagent.ingest.text import fold
from zpagent.lexical import content_terms, lemma, stem, tokens

LABELS = {
    "supervisor": re.compile(r"vedu[c]|skolitel|supervisor", re.IGNORECASE),
    "consultant": re.compile(r"konzultant", re.IGNORECASE),
    "thesis_title": re.compile(r"nazov|tema|title|projekt", re.IGNORECASE),
    "thesis_year": re.compile(r"prac|thesis", re.IGNORECASE),
    "start_year": re.compile(r"zaciatk", re.IGNORECASE),
}
_NOISE = re.compile(r"^(?:stránka|autor stránky|sekcia|text):", re.IGNORECASE)


def _score(line: str, terms: list[tuple[str, str, str]], asked: set[str]) -> float:
    words = {fold(w) for w in tokens(line)}
    lemmas = {fold(lemma(w)) for w in tokens(line)}
    score = 0.0
    for folded, lem, st in terms:
        if folded in words or lem in lemmas or any(w.startswith(st) for w in words):
            score += 1.0
    # A labelled line ("Názov práce: ...", "Vedúci: ...") or a heading that
    # names what was asked is the answer itself, not just related text.
    label = _LABELLED.match(line)
    head = fold(line.split(":", 1)[0]) if label else fold(line) if len(line) < 60 else ""
    for attr in asked:
        pattern = LABELS.get(attr)
        if pattern and head and pattern.search(head):
            score += 2.5
    return score


_MARKDOWN = re.compile(r"[*_`#>]+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ0-9])")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_LABELLED = re.compile(r"^[^:]{2,40}:\s*\S")


def units(text: str) -> list[str]:
    """Sentences and labelled lines, with hard-wrapped lines joined back."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text):
        lines = [ln for ln in block.splitlines() if ln.strip()]
        paragraph: list[str] = []
        for line in lines:
            clean = _MARKDOWN.sub("", _LIST_ITEM.sub("", line)).strip()
            if _LIST_ITEM.match(line) or _LABELLED.match(clean) or line.lstrip().startswith("#"):
                if paragraph:
                    out.extend(_SENTENCE.split(" ".join(paragraph)))
                    paragraph = []
                out.append(clean)
            else:
                paragraph.append(clean)
        if paragraph:
            out.extend(_SENTENCE.split(" ".join(paragraph)))
    return [u.strip() for u in out if len(u.strip()) >= 4]


def extract(bundle: Bundle, question: str, max_lines: int = 2) -> list[tuple[str, str]]:
    """(source_id, sentence) pairs, best first; lower-ranked sources weigh less."""
    terms = [(fold(t), fold(lemma(t)), stem(t)) for t in content_terms(question)]
    scored = []
    for rank, src in enumerate(bundle.sources):
        ev = bundle.by_id[src.source_id]
        for text in ev.texts:
            for unit in units(text):
                if _NOISE.match(unit):
                    continue
                s = _score(unit, terms, bundle.asked)
                if s > 0:
                    scored.append((s - 0.75 * rank, -rank, src.source_id, unit))
    if not scored:
        return []
    scored.sort(reverse=True)
    best = scored[0][0]
    out, seen = [], set()
    for s, _r, sid, unit in scored:
        if s < best - 1.0 or unit in seen:
            continue
        seen.add(unit)
        out.append((sid, unit))
        if len(out) >= max_lines:
            break
    return out
