"""The one sync pipeline behind ``zpagent index``, ``zpagent sync``, ``POST /sync``
and the webhook.

lock (one sync per data dir; a second waits) -> recover an unfinished
publication -> optionally git fetch + fast-forward -> snapshot the sources
-> build every part from the snapshot -> check the wiki did not move ->
publish (remote graph transaction + pointer switch).
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from zpagent.errors import BuildError
from zpagent.faults import fault_point
from zpagent.guard import CheckedProgress
from zpagent.index import datadir as dd
from zpagent.index.build import NullProgress, Progress, build_generation
from zpagent.index.marker import SYNC_LOCK
from zpagent.ingest.scan import scan_wiki
from zpagent.ingest.sites.rules import Overrides
from zpagent.search.calibration import calibrate_staged
from zpagent.sync import git
from zpagent.sync.publication import publish, recover
from zpagent.sync.snapshot import take_snapshot, verify_unchanged
from zpagent.sync.unchanged import build_config, published_unchanged, write_record

log = logging.getLogger(__name__)

__all__ = ["SYNC_LOCK", "run_sync"]


def _noop(phase: str) -> None:
    pass


def run_sync(
    ws: Any,
    wiki: Path | None = None,
    pull: bool = False,
    on_phase: Callable[[str], None] = _noop,
    progress: Progress | None = None,
    skip_unchanged: bool = True,
    overrides: Overrides | None = None,
) -> dict[str, Any]:
    """Run one sync synchronously; returns the result counts. Raises on failure.

    With ``skip_unchanged``, a snapshot identical to the published one
    publishes nothing: the result's ``outcome`` is ``unchanged`` (else
    ``published``). ``zpagent index`` always builds. ``overrides``: the
    operator's page globs (default: ``INDEX_INCLUDE``/``INDEX_EXCLUDE``); the
    pages they select are in the source hash, so a change rebuilds.
    """
    data = ws.data.ensure()
    wiki = ws.wiki_path(wiki)
    progress = CheckedProgress(progress or NullProgress())
    remote = ws.remote_graph()
    t0 = time.perf_counter()
    on_phase("waiting_for_lock")
    with dd.file_lock(data.locks / SYNC_LOCK):
        dd.clear_staging(data)
        recovery = recover(data, remote)
        if recovery.state != "clean":
            log.warning("recovery before sync: %s (%s)", recovery.state, recovery.detail)
        revision = None
        if pull:
            on_phase("git")
            s = ws.settings
            cfg = git.GitConfig(
                expected_repository=s.expected_gitea_repository,
                branch=s.expected_gitea_branch,
                ssh_key=s.zpwiki_ssh_key,
                known_hosts=s.zpwiki_known_hosts,
            )
            _, revision = git.pull(wiki, cfg)
        on_phase("building")
        fault_point("before_build")
        snap_dir = data.new_staging_dir()
        try:
            base_url, limits = ws.settings.wiki_base_url, ws.page_limits()
            overrides = overrides if overrides is not None else ws.page_overrides()
            snap = take_snapshot(wiki, snap_dir / "wiki", base_url, limits, overrides)
            config = build_config(ws)
            current = published_unchanged(data, snap, config, remote) if skip_unchanged else None
            if current is not None:
                log.info("sync: the wiki is unchanged since %s; nothing published", current)
                return {
                    "outcome": "unchanged",
                    "version": current,
                    "previous_version": current,
                    "git_revision": revision or snap.revision,
                    "seconds": round(time.perf_counter() - t0, 3),
                    "recovery": {"state": recovery.state, "detail": recovery.detail},
                }
            scan = scan_wiki(
                snap.root,
                base_url,
                limits=limits,
                refused=snap.refused,
                sizes=snap.sizes,
                rules=snap.rules,
            )
            try:
                report = build_generation(
                    scan, ws.build_inputs(), progress, wiki_revision=snap.revision
                )
            except sqlite3.Error as exc:
                raise BuildError("writing the index failed") from exc
            staged = Path(report.extra.pop("staged_path"))
            # Fitting the relevance gate is part of building (phase "building").
            t_cal = time.perf_counter()
            report.extra["gate"] = calibrate_staged(staged, ws.query_embedder)
            report.phase_seconds["calibrate"] = round(time.perf_counter() - t_cal, 3)
            write_record(staged, snap, config)
            fault_point("after_build")
            try:
                verify_unchanged(wiki, snap, base_url, limits)
                on_phase("publishing")
                t_pub = time.perf_counter()
                outcome = publish(data, staged, report.index_version, remote)
                report.phase_seconds["publish"] = round(time.perf_counter() - t_pub, 3)
            finally:
                shutil.rmtree(staged, ignore_errors=True)
        finally:
            shutil.rmtree(snap_dir, ignore_errors=True)
    report.seconds = round(time.perf_counter() - t0, 3)
    result = report.to_dict()
    result["outcome"] = "published"
    result["previous_version"] = outcome.previous
    result["git_revision"] = revision or snap.revision
    result["recovery"] = {"state": recovery.state, "detail": recovery.detail}
    return result
