#!/usr/bin/env python3
"""Build ``eval/datasets/fusion.json``: questions that need the graph *and* the text.

Usage::

    python eval/datasets/make_fusion_dataset.py            # rewrites eval/datasets/fusion.json
    python eval/datasets/make_fusion_dataset.py --check    # exit 1 if the file is stale

Each question's expected evidence is a *set of pages* computed from
``examples/zpwiki-truth.json`` (never from what ZP Agent returns): all master
theses a supervisor led, the students of a topic, the theses of one kind and
year, the two persons compared, the other theses of the supervisor of a
named thesis. A system scores by how much of the set its top ten pages
hold, so a question about nine students cannot be answered from one lucky
page. ``answers`` are the facts a correct answer states (thesis titles, or
the students' names for sets of students); ``count`` is the exact size of
the set.

Semantics follow the graph dataset (``make_graph_dataset.py``): unpublished
pages do not exist; a thesis year is the heading's, else the category
code's; a name that fits several persons is ``ambiguous``; an unknown name
is ``no_answer`` / ``unknown_person``; a set the wiki does not have is
``no_answer`` / ``no_matching_facts``.

The ``topic_description`` items describe a topic without naming it (the
descriptions are written here, like the invented names of the graph
dataset); their expected set is still the topic's students from the truth.

Splits: ``dev`` or ``test`` by a stable hash of the item id, so adding items
never moves existing ones. Deterministic, standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_graph_dataset import KIND, Truth, fold, gen, is_female  # noqa: E402

REPO = HERE.parents[1]
TRUTH_PATH = REPO / "examples" / "zpwiki-truth.json"
OUT = HERE / "fusion.json"
# Chosen once so that every category has dev and test items; never change it.
SPLIT_SALT = "zpagent-fusion-split-v29"

KIND_PL = {
    "bachelor": {"nom": "bakalárske", "acc": "bakalárske"},
    "master": {"nom": "diplomové", "acc": "diplomové"},
    "dissertation": {"nom": "dizertačné", "acc": "dizertačné"},
}

# Topics described without their title words (the vector route's questions).
TOPIC_DESCRIPTIONS = {
    "spracovanie-prirodzeneho-jazyka": [
        "Ktorí študenti robia počítačovú analýzu slovenských textov?",
        "Kto sa venuje automatickému porozumeniu písanému textu?",
    ],
    "rozpoznavanie-reci": [
        "Ktorí študenti sa zaoberajú prepisom hovoreného slova do textu?",
        "Kto u nás pracuje s hlasom a akustickými modelmi?",
    ],
    "strojovy-preklad": [
        "Kto sa venuje automatickému prevodu textov medzi jazykmi?",
        "Ktorí študenti robili neurónový prevod textu z angličtiny do slovenčiny?",
    ],
    "chatboty": [
        "Ktorí študenti robili konverzačných agentov?",
        "Kto sa venuje systémom, ktoré sa rozprávajú s používateľom?",
    ],
    "vyhladavanie-informacii": [
        "Kto sa venuje hľadaniu relevantných dokumentov v kolekcii?",
        "Ktorí študenti robili vyhľadávače a hodnotenie relevancie?",
    ],
    "pocitacove-videnie": [
        "Ktorí študenti sa zaoberajú analýzou obrázkov a videa?",
        "Kto robí detekciu objektov na fotografiách?",
    ],
    "jazykove-modely": [
        "Kto pracuje s veľkými generatívnymi modelmi typu GPT?",
        "Ktorí študenti používajú veľké predtrénované transformery na generovanie textu?",
    ],
}


def split_of(item_id: str) -> str:
    digest = hashlib.sha256(f"{SPLIT_SALT}:{item_id}".encode()).digest()
    return "dev" if digest[0] % 2 == 0 else "test"


def led(name: str) -> str:
    return "viedla" if is_female(name) else "viedol"


class Items:
    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(
        self,
        category: str,
        key: str,
        query: str,
        pages: list[str],
        answers: list[str],
        *,
        status: str = "ok",
        reason: str | None = None,
        note: str | None = None,
    ) -> None:
        item_id = f"fusion-{category.replace('_', '')}-{key}"
        assert item_id not in {i["id"] for i in self.items}, item_id
        expect: dict[str, Any] = {"status": status}
        if reason:
            expect["reason"] = reason
        if status == "ok":
            expect["pages"] = sorted(set(pages))
            expect["count"] = len(set(pages))
            expect["answers"] = sorted(set(answers))
        item: dict[str, Any] = {
            "id": item_id,
            "split": split_of(item_id),
            "category": category,
            "query": query,
            "expect": expect,
        }
        if note:
            item["note"] = note
        self.items.append(item)


def theses(truth: Truth) -> list[tuple[dict, dict]]:
    """(person, thesis) of every visible person, in a stable order."""
    people = sorted(truth.visible, key=lambda p: p["id"])
    return [(p, t) for p in people for t in p["theses"]]


def slug_of(name: str) -> str:
    return "-".join(fold(name).lower().split())


# --------------------------------------------------------------------------- categories


def supervisor_items(truth: Truth, items: Items) -> None:
    templates = [
        "O čom sú {kpl} práce, ktoré {led} {sup}?",
        "Aké metódy a dáta použili {kpl} práce pod vedením {supgen}?",
    ]
    for s in truth.raw["supervisors"]:
        name = s["name"]
        for kind in KIND:
            rows = [
                (p, t) for p, t in theses(truth) if t["supervisor"] == name and t["kind"] == kind
            ]
            if len({p["id"] for p, _ in rows}) < 2:
                continue
            pages = [p["document_path"] for p, _ in rows]
            titles = [t["title"] for _, t in rows if t["title"]]
            for n, template in enumerate(templates):
                query = template.format(
                    kpl=KIND_PL[kind]["nom"], led=led(name), sup=name, supgen=gen(name)
                )
                query = query[0].upper() + query[1:]
                items.add("supervisor_kind", f"{slug_of(name)}-{kind}-{n}", query, pages, titles)


def supervisor_year_items(truth: Truth, items: Items) -> None:
    by: dict[tuple[str, int], list[tuple[dict, dict]]] = defaultdict(list)
    for p, t in theses(truth):
        if t["year"]:
            by[(t["supervisor"], t["year"])].append((p, t))
    for (name, year), rows in sorted(by.items()):
        if len({p["id"] for p, _ in rows}) < 2:
            continue
        query = f"Aké práce {led(name)} {name} v roku {year} a o čom sú?"
        pages = [p["document_path"] for p, _ in rows]
        titles = [t["title"] for _, t in rows if t["title"]]
        items.add("supervisor_year", f"{slug_of(name)}-{year}", query, pages, titles)


def members(truth: Truth, slug: str) -> list[dict]:
    ids = truth.topics[slug]["students"]
    return sorted(
        (truth.by_id[i] for i in ids if truth.by_id[i]["published"]), key=lambda p: p["id"]
    )


def topic_items(truth: Truth, items: Items) -> None:
    templates = [
        "Aké metódy používajú študenti, ktorí sa venujú téme {title}?",
        "Na čom pracujú študenti v oblasti {title}?",
    ]
    for slug, topic in sorted(truth.topics.items()):
        people = members(truth, slug)
        pages = [p["document_path"] for p in people]
        names = [p["name"] for p in people]
        for n, template in enumerate(templates):
            items.add(
                "topic_members", f"{slug}-{n}", template.format(title=topic["title"]), pages, names
            )


def topic_time_items(truth: Truth, items: Items) -> None:
    for slug, topic in sorted(truth.topics.items()):
        people = members(truth, slug)
        by_year: dict[int, list[tuple[dict, dict]]] = defaultdict(list)
        by_kind: dict[str, list[tuple[dict, dict]]] = defaultdict(list)
        for p in people:
            for t in p["theses"]:
                if t["year"]:
                    by_year[t["year"]].append((p, t))
                by_kind[t["kind"]].append((p, t))
        years = sorted(y for y, rows in by_year.items() if len({p["id"] for p, _ in rows}) >= 2)
        for year in years[:2]:
            rows = by_year[year]
            query = f"Ktoré práce na tému {topic['title']} vznikli v roku {year} a čo riešia?"
            items.add(
                "topic_time",
                f"{slug}-{year}",
                query,
                [p["document_path"] for p, _ in rows],
                [t["title"] for _, t in rows if t["title"]],
            )
        for kind in ("bachelor", "master"):
            rows = by_kind.get(kind, [])
            if len({p["id"] for p, _ in rows}) < 2 or len(rows) == sum(map(len, by_kind.values())):
                continue  # a kind that is the whole topic says nothing more
            kpl = KIND_PL[kind]["nom"]
            query = f"Ktoré {kpl} práce na tému {topic['title']} vznikli a aké dáta použili?"
            items.add(
                "topic_time",
                f"{slug}-{kind}",
                query,
                [p["document_path"] for p, _ in rows],
                [t["title"] for _, t in rows if t["title"]],
            )


def kind_year_items(truth: Truth, items: Items) -> None:
    by: dict[tuple[str, int], list[tuple[dict, dict]]] = defaultdict(list)
    for p, t in theses(truth):
        if t["year"]:
            by[(t["kind"], t["year"])].append((p, t))
    for (kind, year), rows in sorted(by.items()):
        if len({p["id"] for p, _ in rows}) < 2:
            continue
        query = f"O čom boli {KIND_PL[kind]['nom']} práce obhájené v roku {year}?"
        items.add(
            "kind_year",
            f"{kind}-{year}",
            query,
            [p["document_path"] for p, _ in rows],
            [t["title"] for _, t in rows if t["title"]],
        )


def comparison_items(truth: Truth, items: Items) -> None:
    """Two students of one topic with a titled thesis of the same kind each."""
    unique = {p["id"] for p in truth.visible if len(truth.same_name(p)) == 1}
    paired: set[str] = set()
    for slug in sorted(truth.topics):
        people = [p for p in members(truth, slug) if p["id"] in unique]
        for kind in ("bachelor", "master"):
            with_kind = [
                (p, t) for p in people for t in p["theses"] if t["kind"] == kind and t["title"]
            ]
            # Deterministic pairs: neighbours in id order, at most two per topic and kind.
            for i in range(0, min(len(with_kind) - 1, 3), 2):
                (a, ta), (b, tb) = with_kind[i], with_kind[i + 1]
                key = f"{a['id']}-{b['id']}-{kind}"
                if a["id"] == b["id"] or key in paired:
                    continue
                paired.add(key)
                kpl = KIND_PL[kind]["nom"]
                query = f"Čím sa líšia {kpl} práce {gen(a['name'])} a {gen(b['name'])}?"
                items.add(
                    "comparison",
                    key,
                    query,
                    [a["document_path"], b["document_path"]],
                    [ta["title"], tb["title"]],
                )


def bridge_supervisor_items(truth: Truth, items: Items) -> None:
    """The other theses of the same kind led by the supervisor of a named thesis."""
    seen: set[tuple[str, str]] = set()
    for p, t in theses(truth):
        if not t["title"] or (t["supervisor"], t["kind"]) in seen:
            continue
        rows = [
            (q, u)
            for q, u in theses(truth)
            if u["supervisor"] == t["supervisor"] and u["kind"] == t["kind"]
        ]
        if len({q["id"] for q, _ in rows}) < 2:
            continue
        seen.add((t["supervisor"], t["kind"]))
        query = (
            f"Ktoré ďalšie {KIND_PL[t['kind']]['acc']} práce viedol vedúci práce „{t['title']}“?"
        )
        items.add(
            "bridge_supervisor",
            f"{p['id']}-{t['kind']}",
            query,
            [q["document_path"] for q, _ in rows],
            [u["title"] for _, u in rows if u["title"]],
        )


def bridge_topic_items(truth: Truth, items: Items) -> None:
    """The students of the topic of a named student (one on exactly one topic)."""
    unique = {p["id"] for p in truth.visible if len(truth.same_name(p)) == 1}
    for slug in sorted(truth.topics):
        people = [p for p in members(truth, slug) if p["id"] in unique and p["topics"] == [slug]]
        if not people:
            continue
        p = people[len(people) // 2]
        query = f"Kto ďalší sa venuje rovnakej téme ako {p['name']}?"
        group = members(truth, slug)
        items.add(
            "bridge_topic",
            f"{p['id']}",
            query,
            [q["document_path"] for q in group],
            [q["name"] for q in group],
        )


def description_items(truth: Truth, items: Items) -> None:
    for slug, questions in sorted(TOPIC_DESCRIPTIONS.items()):
        group = members(truth, slug)
        for n, query in enumerate(questions):
            items.add(
                "topic_description",
                f"{slug}-{n}",
                query,
                [q["document_path"] for q in group],
                [q["name"] for q in group],
            )


def guarantee_items(truth: Truth, items: Items) -> None:
    """The graph's guarantees hold in fused retrieval too."""
    # A surname shared by two visible persons: ask which one.
    shared = sorted(
        {p["name"].split()[-1] for p in truth.visible if len(truth.same_surname(p)) > 1}
    )
    unique = sorted(
        (p for p in truth.visible if len(truth.same_surname(p)) == 1 and p["theses"]),
        key=lambda p: p["id"],
    )
    for n, surname in enumerate(shared[:3]):
        other = unique[n * 7 % len(unique)]
        female = surname.endswith("á")
        inflected = surname[:-1] + "ej" if female else gen(f"X {surname}").split()[-1]
        query = f"Čím sa líšia práce {gen(other['name'])} a {inflected}?"
        items.add(
            "guarantee",
            f"ambiguous-{n}",
            query,
            [],
            [],
            status="ambiguous",
            reason="ambiguous_person",
        )
    amb = truth.raw["ambiguous_names"][0]["name"]
    items.add(
        "guarantee",
        "ambiguous-full-name",
        f"O čom je bakalárska práca, ktorú písal {amb}, a aké dáta použil?",
        [],
        [],
        status="ambiguous",
        reason="ambiguous_person",
    )
    for n, name in enumerate(truth.unknown_names[:2]):
        query = f"O čom sú diplomové práce, ktoré {led(name)} {name}?"
        items.add(
            "guarantee", f"unknown-{n}", query, [], [], status="no_answer", reason="unknown_person"
        )
    # A topic and year the wiki has no thesis for.
    for slug, topic in sorted(truth.topics.items())[:2]:
        years = {t["year"] for p in members(truth, slug) for t in p["theses"]}
        year = next(y for y in range(2015, 2027) if y not in years)
        query = f"Ktoré práce na tému {topic['title']} vznikli v roku {year} a čo riešia?"
        items.add(
            "guarantee",
            f"empty-{slug}",
            query,
            [],
            [],
            status="no_answer",
            reason="no_matching_facts",
        )


def build(truth_raw: dict[str, Any]) -> dict[str, Any]:
    truth = Truth(truth_raw)
    items = Items()
    supervisor_items(truth, items)
    supervisor_year_items(truth, items)
    topic_items(truth, items)
    topic_time_items(truth, items)
    kind_year_items(truth, items)
    comparison_items(truth, items)
    bridge_supervisor_items(truth, items)
    bridge_topic_items(truth, items)
    description_items(truth, items)
    guarantee_items(truth, items)
    items.items.sort(key=lambda i: (i["category"], i["id"]))
    return {
        "schema_version": 1,
        "kind": "fusion",
        "description": (
            "Multi-hop questions on the sample wiki (examples/zpwiki) whose evidence is a set of "
            "pages: a supervisor's theses, a topic's students, theses of a kind and year, two "
            "persons compared, the other theses of the same supervisor. Generated by "
            "eval/datasets/make_fusion_dataset.py from examples/zpwiki-truth.json; scored by set "
            "recall@10, precision and answer facts (eval/README.md)."
        ),
        "items": items.items,
    }


def render(dataset: dict[str, Any]) -> str:
    return json.dumps(dataset, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if fusion.json is stale")
    parser.add_argument("--out", type=Path, default=OUT, help="output file")
    parser.add_argument("--truth", type=Path, default=TRUTH_PATH, help="ground truth")
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
    counts: dict[str, dict[str, int]] = defaultdict(lambda: {"dev": 0, "test": 0})
    for item in json.loads(text)["items"]:
        counts[item["category"]][item["split"]] += 1
    print(f"{sum(sum(c.values()) for c in counts.values())} items -> {args.out}")
    for category, c in sorted(counts.items()):
        print(f"  {category}: dev {c['dev']}, test {c['test']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
