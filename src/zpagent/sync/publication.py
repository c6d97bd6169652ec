"""Publish a built generation atomically, and recover from crashes provably.

Order of a publication (under the sync lock):

1. install the staged generation as ``generations/<new>``;
2. write the marker ``publishing.json`` {from, to, phase} (fsynced);
3. the remote graph (Neo4j), when configured: one transaction that writes
   the new graph and its ``IndexState``. A definite failure rolled back:
   the old generation keeps serving. An unknown outcome (lost commit
   acknowledgement): the actual ``IndexState`` is read before deciding;
4. switch the pointer (atomic rename);
5. verify the local activation by opening the new generation; if that
   fails, restore the previous pointer (and the remote graph);
6. remove the marker.

Readers are never refused because a publication runs: each request is
served by the generation the pointer named when it started (both are
complete on disk), and the next request after the switch gets the new one
(``zpagent.index.serving``). A Neo4j graph answers only when its
``IndexState`` is the served generation's, checked before and after each
request, so the moment between its commit and the pointer switch cannot
mix two versions.

A crash leaves the marker behind. ``recover()`` then inspects the pointer,
the generations on disk and the remote ``IndexState``: where the state can
be proven consistent it finishes or undoes the publication; otherwise the
marker stays (phase ``unverified``) and every request is refused until a
sync succeeds. The marker is never simply deleted.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from zpagent.errors import ZPAgentError
from zpagent.faults import fault_point
from zpagent.index import datadir as dd
from zpagent.index.marker import (
    CommitOutcomeUnknown,
    clear_marker,
    read_marker,
    write_marker,
)
from zpagent.index.reader import Generation

log = logging.getLogger(__name__)


class PublicationFailed(ZPAgentError):
    reason = "publication_failed"
    transient = True


class StateUnverified(ZPAgentError):
    """The remote graph's state could not be established: refuse until a sync succeeds."""

    reason = "state_unverified"
    http_status = 503
    transient = True


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
    write_marker(data, {"from": previous, "to": version, "phase": "install"})
    if remote is not None:
        write_marker(data, {"from": previous, "to": version, "phase": "remote_graph"})
        fault_point("before_neo4j")
        try:
            remote.write_generation(target, index_version, fault_point)
        except CommitOutcomeUnknown:
            # Ask the database what actually happened before deciding.
            try:
                actual = remote.read_version()
            except Exception as exc:
                write_marker(data, {"from": previous, "to": version, "phase": "unverified"})
                raise StateUnverified("the remote graph's commit outcome is unknown") from exc
            if actual != version:
                _undo_install(data, target, unresolved)
                raise PublicationFailed("the remote graph commit did not happen") from None
        except BaseException:
            _undo_install(data, target, unresolved)
            raise
        fault_point("after_neo4j")
    write_marker(data, {"from": previous, "to": version, "phase": "pointer"})
    dd.switch_pointer(data, version, index_version)
    fault_point("after_pointer_switch")
    try:
        verify(data, version)
    except Exception as exc:
        _restore(data, previous, previous_iv, remote)
        _undo_install(data, target, unresolved)
        raise PublicationFailed("the new generation failed verification") from exc
    clear_marker(data)
    fault_point("after_publish")
    keep = {version} | ({previous} if previous else set())
    dd.remove_unused_generations(data, keep)
    return PublishOutcome(version, previous)


def _undo_install(data: dd.DataDir, target: Path, unresolved: dict[str, Any] | None) -> None:
    # After a failed verification, requests may have started on the new
    # generation: it is left to a later cleanup while one still reads it.
    with dd.file_lock(target / dd.READER_LOCK, shared=False, blocking=False) as free:
        if free:
            shutil.rmtree(target, ignore_errors=True)
    if unresolved is not None:
        write_marker(data, unresolved)
    else:
        clear_marker(data)


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
        clear_marker(data)
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
        clear_marker(data)
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
