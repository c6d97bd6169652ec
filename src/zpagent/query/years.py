"""Years in a question: a year, a range ("2019 – 2021", "medzi rokmi …"), an
academic year ("2024/2025": its end), or an open range ("od 2020", "pred 2021")
closed by the years the wiki has."""

from __future__ import annotations

import re

YEAR_RANGE = re.compile(
    r"(?:\b(?:medzi|between|mezi)\s+(?:rokmi\s+|rokom\s+|lety\s+)?((?:19|20)\d\d)\s+"
    r"(?:a|and|az|a rokom)\s+((?:19|20)\d\d)\b)"
    r"|(?:\b((?:19|20)\d\d)\s*(?:-|–|\baz\b|\bdo\b|\bto\b|\buntil\b|\bpo\b)\s*((?:19|20)\d\d)\b)"
)
ACADEMIC_YEAR = re.compile(r"\b((?:19|20)\d\d)\s*/\s*((?:19|20)?\d\d)\b")
# Not inside a name ("CIC-IDS2017", "tp2020"): a year stands as a word of its own.
YEAR = re.compile(r"(?<!\w)((?:19|20)\d\d)(?!\d)")
# A year with a direction: "od 2020", "po roku 2019", "pred 2021", "after 2020".
# "theses from 2016" are of that year; "from 2016 on" is a range.
YEAR_AFTER = re.compile(
    r"\b(?:od|since|po|after|neskor ako|later than|nez|nejdrive)\s+(?:roku\s+|rok\s+)?"
    r"((?:19|20)\d\d)\b|\bfrom\s+((?:19|20)\d\d)\s+(?:on|onwards?)\b"
)
YEAR_BEFORE = re.compile(
    r"\b(?:pred|before|do|until|prior to|skor ako|earlier than|pred rokom)\s+(?:rokom\s+|roku\s+"
    r"|rok\s+)?((?:19|20)\d\d)\b"
)


def years_in(
    folded: str, known: frozenset[int] = frozenset()
) -> list[tuple[frozenset[int], int, int]]:
    """(years, start, end) of every year expression: a year, a range, an academic
    year (its end), or an open range ("od 2020", "pred 2021") closed by the
    years the wiki has (``known``; without them the open side is one year)."""
    out: list[tuple[frozenset[int], int, int]] = []
    taken: list[tuple[int, int]] = []

    def add(years: set[int], start: int, end: int) -> None:
        if any(a < end and start < b for a, b in taken):
            return
        taken.append((start, end))
        out.append((frozenset(years), start, end))

    for m in YEAR_RANGE.finditer(folded):
        g = 1 if m.group(1) else 3
        a, b = int(m.group(g)), int(m.group(g + 1))
        if a < b <= a + 30:
            add(set(range(a, b + 1)), m.start(), m.end())
    for pattern, after in ((YEAR_AFTER, True), (YEAR_BEFORE, False)):
        for m in pattern.finditer(folded):
            year = int(m.group(1) or m.group(2) if after else m.group(1))
            inclusive = m.group(0).split()[0] in ("od", "since", "from")
            if after:
                wanted = {y for y in known if y > year or (inclusive and y == year)}
                wanted |= {year} if inclusive else set()
            else:
                until = m.group(0).split()[0] in ("do", "until")
                wanted = {y for y in known if y < year or (until and y == year)}
                wanted |= {year} if until else set()
            add(wanted, m.start(), m.end())
    for m in ACADEMIC_YEAR.finditer(folded):
        first, second = m.group(1), m.group(2)
        end = int(second) if len(second) == 4 else int(first[:2] + second)
        if end == int(first) + 1:
            add({end}, m.start(), m.end())
    for m in YEAR.finditer(folded):
        add({int(m.group(1))}, m.start(1), m.end(1))
    return sorted(out, key=lambda x: x[1])
