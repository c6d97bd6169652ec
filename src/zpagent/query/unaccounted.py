"""What a question's words leave not understood: every word no cue, entry or
function word accounts for (``Query.unaccounted``), and a keyword or topic the
wiki does not have."""

from __future__ import annotations

from zpagent.ingest.text import fold
from zpagent.lexical import lemma
from zpagent.query import cues as cu
from zpagent.query.clauses import Element
from zpagent.query.model import EntityRef, Span
from zpagent.query.parts import Parts, _has
from zpagent.query.tokens import covered


def _unknown_term(parts: Parts, elements: list[Element], subjects: bool) -> list[Element]:
    """ "Ktorí študenti majú kľúčové slovo astronómia?": a keyword or topic the wiki does
    not have is a mention with no entry (the answer says so, with near misses), not a
    word left unread."""
    asks = "keyword" if _has(parts, "keyword") else "topic" if _has(parts, "topic") else None
    named = any(e.type in ("topic", "keyword") for e in elements)
    if asks is None or named or subjects:
        return []
    left = _unaccounted(parts, elements)
    if not left:
        return []
    idx = sorted(covered(parts.tokens, [(s.start, s.end) for s in left]))
    text = " ".join(parts.core[s.start : s.end] for s in left)
    ref = EntityRef(asks, text, Span(left[0].start, left[-1].end), (), "phrase")
    return [Element(asks, idx[0], idx[-1] + 1, ref)]


def _unaccounted(
    parts: Parts,
    elements: list[Element],
    unread: set[int] = frozenset(),  # type: ignore[assignment]
) -> tuple[Span, ...]:
    """Spans of content words nothing accounts for, and the ``unread`` tokens (a
    title's qualifier: "anglický názov") whatever else matched them."""
    spans = [s for ss in parts.cues.values() for s in ss]
    spans += [(a, b) for _, a, b in parts.kinds] + [(a, b) for _, a, b in parts.years]
    spans += parts.year_words
    accounted = covered(parts.tokens, spans)
    accounted |= parts.rec.entity_tokens
    for e in elements:
        accounted.update(range(e.start, e.end))
    for _, a, b in parts.rec.unknown:
        accounted.update(range(a, b))
    for pattern in (cu.SAME, cu.AS, cu.OTHERS, cu.CONTENT, cu.PAGES_FROM):
        accounted |= covered(parts.tokens, [m.span() for m in pattern.finditer(parts.folded)])
    out: list[Span] = []
    for t in parts.tokens:
        if (t.index in accounted and t.index not in unread) or t.folded.isdigit():
            continue
        if cu.is_function_word(t.folded, fold(lemma(t.text))):
            continue
        if len(t.folded) <= 2:
            continue
        if out and parts.core[out[-1].end : t.start].strip() == "":
            out[-1] = Span(out[-1].start, t.end)
        else:
            out.append(Span(t.start, t.end))
    return tuple(out)


def unsaid_doer(parts: Parts, subjects: bool, elements: list[Element]) -> Span | None:
    """ "pri ktorých prácach bol konzultantom?": who acted in the role is not said, so
    nothing of it is exact until a conversation says who (``agent.focus``)."""
    acted = cu.ACTED_AS.search(parts.folded)
    if acted is None or subjects or _has(parts, "who"):
        return None  # ("Kto bol konzultantom …?" asks who.)
    if any(e.type in ("supervisor", "consultant") for e in elements):
        return None
    return Span(acted.start(), acted.end())
