"""Embedding caches shipped with the package: the sample wiki builds in seconds.

A cold build of the bundled sample wiki embeds about 300 segments: a minute
on 2 cores, and several on a busy CI host. The vectors are the same
on every machine with the same model, so they ship as a read-only seed cache
(``seed/*.sqlite``, the schema of ``EmbeddingCache``) that every build
consults after its own cache. The key includes the model fingerprint, so a
changed model, tokenizer or chunk misses and is computed as usual; nothing
stale can be served. Regenerate after a change of the sample wiki or the
chunker with::

    python tools/seed_cache.py              # rebuilds seed/sample-wiki.sqlite
"""

from __future__ import annotations

from pathlib import Path

SEED_DIR = Path(__file__).resolve().parent / "seed"
SAMPLE_SEED = SEED_DIR / "sample-wiki.sqlite"


def seed_caches() -> list[Path]:
    """The shipped seed caches that exist, in a stable order."""
    return sorted(SEED_DIR.glob("*.sqlite")) if SEED_DIR.is_dir() else []
