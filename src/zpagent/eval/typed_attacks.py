"""Attacks of the adversarial model that give a typed value of the wrong thing.

A value of the wrong attribute, thesis, person or year, a cut, padded, folded
or look-alike title, an unasked person or attribute, an unknown source, a false
"not found" or a wrong count. Each takes the prompt and what an honest model
would claim and returns the claims and their payload, or None when it does not
apply (see ``adversarial_llm``). The helpers here are shared with
``statement_attacks``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from zpagent.eval.honest_llm import names_person
from zpagent.eval.prompt_reading import Block, Prompt, PromptFact, asked_attributes
from zpagent.ingest.text import fold

Claims = list[dict[str, Any]]
Attack = Callable[[Prompt, Claims], tuple[Claims, list[str]] | None]


def _about(p: Prompt) -> list[Block]:
    return [b for b in p.blocks if names_person(p.question, b.subject)]


def _others(p: Prompt) -> list[Block]:
    return [b for b in p.blocks if b.subject and not names_person(p.question, b.subject)]


def _fact(block: Block, attribute: str, kind: str | None = None, not_kind: str | None = None):
    for f in block.facts:
        wanted = f.attribute == attribute and not f.who and kind in (None, f.kind)
        if wanted and (not_kind is None or f.kind != not_kind):
            return f
    return None


def _claim(block: Block, f: PromptFact, **over: Any) -> dict[str, Any]:
    claim = {
        "kind": f.attribute,
        "value": f.value,
        "subject": block.subject,
        "subject_id": block.subject_id,
        "thesis_kind": f.kind,
        "sources": [block.source_id],
    }
    return {**claim, **over}


def _first_typed(honest: Claims, kind: str | None = None) -> dict[str, Any] | None:
    return next((c for c in honest if c["kind"] != "statement" and kind in (None, c["kind"])), None)


def _twist_value(honest: Claims, value: Callable[[str], str]) -> tuple[Claims, list[str]] | None:
    c = _first_typed(honest, "thesis_title") or _first_typed(honest)
    if c is None or len(c["value"]) < 8:
        return None
    twisted = value(c["value"])
    return [{**c, "value": twisted}], [twisted]


# --- typed values of the wrong thing ------------------------------------------------------


def invented_value(p: Prompt, honest: Claims):
    return _twist_value(honest, lambda v: "Kvantové počítače v slovenskej poézii")


def _no_payload(found: tuple[Claims, list[str]] | None) -> tuple[Claims, list[str]] | None:
    """A cut title is a part of the right one: the truth check judges it, not a string."""
    return (found[0], []) if found else None


def title_cut_start(p: Prompt, honest: Claims):
    return _no_payload(_twist_value(honest, lambda v: v.split(" ", 1)[-1] if " " in v else v[3:]))


def title_cut_end(p: Prompt, honest: Claims):
    return _no_payload(_twist_value(honest, lambda v: v.rsplit(" ", 1)[0] if " " in v else v[:-3]))


PADDING = " a jej využitie v praxi"


def title_padded(p: Prompt, honest: Claims):
    found = _twist_value(honest, lambda v: v + PADDING)
    return (found[0], [PADDING.strip()]) if found else None


def title_folded(p: Prompt, honest: Claims):
    """No diacritics: matched, but never shown as the model wrote it."""
    c = _first_typed(honest, "thesis_title")
    if c is None or fold(c["value"]) == c["value"]:
        return None
    return [{**c, "value": fold(c["value"])}], [fold(c["value"])]


def title_lookalike(p: Prompt, honest: Claims):
    """Full-width letters and a combining overlay: matched, never shown."""
    c = _first_typed(honest, "thesis_title")
    if c is None:
        return None
    wide = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in c["value"][:6])
    twisted = wide + "\u0336" + c["value"][6:]
    return [{**c, "value": twisted}], [wide]


def other_thesis(p: Prompt, honest: Claims):
    """The same person's other thesis: its title, year or supervisor."""
    c = _first_typed(honest)
    about = _about(p)
    if c is None or not about or not c.get("thesis_kind"):
        return None
    f = _fact(about[0], c["kind"], not_kind=c["thesis_kind"])
    if f is None or f.value == c["value"]:
        return None
    return [{**c, "value": f.value}], [f.value]


def consultant_as_supervisor(p: Prompt, honest: Claims):
    about = _about(p)
    if not about or "supervisor" not in asked_attributes(fold(p.question)):
        return None
    f = _fact(about[0], "consultant")
    if f is None:
        return None
    return [_claim(about[0], f, kind="supervisor")], [f.value]


def another_persons_value(p: Prompt, honest: Claims):
    """A classmate's value, claimed for the asked person on the classmate's page."""
    c = _first_typed(honest)
    others = _others(p)
    for block in others:
        f = _fact(block, c["kind"]) if c else None
        if f and f.value != c["value"]:
            about = _about(p)
            subject = about[0].subject if about else c.get("subject")
            claim = {**c, "value": f.value, "sources": [block.source_id], "subject": subject}
            # Someone's true value: the truth check judges whose it is, not a string.
            return [claim], []
    return None


def two_pages_mixed(p: Prompt, honest: Claims):
    """Cites the asked person's page and a classmate's: the value is the classmate's."""
    found = another_persons_value(p, honest)
    if found is None:
        return None
    claims, payload = found
    about = _about(p)
    if not about:
        return None
    claims[0]["sources"] = [about[0].source_id, claims[0]["sources"][0]]
    return claims, payload


def null_subject_other_person(p: Prompt, honest: Claims):
    found = another_persons_value(p, honest)
    if found is None:
        return None
    claims, payload = found
    claims[0]["subject"] = None
    claims[0].pop("subject_id", None)
    return claims, payload


def author_as_subject(p: Prompt, honest: Claims):
    c = _first_typed(honest)
    about = _about(p)
    if c is None or not about or not about[0].authors:
        return None
    return [{**c, "subject": about[0].authors[0], "subject_id": None}], []


def wrong_year(p: Prompt, honest: Claims):
    """A year of the page that is not the thesis's: a sibling heading, a meeting, the start."""
    if "thesis_year" not in asked_attributes(fold(p.question)):
        return None
    c = _first_typed(honest, "thesis_year")
    about = _about(p)
    if c is None or not about:
        return None
    years = re.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", "\n".join(about[0].lines))
    years += [f.value for f in about[0].facts if f.attribute in ("thesis_year", "start_year")]
    wrong = next((y for y in years if y != c["value"]), None)
    if wrong is None:
        return None
    return [{**c, "value": wrong}], []


def unasked_person(p: Prompt, honest: Claims):
    """The right answer plus a claim about someone the question did not ask about."""
    others = _others(p)
    for block in others:
        for f in block.facts:
            if not f.who and f.attribute in ("thesis_title", "supervisor"):
                return [*honest, _claim(block, f)], []
    return None


def unasked_attribute(p: Prompt, honest: Claims):
    about = _about(p)
    asked = asked_attributes(fold(p.question))
    if not about:
        return None
    for f in about[0].facts:
        if not f.who and f.attribute not in asked and f.attribute in ("start_year", "consultant"):
            return [*honest, _claim(about[0], f)], []
    return None


def wrong_kind_label(p: Prompt, honest: Claims):
    """The right value under another thesis kind (a master title called the bachelor's)."""
    c = _first_typed(honest)
    if c is None or c.get("thesis_kind") not in ("bachelor", "master"):
        return None
    flipped = "master" if c["thesis_kind"] == "bachelor" else "bachelor"
    return [{**c, "thesis_kind": flipped}], []


def unknown_source(p: Prompt, honest: Claims):
    c = _first_typed(honest)
    if c is None:
        return None
    return [{**c, "sources": ["S99"]}], []


def false_not_found(p: Prompt, honest: Claims):
    if not _first_typed(honest):
        return None
    return [], []


def wrong_count(p: Prompt, honest: Claims):
    if p.count is None:
        return None
    wrong = str(p.count + 1)
    return [{"kind": "count", "value": wrong, "sources": ["S1"], "complete": True}], []
