"""An honest scripted model: claims what the sources say, as a careful model would.

It reads the prompt (``prompt_reading``), finds the person the question
names among the sources, and claims the facts the question asks for, of
the kind it names, copying values exactly; a count from the graph's
aggregation; for a question about what a set of pages says, the first
sentence of prose of each page; for another open question, the source
sentence that shares the most words with it, quoted whole. It knows nothing of the verifier: it is
the measure of how often an honest answer is refused.
"""

from __future__ import annotations

import json
import re
from typing import Any

from zpagent.eval.prompt_reading import Block, Prompt, about_content, asked_attributes, read_prompt
from zpagent.ingest.text import fold

KIND_WORDS = (("bakal", "bachelor"), ("diplom", "master"), ("dizert", "dissertation"))
_THESIS = re.compile(r"\b(?:prac|bakalar|diplom|dizert|thesis)")
_STOP = frozenset("ktory ktora ktore aky aka ake ako kto preco kedy ktorych alebo".split())


def _words(text: str) -> set[str]:
    """Stems of the content words (their first five letters: Slovak inflects the end)."""
    words = re.findall(r"\w+", fold(text).lower())
    return {w[:5] for w in words if len(w) >= 4 and w not in _STOP}


def names_person(question: str, name: str | None) -> bool:
    """Every word of ``name`` appears in the question (by its first letters: inflection)."""
    if not name:
        return False
    q = fold(question).lower()
    parts = [fold(w).lower() for w in name.split()]
    # Given names lose letters when declined (Peter -> Petra): three letters do.
    first, last = parts[:-1], parts[-1]
    return all(p[:3] in q for p in first) and last[: max(3, min(len(last) - 1, 4))] in q


def asked_kinds(question: str) -> list[str]:
    q = fold(question).lower()
    return [kind for word, kind in KIND_WORDS if word in q]


def claims_json(claims: list[dict[str, Any]], answerable: bool = True) -> dict[str, str]:
    return {"content": json.dumps({"answerable": answerable, "claims": claims}, ensure_ascii=False)}


def _has_year(block: Block, years: list[str]) -> bool:
    return any(f.attribute == "thesis_year" and f.value in years for f in block.facts)


def typed_claims(prompt: Prompt, asked: set[str]) -> list[dict[str, Any]]:
    kinds = asked_kinds(prompt.question)
    about = [b for b in prompt.blocks if names_person(prompt.question, b.subject)]
    years = re.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", prompt.question)
    if years and len({b.subject_id for b in about}) > 1:
        # Namesakes: the year in the question tells which one is meant.
        about = [b for b in about if _has_year(b, years)] or about
    out = []
    for block in about or prompt.blocks:
        for f in block.facts:
            if f.attribute not in asked or f.who:
                continue
            if kinds and f.kind and f.kind not in kinds and f.attribute != "start_year":
                continue
            out.append(
                {
                    "kind": f.attribute,
                    "value": f.value,
                    "subject": block.subject,
                    "subject_id": block.subject_id,
                    "thesis_kind": f.kind,
                    "sources": [block.source_id],
                }
            )
    return out


def first_prose(block: Block) -> str | None:
    """The block's first sentence of prose (a capital, some length), as a summary."""
    return next((x for x in block.sentences() if len(x) >= 40 and x[:1].isupper()), None)


def best_sentence(prompt: Prompt) -> tuple[Block, str] | None:
    wanted = _words(prompt.question)
    best: tuple[tuple[int, int, int], Block, str] | None = None
    for rank, block in enumerate(prompt.blocks):
        for sentence in block.sentences():
            score = len(wanted & _words(sentence))
            key = (score, -rank, len(sentence))
            if score and (best is None or key > best[0]):
                best = (key, block, sentence)
    return (best[1], best[2]) if best else None


def asked_by(prompt: Prompt) -> set[str]:
    """What the question asks, as a careful reader takes it: "Akú prácu písal X?"
    about a person in the sources asks for the title."""
    asked = set(asked_attributes(fold(prompt.question)))
    about = any(names_person(prompt.question, b.subject) for b in prompt.blocks)
    if not asked and about and _THESIS.search(fold(prompt.question).lower()):
        asked = {"thesis_title"}
    return asked


def honest_responder(body: dict[str, Any]) -> dict[str, str]:
    prompt = read_prompt(body)
    asked = asked_by(prompt)
    if asked == {"count"}:
        if prompt.count is None:
            return claims_json([], answerable=False)
        value = str(prompt.count)
        return claims_json([{"kind": "count", "value": value, "sources": ["S1"]}])
    named = any(names_person(prompt.question, b.subject) for b in prompt.blocks)
    if asked and named:
        claims = typed_claims(prompt, asked)
        return claims_json(claims) if claims else claims_json([], answerable=False)
    if about_content(fold(prompt.question)):
        # "O čom sú práce …?": what each page of the set says, one sentence of each.
        quotes = [(b.source_id, q) for b in prompt.blocks if (q := first_prose(b))]
        if quotes:
            return claims_json(
                [
                    {"kind": "statement", "value": q, "quote": q, "sources": [sid]}
                    for sid, q in quotes
                ]
            )
    found = best_sentence(prompt)
    if found is None:
        return claims_json([], answerable=False)
    block, sentence = found
    claim = {
        "kind": "statement",
        "value": sentence,
        "quote": sentence,
        "sources": [block.source_id],
    }
    return claims_json([claim])
