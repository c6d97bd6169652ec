"""The held-out sets are frozen: every file is pinned by eval/heldout/SHA256SUMS.

A held-out set that changes after it was written is no longer held out; this
test fails on any edit, addition or removal, so a change has to be deliberate
(rename the set to dev and write a fresh one, then re-pin).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HELDOUT = Path(__file__).resolve().parents[2] / "eval" / "heldout"


def _pinned() -> dict[str, str]:
    rows = (line.split() for line in (HELDOUT / "SHA256SUMS").read_text().splitlines() if line)
    return {name: digest for digest, name in rows}


def test_every_heldout_file_matches_its_pinned_hash():
    pinned = _pinned()
    for name, digest in pinned.items():
        data = (HELDOUT / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, f"{name} changed after it was frozen"


def test_every_heldout_set_is_pinned():
    present = {p.name for p in HELDOUT.iterdir() if p.suffix in (".json", ".md")} - {"README.md"}
    assert present == set(_pinned())


def test_heldout_sets_are_valid_and_have_unique_ids():
    for path in HELDOUT.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        ids = [item["id"] for item in data["items"]]
        assert ids and len(ids) == len(set(ids)), path.name
