"""Embedding caches shipped with the package: the sample wiki builds in seconds.

A cold build of the bundled sample wiki embeds about 300 segments: a minute
on 2 cores, and several on a busy CI host. The vectors are the same
on every machine with the same model, so they ship as a read-only seed cache
(``seed/*.sqlite``, the schema of ``EmbeddingCache``) that every build
consults after its own cache. The key includes the model fingerprint, so a
changed model, tokenizer or chunk misses and is computed as usual; nothing
stale can be served. Regenerate after a change of the sample wiki or the
chunker with::

    python -m zpagent.embed.seed            # rebuilds seed/sample-wiki.sqlite
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import tempfile
from pathlib import Path

SEED_DIR = Path(__file__).resolve().parent / "seed"
SAMPLE_SEED = SEED_DIR / "sample-wiki.sqlite"


def seed_caches() -> list[Path]:
    """The shipped seed caches that exist, in a stable order."""
    return sorted(SEED_DIR.glob("*.sqlite")) if SEED_DIR.is_dir() else []


def write_seed(wiki: Path, out: Path = SAMPLE_SEED) -> int:
    """Build ``wiki`` into a throw-away data dir without seeds; keep its vectors.

    Returns the number of vectors written. Only rows of the current model's
    fingerprint are kept, so the file holds exactly what a build needs.
    """
    from zpagent.config import Settings
    from zpagent.index.build import build_generation
    from zpagent.ingest.scan import scan_wiki
    from zpagent.workspace import Workspace

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
    from zpagent.demo import sample_wiki_path

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wiki", type=Path, default=None, help="default: the sample wiki")
    parser.add_argument("--out", type=Path, default=SAMPLE_SEED)
    args = parser.parse_args(argv)
    count = write_seed(args.wiki or sample_wiki_path(), args.out)
    print(f"{count} vectors -> {args.out}")


if __name__ == "__main__":
    main()
