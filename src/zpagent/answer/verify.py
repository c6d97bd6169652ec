"""Verify every claim against the evidence before anything is delivered.

Checks, per claim and across claims:

- ``unknown_source``: a cited source id is not in this response;
- ``unsupported_value``: the value is not supported by the cited evidence
  (graph facts: exact typed match; text: the value occurs in the cited
  source after normalization; years must sit on a thesis line, start years
  on a start-of-study line; statements need a verbatim quote);
- ``author_as_subject``: the claim makes the page's author its subject;
- ``wrong_subject``: the subject is not what the cited page is about;
- ``count_mismatch`` / ``count_unverifiable``: counts must equal the
  database aggregation;
- ``false_completeness``: a claim of completeness where evidence was cut;
- ``contradiction``: two values for one single-valued attribute;
- ``missing_attribute``: what the question asked for is not claimed;
- ``missed_answer``: "not answerable" while the graph holds the answer.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from zpagent.answer.claims import Claim, ClaimSet
from zpagent.answer.evidence import Bundle
from zpagent.ingest.text import fold

SINGLE_VALUED = {"thesis_title", "thesis_year", "supervisor", "start_year", "count"}
NAME_KINDS = {"supervisor", "consultant", "person"}

_TITLES = re.compile(
    r"\b(?:ing|mgr|bc|phd|doc|prof|csc|artd|rndr|paeddr|mudr|judr|phdr|dr|msc|mba|dsc)\b\.?",
    re.IGNORECASE,
)
_MARKUP = re.compile(r"[*_`„“”\"'»«]")
_SPACE = re.compile(r"\s+")
_CATEGORY_YEAR = re.compile(r"\b(?:bp|dp|dz)\s?(\d{4})\b")
_THESIS_LINE = re.compile(r"(?:prac|projekt|uloh|thesis|dizert|kategor)", re.IGNORECASE)
_START_LINE = re.compile(r"(?:zaciatk|start|nastup)", re.IGNORECASE)


@dataclass
class Failure:
    code: str
    claim: int | None
    detail: str

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def norm(text: str) -> str:
    """Comparison form: no diacritics, case, markup or extra whitespace."""
    return _SPACE.sub(" ", _MARKUP.sub(" ", fold(text))).strip(" .,:;")


def name_norm(text: str) -> str:
    """A person's name without academic titles and punctuation."""
    return _SPACE.sub(" ", re.sub(r"[.,]", " ", _TITLES.sub(" ", norm(text)))).strip()


def _lines(text: str) -> list[str]:
    return [norm(line) for line in text.splitlines() if line.strip()]


def _text_supports(claim: Claim, text: str) -> bool:
    value = norm(claim.value)
    if claim.kind in NAME_KINDS:
        return bool(name_norm(claim.value)) and name_norm(claim.value) in name_norm(text)
    if claim.kind == "thesis_year":
        for line in _lines(text):
            if value in line and _THESIS_LINE.search(line):
                return True
        return any(m.group(1) == value for m in _CATEGORY_YEAR.finditer(norm(text)))
    if claim.kind == "start_year":
        return any(value in line and _START_LINE.search(line) for line in _lines(text))
    if claim.kind == "statement":
        return bool(claim.quote) and norm(claim.quote or "") in norm(text)
    return bool(value) and value in norm(text)


def _fact_supports(claim: Claim, bundle: Bundle) -> bool | None:
    """True/False when typed graph facts decide; None when there are none to ask."""
    facts = [
        f for f in bundle.facts if f.kind == claim.kind and set(f.source_ids) & set(claim.sources)
    ]
    if not facts:
        return None
    compare = name_norm if claim.kind in NAME_KINDS else norm
    for f in facts:
        if compare(f.value) != compare(claim.value):
            continue
        if claim.subject and f.subject and name_norm(claim.subject) != name_norm(f.subject):
            continue
        if claim.thesis_kind and f.thesis_kind and claim.thesis_kind != f.thesis_kind:
            continue
        return True
    return False


def _subject_failure(i: int, claim: Claim, bundle: Bundle) -> Failure | None:
    if not claim.subject or claim.kind == "count":
        return None
    subject = name_norm(claim.subject)
    for sid in claim.sources:
        ev = bundle.by_id.get(sid)
        if ev is None:
            continue
        title = name_norm(ev.source.title or "")
        if subject == title:
            return None
        if subject in {name_norm(a) for a in ev.authors}:
            return Failure(
                "author_as_subject",
                i,
                f"{claim.subject} je autor stránky {sid}, nie osoba, o ktorej stránka je",
            )
        if subject and subject in name_norm(bundle.text_of(sid)):
            return None
        if any(f.subject and name_norm(f.subject) == subject for f in bundle.facts):
            return None
    return Failure("wrong_subject", i, f"zdroj nehovorí o osobe {claim.subject}")


def verify(claims: ClaimSet, bundle: Bundle) -> list[Failure]:
    failures: list[Failure] = []
    known = set(bundle.by_id)
    for i, claim in enumerate(claims.claims):
        unknown = [s for s in claim.sources if s not in known]
        if unknown:
            failures.append(Failure("unknown_source", i, f"neznámy zdroj {', '.join(unknown)}"))
            continue
        if claim.kind == "count":
            agg = bundle.aggregation
            if not agg or agg.get("count") is None:
                failures.append(Failure("count_unverifiable", i, "počet nemá agregáciu v grafe"))
            elif norm(claim.value) != str(agg["count"]):
                failures.append(
                    Failure("count_mismatch", i, f"počet {claim.value} ≠ {agg['count']}")
                )
        else:
            decided = _fact_supports(claim, bundle)
            if decided is None:
                decided = any(_text_supports(claim, bundle.text_of(s)) for s in claim.sources)
            if not decided:
                failures.append(
                    Failure("unsupported_value", i, f"„{claim.value}“ zdroje nepodporujú")
                )
        subject_failure = _subject_failure(i, claim, bundle)
        if subject_failure:
            failures.append(subject_failure)
        if claim.complete and _cut(bundle):
            failures.append(Failure("false_completeness", i, "dôkazy boli skrátené"))
    failures.extend(_contradictions(claims))
    kinds = {c.kind for c in claims.claims}
    if claims.answerable:
        for asked in sorted(bundle.asked - kinds):
            failures.append(Failure("missing_attribute", None, f"chýba požadovaný údaj: {asked}"))
    elif any(f.kind in bundle.asked for f in bundle.facts):
        failures.append(Failure("missed_answer", None, "graf obsahuje požadovaný údaj"))
    return failures


def _cut(bundle: Bundle) -> bool:
    agg = bundle.aggregation or {}
    return bool(bundle.truncated or bundle.complete is False or agg.get("complete") is False)


def _contradictions(claims: ClaimSet) -> list[Failure]:
    seen: dict[tuple[str, str, str | None], tuple[int, str]] = {}
    out = []
    for i, c in enumerate(claims.claims):
        if c.kind not in SINGLE_VALUED:
            continue
        key = (c.kind, name_norm(c.subject or ""), c.thesis_kind)
        value = name_norm(c.value) if c.kind in NAME_KINDS else norm(c.value)
        if key in seen and seen[key][1] != value:
            out.append(Failure("contradiction", i, f"odporuje tvrdeniu č. {seen[key][0] + 1}"))
        seen.setdefault(key, (i, value))
    return out
