"""Publish a built generation atomically, and recover from crashes provably.

Order of a publication (under the sync lock):

1. install the staged generation as ``generations/<new>``;
2. write the marker ``publishing.json`` {from, to, phase} (fsynced);
3. take the publication lock exclusively: readers hold it shared for the
   duration of a request, so this waits for requests in flight, while the
   marker makes new requests answer 503 ``retrieval_unavailable``;
4. the remote graph (Neo4j), when configured: one transaction that writes
   the new graph and its ``IndexState``. A definite failure rolled back:
   the old generation keeps serving. An unknown outcome (lost commit
   acknowledgement): the actual ``IndexState`` is read before deciding;
5. switch the pointer (atomic rename);
6. verify the local activation by opening the new generation; if that
   fails, restore the previous pointer (and the remote graph);
7. remove the marker.

A crash leaves the marker behind. ``recover()`` then inspects the pointer,
the generations on disk and the remote ``IndexState``: where the state can
be proven consistent it finishes or undoes the publication; otherwise the
marker stays and every request is refused until a sync succeeds. The marker
is never simply deleted.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from zpagent.errors import RetrievalUnavailable, ZPAgentError
from zpagent.index import datadir as dd
from zpagent.index.reader import Generation
from zpagent.sync.faults import fault_point

log = logging.getLogger(__name__)

MARKER = "publishing.json"
PUBLICATION_LOCK = "publication.lock"


class PublicationFailed(ZPAgentError):
    reason = "publication_failed"
    transient = True


class StateUnverified(ZPAgentError):
    """The remote graph's state could not be established: refuse until a sync succeeds."""

    reason = "state_unverified"
    http_status = 503
    transient = True


class CommitOutcomeUnknown(Exception):
    """Raised by a remote graph when a commit's acknowledgement was lost."""


class RemoteGraph(Protocol):
    """The server-side graph (Neo4j) kept at the same index_version as the pointer."""

    def write_generation(
        self, gen_path: Path, index_version: dict[str, Any], fault: Callable[[str], None]
    ) -> None:
        """Replace the managed graph with the generation's payload in one transaction.

        Raises ``CommitOutcomeUnknown`` when the commit may or may not have happened.
        """
        ...

    def read_version(self) -> str | None:
        """The ``IndexState`` version in the remote graph (None if empty); raises if unreachable."""
        ...


def marker_path(data: dd.DataDir) -> Path:
    return data.root / MARKER


def read_marker(data: dd.DataDir) -> dict[str, Any] | None:
    try:
        return json.loads(marker_path(data).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        # A torn marker still means "a publication did not finish".
        return {"from": None, "to": None, "phase": "unknown"}


def _write_marker(data: dd.DataDir, marker: dict[str, Any]) -> None:
    dd.write_json_atomic(marker_path(data), marker)


def _clear_marker(data: dd.DataDir) -> None:
    with contextlib.suppress(FileNotFoundError):
        marker_path(data).unlink()
    dd.fsync_dir(data.root)


@contextlib.contextmanager
def reader_guard(data: dd.DataDir) -> Iterator[None]:
    """Held by every request: refuses during publication, lets publication wait for it."""
    if marker_path(data).exists():
        raise RetrievalUnavailable("a publication is in progress or did not finish")
    data.locks.mkdir(parents=True, exist_ok=True)
    fd = os.open(data.locks / PUBLICATION_LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError as exc:
            raise RetrievalUnavailable("a publication is in progress") from exc
        yield
    finally:
        os.close(fd)


@contextlib.contextmanager
def _exclusive(data: dd.DataDir) -> Iterator[None]:
    with dd.file_lock(data.locks / PUBLICATION_LOCK, shared=False, blocking=True):
        yield


def verify_generation(data: dd.DataDir, version: str) -> None:
    """Open the generation the pointer names and check that it is that version."""
    pointer = dd.read_pointer(data)
    if pointer is None or pointer["version"] != version:
        raise PublicationFailed("the pointer does not name the new generation")
    with Generation(dd.generation_path(data, pointer)) as gen:
        if gen.version != version:
            raise PublicationFailed("the generation's index_state disagrees with the pointer")
        check = gen.extras.get("verify")
        if callable(check):
            check()


@dataclass
class PublishOutcome:
    version: str
    previous: str | None


def publish(
    data: dd.DataDir,
    staged: Path,
    index_version: dict[str, Any],
    remote: RemoteGraph | None = None,
    verify: Callable[[dd.DataDir, str], None] = verify_generation,
) -> PublishOutcome:
    version = index_version["version"]
    pointer = dd.read_pointer(data)
    previous = pointer["version"] if pointer else None
    previous_iv = pointer.get("index_version") if pointer else None
    # An unresolved earlier publication (recovery refused to guess) stays on
    # record if this one fails too: only a successful publication resolves it.
    unresolved = read_marker(data)
    fault_point("before_install")
    target = dd.install_generation(data, staged, version)
    _write_marker(data, {"from": previous, "to": version, "phase": "install"})
    with _exclusive(data):
        if remote is not None:
            _write_marker(data, {"from": previous, "to": version, "phase": "remote_graph"})
            fault_point("before_neo4j")
            try:
                remote.write_generation(target, index_version, fault_point)
            except CommitOutcomeUnknown:
                # Ask the database what actually happened before deciding.
                try:
                    actual = remote.read_version()
                except Exception as exc:
                    _write_marker(data, {"from": previous, "to": version, "phase": "unverified"})
                    raise StateUnverified("the remote graph's commit outcome is unknown") from exc
                if actual != version:
                    _undo_install(data, target, unresolved)
                    raise PublicationFailed("the remote graph commit did not happen") from None
            except BaseException:
                _undo_install(data, target, unresolved)
                raise
            fault_point("after_neo4j")
        _write_marker(data, {"from": previous, "to": version, "phase": "pointer"})
        dd.switch_pointer(data, version, index_version)
        fault_point("after_pointer_switch")
        try:
            verify(data, version)
        except Exception as exc:
            _restore(data, previous, previous_iv, remote)
            _undo_install(data, target, unresolved)
            raise PublicationFailed("the new generation failed verification") from exc
        _clear_marker(data)
    fault_point("after_publish")
    keep = {version} | ({previous} if previous else set())
    dd.remove_unused_generations(data, keep)
    return PublishOutcome(version, previous)


def _undo_install(data: dd.DataDir, target: Path, unresolved: dict[str, Any] | None) -> None:
    shutil.rmtree(target, ignore_errors=True)
    if unresolved is not None:
        _write_marker(data, unresolved)
    else:
        _clear_marker(data)


def _restore(
    data: dd.DataDir,
    previous: str | None,
    previous_iv: dict[str, Any] | None,
    remote: RemoteGraph | None,
) -> None:
    """Put the previous generation back: pointer first, then the remote graph."""
    if previous is None:
        with contextlib.suppress(FileNotFoundError):
            data.pointer.unlink()
        return
    dd.switch_pointer(data, previous, previous_iv or {"version": previous})
    if remote is not None:
        remote.write_generation(data.generations / previous, previous_iv or {}, lambda _: None)


# --- recovery -------------------------------------------------------------------------


@dataclass
class RecoveryResult:
    state: str  # "clean" | "recovered" | "refused"
    detail: str


def recover(data: dd.DataDir, remote: RemoteGraph | None = None) -> RecoveryResult:
    """Resolve an unfinished publication where the state can be proven.

    Must run under the sync lock (no publication may be in progress).
    """
    marker = read_marker(data)
    pointer = dd.read_pointer(data)
    current = pointer["version"] if pointer else None
    if marker is None:
        return _check_consistency(data, current, remote)
    target = marker.get("to")
    remote_version: str | None = None
    if remote is not None:
        try:
            remote_version = remote.read_version()
        except Exception:  # noqa: BLE001 - without the graph nothing is provable
            return RecoveryResult("refused", "the remote graph is unreachable")
    try:
        if current is not None:
            verify_generation(data, current)
    except Exception:  # noqa: BLE001 - a generation that does not open proves nothing
        return RecoveryResult("refused", "the published generation does not verify")

    if remote is None or remote_version == current:
        _clear_marker(data)
        if target and target != current:
            shutil.rmtree(data.generations / target, ignore_errors=True)
        return RecoveryResult("recovered", f"serving {current}")
    if remote_version == target and target and (data.generations / target).is_dir():
        # The remote commit happened, the pointer switch did not: finish it.
        with Generation(data.generations / target) as gen:
            iv = gen.index_version
        dd.switch_pointer(data, target, iv)
        try:
            verify_generation(data, target)
        except Exception:  # noqa: BLE001 - refuse rather than guess
            return RecoveryResult("refused", "the new generation does not verify")
        _clear_marker(data)
        return RecoveryResult("recovered", f"finished the publication of {target}")
    return RecoveryResult("refused", "pointer and remote graph disagree")


def _check_consistency(
    data: dd.DataDir, current: str | None, remote: RemoteGraph | None
) -> RecoveryResult:
    if remote is None or current is None:
        return RecoveryResult("clean", "no unfinished publication")
    try:
        remote_version = remote.read_version()
    except Exception:  # noqa: BLE001 - unreachable means unknown
        return RecoveryResult("refused", "the remote graph is unreachable")
    if remote_version != current:
        return RecoveryResult("refused", "version mismatch between the index and the graph")
    return RecoveryResult("clean", "consistent")
