"""Small helpers and the proportions of the hand-made variants of a page.

How often front matter breaks, how theses, years, authors, titles and
supervisor lines are written: the tables ``_pick`` draws from, and the text
helpers shared by the student pages and the wiki's truth.
"""

from __future__ import annotations

import random
import re
import unicodedata

from zpagent.synthetic.vocabulary import ACADEMIC_TITLES


def _fold(text: str) -> str:
    nfkd = unicodedata.normalize("NFKD", text)
    return "".join(c for c in nfkd if not unicodedata.combining(c))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", _fold(text).lower()).strip("-")


def _strip_titles(line: str) -> str:
    return " ".join(w for w in line.replace(",", " ").split() if w not in ACADEMIC_TITLES)


def female_surname(male: str) -> str:
    if male.endswith(("ý", "í")):
        return male[:-1] + "á"
    if male.endswith("ec"):
        return male[:-2] + "cová"
    if male.endswith(("a", "o")):
        return male[:-1] + "ová"
    if male[-1] in "ió":
        return male
    return male + "ová"


def _pick(rng: random.Random, table: tuple[tuple[str, float], ...]) -> str:
    x = rng.random()
    for value, p in table:
        x -= p
        if x < 0:
            return value
    return table[-1][0]


FM_KIND = (
    ("ok", 0.955),
    ("none", 0.02),
    ("broken_quote", 0.01),
    ("broken_indent", 0.01),
    ("missing_end", 0.005),
)
PUBLISHED = (
    ("true", 0.80),
    (None, 0.08),
    ("false", 0.04),
    ('"false"', 0.015),
    ("no", 0.015),
    ("yes", 0.02),
    ('"true"', 0.02),
    ("True", 0.01),
)
THESES = (("b", 0.50), ("bm", 0.28), ("m", 0.12), ("d", 0.03), ("", 0.07))
YEAR_MODE = (("both", 0.60), ("heading", 0.15), ("category", 0.20), ("none", 0.05))
AUTHOR = (
    ("taxonomy", 0.60),
    ("top", 0.15),
    (None, 0.15),
    ("top_list", 0.03),
    ("top_dict", 0.03),
    ("taxonomy_list", 0.04),
)
TITLE_LABELS = {
    "bachelor": (
        ("Názov práce: {t}", 0.55),
        ("*Názov bakalárskej práce*: {t}", 0.15),
        ("**Názov**: {t}", 0.08),
        ("Téma: {t}", 0.10),
        ("**Názov práce:** {t}", 0.07),
        ("- Názov práce: {t}", 0.05),
    ),
    "master": (
        ("Názov práce: {t}", 0.45),
        ("*Názov diplomovej práce*: {t}", 0.25),
        ("**Názov**: {t}", 0.08),
        ("Téma: {t}", 0.10),
        ("Názov práce: *{t}*", 0.05),
        ("Názov diplomovej práce: {t}", 0.07),
    ),
    "dissertation": (("Názov dizertačnej práce: {t}", 0.7), ("Názov práce: {t}", 0.3)),
}
SUP_STYLES = (
    ("{l}: {v}", 0.75),
    ("**{l}**: {v}", 0.10),
    ("**{l}:** {v}", 0.05),
    ("*{l}*: {v}", 0.05),
    ("- {l}: {v}", 0.05),
)
KIND_HEADING = {
    "bachelor": "Bakalárska práca",
    "master": "Diplomová práca",
    "dissertation": "Dizertačná práca",
}
KIND_CODE = {"bachelor": "bp", "master": "dp", "dissertation": "dz"}


def _norm_kw(value: str) -> str:
    return unicodedata.normalize("NFC", value).strip().strip("\"'").strip().lower()


def folder_login(path: str) -> str:
    parts = path.split("/")
    return f"{parts[2]}/{parts[3]}"


def _yaml_list(key: str, items: list[str], style: str, ind: str) -> list[str]:
    if style == "block":
        return [f"{ind}{key}:"] + [f"{ind}{ind}- {x}" for x in items]
    if style == "string":
        return [f"{ind}{key}: {', '.join(items)}"]
    return [f"{ind}{key}: [{', '.join(items)}]"]


def _published(raw: str | None) -> bool:
    if raw is None:
        return True
    return raw.strip().strip("\"'").lower() not in {"false", "no", "0", "off"}
