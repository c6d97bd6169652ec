#!/usr/bin/env python3
"""Build ``eval/datasets/graph.json``: graph questions over the sample wiki.

Usage::

    python eval/datasets/make_graph_dataset.py            # rewrites eval/datasets/graph.json
    python eval/datasets/make_graph_dataset.py --check    # exit 1 if the file is stale

Every expected answer is computed from ``examples/zpwiki-truth.json`` (the
ground truth written by ``examples/build_sample_wiki.py``), never from what
ZP Agent returns. Deterministic: one seed, sorted inputs, so two runs give
identical bytes. Standard library only.

Semantics the expectations follow (they are the graph tool's contract):

- pages marked ``published: false`` do not exist for a default question: their
  persons are ``unknown_person``, their theses are not counted or listed; a
  published topic page still lists them (hiding is per page);
- a thesis year is the heading's year, else the category code's;
- a start of study is only an explicit ``Rok začiatku štúdia`` (else no answer);
- a name that fits several persons (same full name, a shared surname or a
  shared first name alone) is ``ambiguous`` with all of them as candidates;
- a missing fact (no title, no year, no shared topic) is ``no_answer`` /
  ``no_matching_facts``; an unknown name ``unknown_person``; an unknown
  keyword ``unknown_keyword``; an unknown title ``unknown_title``;
- lists are compared as exact sets and counts exactly (the test runs with a
  limit above every list's size).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
TRUTH_PATH = REPO / "examples" / "zpwiki-truth.json"
OUT = HERE / "graph.json"
SEED = 20240611
DEV_SHARE = 0.6

# --------------------------------------------------------------------------- language


def fold(text: str) -> str:
    nfkd = unicodedata.normalize("NFKD", text)
    return "".join(c for c in nfkd if not unicodedata.combining(c))


def is_female(name: str) -> bool:
    first, last = name.split()[0], name.split()[-1]
    return last.endswith("á") or first.endswith("a")


def first_gen(first: str, female: bool) -> str:
    if female:
        if first.endswith("ia"):
            return first[:-1] + "e"
        return first[:-1] + "y" if first.endswith("a") else first
    special = {"Peter": "Petra", "Pavol": "Pavla"}
    if first in special:
        return special[first]
    if first.endswith("o"):
        return first[:-1] + "a"
    return first + "a"


def first_ins(first: str, female: bool) -> str:
    if female:
        return first[:-1] + "ou" if first.endswith("a") else first
    special = {"Peter": "Petrom", "Pavol": "Pavlom"}
    if first in special:
        return special[first]
    if first.endswith("o"):
        return first[:-1] + "om"
    return first + "om"


def surname_gen(last: str, female: bool) -> str:
    if female:
        if last.endswith("á"):
            return last[:-1] + "ej"
        return last  # Pataky: a woman's foreign surname does not decline
    if last.endswith("ý"):
        return last[:-1] + "ého"
    if last.endswith("a"):
        return last[:-1] + "u"
    if last.endswith("o"):
        return last[:-1] + "a"
    if last.endswith(("ec", "ek")) and last[-3] not in "aeiouyáéíóúý":
        return last[:-2] + last[-1] + "a"  # Oravec -> Oravca, Hládek -> Hládka
    return last + "a"


def surname_ins(last: str, female: bool) -> str:
    if female:
        if last.endswith("á"):
            return last[:-1] + "ou"
        return last
    if last.endswith("ý"):
        return last[:-1] + "ým"
    if last.endswith(("a", "o")):
        return last[:-1] + "om"
    if last.endswith(("ec", "ek")) and last[-3] not in "aeiouyáéíóúý":
        return last[:-2] + last[-1] + "om"
    return last + "om"


def gen(name: str) -> str:
    """Genitive of a full name: Ján Holp -> Jána Holpa, Mária Nováková -> Márie Novákovej."""
    female = is_female(name)
    first, *_, last = name.split()
    return f"{first_gen(first, female)} {surname_gen(last, female)}"


def ins(name: str) -> str:
    female = is_female(name)
    first, *_, last = name.split()
    return f"{first_ins(first, female)} {surname_ins(last, female)}"


def past(name: str, masculine: str) -> str:
    """obhájil -> obhájila for a woman."""
    return masculine + "a" if is_female(name) else masculine


KIND = {
    "bachelor": {
        "nom": "bakalárska práca",
        "gen": "bakalárskej práce",
        "acc": "bakalársku prácu",
        "col_gen": "bakalárky",
        "col_nom": "bakalárka",
        "col_acc": "bakalárku",
        "abbr": "BP",
        "gen_pl": "bakalárskych prác",
        "en": "bachelor thesis",
        "en_pl": "bachelor theses",
    },
    "master": {
        "nom": "diplomová práca",
        "gen": "diplomovej práce",
        "acc": "diplomovú prácu",
        "col_gen": "diplomovky",
        "col_nom": "diplomovka",
        "col_acc": "diplomovku",
        "abbr": "DP",
        "gen_pl": "diplomových prác",
        "en": "master thesis",
        "en_pl": "master theses",
    },
    "dissertation": {
        "nom": "dizertačná práca",
        "gen": "dizertačnej práce",
        "acc": "dizertačnú prácu",
        "col_gen": "dizertačky",
        "col_nom": "dizertačka",
        "col_acc": "dizertačku",
        "abbr": "dizertácia",
        "gen_pl": "dizertačných prác",
        "en": "dissertation",
        "en_pl": "dissertations",
    },
}
WORK = {
    "team_project": {"acc": "tímový projekt", "gen_pl": "tímových projektov"},
    "research_task": {"acc": "výskumnú úlohu", "gen_pl": "výskumných úloh"},
    "diploma_project": {"acc": "diplomové projekty", "gen_pl": "diplomových projektov"},
}

# Names that are nobody in the sample wiki (checked against the truth below).
UNKNOWN_NAMES = [
    "Jozef Mrkvička",
    "Alena Vysoká",
    "Karol Zelený",
    "Silvia Hrušková",
    "Tibor Malý",
    "Oskar Benko",
    "Eva Ružičková",
    "Miroslav Dlhý",
]
UNKNOWN_TITLES = [
    "Kvantové počítanie v slovenskej poézii",
    "Blockchain pre voľby do študentského parlamentu",
    "Predikcia počasia z príspevkov na sociálnych sieťach",
    "Rozpoznávanie vtákov podľa spevu na mobilnom telefóne",
]
UNKNOWN_KEYWORDS = ["kvantové počítače", "blockchain", "robotika", "bioinformatika", "astronómia"]


# --------------------------------------------------------------------------- truth


class Truth:
    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.persons = raw["persons"]
        self.visible = [p for p in self.persons if p["published"]]
        self.by_id = {p["id"]: p for p in self.persons}
        self.topics = {t["slug"]: t for t in raw["topics"]}
        words = {fold(w).lower() for p in self.persons for w in p["name"].split()}
        words |= {fold(w).lower() for s in raw["supervisors"] for w in s["name"].split()}
        self.name_words = words
        # Invented names must be nobody: drop any whose surname exists here.
        self.unknown_names = [n for n in UNKNOWN_NAMES if fold(n.split()[-1]).lower() not in words]

    def theses(self, p: dict) -> list[dict]:
        return p["theses"]

    def supervised(self, supervisor: str) -> list[tuple[dict, dict]]:
        return [(p, t) for p in self.visible for t in p["theses"] if t["supervisor"] == supervisor]

    def consulted(self, consultant: str) -> list[tuple[dict, dict]]:
        return [(p, t) for p in self.visible for t in p["theses"] if t["consultant"] == consultant]

    def same_surname(self, p: dict) -> list[dict]:
        last = p["name"].split()[-1]
        return [q for q in self.visible if q["name"].split()[-1] == last]

    def same_name(self, p: dict) -> list[dict]:
        return [q for q in self.visible if q["name"] == p["name"]]


# --------------------------------------------------------------------------- items


class Items:
    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []
        self.ids: set[str] = set()

    def add(
        self,
        qtype: str,
        category: str,
        key: str,
        query: str,
        *,
        status: str = "ok",
        reason: str | None = None,
        answers: list[Any] | None = None,
        count: int | None = None,
        persons: list[str] | None = None,
        documents: list[str] | None = None,
        note: str | None = None,
    ) -> None:
        item_id = f"graph-{qtype}-{key}"
        n = 2
        while item_id in self.ids:
            item_id = f"graph-{qtype}-{key}-{n}"
            n += 1
        self.ids.add(item_id)
        expect: dict[str, Any] = {"question_type": qtype, "status": status}
        if reason:
            expect["reason"] = reason
        if answers:
            expect["answers"] = [str(a) for a in answers]
        if count is not None:
            expect["count"] = count
        if persons:
            expect["persons"] = sorted(persons)
        if documents:
            expect["documents"] = sorted(documents)
        item = {
            "id": item_id,
            "split": "dev",
            "category": category,
            "query": query,
            "expect": expect,
        }
        if note:
            item["note"] = note
        self.items.append(item)


def typo(word: str, rng: random.Random, taken: set[str]) -> str | None:
    """A one-edit typo inside a word (not the first letter), not another name."""
    if len(word) < 6:
        return None
    for _ in range(20):
        i = rng.randrange(2, len(word) - 2)
        op = rng.choice(("swap", "drop", "double"))
        if op == "swap":
            cand = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        elif op == "drop":
            cand = word[:i] + word[i + 1 :]
        else:
            cand = word[:i] + word[i] + word[i:]
        if cand != word and fold(cand).lower() not in taken:
            return cand
    return None


def diacritics_off(query: str) -> str:
    return fold(query)


# --------------------------------------------------------------------------- builders


def thesis_items(truth: Truth, items: Items, rng: random.Random) -> None:
    title_templates = [
        ("exact", "Aký je názov {kgen} {pgen}?"),
        ("paraphrase", "Ako sa volá {knom} {pgen}?"),
        ("colloquial", "Aký názov má {kcolnom} {pgen}?"),
        ("paraphrase", "Na akú tému písal{fa} {pnom} {kacc}?"),
        ("colloquial", "Akú {kcolacc} písal{fa} {pnom}?"),
        ("abbreviation", "Názov {kabbr} {pgen}"),
    ]
    supervisor_templates = [
        ("exact", "Kto viedol {kacc} {pgen}?"),
        ("paraphrase", "Kto bol vedúcim {kgen} {pgen}?"),
        ("colloquial", "Kto bol vedúci {kcolgen} {pgen}?"),
        ("paraphrase", "Pod vedením koho písal{fa} {pnom} {kacc}?"),
    ]
    year_templates = [
        ("exact", "V ktorom roku obhájil{fa} {pnom} {kacc}?"),
        ("paraphrase", "Kedy obhájil{fa} {pnom} {kcolacc}?"),
        ("paraphrase", "Z ktorého roku je {knom} {pgen}?"),
    ]
    people = sorted(truth.visible, key=lambda p: p["id"])
    unique = [p for p in people if len(truth.same_name(p)) == 1]
    for n, p in enumerate(unique):
        for m, t in enumerate(p["theses"]):
            k = KIND[t["kind"]]
            slots = {
                "kgen": k["gen"],
                "knom": k["nom"],
                "kacc": k["acc"],
                "kcolgen": k["col_gen"],
                "kcolnom": k["col_nom"],
                "kcolacc": k["col_acc"],
                "kabbr": k["abbr"],
                "pgen": gen(p["name"]),
                "pnom": p["name"],
                "fa": "a" if is_female(p["name"]) else "",
            }
            key = f"{p['id']}-{t['kind']}"
            sel = (n + m) % 6
            # Title
            cat, tpl = title_templates[sel % len(title_templates)]
            query = tpl.format(**slots)
            if t["kind"] == "dissertation" and "{kabbr}" in tpl:
                cat, query = "exact", title_templates[0][1].format(**slots)
            if (n + m) % 5 == 0:
                cat, query = "no_diacritics", diacritics_off(query)
            _title_item(items, p, t, key, cat, query)
            # Supervisor (dissertations: "školiteľ")
            if (n + m) % 2 == 0:
                cat, tpl = supervisor_templates[(n // 2 + m) % len(supervisor_templates)]
                query = tpl.format(**slots)
                if t["kind"] == "dissertation":
                    cat, query = "dissertation", f"Kto bol školiteľom {k['gen']} {gen(p['name'])}?"
                if t["supervisor"]:
                    items.add(
                        "thesis_supervisor",
                        cat,
                        key,
                        query,
                        answers=[t["supervisor"]],
                        persons=[p["id"]],
                        documents=[p["document_path"]],
                    )
                else:
                    items.add(
                        "thesis_supervisor",
                        "missing_fact",
                        key,
                        query,
                        status="no_answer",
                        reason="no_matching_facts",
                    )
            # Year
            if (n + m) % 3 == 1 or t["year_heading"] != t["year_category"]:
                cat, tpl = year_templates[(n + m) % len(year_templates)]
                query = tpl.format(**slots)
                if (
                    t["year_heading"]
                    and t["year_category"]
                    and t["year_heading"] != t["year_category"]
                ):
                    cat = "year_conflict"
                if t["year"] is not None:
                    items.add(
                        "thesis_year",
                        cat,
                        key,
                        query,
                        answers=[t["year"]],
                        persons=[p["id"]],
                        documents=[p["document_path"]],
                    )
                else:
                    items.add(
                        "thesis_year",
                        "missing_fact",
                        key,
                        query,
                        status="no_answer",
                        reason="no_matching_facts",
                    )
    # A kind the person does not have.
    for p in unique[:40:8]:
        kinds = {t["kind"] for t in p["theses"]}
        if "dissertation" not in kinds:
            items.add(
                "thesis_title",
                "missing_fact",
                f"{p['id']}-no-dissertation",
                f"Aký je názov dizertačnej práce {gen(p['name'])}?",
                status="no_answer",
                reason="no_matching_facts",
            )
    # All theses of a person, no kind.
    for p in unique[3:50:9]:
        titles = [t["title"] for t in p["theses"] if t["title"]]
        query = f"Aké práce napísal{'a' if is_female(p['name']) else ''} {p['name']}?"
        if titles:
            items.add(
                "thesis_title",
                "all_theses",
                p["id"],
                query,
                answers=titles,
                persons=[p["id"]],
                documents=[p["document_path"]],
            )
    # English.
    for p in unique[1:50:10]:
        if not p["theses"]:
            continue
        t = p["theses"][0]
        if t["title"]:
            items.add(
                "thesis_title",
                "english",
                f"{p['id']}-{t['kind']}-en",
                f"What is the title of {p['name']}'s {KIND[t['kind']]['en']}?",
                answers=[t["title"]],
                persons=[p["id"]],
                documents=[p["document_path"]],
            )
        if t["supervisor"]:
            items.add(
                "thesis_supervisor",
                "english",
                f"{p['id']}-{t['kind']}-en",
                f"Who supervised {p['name']}'s {KIND[t['kind']]['en']}?",
                answers=[t["supervisor"]],
                persons=[p["id"]],
                documents=[p["document_path"]],
            )
        if t["year"]:
            items.add(
                "thesis_year",
                "english",
                f"{p['id']}-{t['kind']}-en",
                f"When did {p['name']} defend the {KIND[t['kind']]['en']}?",
                answers=[t["year"]],
                persons=[p["id"]],
                documents=[p["document_path"]],
            )


def _title_item(items: Items, p: dict, t: dict, key: str, cat: str, query: str) -> None:
    if t["title"]:
        items.add(
            "thesis_title",
            cat,
            key,
            query,
            answers=[t["title"]],
            persons=[p["id"]],
            documents=[p["document_path"]],
        )
    else:
        items.add(
            "thesis_title",
            "missing_fact",
            key,
            query,
            status="no_answer",
            reason="no_matching_facts",
            note="the page states no title for this thesis",
        )


def name_variant_items(truth: Truth, items: Items, rng: random.Random) -> None:
    """Surnames alone, typos, shared names, first names alone, disambiguation."""
    people = sorted(truth.visible, key=lambda p: p["id"])
    seen_surnames: set[str] = set()
    for p in people:
        last = p["name"].split()[-1]
        if last in seen_surnames or len(truth.same_name(p)) > 1:
            continue
        seen_surnames.add(last)
        group = truth.same_surname(p)
        female = is_female(p["name"])
        sg = surname_gen(last, female)
        t = next((t for t in p["theses"] if t["title"]), None)
        if len(group) > 1:
            query = (
                f"Aký je názov práce {sg}?" if len(seen_surnames) % 2 else f"Kto viedol prácu {sg}?"
            )
            qtype = "thesis_title" if "názov" in query else "thesis_supervisor"
            items.add(
                qtype,
                "ambiguous_surname",
                f"{fold(last).lower()}-surname",
                query,
                status="ambiguous",
                reason="ambiguous_person",
                persons=[q["id"] for q in group],
            )
        elif t is not None and len(seen_surnames) % 3 == 0:
            kind = KIND[t["kind"]]
            items.add(
                "thesis_title",
                "surname_only",
                f"{p['id']}-surname",
                f"Aký je názov {kind['gen']} {sg}?",
                answers=[t["title"]],
                persons=[p["id"]],
                documents=[p["document_path"]],
            )
    # Typos in the surname, inflected.
    n = 0
    for p in people:
        t = next((t for t in p["theses"] if t["title"]), None)
        if t is None or len(truth.same_name(p)) > 1 or len(truth.same_surname(p)) > 1:
            continue
        first, *_, last = p["name"].split()
        female = is_female(p["name"])
        bad = typo(surname_gen(last, female), rng, truth.name_words)
        if bad is None:
            continue
        n += 1
        if n % 3:
            continue
        query = f"Aký je názov {KIND[t['kind']]['gen']} {first_gen(first, female)} {bad}?"
        items.add(
            "thesis_title",
            "typo",
            f"{p['id']}-typo",
            query,
            answers=[t["title"]],
            persons=[p["id"]],
            documents=[p["document_path"]],
        )
    # The same full name: ambiguous, unless the question tells them apart.
    for amb in truth.raw["ambiguous_names"]:
        # Only visible persons can be candidates: a hidden namesake is nobody.
        ids = sorted(i for i in amb["person_ids"] if truth.by_id[i]["published"])
        name = amb["name"]
        if len(ids) < 2:
            continue
        items.add(
            "thesis_title",
            "ambiguous_name",
            fold(name).lower().replace(" ", "-"),
            f"Aký je názov diplomovej práce {gen(name)}?",
            status="ambiguous",
            reason="ambiguous_person",
            persons=ids,
        )
        items.add(
            "thesis_supervisor",
            "ambiguous_name",
            fold(name).lower().replace(" ", "-"),
            f"Kto viedol bakalársku prácu {gen(name)}?",
            status="ambiguous",
            reason="ambiguous_person",
            persons=ids,
        )
        items.add(
            "start_year",
            "ambiguous_name",
            fold(name).lower().replace(" ", "-"),
            f"Kedy začal študovať {name}?",
            status="ambiguous",
            reason="ambiguous_person",
            persons=ids,
        )
        items.add(
            "person_keywords",
            "ambiguous_name",
            fold(name).lower().replace(" ", "-"),
            f"Aké kľúčové slová má {name}?",
            status="ambiguous",
            reason="ambiguous_person",
            persons=ids,
        )
        for pid in ids:
            p = truth.by_id[pid]
            for t in p["theses"]:
                matches = [
                    q
                    for q in ids
                    if any(
                        x["kind"] == t["kind"] and x["year"] == t["year"]
                        for x in truth.by_id[q]["theses"]
                    )
                ]
                if len(matches) == 1 and t["title"] and t["year"]:
                    items.add(
                        "thesis_title",
                        "disambiguated",
                        f"{pid}-{t['kind']}",
                        f"Aký je názov {KIND[t['kind']]['gen']} {gen(name)} z roku {t['year']}?",
                        answers=[t["title"]],
                        persons=[pid],
                        documents=[p["document_path"]],
                    )
    # First names alone, shared by several students.
    by_first: dict[str, list[dict]] = defaultdict(list)
    for p in people:
        by_first[p["name"].split()[0]].append(p)
    templates = [
        ("thesis_title", "Aký názov práce má {n}?"),
        ("thesis_supervisor", "Kto viedol prácu, ktorú písal{fa} {n}?"),
        ("thesis_year", "Kedy obhájil{fa} {n} prácu?"),
    ]
    for i, (first, group) in enumerate(sorted(by_first.items())):
        if len(group) < 2:
            continue
        qtype, tpl = templates[i % len(templates)]
        query = tpl.format(n=first, fa="a" if is_female(group[0]["name"]) else "")
        items.add(
            qtype,
            "ambiguous_first_name",
            fold(first).lower(),
            query,
            status="ambiguous",
            reason="ambiguous_person",
            persons=[p["id"] for p in group],
        )


def unknown_items(truth: Truth, items: Items) -> None:
    templates = [
        ("thesis_title", "Aký je názov bakalárskej práce {g}?"),
        ("thesis_supervisor", "Kto viedol diplomovú prácu {g}?"),
        ("thesis_year", "V ktorom roku obhájil{fa} {n} bakalársku prácu?"),
        ("start_year", "Kedy začal{fa} študovať {n}?"),
        ("person_works", "Aký tímový projekt robil{fa} {n}?"),
        ("person_topics", "Akým témam sa venuje {n}?"),
        ("thesis_title", "aky je nazov diplomovky {gf}"),
        ("thesis_supervisor", "Who supervised {n}'s master thesis?"),
    ]
    for (qtype, tpl), name in zip(templates, truth.unknown_names, strict=False):
        query = tpl.format(
            g=gen(name), n=name, gf=fold(gen(name)), fa="a" if is_female(name) else ""
        )
        items.add(
            qtype,
            "unknown_person",
            fold(name).lower().replace(" ", "-"),
            query,
            status="no_answer",
            reason="unknown_person",
        )
    # Unpublished pages are not visible to a default question.
    hidden = [p for p in truth.persons if not p["published"]]
    visible_names = {p["name"] for p in truth.visible}
    hidden = [p for p in hidden if p["name"] not in visible_names]  # a namesake answers
    for i, p in enumerate(sorted(hidden, key=lambda p: p["id"])):
        t = p["theses"][0] if p["theses"] else None
        if t is None:
            continue
        if i % 2:
            query = f"Aký je názov {KIND[t['kind']]['gen']} {gen(p['name'])}?"
            qtype = "thesis_title"
        else:
            query = f"Kto viedol {KIND[t['kind']]['acc']} {gen(p['name'])}?"
            qtype = "thesis_supervisor"
        items.add(
            qtype,
            "unpublished",
            f"{p['id']}-unpublished",
            query,
            status="no_answer",
            reason="unknown_person",
            note="the page is published: false",
        )


def start_year_items(truth: Truth, items: Items) -> None:
    templates = [
        ("exact", "Kedy začal{fa} študovať {n}?"),
        ("paraphrase", "V ktorom roku nastúpil{fa} na štúdium {n}?"),
        ("paraphrase", "Rok začiatku štúdia {g}?"),
        ("english", "When did {n} start studying?"),
    ]
    people = [
        p for p in sorted(truth.visible, key=lambda p: p["id"]) if len(truth.same_name(p)) == 1
    ]
    for i, p in enumerate(people[::3]):
        cat, tpl = templates[i % len(templates)]
        query = tpl.format(n=p["name"], g=gen(p["name"]), fa="a" if is_female(p["name"]) else "")
        if p["start_year"] is None:
            items.add(
                "start_year",
                "missing_fact",
                p["id"],
                query,
                status="no_answer",
                reason="no_matching_facts",
                note="no explicit start year; the year folder is not one",
            )
        else:
            items.add(
                "start_year",
                cat,
                p["id"],
                query,
                answers=[p["start_year"]],
                persons=[p["id"]],
                documents=[p["document_path"]],
            )
    # Persons by start year.
    by_year: dict[int, list[str]] = defaultdict(list)
    for p in truth.visible:
        if p["start_year"]:
            by_year[p["start_year"]].append(p["id"])
    for i, (year, ids) in enumerate(sorted(by_year.items())):
        if i % 2:
            items.add(
                "persons_by_start_year",
                "list",
                str(year),
                f"Kto začal študovať v roku {year}?",
                count=len(ids),
                persons=ids,
            )
        else:
            items.add(
                "count_by_start_year",
                "count",
                str(year),
                f"Koľko študentov začalo študovať v roku {year}?",
                count=len(ids),
                persons=ids,
            )


def works_items(truth: Truth, items: Items) -> None:
    people = [
        p for p in sorted(truth.visible, key=lambda p: p["id"]) if len(truth.same_name(p)) == 1
    ]
    for i, p in enumerate(people):
        fa = "a" if is_female(p["name"]) else ""
        if p["works"]:
            titles = [w["title"] for w in p["works"] if w["title"]]
            items.add(
                "person_works",
                "all_works",
                p["id"],
                f"Aké projekty mal{fa} {p['name']}?",
                answers=titles,
                persons=[p["id"]],
                documents=[p["document_path"]],
            )
            for kind in sorted({w["kind"] for w in p["works"]}):
                titles = [w["title"] for w in p["works"] if w["kind"] == kind and w["title"]]
                verb = {
                    "team_project": "robil",
                    "research_task": "riešil",
                    "diploma_project": "mal",
                }
                items.add(
                    "person_works",
                    kind,
                    f"{p['id']}-{kind}",
                    f"Aký {WORK[kind]['acc']} {verb[kind]}{fa} {p['name']}?"
                    if kind == "team_project"
                    else f"Akú {WORK[kind]['acc']} {verb[kind]}{fa} {p['name']}?"
                    if kind == "research_task"
                    else f"Aké {WORK[kind]['acc']} {verb[kind]}{fa} {p['name']}?",
                    answers=titles,
                    persons=[p["id"]],
                    documents=[p["document_path"]],
                )
        elif i % 9 == 0:
            items.add(
                "person_works",
                "missing_fact",
                p["id"],
                f"Aké projekty mal{fa} {p['name']}?",
                status="no_answer",
                reason="no_matching_facts",
            )
    # Persons with a work of a kind (in a year).
    for kind in WORK:
        holders = sorted({p["id"] for p in truth.visible for w in p["works"] if w["kind"] == kind})
        n_works = sum(1 for p in truth.visible for w in p["works"] if w["kind"] == kind)
        items.add(
            "count_by_work",
            "count",
            kind,
            f"Koľko študentov malo {WORK[kind]['acc']}?"
            if kind != "diploma_project"
            else "Koľko študentov malo diplomové projekty?",
            count=len(holders),
            persons=holders,
        )
        items.add(
            "count_by_work",
            "count_items",
            kind,
            f"Koľko {WORK[kind]['gen_pl']} je na wiki?",
            count=n_works,
        )
    years = sorted(
        {
            w["year"]
            for p in truth.visible
            for w in p["works"]
            if w["kind"] == "team_project" and w["year"]
        }
    )
    for year in years[:4]:
        holders = sorted(
            {
                p["id"]
                for p in truth.visible
                for w in p["works"]
                if w["kind"] == "team_project" and w["year"] == year
            }
        )
        items.add(
            "persons_by_work",
            "list",
            f"team_project-{year}",
            f"Kto robil tímový projekt v roku {year}?",
            count=len(holders),
            persons=holders,
        )


def list_items(truth: Truth, items: Items) -> None:
    groups: dict[tuple[str, int], list[tuple[dict, dict]]] = defaultdict(list)
    for p in truth.visible:
        for t in p["theses"]:
            if t["year"]:
                groups[(t["kind"], t["year"])].append((p, t))
    list_templates = [
        ("list", "Ktorí študenti obhájili {kacc} v roku {y}?"),
        ("list", "Kto mal {kcolacc} v roku {y}?"),
        ("list_no_diacritics", "ktori studenti mali {kacc_f} v roku {y}"),
        ("list", "Zoznam študentov, ktorí písali {kacc} v {y}"),
    ]
    count_templates = [
        ("count_theses", "Koľko {kgenpl} bolo obhájených v roku {y}?", "theses"),
        ("count_persons", "Koľko študentov obhájilo {kacc} v roku {y}?", "persons"),
        ("count_persons", "Koľko študentov malo {kcolacc} v roku {y}?", "persons"),
        ("english", "How many {kenpl} were defended in {y}?", "theses"),
    ]
    for i, ((kind, year), pairs) in enumerate(sorted(groups.items())):
        k = KIND[kind]
        slots = {
            "kacc": k["acc"],
            "kcolacc": k["col_acc"],
            "kgenpl": k["gen_pl"],
            "y": year,
            "kacc_f": fold(k["acc"]),
            "kenpl": k["en_pl"],
        }
        ids = sorted({p["id"] for p, _ in pairs})
        if i % 2 == 0:
            cat, tpl = list_templates[(i // 2) % len(list_templates)]
            items.add(
                "persons_by_thesis",
                cat,
                f"{kind}-{year}",
                tpl.format(**slots),
                count=len(ids),
                persons=ids,
            )
        cat, tpl, unit = count_templates[i % len(count_templates)]
        count = len(pairs) if unit == "theses" else len(ids)
        items.add(
            "count_by_thesis", cat, f"{kind}-{year}", tpl.format(**slots), count=count, persons=ids
        )
    # A kind in a year with nothing: the count is an exact 0.
    zero = sum(
        1
        for p in truth.visible
        for t in p["theses"]
        if t["kind"] == "dissertation" and t["year"] == 2015
    )
    items.add(
        "count_by_thesis",
        "count_zero" if zero == 0 else "count",
        "dissertation-2015",
        "Koľko dizertačných prác bolo obhájených v roku 2015?",
        count=zero,
    )
    # All theses of a kind; all theses in a year.
    for kind in KIND:
        pairs = [(p, t) for p in truth.visible for t in p["theses"] if t["kind"] == kind]
        ids = sorted({p["id"] for p, _ in pairs})
        items.add(
            "count_by_thesis",
            "count_kind",
            kind,
            f"Koľko {KIND[kind]['gen_pl']} je na wiki?",
            count=len(pairs),
            persons=ids,
        )
        if kind == "dissertation":
            items.add(
                "persons_by_thesis",
                "list_kind",
                kind,
                "Kto písal dizertačnú prácu?",
                count=len(ids),
                persons=ids,
            )
    for year in (2019, 2022):
        pairs = [(p, t) for p in truth.visible for t in p["theses"] if t["year"] == year]
        ids = sorted({p["id"] for p, _ in pairs})
        items.add(
            "persons_by_thesis",
            "list_year",
            str(year),
            f"Kto obhájil záverečnú prácu v roku {year}?",
            count=len(ids),
            persons=ids,
        )
    # A range of years.
    pairs = [
        (p, t)
        for p in truth.visible
        for t in p["theses"]
        if t["kind"] == "master" and t["year"] and 2020 <= t["year"] <= 2022
    ]
    items.add(
        "count_by_thesis",
        "year_range",
        "master-2020-2022",
        "Koľko diplomových prác bolo obhájených v rokoch 2020 až 2022?",
        count=len(pairs),
        persons=sorted({p["id"] for p, _ in pairs}),
    )


def supervisor_items(truth: Truth, items: Items) -> None:
    for i, sup in enumerate(truth.raw["supervisors"]):
        name = sup["name"]
        pairs = truth.supervised(name)
        ids = sorted({p["id"] for p, _ in pairs})
        fa = "a" if is_female(name) else ""
        list_tpl = [
            f"Koho viedol{fa} {name}?",
            f"Ktorých študentov viedol{fa} {name}?",
            f"Ktorí študenti písali prácu u {gen(name)}?",
            f"Which students did {name} supervise?",
        ][i % 4]
        items.add(
            "supervised_persons",
            "list",
            fold(name).lower().replace(" ", "-"),
            list_tpl,
            count=len(ids),
            persons=ids,
        )
        items.add(
            "supervised_count",
            "count_persons",
            fold(name).lower().replace(" ", "-"),
            f"Koľko študentov viedol{fa} {name}?",
            count=len(ids),
            persons=ids,
        )
        items.add(
            "supervised_count",
            "count_theses",
            fold(name).lower().replace(" ", "-"),
            f"Koľko prác viedol{fa} {name}?",
            count=len(pairs),
        )
        for kind in KIND:
            kp = [(p, t) for p, t in pairs if t["kind"] == kind]
            if kp and (i + len(kind)) % 2 == 0:
                items.add(
                    "supervised_count",
                    "count_kind",
                    f"{fold(name).lower().replace(' ', '-')}-{kind}",
                    f"Koľko {KIND[kind]['gen_pl']} viedol{fa} {name}?",
                    count=len(kp),
                )
        years = sorted({t["year"] for _, t in pairs if t["year"]})
        if years:
            year = years[len(years) // 2]
            yp = sorted({p["id"] for p, t in pairs if t["year"] == year})
            items.add(
                "supervised_persons",
                "list_year",
                f"{fold(name).lower().replace(' ', '-')}-{year}",
                f"Koho viedol{fa} {name} v roku {year}?",
                count=len(yp),
                persons=yp,
            )
    # Consultants are not supervisors.
    consultants = sorted(
        {t["consultant"] for p in truth.visible for t in p["theses"] if t["consultant"]}
    )
    for name in consultants[:4]:
        ids = sorted({p["id"] for p, _ in truth.consulted(name)})
        items.add(
            "consulted_persons",
            "consultant",
            fold(name).lower().replace(" ", "-"),
            f"Pri ktorých prácach bol{'a' if is_female(name) else ''} konzultantom {name}?"
            if not is_female(name)
            else f"Pri ktorých prácach bola konzultantkou {name}?",
            count=len(ids),
            persons=ids,
        )
    items.add(
        "supervised_count",
        "unknown_person",
        "mrkvicka",
        f"Koľko študentov viedol {truth.unknown_names[0]}?",
        status="no_answer",
        reason="unknown_person",
    )


def topic_keyword_items(truth: Truth, items: Items) -> None:
    templates = [
        ("list", "Ktorí študenti sa venujú téme {t}?"),
        ("list", "Kto patrí do témy {t}?"),
        ("list_no_diacritics", "ktori studenti su v teme {tf}"),
        ("list", "Zoznam študentov v oblasti {t}"),
    ]
    for i, (slug, topic) in enumerate(sorted(truth.topics.items())):
        # The published topic page lists its students, a hidden page's among them:
        # hiding is per page, so the listing is seen (their own pages are not).
        ids = sorted(topic["students"])
        cat, tpl = templates[i % len(templates)]
        items.add(
            "persons_by_topic",
            cat,
            slug,
            tpl.format(t=topic["title"], tf=fold(topic["title"])),
            count=len(ids),
            persons=ids,
        )
        if i % 2 == 0:
            items.add(
                "count_by_topic",
                "count",
                slug,
                f"Koľko študentov sa venuje téme {topic['title']}?",
                count=len(ids),
                persons=ids,
            )
        if i % 3 == 1:
            items.add(
                "persons_by_topic",
                "topic_by_keyword",
                f"{slug}-keyword",
                f"Ktorí študenti patria do témy {topic['keyword']}?",
                count=len(ids),
                persons=ids,
            )
    # Keywords: held by two or more persons, and by exactly one.
    holders: dict[str, set[str]] = defaultdict(set)
    for p in truth.visible:
        for kw in p["keywords"]:
            holders[kw].add(p["id"])
    shared = sorted(k for k, v in holders.items() if len(v) >= 2)
    single = sorted(k for k, v in holders.items() if len(v) == 1)
    kw_templates = [
        ("list", "Ktorí študenti majú kľúčové slovo {k}?"),
        ("list", "Kto má tag {k}?"),
        ("english", "Which students have the keyword {k}?"),
        ("list", "Zoznam študentov s kľúčovým slovom {k}"),
    ]
    for i, kw in enumerate(shared + single[::4]):
        ids = sorted(holders[kw])
        cat, tpl = kw_templates[i % len(kw_templates)]
        items.add(
            "persons_by_keyword",
            cat,
            kw.replace(" ", "-"),
            tpl.format(k=kw),
            count=len(ids),
            persons=ids,
        )
        if i % 3 == 0:
            items.add(
                "count_by_keyword",
                "count",
                kw.replace(" ", "-"),
                f"Koľko študentov má kľúčové slovo {kw}?",
                count=len(ids),
                persons=ids,
            )
    for kw in UNKNOWN_KEYWORDS:
        items.add(
            "persons_by_keyword",
            "unknown_keyword",
            fold(kw).replace(" ", "-"),
            f"Ktorí študenti majú kľúčové slovo {kw}?",
            status="no_answer",
            reason="unknown_keyword",
        )
    # One person's topics and keywords.
    people = [
        p for p in sorted(truth.visible, key=lambda p: p["id"]) if len(truth.same_name(p)) == 1
    ]
    for i, p in enumerate(people):
        if i % 4 == 0:
            titles = [truth.topics[s]["title"] for s in p["topics"]]
            query = f"Akým témam sa venuje {p['name']}?"
            if titles:
                items.add(
                    "person_topics", "person", p["id"], query, answers=titles, persons=[p["id"]]
                )
            else:
                items.add(
                    "person_topics",
                    "missing_fact",
                    p["id"],
                    query,
                    status="no_answer",
                    reason="no_matching_facts",
                )
        if i % 4 == 2:
            query = f"Aké kľúčové slová má {p['name']}?"
            if p["keywords"]:
                items.add(
                    "person_keywords",
                    "person",
                    p["id"],
                    query,
                    answers=p["keywords"],
                    persons=[p["id"]],
                    documents=[p["document_path"]],
                )
            else:
                items.add(
                    "person_keywords",
                    "missing_fact",
                    p["id"],
                    query,
                    status="no_answer",
                    reason="no_matching_facts",
                    note="the page's front matter is unreadable or has no tags",
                )


def shared_items(truth: Truth, items: Items) -> None:
    people = [
        p for p in sorted(truth.visible, key=lambda p: p["id"]) if len(truth.same_name(p)) == 1
    ]
    topic_pairs, keyword_pairs, empty_pairs = [], [], []
    for i, a in enumerate(people):
        for b in people[i + 1 :]:
            st = sorted(set(a["topics"]) & set(b["topics"]))
            sk = sorted(set(a["keywords"]) & set(b["keywords"]))
            if len(st) >= 2 or (st and (i % 7 == 0)):
                topic_pairs.append((a, b, st))
            if len(sk) >= 2 or (sk and (i % 5 == 0)):
                keyword_pairs.append((a, b, sk))
            if not st and not sk and i % 6 == 0:
                empty_pairs.append((a, b))
    for j, (a, b, st) in enumerate(topic_pairs[:: max(1, len(topic_pairs) // 9)][:9]):
        tpl = [
            "Aké témy majú spoločné {a} a {b}?",
            "Ktoré témy zdieľajú {a} a {b}?",
            "What topics do {a} and {b} share?",
        ][j % 3]
        items.add(
            "shared_topics",
            "pair",
            f"{a['id']}-{b['id']}",
            tpl.format(a=a["name"], b=b["name"]),
            answers=[truth.topics[s]["title"] for s in st],
            persons=[a["id"], b["id"]],
        )
    for j, (a, b, sk) in enumerate(keyword_pairs[:: max(1, len(keyword_pairs) // 9)][:9]):
        tpl = [
            "Aké kľúčové slová majú spoločné {a} a {b}?",
            "Ktoré kľúčové slová zdieľajú {a} a {b}?",
            "Ake klucove slova maju spolocne {af} a {bf}?",
        ][j % 3]
        items.add(
            "shared_keywords",
            "pair",
            f"{a['id']}-{b['id']}",
            tpl.format(a=a["name"], b=b["name"], af=fold(a["name"]), bf=fold(b["name"])),
            answers=sk,
            persons=[a["id"], b["id"]],
        )
    for j, (a, b) in enumerate(empty_pairs[:: max(1, len(empty_pairs) // 4)][:4]):
        qtype = "shared_topics" if j % 2 == 0 else "shared_keywords"
        word = "témy" if qtype == "shared_topics" else "kľúčové slová"
        items.add(
            qtype,
            "nothing_shared",
            f"{a['id']}-{b['id']}",
            f"Aké {word} majú spoločné {a['name']} a {b['name']}?",
            status="no_answer",
            reason="no_matching_facts",
        )
    if truth.raw["ambiguous_names"]:
        amb = truth.raw["ambiguous_names"][0]
        other = truth.visible[0]["name"]
        items.add(
            "shared_topics",
            "ambiguous_name",
            "ambiguous",
            f"Aké témy majú spoločné {amb['name']} a {other}?",
            status="ambiguous",
            reason="ambiguous_person",
            persons=amb["person_ids"],
        )
    items.add(
        "shared_topics",
        "unknown_person",
        "unknown",
        f"Aké témy majú spoločné {truth.visible[0]['name']} a {truth.unknown_names[0]}?",
        status="no_answer",
        reason="unknown_person",
    )


def document_items(truth: Truth, items: Items) -> None:
    pages: dict[str, list[str]] = defaultdict(list)
    for p in truth.visible:
        for author in p["page_authors"]:
            pages[author].append(p["document_path"])
    templates = [
        "Ktoré stránky študentov napísal{fa} {n}?",
        "Ktoré študentské stránky vytvoril{fa} {n}?",
        "Aké stránky študentov je autorom {n}?",
    ]
    for i, (author, docs) in enumerate(sorted(pages.items())):
        if i % 2 and len(docs) < 2:
            continue
        fa = "a" if is_female(author) else ""
        query = templates[i % len(templates)].format(n=author, fa=fa)
        if "je autorom" in query and fa:
            query = query.replace("je autorom", "je autorkou")
        items.add(
            "documents_by_author",
            "author",
            fold(author).lower().replace(" ", "-"),
            query,
            answers=sorted(docs),
            count=len(docs),
            documents=sorted(docs),
        )
    # Who wrote a person's page (the page author, not the person it is about).
    people = [
        p for p in sorted(truth.visible, key=lambda p: p["id"]) if len(truth.same_name(p)) == 1
    ]
    for i, p in enumerate(people[::5]):
        query = [
            f"Kto je autorom stránky {gen(p['name'])}?",
            f"Kto napísal stránku o {p['name']}?",
        ][i % 2]
        if i % 2:
            query = f"Kto napísal wiki stránku {gen(p['name'])}?"
        if p["page_authors"]:
            items.add(
                "page_author",
                "author_vs_subject",
                p["id"],
                query,
                answers=p["page_authors"],
                documents=[p["document_path"]],
            )
        else:
            items.add(
                "page_author",
                "missing_fact",
                p["id"],
                query,
                status="no_answer",
                reason="no_matching_facts",
                note="the front matter names no author",
            )
    items.add(
        "documents_by_author",
        "unknown_person",
        "unknown",
        f"Ktoré stránky študentov napísal {truth.unknown_names[2]}?",
        status="no_answer",
        reason="unknown_person",
    )


def title_items(truth: Truth, items: Items) -> None:
    people = sorted(truth.visible, key=lambda p: p["id"])
    templates = [
        ("exact", "Kto napísal prácu {t}?"),
        ("quoted", "Kto je autorom práce „{t}“?"),
        ("no_diacritics", "kto napisal pracu {tf}"),
        ("english", 'Who wrote the thesis "{t}"?'),
        ("paraphrase", "Ktorý študent písal prácu s názvom {t}?"),
    ]
    n = 0
    for p in people:
        for t in p["theses"]:
            if not t["title"]:
                continue
            n += 1
            if n % 5:
                continue
            cat, tpl = templates[(n // 5) % len(templates)]
            query = tpl.format(t=t["title"], tf=fold(t["title"]))
            # Every visible person with exactly this title (a title can repeat).
            key = fold(t["title"]).lower()
            authors = [
                q
                for q in people
                for x in q["theses"]
                if x["title"] and fold(x["title"]).lower() == key
            ]
            items.add(
                "thesis_by_title",
                cat,
                f"{p['id']}-{t['kind']}",
                query,
                answers=sorted({q["name"] for q in authors}),
                persons=sorted({q["id"] for q in authors}),
                documents=sorted({q["document_path"] for q in authors}),
            )
    for i, title in enumerate(UNKNOWN_TITLES):
        tpl = templates[i % 2][1]
        items.add(
            "thesis_by_title",
            "unknown_title",
            f"unknown-{i + 1}",
            tpl.format(t=title),
            status="no_answer",
            reason="unknown_title",
        )
    hidden = [p for p in truth.persons if not p["published"] and p["theses"]]
    visible_titles = {fold(x["title"]).lower() for q in people for x in q["theses"] if x["title"]}
    for p in sorted(hidden, key=lambda p: p["id"])[:2]:
        t = p["theses"][0]
        if not t["title"] or fold(t["title"]).lower() in visible_titles:
            continue
        items.add(
            "thesis_by_title",
            "unpublished",
            p["id"],
            f"Kto napísal prácu {t['title']}?",
            status="no_answer",
            reason="unknown_title",
            note="the thesis's page is published: false",
        )


def path_items(truth: Truth, items: Items) -> None:
    people = [
        p for p in sorted(truth.visible, key=lambda p: p["id"]) if len(truth.same_name(p)) == 1
    ]
    n = 0
    for p in people:
        by_sup: dict[str, list[str]] = defaultdict(list)
        for t in p["theses"]:
            if t["supervisor"] and t["title"]:
                by_sup[t["supervisor"]].append(t["title"])
        for sup, titles in sorted(by_sup.items()):
            n += 1
            if n % 6:
                continue
            tpl = [
                "Ako súvisí {a} s {bi}?",
                "Aké je spojenie medzi {ai} a {bi}?",
                "How is {a} connected to {b}?",
            ][(n // 6) % 3]
            items.add(
                "path",
                "person_supervisor",
                f"{p['id']}-{fold(sup).lower().replace(' ', '-')}",
                tpl.format(a=p["name"], b=sup, ai=ins(p["name"]), bi=ins(sup)),
                answers=[*titles, p["name"], sup],
                persons=[p["id"]],
            )
    m = 0
    for p in people:
        for slug in p["topics"]:
            m += 1
            if m % 7:
                continue
            topic = truth.topics[slug]["title"]
            items.add(
                "path",
                "person_topic",
                f"{p['id']}-{slug}",
                f"Ako súvisí {p['name']} s témou {topic}?",
                answers=[p["name"], topic],
                persons=[p["id"]],
            )
    pairs = []
    for i, a in enumerate(people):
        for b in people[i + 1 :]:
            shared = sorted(set(a["topics"]) & set(b["topics"]))
            if shared and (i * 7 + len(pairs)) % 11 == 0:
                pairs.append((a, b, shared))
    for a, b, shared in pairs[:4]:
        items.add(
            "path",
            "person_person",
            f"{a['id']}-{b['id']}",
            f"Ako sú prepojení {a['name']} a {b['name']}?",
            answers=[truth.topics[s]["title"] for s in shared],
            persons=[a["id"], b["id"]],
        )
    items.add(
        "path",
        "unknown_person",
        "unknown",
        f"Ako súvisí {truth.unknown_names[1]} s {ins(truth.visible[0]['name'])}?",
        status="no_answer",
        reason="unknown_person",
    )
    if truth.raw["ambiguous_names"]:
        amb = truth.raw["ambiguous_names"][0]
        sup = truth.raw["supervisors"][1]["name"]
        items.add(
            "path",
            "ambiguous_name",
            "ambiguous",
            f"Ako súvisí {amb['name']} s {ins(sup)}?",
            status="ambiguous",
            reason="ambiguous_person",
            persons=amb["person_ids"],
        )


# --------------------------------------------------------------------------- assembly


# Given names for "wrong given name" questions (a real surname with someone else's
# first name): nobody in the wiki has these whole names.
OTHER_GIVEN = {
    False: ["Karol", "Oskar", "Bohuslav", "Vincent", "Teodor", "Ferdinand"],
    True: ["Ružena", "Vlasta", "Bohdana", "Kamila", "Dagmar", "Eleonóra"],
}
OTHER_SURNAMES = {
    False: ["Zelený", "Benko", "Dlhý", "Hrebík"],
    True: ["Zelená", "Dlhá", "Hrebíková"],
}
# One template per question type about named persons: {n} nominative, {g} genitive,
# {i} instrumental, {fa} "a" for a woman (past tense), {other} a real person (shared, path).
WRONG_NAME_TEMPLATES = [
    ("thesis_title", "Aký je názov bakalárskej práce {g}?"),
    ("thesis_year", "V ktorom roku obhájil{fa} {n} diplomovú prácu?"),
    ("thesis_supervisor", "Kto viedol diplomovú prácu {g}?"),
    ("thesis_consultant", "Kto bol konzultantom diplomovej práce {g}?"),
    ("start_year", "Kedy začal{fa} študovať {n}?"),
    ("person_works", "Aké projekty mal{fa} {n}?"),
    ("person_topics", "Akým témam sa venuje {n}?"),
    ("person_keywords", "Aké kľúčové slová má {n}?"),
    ("page_author", "Kto je autorom stránky {g}?"),
    ("shared_topics", "Aké témy majú spoločné {n} a {other}?"),
    ("shared_keywords", "Aké kľúčové slová majú spoločné {other} a {n}?"),
    ("path", "Ako súvisí {n} s {other_i}?"),
]
SUPERVISOR_TEMPLATES = [
    ("supervised_persons", "Koho viedol{fa} {n}?"),
    ("supervised_count", "Koľko prác viedol{fa} {n}?"),
    ("consulted_persons", "Pri ktorých prácach bol{fa} konzultantom {n}?"),
    ("documents_by_author", "Ktoré stránky študentov napísal{fa} {n}?"),
]


def wrong_name_items(truth: Truth) -> list[dict[str, Any]]:
    """Unknown persons for every question type about a named person: a wholly unknown
    name, a real surname with another given name, a real given name with an unknown
    surname. Each must be ``unknown_person``, never an answer about someone else."""
    items = Items()
    names = {p["name"] for p in truth.persons} | {s["name"] for s in truth.raw["supervisors"]}
    students = sorted(truth.visible, key=lambda p: p["id"])
    other = students[0]

    def variants(person_name: str, n: int) -> list[tuple[str, str]]:
        first, last = person_name.split()[0], person_name.split()[-1]
        female = is_female(person_name)
        given = next(
            g for g in OTHER_GIVEN[female][n:] + OTHER_GIVEN[female] if f"{g} {last}" not in names
        )
        surname = OTHER_SURNAMES[female][n % len(OTHER_SURNAMES[female])]
        out = [
            ("wrong_given_name", f"{given} {last}"),
            ("wrong_surname", f"{first} {surname}"),
            ("unknown_person", truth.unknown_names[n % len(truth.unknown_names)]),
        ]
        return [(cat, name) for cat, name in out if name not in names]

    def add(qtype: str, tpl: str, cat: str, name: str) -> None:
        query = tpl.format(
            n=name,
            g=gen(name),
            i=ins(name),
            fa="a" if is_female(name) else "",
            other=other["name"],
            other_i=ins(other["name"]),
        ).replace("viedola", "viedla")
        items.add(
            qtype,
            cat,
            fold(name).lower().replace(" ", "-"),
            query,
            status="no_answer",
            reason="unknown_person",
        )

    for n, (qtype, tpl) in enumerate(WRONG_NAME_TEMPLATES):
        person = students[(7 * n + 3) % len(students)]
        if person["id"] == other["id"]:
            person = students[-1]
        for cat, name in variants(person["name"], n):
            add(qtype, tpl, cat, name)
    supervisors = sorted(s["name"] for s in truth.raw["supervisors"])
    for n, (qtype, tpl) in enumerate(SUPERVISOR_TEMPLATES):
        sup = supervisors[n % len(supervisors)]
        for cat, name in variants(sup, n):
            add(qtype, tpl, cat, name)
    return items.items


def add_balanced(existing: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    """Give ``new`` items splits without moving any existing one: per question type,
    in a stable hash order, each goes where the type's dev share stays nearest DEV_SHARE."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for item in existing:
        counts[item["expect"]["question_type"]][item["split"] == "test"] += 1
    order = sorted(new, key=lambda i: hashlib.sha256(f"{SEED}:{i['id']}".encode()).hexdigest())
    for item in order:
        dev, test = counts[item["expect"]["question_type"]]
        as_dev = abs((dev + 1) / (dev + test + 1) - DEV_SHARE)
        as_test = abs(dev / (dev + test + 1) - DEV_SHARE)
        item["split"] = "dev" if as_dev <= as_test else "test"
        counts[item["expect"]["question_type"]][item["split"] == "test"] += 1
    existing.extend(new)


def assign_splits(items: list[dict[str, Any]], rng: random.Random) -> None:
    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for item in items:
        by_type[item["expect"]["question_type"]].append(item)
    for qtype in sorted(by_type):
        group = sorted(by_type[qtype], key=lambda i: i["id"])
        rng.shuffle(group)
        n_dev = max(1, round(len(group) * DEV_SHARE)) if len(group) > 1 else 1
        for i, item in enumerate(group):
            item["split"] = "dev" if i < n_dev else "test"


def build(truth_raw: dict[str, Any]) -> dict[str, Any]:
    truth = Truth(truth_raw)
    rng = random.Random(SEED)
    items = Items()
    thesis_items(truth, items, rng)
    name_variant_items(truth, items, rng)
    unknown_items(truth, items)
    start_year_items(truth, items)
    works_items(truth, items)
    list_items(truth, items)
    supervisor_items(truth, items)
    topic_keyword_items(truth, items)
    shared_items(truth, items)
    document_items(truth, items)
    title_items(truth, items)
    path_items(truth, items)
    assign_splits(items.items, rng)
    asked = {i["query"] for i in items.items}
    add_balanced(items.items, [i for i in wrong_name_items(truth) if i["query"] not in asked])
    items.items.sort(key=lambda i: (i["expect"]["question_type"], i["id"]))
    return {
        "schema_version": 1,
        "kind": "graph",
        "description": (
            "Graph questions on the sample wiki (examples/zpwiki), one question type per "
            "expect.question_type. Generated by eval/datasets/make_graph_dataset.py from "
            "examples/zpwiki-truth.json. Unpublished pages are invisible to these questions; "
            "lists are exact sets (run with a limit above their size), counts are exact."
        ),
        "items": items.items,
    }


def render(dataset: dict[str, Any]) -> str:
    return json.dumps(dataset, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if graph.json is stale")
    parser.add_argument("--out", type=Path, default=OUT, help="output file")
    parser.add_argument(
        "--truth", type=Path, default=TRUTH_PATH, help="ground truth (e.g. of a synthetic wiki)"
    )
    args = parser.parse_args(argv)
    truth = json.loads(args.truth.read_text(encoding="utf-8"))
    text = render(build(truth))
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} is stale: run {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text, encoding="utf-8", newline="\n")
    data = json.loads(text)
    counts: dict[str, int] = defaultdict(int)
    for item in data["items"]:
        counts[item["expect"]["question_type"]] += 1
    print(f"{len(data['items'])} items -> {args.out}")
    for qtype, n in sorted(counts.items()):
        print(f"  {qtype}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
