"""The layout of a data directory and the atomic pointer switch.

    DATA/
      current.json              pointer: {"version", "path", "index_version"}
      generations/<version>/    published, never modified: index.sqlite, graph/
      staging/                  generations being built
      embedding_cache.sqlite    vectors keyed by input and model
      query_vectors.sqlite      query vectors keyed by query text and model
      locks/                    process locks (sync, publication)

Publishing renames the staged directory into ``generations/`` and then
replaces ``current.json`` with ``os.replace`` (atomic on POSIX), after an
fsync of the new file and its directory. A crash leaves either the old or
the new pointer, never a torn one.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zpagent.errors import RetrievalUnavailable

POINTER = "current.json"


class CorruptPointer(RetrievalUnavailable):
    """The pointer cannot be trusted: refuse to serve rather than guess."""


@dataclass(frozen=True)
class DataDir:
    root: Path

    @property
    def pointer(self) -> Path:
        return self.root / POINTER

    @property
    def generations(self) -> Path:
        return self.root / "generations"

    @property
    def staging(self) -> Path:
        return self.root / "staging"

    @property
    def embedding_cache(self) -> Path:
        return self.root / "embedding_cache.sqlite"

    @property
    def query_vectors(self) -> Path:
        return self.root / "query_vectors.sqlite"

    @property
    def locks(self) -> Path:
        return self.root / "locks"

    def ensure(self) -> DataDir:
        for d in (self.root, self.generations, self.staging, self.locks):
            d.mkdir(parents=True, exist_ok=True)
        return self

    def new_staging_dir(self) -> Path:
        self.ensure()
        return Path(tempfile.mkdtemp(prefix="build-", dir=self.staging))


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_json_atomic(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False, indent=2, sort_keys=True)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    fsync_dir(path.parent)


def read_pointer(data: DataDir) -> dict[str, Any] | None:
    """The published pointer, or None when nothing was ever published."""
    try:
        with open(data.pointer, encoding="utf-8") as fh:
            pointer = json.load(fh)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise CorruptPointer("the pointer file is unreadable") from exc
    if not isinstance(pointer, dict) or "version" not in pointer or "path" not in pointer:
        raise CorruptPointer("the pointer file is incomplete")
    return pointer


def generation_path(data: DataDir, pointer: dict[str, Any]) -> Path:
    path = (data.root / pointer["path"]).resolve()
    if not path.is_relative_to(data.root.resolve()):
        raise CorruptPointer("the pointer leads outside the data directory")
    return path


def install_generation(data: DataDir, staged: Path, version: str) -> Path:
    """Move a finished staging directory to ``generations/<version>``."""
    target = data.generations / version
    os.replace(staged, target)
    fsync_dir(data.generations)
    return target


def switch_pointer(data: DataDir, version: str, index_version: dict[str, Any]) -> None:
    write_json_atomic(
        data.pointer,
        {"version": version, "path": f"generations/{version}", "index_version": index_version},
    )


@contextlib.contextmanager
def file_lock(path: Path, shared: bool = False, blocking: bool = True) -> Iterator[bool]:
    """An ``flock`` on ``path``; yields False when non-blocking and busy."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        flags = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
        if not blocking:
            flags |= fcntl.LOCK_NB
        try:
            fcntl.flock(fd, flags)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


READER_LOCK = ".readers.lock"


def remove_unused_generations(data: DataDir, keep: set[str]) -> list[str]:
    """Delete old generations no reader holds (readers keep a shared flock)."""
    removed = []
    if not data.generations.exists():
        return removed
    for gen in sorted(data.generations.iterdir()):
        if gen.name in keep or not gen.is_dir():
            continue
        with file_lock(gen / READER_LOCK, shared=False, blocking=False) as free:
            if not free:
                continue
            shutil.rmtree(gen, ignore_errors=True)
            removed.append(gen.name)
    return removed


def clear_staging(data: DataDir) -> None:
    """Remove leftovers of builds that died (only called under the sync lock)."""
    if data.staging.exists():
        for d in data.staging.iterdir():
            shutil.rmtree(d, ignore_errors=True)
