"""Rebuild the embedding seed cache shipped with the package (``zpagent.embed.seed``).

    python tools/seed_cache.py [--wiki PATH] [--out FILE]

A developer script: it builds the sample wiki into a throw-away data
directory without seeds and keeps the vectors of the current model.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import tempfile
from pathlib import Path

from zpagent.config import Settings
from zpagent.demo import sample_wiki_path
from zpagent.embed.seed import SAMPLE_SEED
from zpagent.index.build import build_generation
from zpagent.ingest.scan import scan_wiki
from zpagent.workspace import Workspace


def write_seed(wiki: Path, out: Path = SAMPLE_SEED) -> int:
    """Build ``wiki`` into a throw-away data dir without seeds; keep its vectors.

    Returns the number of vectors written. Only rows of the current model's
    fingerprint are kept, so the file holds exactly what a build needs.
    """
    with tempfile.TemporaryDirectory(prefix="zpagent-seed-") as tmp:
        ws = Workspace(Settings(_env_file=None, zpagent_data_dir=Path(tmp) / "data"))
        inputs = ws.build_inputs()
        inputs.seed_caches = []
        build_generation(scan_wiki(wiki), inputs)
        fingerprint = ws.embedder.fingerprint
        staged = Path(tmp) / "seed.sqlite"
        shutil.copy(ws.data.embedding_cache, staged)
        db = sqlite3.connect(staged)
        db.execute("PRAGMA journal_mode=DELETE")
        db.execute("DELETE FROM embeddings WHERE fingerprint != ?", (fingerprint,))
        db.execute("DELETE FROM token_counts WHERE fingerprint != ?", (fingerprint,))
        db.commit()
        db.execute("VACUUM")
        count = db.execute("SELECT COUNT(*) FROM embeddings").fetchone()[0]
        db.close()
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(staged, out)
    return int(count)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--wiki", type=Path, default=None, help="default: the sample wiki")
    parser.add_argument("--out", type=Path, default=SAMPLE_SEED)
    args = parser.parse_args(argv)
    count = write_seed(args.wiki or sample_wiki_path(), args.out)
    print(f"{count} vectors -> {args.out}")


if __name__ == "__main__":
    main()
