"""Persons named in short: by a login ("jh428ek"), by an initial and a surname
("K. Rusnák"), or as a family in the plural ("Ďuricovci")."""

from __future__ import annotations

import re

from zpagent.ingest.text import fold
from zpagent.query.lexicon import NameIndex, PersonEntry
from zpagent.query.mentions import Mention, is_visible, name_mention
from zpagent.query.tokens import Token


def login_mentions(
    tokens: list[Token],
    free: list[bool],
    by_login: dict[str, list[PersonEntry]],
    include_unpublished: bool,
) -> list[Mention]:
    """A token that is some person's login (whatever shape the wiki's folders use)."""
    out = []
    for t in tokens:
        entries = by_login.get(t.folded) if free[t.index] else None
        if not entries:
            continue
        visible = sorted({e.id for e in entries if is_visible(e, include_unpublished)})
        hidden = sorted({e.id for e in entries if not is_visible(e, include_unpublished)})
        out.append(Mention(t.text, t.index, t.index + 1, visible, "login", hidden))
    return out


def initial_mentions(
    tokens: list[Token],
    text: str,
    free: list[bool],
    index: NameIndex,
    include_unpublished: bool,
) -> list[Mention]:
    """An initial beside a surname: "K. Rusnáka", "Rusnák K." -- the persons with
    that surname whose given name starts with that letter."""
    out = []
    for t in tokens:
        if len(t.text) != 1 or not t.text.isupper() or text[t.end : t.end + 1] != ".":
            continue
        for j in (t.index + 1, t.index - 1):
            if not 0 <= j < len(tokens) or not free[j]:
                continue
            other = tokens[j]
            hits = {
                e
                for e, pos in index.lookup(other.text)
                if pos == len(index.entries[e].words) - 1
                and any(fold(w)[:1] == t.folded for w in index.entries[e].words[:-1])
            }
            if hits:
                start, end = min(t.index, j), max(t.index, j) + 1
                out.append(
                    name_mention(tokens, start, end, hits, "initial", index, include_unpublished)
                )
                break
    return out


_FAMILY = re.compile(r"^(\w{2,}?)ovc(?:i|ov|om|ami|och)$")


def family_mentions(
    tokens: list[Token],
    free: list[bool],
    families: dict[str, list[PersonEntry]],
    include_unpublished: bool,
) -> list[Mention]:
    """A family in the plural: "z Ďuricovcov", "Kováčovci" -- every person of that name."""
    out = []
    for t in tokens:
        m = _FAMILY.match(t.folded) if free[t.index] else None
        entries = families.get(m.group(1), []) if m else []
        if not entries:
            continue
        visible = sorted({e.id for e in entries if is_visible(e, include_unpublished)})
        hidden = sorted({e.id for e in entries if not is_visible(e, include_unpublished)})
        out.append(Mention(t.text, t.index, t.index + 1, visible, "family", hidden))
    return out
