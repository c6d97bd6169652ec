"""Compose the text the user reads, from the evidence's own words only.

Every value comes from a bound fact (the title exactly as the page writes
it, the person's name as their page writes it), every free sentence is a
quote of the evidence with its source, and every piece of evidence text is
escaped for Markdown and HTML: no link, image or markup a page or a model
wrote can reach the user. Nothing the model wrote is ever shown.
"""

from __future__ import annotations

import re
from collections import Counter

from zpagent.answer.evidence import Bundle
from zpagent.answer.facts import Fact
from zpagent.answer.quotes import Quote
from zpagent.answer.verify import Failure
from zpagent.inert import escape
from zpagent.query import Query
from zpagent.query.describe import describe

KIND_SK = {
    "bachelor": "bakalárska práca",
    "master": "diplomová práca",
    "dissertation": "dizertačná práca",
    "team_project": "tímový projekt",
    "research_task": "výskumná úloha",
    "diploma_project": "diplomový projekt",
    "topic": "téma",
    None: "práca",
}
NOT_FOUND = "V dostupných zdrojoch som odpoveď nenašiel."
HISTORY_UNAVAILABLE = "História zmien wiki teraz nie je dostupná (wiki nie je Git repozitár)."
NO_PERSON = (
    "Nie je jasné, o koho ide. Napíšte meno študenta, napríklad: "
    "„Kto viedol diplomovú prácu Jána Holpa?“"
)
LIMITED = "Pozn.: výsledky boli obmedzené, zoznam nemusí byť úplný."
NOT_EXACT = "nemusí byť úplný: nie všetky údaje tohto druhu sa z wiki dali spoľahlivo vyčítať"
PARTIAL = "Pozn.: zoznam nemusí byť úplný (nie všetky údaje tohto druhu sa dali vyčítať)."


def not_found(question: Query) -> str:
    """ "Not found". The words nobody read are not repeated: a question may plant
    text, and the reply never says what the wiki did not (they are in the
    response's ``interpretation.not_understood`` for a client to show)."""
    return NOT_FOUND


NOT_UNDERSTOOD = (
    "Pozn.: otázke som celkom neporozumel; neuvádzam presný počet ani úplný zoznam, len to, "
    "čo som našiel v texte."
)
# Facts that list things: only these can be incomplete because of a limit.
ENUMERATIONS = frozenset({"keyword", "topic", "document", "work_title"})


def block(q: Quote) -> str:
    """A block quote as the page has it: code in a fence no line of it can close
    (longer than any run of backticks inside), a list as its items, escaped."""
    if q.kind == "table":
        # The header row, a rule, the row: a table of one row, as the page has it.
        width = max(1, q.lead.strip().strip("|").count("|") + 1)
        rule = "|" + "---|" * width
        return "\n".join(escape_row(r) for r in (q.lead, rule, q.text))
    if q.kind == "code":
        longest = max((len(run) for run in re.findall(r"`+", q.text)), default=0)
        fence = "`" * max(3, longest + 1)
        return f"{fence}\n{q.text}\n{fence}"
    return "\n".join(f"- {escape(item)}" for item in q.text.split("\n"))


def escape_row(row: str) -> str:
    """A table row as Markdown, its cells escaped (the pipes between them kept)."""
    inner = row.strip().strip("|").split("|")
    return "| " + " | ".join(escape(c.strip()) if set(c.strip()) - set("-:") else c.strip()
                             for c in inner) + " |"  # fmt: skip


def cite(sources: list[str]) -> str:
    return " ".join(f"[{s}]" for s in dict.fromkeys(sources))


def _who(f: Fact) -> str:
    return f"{escape(f.subject)} — " if f.subject else ""


def _item_lines(facts: list[Fact], all_facts: list[Fact]) -> tuple[list[str], set[int]]:
    """One line per thesis or work: its kind and year, then what was delivered of it."""
    lines: list[str] = []
    used: set[int] = set()
    order: list[str] = []
    by_item: dict[str, list[int]] = {}
    for i, f in enumerate(facts):
        if (
            f.item and f.attribute in ("thesis_title", "work_title", "supervisor", "consultant")
        ) or (f.item and f.attribute == "thesis_year"):
            by_item.setdefault(f.item, []).append(i)
            if f.item not in order:
                order.append(f.item)
    years = {f.item: f for f in all_facts if f.attribute == "thesis_year" and f.item}
    for item in order:
        idx = by_item[item]
        used.update(idx)
        group = [facts[i] for i in idx]
        first = group[0]
        year = years.get(item)
        head = f"{_who(first)}{KIND_SK.get(first.kind, escape(first.kind or 'práca'))}"
        if year is not None:
            head += f" ({escape(year.value)})"
        parts = []
        sources = [f.source_id for f in group] + ([year.source_id] if year else [])
        for attr, label in (
            ("thesis_title", ""),
            ("work_title", ""),
            ("supervisor", "vedúci: "),
            ("consultant", "konzultant: "),
        ):
            values = [_with_affiliation(f) for f in group if f.attribute == attr]
            if values:
                shown = ", ".join(dict.fromkeys(values))  # each escaped
                parts.append(f"{label}„{shown}“" if not label else f"{label}{shown}")
        body = "; ".join(parts) if parts else ""
        lines.append(f"{head}: {body} {cite(sources)}" if body else f"{head} {cite(sources)}")
    return lines, used


# "Vedúca: Dr. Anna Weber (TU Wien)": where a supervisor or consultant comes from,
# in parentheses after the name on the line the fact was read from.
_AFFILIATION = re.compile(r"\(([^()\d]{3,80})\)\s*[.,;]?\s*$")


def _with_affiliation(f: Fact) -> str:
    """A supervisor's or consultant's name (escaped) with the affiliation its line
    gives."""
    if f.attribute not in ("supervisor", "consultant"):
        return escape(f.value)
    m = _AFFILIATION.search(f.span)
    surname = f.value.split()[-1] if f.value.split() else ""
    if m is None or not surname or surname not in f.span[: m.start()]:
        return escape(f.value)
    return f"{escape(f.value)} ({escape(m.group(1).strip())})"


def _fact_line(f: Fact) -> str:
    if f.attribute == "start_year":
        return f"{escape(f.subject or 'Študent')} — rok začiatku štúdia: {escape(f.value)}"
    if f.attribute == "document":
        by = f" napísal(a) {escape(f.subject)}" if f.subject else ""
        return f"- stránku „{escape(f.value)}“{by}"
    if f.attribute == "role":
        return f"- {_who(f)}úloha v tíme: {escape(f.value)}"
    if f.attribute == "said":
        return f"- {_who(f)}„{escape(f.value)}“"
    if f.attribute in ("topic", "keyword"):
        label = "téma" if f.attribute == "topic" else "kľúčové slovo"
        return f"- {_who(f)}{label}: {escape(f.value)}"
    return f"- {_who(f)}{escape(f.value)}"


def render_facts(
    bundle: Bundle,
    facts: list[Fact],
    quotes: list[Quote] = (),  # type: ignore[assignment]
    count: int | None = None,
) -> str:
    """The answer: the count, one line per thesis, other facts, quotes, sources."""
    body: list[str] = []
    cited: list[str] = []
    if _constrained(bundle):
        # Said back in one line, so that a reader sees at once a different reading.
        said = describe(bundle.question, unread=False)
        body.append(f"_Otázku som pochopil ako: {escape(said)}_")
    if count is not None and bundle.exact is not False:
        body.append(f"Počet: {count} (presne, podľa grafu)")
    elif count is not None:
        # What the graph missed adds members to a set, but takes them from a set of
        # what lacks something ("témy bez garanta": a leader it did not read).
        bound = "najviac" if bundle.question.lacking else "aspoň"
        body.append(f"Počet podľa grafu: {bound} {count} ({NOT_EXACT})")
    item_lines, used = _item_lines(facts, bundle.facts)
    body += item_lines
    for i, f in enumerate(facts):
        if i not in used:
            line = f"{_fact_line(f)} {cite([f.source_id])}"
            if line not in body:
                body.append(line)
    for path in bundle.paths:
        body.append(f"- {escape(path.text)} {cite(path.source_ids)}")
        cited += path.source_ids
    for q in quotes:
        title = bundle.by_id[q.source_id].source.title
        where = f" ({escape(title)})" if title else ""
        if q.kind == "sentence":
            body.append(f"„{escape(q.text)}“ {cite([q.source_id])}{where}")
            continue
        lead = f"„{escape(q.lead)}“ " if q.lead and q.kind != "table" else ""
        if q.kind == "list" and bundle.question.how_many:
            # "Koľko publikácií má X?": the items of the list that says it, counted.
            lead += f"(počet položiek: {len(q.text.splitlines())}) "
        body.append(f"{lead}{cite([q.source_id])}{where}")
        body.append(block(q))
    lists = count is not None or "person" in bundle.asked
    if bundle.cut and (lists or any(f.attribute in ENUMERATIONS for f in facts)):
        body.append(LIMITED)
    elif lists and bundle.exact is False and count is None:
        body.append(PARTIAL)
    if not bundle.question.understood and bundle.engine != "graph" and lists:
        body.append(NOT_UNDERSTOOD)
    cited += [f.source_id for f in facts] + [q.source_id for q in quotes]
    if count is not None and not facts:
        cited += [s.source_id for s in bundle.sources]
    return "\n".join(body) + "\n\n" + sources_footer(bundle, set(cited))


def _constrained(bundle: Bundle) -> bool:
    """The question had conditions worth saying back (a list, a count, a kind, a year)."""
    q = bundle.question
    return bool(q.clauses or q.conditions or q.reference) or q.ask in ("list", "count")


def sources_footer(bundle: Bundle, cited: set[str]) -> str:
    rows = []
    for src in bundle.sources:
        if src.source_id in cited:
            title = escape(src.title or src.document_path)
            # The page URL is derived from WIKI_BASE_URL, not written by a page: a link.
            where = escape(src.source_url, autolinks=True) if src.source_url else None
            rows.append(f"[{src.source_id}] {title} – {where or escape(src.document_path)}")
    return "Zdroje:\n" + "\n".join(rows) if rows else ""


# What the user reads about each failure: what kind of problem, never the
# rejected value itself (an invented title quoted in a refusal is still
# delivered). The details stay in the response's `failures`.
REFUSAL_SK = {
    "unsupported_value": "údaj, ktorý citované zdroje neobsahujú",
    "unsupported_quote": "citácia, ktorá nie je doslovne v zdrojoch",
    "unknown_source": "citácia neexistujúceho zdroja",
    "count_mismatch": "počet, ktorý nesúhlasí s grafom",
    "count_unverifiable": "počet, ktorý sa nedá overiť v grafe",
    "false_completeness": "tvrdenie o úplnosti, hoci dôkazy boli skrátené",
    "author_as_subject": "zámena autora stránky s osobou, o ktorej stránka je",
    "wrong_subject": "údaj o inej osobe",
    "wrong_attribute": "zámena údajov (napr. konzultant namiesto vedúceho)",
    "wrong_kind": "údaj o inej práci",
    "unasked_person": "údaj o osobe, na ktorú sa otázka nepýtala",
    "unasked_kind": "údaj o inej práci, než na ktorú sa otázka pýtala",
    "unasked_year": "údaj z iného roku, než na ktorý sa otázka pýtala",
    "unasked_attribute": "údaj, na ktorý sa otázka nepýtala",
    "missed_answer": "vynechaný údaj, ktorý zdroje obsahujú",
    "missing_attribute": "chýbajúci požadovaný údaj",
    "nothing_verified": "žiadne overiteľné tvrdenie",
    "malformed_json": "neplatná odpoveď jazykového modelu",
}


def render_refusal(failures: list[Failure]) -> str:
    reasons = list(dict.fromkeys(REFUSAL_SK.get(f.code, "neoverený údaj") for f in failures))[:5]
    listed = "; ".join(reasons)
    return f"Odpoveď sa nepodarilo overiť v zdrojoch, preto ju neuvádzam. Neoverené: {listed}."


def render_clarification(candidates: list[dict]) -> str:
    rows = []
    shown = [c for c in candidates if c.get("status", "candidate") == "candidate"]
    names = Counter(str(c.get("name") or c.get("id")) for c in shown)
    # Every candidate: the user must be able to name any of them, so namesakes
    # carry their login (the one thing that tells them apart on the wiki).
    for c in shown:
        name = str(c.get("name") or c.get("id"))
        label = escape(name)
        extra = c.get("hint") or c.get("document_path")
        if names[name] > 1 and c.get("login"):
            label += f" ({escape(str(c['login']))})"
            rows.append(f"- {label}" + (f": {escape(str(extra))}" if extra else ""))
        else:
            rows.append(f"- {label}" + (f" ({escape(str(extra))})" if extra else ""))
    return "Otázke zodpovedá viac osôb. Ktorú z nich máte na mysli?\n" + "\n".join(rows)


def render_not_found_beside(names: list[str]) -> str:
    """The note before an answer about some of the persons a question names."""
    shown = ", ".join(f"„{escape(n)}“" for n in names)
    return f"Pozn.: meno {shown} som vo wiki nenašiel; odpoveď je o ostatných osobách."


def render_unknown(candidates: list[dict]) -> str:
    near = [escape(str(c["name"])) for c in candidates if c.get("status") == "rejected"]
    text = "Osobu s takým menom som vo wiki nenašiel."
    if near:
        text += " Podobné mená: " + ", ".join(near) + "."
    return text
