#!/usr/bin/env python3
"""Generate ``eval/datasets/conversations.json``: multi-turn conversations for the agent.

Usage::

    python eval/datasets/make_conversations_dataset.py           # rewrites the file
    python eval/datasets/make_conversations_dataset.py --check   # fails if it is stale

Each item is a conversation: earlier user turns (``expect.turns``) and the
last one (``query``), whose answer must hold the expected facts, derived
from ``examples/zpwiki-truth.json`` (never from the system's output):
a thesis referred to ("A kto ju viedol?"), the other thesis ("A jeho
diplomovú?"), the start of study after a title, a count for another year,
an answer to a clarifying question ("ten z roku 2021", the full name), a
pronoun after a change of person, small talk in between, English, a person
swapped ("A Petra Tóthová?"); and, dev only (added after the test split
was frozen), conversations that must stay with the person the user meant:
a new question while "which one?" waits, a start year as the reply, a
follow-up that keeps the namesake established. The split is a stable hash
of the id.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_graph_dataset import KIND, gen, is_female  # noqa: E402

REPO = HERE.parents[1]
TRUTH = REPO / "examples" / "zpwiki-truth.json"
OUT = HERE / "conversations.json"
SEED = "zpagent-conversations-v1"
DEV_SHARE = 0.6


def split_of(item_id: str) -> str:
    digest = hashlib.sha256(f"{SEED}:{item_id}".encode()).digest()
    return "dev" if digest[0] / 256 < DEV_SHARE else "test"


def item(
    key: str,
    category: str,
    turns: list[str],
    facts: list[str],
    split: str | None = None,
    **expect: Any,
) -> dict:
    item_id = f"conv-{category}-{key}"
    return {
        "id": item_id,
        "split": split or split_of(item_id),
        "category": category,
        "query": turns[-1],
        "expect": {"turns": turns[:-1], "facts": facts, "status": "ok", **expect},
    }


def thesis(p: dict, kind: str) -> dict | None:
    return next((t for t in p["theses"] if t["kind"] == kind and t["title"]), None)


def build(truth: dict[str, Any]) -> dict[str, Any]:
    visible = sorted((p for p in truth["persons"] if p["published"]), key=lambda p: p["id"])
    names = defaultdict(list)
    for p in visible:
        names[p["name"]].append(p)
    unique = [p for p in visible if len(names[p["name"]]) == 1]
    items: list[dict] = []
    for p in unique:
        key, name, fem = p["id"], p["name"], is_female(p["name"])
        pron = "jej" if fem else "jeho"
        master, bachelor = thesis(p, "master"), thesis(p, "bachelor")
        if master and master.get("supervisor"):
            items.append(
                item(
                    key,
                    "thesis_referred",
                    [
                        f"Aký je názov diplomovej práce {gen(name)}?",
                        "A kto ju viedol?",
                    ],
                    [master["supervisor"]],
                    person=key,
                )
            )
        if bachelor and master and bachelor.get("supervisor") and master.get("supervisor"):
            items.append(
                item(
                    key,
                    "other_thesis",
                    [
                        f"Kto viedol bakalársku prácu {gen(name)}?",
                        f"A {pron} diplomovú?",
                    ],
                    [master["supervisor"]],
                    person=key,
                )
            )
        if p.get("start_year") and (master or bachelor):
            items.append(
                item(
                    key,
                    "start_after_title",
                    [
                        f"Aký názov práce má {name}?",
                        f"A kedy začal{'a' if fem else ''} študovať?",
                    ],
                    [str(p["start_year"])],
                    person=key,
                )
            )
            items.append(
                item(
                    key,
                    "small_talk_between",
                    [
                        f"Aký názov práce má {name}?",
                        "Ďakujem!",
                        f"A kedy začal{'a' if fem else ''} študovať?",
                    ],
                    [str(p["start_year"])],
                    person=key,
                )
            )
        if bachelor and bachelor.get("supervisor") and len(items) % 3 == 0:
            items.append(
                item(
                    key,
                    "english",
                    [
                        f"What is the title of {name}'s bachelor thesis?",
                        "And who supervised it?",
                    ],
                    [bachelor["supervisor"]],
                    person=key,
                )
            )
    # A pronoun after a change of person, and a person swapped into the last question.
    pairs = [(a, b) for a, b in zip(unique, unique[7:], strict=False)][:12]
    for a, b in pairs:
        tb = thesis(b, "bachelor") or thesis(b, "master")
        if tb is None or not tb.get("supervisor"):
            continue
        pron = "jej" if is_female(b["name"]) else "jeho"
        kind = KIND[tb["kind"]]["gen"]
        items.append(
            item(
                f"{a['id']}-{b['id']}",
                "pronoun_after_change",
                [
                    f"Aký názov práce má {a['name']}?",
                    f"Aký názov práce má {b['name']}?",
                    f"A kto bol vedúcim {pron} {kind}?",
                ],
                [tb["supervisor"]],
                person=b["id"],
            )
        )
        ta = thesis(a, tb["kind"])
        if ta:
            items.append(
                item(
                    f"{a['id']}-{b['id']}",
                    "person_swapped",
                    [
                        f"Aký je názov {kind} {gen(a['name'])}?",
                        f"A {b['name']}?",
                    ],
                    [tb["title"]],
                    person=b["id"],
                )
            )
    # Counts for another year.
    counts: dict[tuple[str, int], set[str]] = defaultdict(set)
    for p in visible:
        for t in p["theses"]:
            if t.get("year"):
                counts[(t["kind"], t["year"])].add(p["id"])
    for kind in ("bachelor", "master"):
        years = sorted(y for k, y in counts if k == kind)
        for y1, y2 in pairwise(years):
            n = len(counts[(kind, y2)])
            items.append(
                item(
                    f"{kind}-{y1}-{y2}",
                    "count_other_year",
                    [
                        f"Koľko študentov malo {KIND[kind]['acc']} v roku {y1}?",
                        f"a v roku {y2}?",
                    ],
                    [f"Počet: {n}"],
                )
            )
    # Answers to a clarifying question.
    for amb in truth["ambiguous_names"]:
        people = [next(p for p in visible if p["id"] == pid) for pid in amb["person_ids"]]
        for p in people:
            m = thesis(p, "master")
            if m is None:
                continue
            ask = f"Aká je diplomová práca {gen(amb['name'])}?"
            others = {t["year"] for q in people if q is not p for t in q["theses"]}
            year = next(t["year"] for t in p["theses"] if t["year"] not in others)
            items.append(
                item(
                    f"{p['id']}-year",
                    "clarified",
                    [ask, f"ten z roku {year}"],
                    [m["title"]],
                    person=p["id"],
                )
            )
    for first, group in _first_names(visible).items():
        p = group[-1]
        if len(names[p["name"]]) > 1:
            continue  # namesakes: the full name does not tell them apart
        t = thesis(p, "bachelor") or thesis(p, "master")
        if t is None:
            continue
        items.append(
            item(
                f"{p['id']}-name",
                "clarified",
                [
                    f"Aký názov práce má {first}?",
                    p["name"],
                ],
                [t["title"]],
                person=p["id"],
            )
        )
    items += _trust(truth, visible, unique)
    seen: set[str] = set()
    out = [i for i in items if not (i["id"] in seen or seen.add(i["id"]))]
    out.sort(key=lambda i: i["id"])
    return {
        "schema_version": 1,
        "kind": "conversations",
        "description": (
            "Multi-turn conversations on the sample wiki: follow-ups, answers to clarifying "
            "questions, small talk in between. Generated by "
            "eval/datasets/make_conversations_dataset.py from examples/zpwiki-truth.json."
        ),
        "items": out,
    }


def _trust(truth: dict[str, Any], visible: list[dict], unique: list[dict]) -> list[dict]:
    """Conversations that must not move to a person the user did not mean: a new
    question while "which one?" waits (its year fitting a candidate), a start
    year as the reply (never an ordinal), a follow-up that keeps the namesake
    established. Added after the test split was frozen: dev only."""
    out: list[dict] = []
    for amb in truth["ambiguous_names"]:
        people = [next(p for p in visible if p["id"] == pid) for pid in amb["person_ids"]]
        thesis_years = {t["year"] for p in people for t in p["theses"] if t["year"]}
        # A new question about someone else, in a year that one candidate's thesis has.
        hijacks = [
            (o, t)
            for o in unique
            if o not in people
            and (t := thesis(o, "bachelor"))
            and t.get("supervisor")
            and t["year"] in thesis_years
        ]
        for n, (other, b) in enumerate(hijacks[:8]):
            whose = gen(other["name"])
            if n % 2:
                ask = f"Kto viedol diplomovú prácu {gen(amb['name'])}?"
                new, fact = (
                    f"Aký je názov bakalárskej práce {whose} z roku {b['year']}?",
                    b["title"],
                )
            else:
                ask = f"Aký je názov diplomovej práce {gen(amb['name'])}?"
                new, fact = (
                    f"Kto viedol bakalársku prácu {whose} v roku {b['year']}?",
                    b["supervisor"],
                )
            out.append(
                item(
                    other["id"],
                    "clarify_new_question",
                    [ask, new],
                    [fact],
                    split="dev",
                    person=other["id"],
                )
            )
        for p in people:
            start = p.get("start_year")
            starts = [q.get("start_year") for q in people]
            others = {u["year"] for q in people if q is not p for u in q["theses"]}
            if start and start not in thesis_years and starts.count(start) == 1:
                for key, reply in (
                    ("year", f"ten z roku {start}"),
                    ("began", f"ten, čo začal {start}"),
                ):
                    out.append(
                        item(
                            f"{p['id']}-{key}",
                            "clarify_start_year",
                            [f"Kedy začal študovať {amb['name']}?", reply],
                            [str(start)],
                            split="dev",
                            person=p["id"],
                        )
                    )
            # The namesake established stays: the other namesake's year of the same
            # kind asks this person's thesis of that year, and they have none.
            for t in p["theses"]:
                mine = {u["year"] for u in p["theses"] if u["kind"] == t["kind"]}
                if not t["title"] or t["year"] in others:
                    continue
                theirs = sorted(
                    u["year"]
                    for q in people
                    if q is not p
                    for u in q["theses"]
                    if u["kind"] == t["kind"] and u["year"] not in mine
                )
                for year in theirs[:1]:
                    out.append(
                        item(
                            f"{p['id']}-{t['kind']}-{year}",
                            "namesake_kept",
                            [
                                f"Aký je názov {KIND[t['kind']]['gen']} {gen(amb['name'])} "
                                f"z roku {t['year']}?",
                                f"A v roku {year}?",
                            ],
                            [],
                            split="dev",
                            status="no_answer",
                            person=p["id"],
                        )
                    )
            # After a reply to "which one?", the follow-up is about the one chosen.
            pick = next((t["year"] for t in p["theses"] if t["year"] not in others), None)
            if pick and start:
                out.append(
                    item(
                        f"{p['id']}-start",
                        "namesake_kept",
                        [
                            f"Aká je diplomová práca {gen(amb['name'])}?",
                            f"ten z roku {pick}",
                            "A kedy začal študovať?",
                        ],
                        [str(start)],
                        split="dev",
                        person=p["id"],
                    )
                )
    return out


def _first_names(visible: list[dict]) -> dict[str, list[dict]]:
    by_first: dict[str, list[dict]] = defaultdict(list)
    for p in visible:
        by_first[p["name"].split()[0]].append(p)
    return {f: g for f, g in sorted(by_first.items()) if len(g) >= 2}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    text = json.dumps(build(json.loads(TRUTH.read_text("utf-8"))), ensure_ascii=False, indent=1)
    text += "\n"
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} is stale: run {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text, encoding="utf-8", newline="\n")
    print(f"{len(json.loads(text)['items'])} conversations -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
