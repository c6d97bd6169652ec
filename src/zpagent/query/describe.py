"""The query said back in words: ``interpreted_as``.

"počet · bakalárske práce · vedúci: Hrnčiar · rok 2021" lets a user see at
once when the question was read differently than meant. Slovak, short,
one line; names as the wiki writes them.
"""

from __future__ import annotations

from zpagent.query.model import Condition, EntityRef, Query, Reference, ThesisClause

KIND_LABELS = {
    "bachelor": "bakalárska práca",
    "master": "diplomová práca",
    "dissertation": "dizertačná práca",
    "team_project": "tímový projekt",
    "research_task": "výskumná úloha",
    "diploma_project": "diplomový projekt",
}
ASK_LABELS = {
    "fact": "",
    "profile": "všetko o osobe",
    "list": "zoznam",
    "count": "počet",
    "who_wrote": "kto napísal prácu",
    "pages_by_author": "stránky od autora",
    "page_author": "autor stránky",
    "shared": "čo majú spoločné",
    "path": "súvislosť",
    "content": "obsah prác",
    "history": "história zmien",
    "open": "text wiki",
    "small_talk": "",
}
ATTRIBUTE_LABELS = {
    "title": "názov",
    "year": "rok",
    "supervisor": "vedúci",
    "consultant": "konzultant",
    "start_year": "začiatok štúdia",
    "topics": "témy",
    "keywords": "kľúčové slová",
    "works": "práce a projekty",
    "login": "login",
    "role": "úloha v tíme",
}
RELATION_LABELS = {
    "topic": "téma",
    "keyword": "kľúčové slovo",
    "family": "rodina",
    "project": "tímový projekt",
    "role": "úloha v tíme",
    "start_year": "začiatok štúdia",
    "mentions": "spomína text stránky",
}


def _names(ref: EntityRef) -> str:
    if ref.names and len(ref.names) <= 3:
        return " / ".join(ref.names)
    return ref.text


def _years(years: frozenset[int]) -> str:
    ys = sorted(years)
    if len(ys) > 2 and ys == list(range(ys[0], ys[-1] + 1)):
        return f"roky {ys[0]}–{ys[-1]}"
    return ("rok " if len(ys) == 1 else "roky ") + ", ".join(map(str, ys))


def clause_text(c: ThesisClause) -> str:
    parts = []
    if c.kinds:
        parts.append(" alebo ".join(KIND_LABELS.get(k, k) for k in sorted(c.kinds)))
    if c.years:
        parts.append(_years(c.years))
    parts += [f"vedúci: {_names(r)}" for r in c.supervisors]
    parts += [f"konzultant: {_names(r)}" for r in c.consultants]
    if c.with_consultant:
        parts.append("s konzultantom")
    parts += [f"slová názvu: {r.text}" if r.match == "words" else f"názov: {_names(r)}"
              for r in c.titles]  # fmt: skip
    text = ", ".join(parts) or "práca"
    return f"nie ({text})" if c.negated else text


def condition_text(c: Condition) -> str:
    if any(r.match == "shown" for r in c.refs):
        n = sum(len(r.ids) for r in c.refs)
        if c.negated:
            return f"okrem {n} osôb z predchádzajúcej odpovede"
        return f"spomedzi predchádzajúcej odpovede ({n} osôb)"
    label = RELATION_LABELS.get(c.relation, c.relation)
    value = _years(c.years) if c.years else ", ".join(_names(r) for r in c.refs)
    if c.relation == "mentions":  # the name the pages say, not the students who say it
        value = ", ".join(r.text for r in c.refs)
    text = f"{label}: {value}"
    return f"nie ({text})" if c.negated else text


def reference_text(r: Reference) -> str:
    label = {
        "supervisor": "rovnaký vedúci",
        "consultant": "rovnaký konzultant",
        "topic": "rovnaká téma",
        "keyword": "rovnaké kľúčové slovo",
    }.get(r.relation, f"rovnaký {r.relation}")
    return f"{label} ako {_names(r.of)}" + (" (okrem neho)" if r.others else "")


def via_text(query: Query) -> str:
    """ "konzultant (bakalárska práca) osoby Svätopluk Timko →": whom the rest is about."""
    via = query.via
    if via is None:
        return ""
    kinds = " alebo ".join(KIND_LABELS.get(k, k) for k in sorted(via.kinds))
    role = ATTRIBUTE_LABELS.get(via.relation, via.relation)
    return f"{role}{f' ({kinds})' if kinds else ''} osoby {_names(via.of)} →"


def describe(query: Query, unread: bool = True) -> str:
    """The query in one readable line (see the module docstring); ``unread``: with the
    words it did not understand and the names that fit nobody (the answer's own line
    leaves them out: it never repeats words a question may have planted)."""
    parts: list[str] = [via_text(query)]
    head = ASK_LABELS.get(query.ask, query.ask)
    if query.asks_project or query.asks_topic_leader:
        head = ""  # a project's leader or year, a topic's leader: a fact, not a list
    if query.ask in ("fact", "list") and query.attributes:
        shown = query.attributes - {"works"} if query.asks_project else query.attributes
        attrs = ", ".join(ATTRIBUTE_LABELS.get(a, a) for a in sorted(shown))
        head = f"{head} {attrs}".strip() if head else attrs
    if query.ask == "count":
        head += {"theses": " prác", "topics": " tém"}.get(query.unit, " študentov")
    elif query.unit == "topics":
        head += " tém"
    if head:
        parts.append(head)
    if "supervisor" in query.lacking:
        parts.append("bez vedúceho")
    parts += [_names(s) for s in query.subjects]
    joiner = " alebo " if query.combine == "or" else " · "
    clauses = [clause_text(c) for c in query.clauses]
    if clauses:
        parts.append(joiner.join(clauses))
    parts += [condition_text(c) for c in query.conditions]
    if query.reference is not None:
        parts.append(reference_text(query.reference))
    parts += [f"autor: {_names(a)}" for a in query.authors]
    if query.order:
        way = {"oldest": "od najstaršej", "newest": "od najnovšej"}.get(
            query.order, "podľa priezviska"
        )
        parts.append(f"{query.position}. {way}" if query.position else f"zoradené {way}")
    if unread and query.unaccounted:
        parts.append("nerozumiem: " + ", ".join(f"„{w}“" for w in query.unaccounted_words))
    if unread and query.unknown_names:
        parts.append("neznáme meno: " + ", ".join(query.unknown_names))
    return " · ".join(p for p in parts if p).replace("→ · ", "→ ")


def interpretation(query: Query, exact: bool | None = None) -> dict[str, object]:
    """The fields of ``contract.Interpretation`` for ``query``."""
    constraints = [clause_text(c) for c in query.clauses]
    constraints += [condition_text(c) for c in query.conditions]
    if query.reference is not None:
        constraints.append(reference_text(query.reference))
    return {
        "text": describe(query),
        "ask": query.ask,
        "attributes": sorted(query.attributes),
        "unit": query.unit,
        "subjects": [_names(s) for s in query.subjects],
        "constraints": constraints,
        "not_understood": query.unaccounted_words,
        "unknown_names": list(query.unknown_names),
        # What it looked for and the wiki does not have: names, keywords, titles.
        "unknown_terms": [r.text for r in query.refs() if not r.ids and r.text],
        "exact": exact,
    }
