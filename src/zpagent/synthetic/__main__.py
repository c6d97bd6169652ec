"""``python -m zpagent.synthetic``: write a synthetic zpwiki from the command line."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from zpagent.synthetic.wiki import generate_wiki


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m zpagent.synthetic", description="Write a synthetic zpwiki."
    )
    parser.add_argument("root", type=Path, help="output folder (the wiki root)")
    parser.add_argument("--students", type=int, default=1000, help="number of student pages")
    parser.add_argument("--seed", type=int, default=0, help="random seed")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    truth = generate_wiki(args.root, args.students, args.seed)
    years = {p["year_folder"] for p in truth["persons"]}
    print(
        f"{len(truth['persons'])} students in {len(years)} year folders, "
        f"{len(truth['topics'])} topics, {len(truth['documents'])} documents, "
        f"{len(truth['ambiguous_names'])} ambiguous names -> {args.root} "
        f"({time.perf_counter() - began:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
