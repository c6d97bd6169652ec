#!/usr/bin/env python3
"""Reproduce the checkouts of the public wikis listed in ``corpora.json``.

Usage::

    python eval/corpora/checkout.py                      # every corpus into ./corpora/NAME
    python eval/corpora/checkout.py grav-learn --dest /tmp/corpora
    python eval/corpora/checkout.py bcinf --source bcinf=/path/to/a/local/clone

Each corpus is cloned without a work tree, then only its Markdown files
(minus the manifest's ``exclude`` folders) are checked out at the pinned
commit with a sparse checkout: some of these repositories hold large
binaries that the evaluation never reads. Their content is never committed
here; only the evaluation results are (``eval/results/known-item-*``).

Then, for instance::

    zpagent eval known-item --wiki corpora/grav-learn --data data/eval-grav-learn
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

MANIFEST = Path(__file__).resolve().parent / "corpora.json"


def git(*args: str, cwd: Path | None = None) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True)


def checkout(corpus: dict, dest: Path, source: str | None) -> Path:
    target = dest / corpus["name"]
    url = source or f"https://github.com/{corpus['repo']}.git"
    if not (target / ".git").exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        git("clone", "--quiet", "--no-checkout", url, str(target))
    # A folder excludes everything under it; other entries are globs.
    patterns = ["/**/*.md"]
    patterns += [f"!/{p.strip('/')}/**" if p.endswith("/") else f"!/{p}" for p in corpus["exclude"]]
    git("sparse-checkout", "set", "--no-cone", *patterns, cwd=target)
    git("checkout", "--quiet", "--detach", corpus["commit"], cwd=target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="corpora to check out (default: all)")
    parser.add_argument("--dest", type=Path, default=Path("corpora"), help="parent directory")
    parser.add_argument(
        "--source",
        action="append",
        default=[],
        metavar="NAME=URL",
        help="clone NAME from URL or a local path instead of GitHub",
    )
    args = parser.parse_args(argv)
    corpora = json.loads(MANIFEST.read_text(encoding="utf-8"))["corpora"]
    sources = dict(s.split("=", 1) for s in args.source)
    wanted = set(args.names) or {c["name"] for c in corpora}
    unknown = wanted - {c["name"] for c in corpora}
    if unknown:
        parser.error(f"unknown corpora: {', '.join(sorted(unknown))}")
    for corpus in corpora:
        if corpus["name"] in wanted:
            path = checkout(corpus, args.dest, sources.get(corpus["name"]))
            print(f"{corpus['name']}: {path} at {corpus['commit'][:12]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
