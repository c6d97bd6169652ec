"""Compose the final Slovak text from verified claims only, with citations.

Nothing the model wrote as prose is ever shown: the renderer builds every
sentence from typed, verified values, cites them ``[S1]`` and lists the
sources with their URLs (or paths when no URL is known).
"""

from __future__ import annotations

from collections import OrderedDict

from zpagent.answer.claims import Claim
from zpagent.answer.evidence import Bundle
from zpagent.answer.verify import Failure, name_norm

KIND_SK = {
    "bachelor": "bakalárska práca",
    "master": "diplomová práca",
    "dissertation": "dizertačná práca",
    None: "práca",
}
NOT_FOUND = "V dostupných zdrojoch som odpoveď nenašiel."
# Claims that list things: only these can be incomplete because of a limit.
ENUMERATIONS = {"person", "keyword", "topic", "work_title", "count"}


def cite(sources: list[str]) -> str:
    return " ".join(f"[{s}]" for s in dict.fromkeys(sources))


def _title_lines(claims: list[Claim]) -> tuple[list[str], set[int]]:
    """One line per thesis: title with its year and supervisor when claimed."""
    lines, used = [], set()
    for i, c in enumerate(claims):
        if c.kind != "thesis_title":
            continue
        used.add(i)
        key = (name_norm(c.subject or ""), c.thesis_kind)
        year = sup = None
        sources = list(c.sources)
        for j, o in enumerate(claims):
            if (name_norm(o.subject or ""), o.thesis_kind) != key:
                continue
            if o.kind == "thesis_year" and year is None:
                year, used = o, used | {j}
                sources += o.sources
            elif o.kind == "supervisor" and sup is None:
                sup, used = o, used | {j}
                sources += o.sources
        head = f"{c.subject} — " if c.subject else ""
        text = f"{head}{KIND_SK.get(c.thesis_kind, 'práca')}"
        if year:
            text += f" ({year.value})"
        text += f": „{c.value}“"
        if sup:
            text += f"; vedúci: {sup.value}"
        lines.append(f"{text} {cite(sources)}")
    return lines, used


def _line(c: Claim) -> str:
    who = f"{c.subject}, " if c.subject else ""
    kind = KIND_SK.get(c.thesis_kind, "práca")
    if c.kind == "supervisor":
        return f"Vedúci ({who}{kind}): {c.value} {cite(c.sources)}"
    if c.kind == "consultant":
        return f"Konzultant ({who}{kind}): {c.value} {cite(c.sources)}"
    if c.kind == "thesis_year":
        return f"Rok ({who}{kind}): {c.value} {cite(c.sources)}"
    if c.kind == "start_year":
        return f"{c.subject or 'Študent'} — rok začiatku štúdia: {c.value} {cite(c.sources)}"
    if c.kind == "work_title":
        return f"{c.subject + ' — ' if c.subject else ''}„{c.value}“ {cite(c.sources)}"
    if c.kind == "count":
        return f"Počet: {c.value} {cite(c.sources)}"
    if c.kind == "statement":
        return f"{c.value} {cite(c.sources)}"
    if c.kind == "document":
        by = f" napísal(a) {c.subject}" if c.subject else ""
        return f"- stránku „{c.value}“{by} {cite(c.sources)}"
    if c.subject and name_norm(c.subject) != name_norm(c.value):
        return f"- {c.subject} — {c.value} {cite(c.sources)}"
    return f"- {c.value} {cite(c.sources)}"


def render_answer(claims: list[Claim], bundle: Bundle) -> str:
    lines, used = _title_lines(claims)
    listed = OrderedDict()
    for i, c in enumerate(claims):
        if i in used:
            continue
        text = _line(c)
        listed.setdefault(text, None)
    counts = [t for t in listed if t.startswith("Počet:")]
    body = [*counts, *lines, *(t for t in listed if t not in counts)]
    enumerates = any(c.kind in ENUMERATIONS for c in claims)
    if enumerates and (bundle.truncated or (bundle.aggregation or {}).get("complete") is False):
        body.append("Pozn.: výsledky boli obmedzené, zoznam nemusí byť úplný.")
    cited = {s for c in claims for s in c.sources}
    return "\n".join(body) + "\n\n" + sources_footer(bundle, cited)


def sources_footer(bundle: Bundle, cited: set[str]) -> str:
    rows = []
    for src in bundle.sources:
        if src.source_id in cited:
            where = src.source_url or src.document_path
            rows.append(f"[{src.source_id}] {src.title or src.document_path} – {where}")
    return "Zdroje:\n" + "\n".join(rows) if rows else ""


# What the user reads about each failure: what kind of problem, never the
# rejected value itself (an invented title quoted in a refusal is still
# delivered). The details, values included, stay in the response's `failures`.
REFUSAL_SK = {
    "unsupported_value": "údaj, ktorý citované zdroje neobsahujú",
    "unknown_source": "citácia neexistujúceho zdroja",
    "count_mismatch": "počet, ktorý nesúhlasí s grafom",
    "count_unverifiable": "počet, ktorý sa nedá overiť v grafe",
    "false_completeness": "tvrdenie o úplnosti, hoci dôkazy boli skrátené",
    "author_as_subject": "zámena autora stránky s osobou, o ktorej stránka je",
    "wrong_subject": "údaj o osobe, o ktorej citovaný zdroj nehovorí",
    "contradiction": "tvrdenia, ktoré si protirečia",
    "missed_answer": "vynechaný údaj, ktorý zdroje obsahujú",
    "malformed_json": "neplatná odpoveď jazykového modelu",
}
ATTRIBUTE_SK = {
    "thesis_title": "názov práce",
    "thesis_year": "rok práce",
    "supervisor": "vedúci práce",
    "consultant": "konzultant",
    "start_year": "rok začiatku štúdia",
    "count": "počet",
}


def _refusal_reason(f: Failure) -> str:
    if f.code == "missing_attribute":
        asked = f.detail.rsplit(":", 1)[-1].strip()
        return f"chýba požadovaný údaj ({ATTRIBUTE_SK.get(asked, 'údaj')})"
    return REFUSAL_SK.get(f.code, "neoverený údaj")


def render_refusal(failures: list[Failure]) -> str:
    reasons = list(dict.fromkeys(_refusal_reason(f) for f in failures))[:5]
    listed = "; ".join(reasons)
    return f"Odpoveď sa nepodarilo overiť v zdrojoch, preto ju neuvádzam. Neoverené: {listed}."


def render_clarification(bundle: Bundle) -> str:
    names = []
    # Every candidate: with a cut (it was [:10]) the user could not name the 11th
    # person, and nothing said that the list was incomplete.
    for c in bundle.candidates:
        label = c.get("name") or c.get("display") or c.get("id")
        extra = c.get("hint") or c.get("document_path")
        names.append(f"- {label}" + (f" ({extra})" if extra else ""))
    return "Otázke zodpovedá viac osôb. Ktorú z nich máte na mysli?\n" + "\n".join(names)
