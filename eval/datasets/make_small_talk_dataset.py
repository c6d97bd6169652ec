#!/usr/bin/env python3
"""Generate ``eval/datasets/small_talk.json``: small-talk turns and real questions.

Usage::

    python eval/datasets/make_small_talk_dataset.py           # rewrites small_talk.json
    python eval/datasets/make_small_talk_dataset.py --check   # fails if it is stale

Small talk: greetings, how-are-you, who-are-you, what-can-you-do, thanks,
goodbyes, acknowledgements and offers to ask, alone and combined, in Slovak
and English, with and without diacritics, in several casings and
punctuations. Real questions: questions of the other datasets (answers,
retrieval, graph), the same after a greeting or before a thanks, and
questions that start like small talk but are not ("Kto si vybral tému …?",
"Čo vieš o práci …?"). The split of an item is a stable hash of its id.
Only the standard library is used; the output is deterministic.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "small_talk.json"
SEED = "zpagent-small-talk-v1"
DEV_SHARE = 0.6

PHRASES = {
    "greeting": [
        "Ahoj",
        "Ahojte",
        "Čau",
        "Čauko",
        "Nazdar",
        "Zdravím",
        "Dobrý deň",
        "Dobré ráno",
        "Dobrý večer",
        "Servus",
        "Hello",
        "Hi",
        "Hey",
        "Good morning",
        "Good evening",
    ],
    "wellbeing": [
        "ako sa máš",
        "ako sa máte",
        "ako sa darí",
        "ako sa ti darí",
        "čo je nové",
        "how are you",
        "how is it going",
    ],
    "identity": [
        "kto si",
        "kto ste",
        "čo si zač",
        "ako sa voláš",
        "si robot",
        "who are you",
        "what are you",
    ],
    "capabilities": [
        "čo vieš",
        "čo dokážeš",
        "čo vieš robiť",
        "s čím mi vieš pomôcť",
        "ako mi môžete pomôcť",
        "what can you do",
        "how can you help me",
    ],
    "thanks": [
        "ďakujem",
        "ďakujem pekne",
        "ďakujem veľmi pekne",
        "vďaka",
        "díky",
        "ďakujem za pomoc",
        "ďakujem za odpoveď",
        "thanks",
        "thank you",
        "thanks a lot",
        "thank you very much",
    ],
    "bye": ["dovidenia", "maj sa", "majte sa pekne", "zbohom", "bye", "goodbye", "see you"],
    "acknowledgement": ["ok", "super", "jasné", "rozumiem", "fajn", "great", "perfect"],
    "ask": ["mám otázku", "môžem sa opýtať", "chcem sa niečo opýtať", "I have a question"],
}
TRIPLES = [
    ("greeting", "wellbeing", "capabilities"),
    ("acknowledgement", "thanks", "bye"),
    ("greeting", "identity", "capabilities"),
]
PAIRS = [
    ("greeting", "wellbeing"),
    ("greeting", "identity"),
    ("greeting", "capabilities"),
    ("greeting", "ask"),
    ("thanks", "bye"),
    ("acknowledgement", "thanks"),
    ("greeting", "thanks"),
    ("identity", "capabilities"),
]
# Questions that look like small talk at first and are not.
TRICKY = [
    "Kto si vybral tému Rozpoznávanie reči?",
    "Čo vieš o práci Jána Holpa?",
    "Ako sa má citovať článok z arXivu?",
    "Ahoj, kto viedol prácu Jána Holpa?",
    "Dobrý deň, koľko študentov malo diplomovú prácu v roku 2024?",
    "Ďakujem, a kto viedol jeho diplomovú prácu?",
    "Ok, a koľko prác viedol Ján Staš?",
    "Hi, who supervised Ján Holp's master thesis?",
    "Thanks! What is the title of Petra Tóthová's bachelor thesis?",
    "Pomoc s citovaním zdrojov v záverečnej práci",
    "Čau, aký názov práce má Mária Nováková?",
    "Ahoj, mám otázku: kto viedol bakalársku prácu Petra Kováča?",
    "Super, a v ktorom roku ju obhájil?",
    "Čo dokážem urobiť, ak nestihnem termín odovzdania?",
    "Kto ste pre študentov ako vedúci práce, Ján Staš?",
    "Dovidenia a kde nájdem šablónu záverečnej práce?",
    "Ako sa darilo Jánovi Holpovi pri obhajobe?",
    "Hello, which students worked on speech recognition?",
    "Zdravím, aké kľúčové slová má Ján Holp?",
    "Jasné, a kto bol konzultantom?",
]


def fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def split_of(item_id: str) -> str:
    digest = hashlib.sha256(f"{SEED}:{item_id}".encode()).digest()
    return "dev" if digest[0] / 256 < DEV_SHARE else "test"


def variants(text: str, rng: random.Random) -> str:
    """One surface form: casing, punctuation and diacritics chosen by the seed."""
    text = text[0].upper() + text[1:] if rng.random() < 0.7 else text.lower()
    if rng.random() < 0.3:
        text = fold(text)
    return text + rng.choice(["", "!", ".", "?", " :)", "!!"])


def small_talk_turns(rng: random.Random) -> list[tuple[str, str, list[str]]]:
    out = []
    for kind, phrases in PHRASES.items():
        for phrase in phrases:
            out.append((f"{kind}-{fold(phrase).lower()}", variants(phrase, rng), [kind]))
    for kind, phrases in PHRASES.items():
        for phrase in phrases:
            # The same phrase once more, in another surface form.
            out.append((f"{kind}-{fold(phrase).lower()}-2", variants(phrase, rng), [kind]))
    for a, b in PAIRS:
        for i in range(6):
            first, second = rng.choice(PHRASES[a]), rng.choice(PHRASES[b])
            sep = rng.choice([", ", "! ", ". ", " "])
            text = variants(first, rng).rstrip("!.? :)") + sep + second
            text = text + rng.choice(["?", "!", ".", ""])
            out.append((f"{a}-{b}-{i}", text, [a, b]))
    for a, b, c in TRIPLES:
        for i in range(4):
            parts = [rng.choice(PHRASES[k]) for k in (a, b, c)]
            text = ", ".join(parts) + rng.choice(["?", "!", "."])
            out.append((f"{a}-{b}-{c}-{i}", text[0].upper() + text[1:], [a, b, c]))
    return out


def real_questions(repo: Path, rng: random.Random) -> list[tuple[str, str, str]]:
    queries: list[tuple[str, str]] = []
    for name in ("answers", "retrieval", "graph"):
        data = json.loads((repo / "eval" / "datasets" / f"{name}.json").read_text("utf-8"))
        # Only dev items: a test question must not appear in another test split
        # under a new disguise (the other datasets' test splits stay unseen).
        items = [i for i in data["items"] if i["split"] == "dev"]
        items.sort(key=lambda i: i["id"])
        for item in rng.sample(items, min(40, len(items))):
            queries.append((f"{name}-{item['id']}", item["query"]))
    out = [(f"plain-{key}", q, "plain") for key, q in queries]
    for key, q in rng.sample(queries, 30):
        greeting = rng.choice(PHRASES["greeting"])
        out.append(
            (f"greeting-first-{key}", f"{greeting}, {q[0].lower()}{q[1:]}", "greeting_first")
        )
    for key, q in rng.sample(queries, 15):
        thanks = rng.choice(PHRASES["thanks"])
        out.append((f"thanks-after-{key}", f"{q} {thanks[0].upper()}{thanks[1:]}.", "thanks_after"))
    for i, q in enumerate(TRICKY):
        out.append((f"tricky-{i}", q, "looks_like_small_talk"))
    return out


def build(repo: Path) -> dict:
    rng = random.Random(SEED)
    items = []
    for key, text, kinds in small_talk_turns(rng):
        item_id = f"st-{key}"
        items.append(
            {
                "id": item_id,
                "split": split_of(item_id),
                "category": "+".join(kinds),
                "query": text,
                "expect": {"small_talk": True, "kinds": kinds},
            }
        )
    for key, text, category in real_questions(repo, rng):
        item_id = f"q-{key}"
        items.append(
            {
                "id": item_id,
                "split": split_of(item_id),
                "category": category,
                "query": text,
                "expect": {"small_talk": False, "kinds": []},
            }
        )
    seen: set[str] = set()
    unique = []
    for item in items:
        if item["id"] not in seen:
            seen.add(item["id"])
            unique.append(item)
    unique.sort(key=lambda i: i["id"])
    return {
        "schema_version": 1,
        "kind": "small_talk",
        "description": (
            "Small-talk turns (greetings, thanks, goodbyes, who are you, what can you do; "
            "alone and combined, Slovak and English, with and without diacritics) and real "
            "questions, some of which start or end like small talk. Generated by "
            "eval/datasets/make_small_talk_dataset.py."
        ),
        "items": unique,
    }


def render(dataset: dict) -> str:
    return json.dumps(dataset, ensure_ascii=False, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if small_talk.json is stale")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    text = render(build(HERE.parents[1]))
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} is stale: run {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text, encoding="utf-8", newline="\n")
    data = json.loads(text)
    n_talk = sum(i["expect"]["small_talk"] for i in data["items"])
    print(f"{len(data['items'])} items ({n_talk} small talk) -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
