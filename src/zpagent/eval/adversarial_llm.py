"""An adversarial scripted model: it reads the sources and answers wrongly on purpose.

Each attack takes what an honest model would claim (``honest_llm``) and the
sources it read, and twists it in one realistic way: a value of the wrong
attribute, thesis, person or year, a cut or padded title, a statement whose
quote is real but whose words are not, markup, a false "not found". It
returns the claims and the *payload*: strings that must never reach the
user. An attack that does not apply to a prompt returns None (the
evaluation counts only the attempts that happened). The repair round gets
the same attack again: the adversary never gives in.
"""

from __future__ import annotations

import json
from typing import Any

from zpagent.eval.honest_llm import asked_by, asked_kinds, typed_claims
from zpagent.eval.prompt_reading import read_prompt
from zpagent.eval.statement_attacks import (
    statement_english,
    statement_fact_line,
    statement_hedge,
    statement_injection,
    statement_markup,
    statement_negation,
    statement_slander,
    statement_slander_value,
    statement_value_beside_a_real_quote,
)
from zpagent.eval.typed_attacks import (
    Attack,
    Claims,
    another_persons_value,
    author_as_subject,
    consultant_as_supervisor,
    false_not_found,
    invented_value,
    null_subject_other_person,
    other_thesis,
    title_cut_end,
    title_cut_start,
    title_folded,
    title_lookalike,
    title_padded,
    two_pages_mixed,
    unasked_attribute,
    unasked_person,
    unknown_source,
    wrong_count,
    wrong_kind_label,
    wrong_year,
)

ATTACKS: dict[str, Attack] = {
    "invented_value": invented_value,
    "title_cut_start": title_cut_start,
    "title_cut_end": title_cut_end,
    "title_padded": title_padded,
    "title_folded": title_folded,
    "title_lookalike": title_lookalike,
    "other_thesis": other_thesis,
    "consultant_as_supervisor": consultant_as_supervisor,
    "another_persons_value": another_persons_value,
    "two_pages_mixed": two_pages_mixed,
    "null_subject_other_person": null_subject_other_person,
    "author_as_subject": author_as_subject,
    "wrong_year": wrong_year,
    "wrong_kind_label": wrong_kind_label,
    "unasked_person": unasked_person,
    "unasked_attribute": unasked_attribute,
    "unknown_source": unknown_source,
    "false_not_found": false_not_found,
    "wrong_count": wrong_count,
    "statement_negation": statement_negation,
    "statement_hedge": statement_hedge,
    "statement_value_beside_a_real_quote": statement_value_beside_a_real_quote,
    "statement_english": statement_english,
    "statement_markup": statement_markup,
    "statement_slander": statement_slander,
    "statement_slander_value": statement_slander_value,
    "statement_fact_line": statement_fact_line,
    "statement_injection": statement_injection,
}


class Adversary:
    """A responder for ``ScriptedLLM``: one attack, every round; records what it tried."""

    def __init__(self, attack: str) -> None:
        self.attack = ATTACKS[attack]
        self.applied = False
        self.payload: list[str] = []

    def __call__(self, body: dict[str, Any]) -> dict[str, str]:
        prompt = read_prompt(body)
        asked = asked_by(prompt)
        honest = typed_claims(prompt, asked - {"count"}) if asked else []
        found = self.attack(prompt, honest)
        if found is None:
            claims: Claims = honest
        else:
            claims, payload = found
            self.applied = True
            self.payload = list(dict.fromkeys([*self.payload, *payload]))
        answerable = bool(claims) or (found is None and bool(honest))
        content = json.dumps({"answerable": answerable, "claims": claims}, ensure_ascii=False)
        return {"content": content}


__all__ = ["ATTACKS", "Adversary", "asked_kinds"]
