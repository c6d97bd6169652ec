"""Bind every claim to one typed fact or quote of the evidence, or drop it.

A typed claim ``(subject, attribute, kind, value)`` is supported only by a
fact of a cited page with the same attribute and the same whole value (no
case, diacritics, quotes or academic titles; never a substring), of the
claimed kind and the claimed person (by name or id), about a person the
question names, of a thesis kind and year the question asks. A count must
equal the database aggregation. A statement is only its ``quote``: one to
three whole sentences of a cited source, verbatim. What binds is delivered
in the evidence's words; what does not is dropped and counted as a failure.

Failure codes, per claim: ``unknown_source``, ``unsupported_value``,
``wrong_attribute`` (the value is another attribute, e.g. a consultant
claimed as supervisor), ``wrong_kind``, ``wrong_subject``,
``author_as_subject``, ``unasked_person``, ``unasked_kind``,
``unasked_year``, ``unasked_attribute``, ``unsupported_quote``,
``count_mismatch``, ``count_unverifiable``, ``false_completeness``; for the
whole answer: ``missing_attribute`` (an asked attribute the evidence holds
was left out) and ``missed_answer`` ("not answerable" while it holds it).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from zpagent.answer.claims import Claim, ClaimSet
from zpagent.answer.evidence import Bundle
from zpagent.answer.facts import TYPED, Fact, value_key
from zpagent.answer.quotes import Quote, find_quote
from zpagent.answer.select import answering_facts, fits_question, item_years
from zpagent.query.names import same_person

# Failures that send the model a repair round (the rest only drop a claim).
BLOCKING = frozenset({"missing_attribute", "missed_answer", "nothing_verified"})


@dataclass
class Failure:
    code: str
    claim: int | None
    detail: str

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass
class Verdict:
    facts: list[Fact] = field(default_factory=list)  # bound, in claim order
    quotes: list[Quote] = field(default_factory=list)
    count: int | None = None
    failures: list[Failure] = field(default_factory=list)

    @property
    def blocking(self) -> bool:
        return any(f.code in BLOCKING for f in self.failures)

    @property
    def empty(self) -> bool:
        return not (self.facts or self.quotes or self.count is not None)


def _bind_typed(i: int, claim: Claim, bundle: Bundle, years_of: dict) -> list[Fact] | Failure:
    cited = set(claim.sources)
    key = value_key(claim.kind, claim.value)
    same_value = [f for f in bundle.facts if value_key(f.attribute, f.value) == key and key]
    here = [f for f in same_value if f.source_id in cited]
    found = [f for f in here if f.attribute == claim.kind]
    if not found:
        if here:
            return Failure("wrong_attribute", i, f"hodnota je iný údaj ({here[0].attribute})")
        return Failure("unsupported_value", i, "citované zdroje hodnotu neuvádzajú")
    if claim.thesis_kind:
        found = [f for f in found if f.kind == claim.thesis_kind]
        if not found:
            return Failure("wrong_kind", i, f"hodnota nepatrí k práci typu {claim.thesis_kind}")
    if claim.subject_id:
        found = [f for f in found if f.subject_id == claim.subject_id]
        if not found:
            return Failure("wrong_subject", i, "údaj patrí inej osobe")
    if claim.subject:
        matching = [f for f in found if same_person(claim.subject, f.subject)]
        if not matching:
            authors = {
                a for s in claim.sources if s in bundle.by_id for a in bundle.by_id[s].authors
            }
            if any(same_person(claim.subject, a) for a in authors):
                return Failure("author_as_subject", i, "autor stránky nie je osoba, o ktorej je")
            return Failure("wrong_subject", i, "údaj patrí inej osobe")
        found = matching
    reasons = [fits_question(f, bundle, years_of) for f in found]
    fitting = [f for f, why in zip(found, reasons, strict=True) if why is None]
    if not fitting:
        code = next(r for r in reasons if r)
        return Failure(code, i, "na toto sa otázka nepýtala")
    return fitting


def _bind_quote(i: int, claim: Claim, bundle: Bundle) -> Quote | Failure:
    if not claim.quote:
        return Failure("unsupported_quote", i, "výrok bez doslovnej citácie")
    # A question about a student quotes the student's own page; a supervisor has
    # none (what is said of them is on their students' pages).
    own = bundle.about_own_pages
    ids = {s.id for s in bundle.subjects}
    for sid in claim.sources:
        ev = bundle.by_id[sid]
        if own and ev.subject_id not in ids:
            continue
        text = find_quote(claim.quote, ev.texts)
        if text is not None:
            return Quote(sid, text)
    return Failure("unsupported_quote", i, "citácia nie je doslovne v citovanom zdroji")


def verify(claims: ClaimSet, bundle: Bundle) -> Verdict:
    verdict = Verdict()
    years_of = item_years(bundle.facts)
    asked_typed = bundle.asked & TYPED
    seen: set[tuple[str, str | None, str | None, str]] = set()
    for i, claim in enumerate(claims.claims):
        unknown = [s for s in claim.sources if s not in bundle.by_id]
        if unknown:
            verdict.failures.append(Failure("unknown_source", i, "neznámy zdroj"))
            continue
        if claim.complete and bundle.cut:
            verdict.failures.append(Failure("false_completeness", i, "dôkazy boli skrátené"))
        if claim.kind == "count":
            agg = bundle.aggregation or {}
            if agg.get("count") is None:
                verdict.failures.append(Failure("count_unverifiable", i, "počet nemá agregáciu"))
            elif value_key("count", claim.value) != str(agg["count"]):
                verdict.failures.append(Failure("count_mismatch", i, "počet nesúhlasí s grafom"))
            else:
                verdict.count = int(agg["count"])
            continue
        if claim.kind == "statement":
            # A typed question about named persons is answered by their facts or
            # not at all: a quote cannot say whose thesis, of which kind and year.
            if asked_typed and (bundle.about_own_pages or answering_facts(bundle)):
                verdict.failures.append(
                    Failure("unasked_attribute", i, "výrok namiesto požadovaného údaja")
                )
                continue
            bound_quote = _bind_quote(i, claim, bundle)
            if isinstance(bound_quote, Failure):
                verdict.failures.append(bound_quote)
            elif bound_quote not in verdict.quotes:
                verdict.quotes.append(bound_quote)
            continue
        if bundle.asked and claim.kind not in bundle.asked:
            verdict.failures.append(Failure("unasked_attribute", i, "na toto sa otázka nepýtala"))
            continue
        bound = _bind_typed(i, claim, bundle, years_of)
        if isinstance(bound, Failure):
            verdict.failures.append(bound)
            continue
        for f in bound:
            key = (f.attribute, f.subject_id, f.item, f.value)
            if key not in seen:
                seen.add(key)
                verdict.facts.append(f)
    _check_coverage(claims, bundle, verdict)
    return verdict


def _check_coverage(claims: ClaimSet, bundle: Bundle, verdict: Verdict) -> None:
    """The verifier's own lookup: what the evidence answers must not be left out."""
    expected = answering_facts(bundle)
    if not claims.answerable or not claims.claims:
        if expected:
            verdict.failures.append(Failure("missed_answer", None, "zdroje údaj obsahujú"))
        return
    covered = {f.attribute for f in verdict.facts}
    for attribute in sorted({f.attribute for f in expected} - covered):
        verdict.failures.append(
            Failure("missing_attribute", None, f"chýba požadovaný údaj: {attribute}")
        )
    if "count" in bundle.asked and verdict.count is None and bundle.aggregation:
        verdict.failures.append(Failure("missing_attribute", None, "chýba požadovaný údaj: count"))
    if verdict.empty and not expected:
        verdict.failures.append(Failure("nothing_verified", None, "žiadne tvrdenie neobstálo"))
