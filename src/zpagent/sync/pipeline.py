"""The one sync pipeline behind ``zpagent index``, ``zpagent sync``, ``POST /sync``
and the webhook.

lock (one sync per data dir; a second waits) -> recover an unfinished
publication -> optionally git fetch + fast-forward -> snapshot the sources
-> build every part from the snapshot -> check the wiki did not move ->
publish (remote graph transaction + pointer switch).

A build with much to embed (a new wiki, a new model) publishes progressively:
first a generation with what the embedding cache has (lexical search, the
graph and checked answers work within seconds; ``index_version.vectors`` is
``partial``), then, while embedding, the vectors so far now and then, and
last the complete generation. Each publication is the same atomic one.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zpagent.errors import BuildError
from zpagent.faults import fault_point
from zpagent.guard import CheckedProgress
from zpagent.index import datadir as dd
from zpagent.index.build import BuildReport, GenerationBuilder, NullProgress, Progress
from zpagent.index.marker import SYNC_LOCK
from zpagent.ingest.scan import scan_wiki
from zpagent.ingest.sites.rules import Overrides
from zpagent.search.calibration import calibrate_staged
from zpagent.sync import git
from zpagent.sync.publication import PublicationFailed, publish, recover
from zpagent.sync.snapshot import Snapshot, take_snapshot, verify_unchanged
from zpagent.sync.unchanged import build_config, published_unchanged, write_record

log = logging.getLogger(__name__)

__all__ = ["SYNC_LOCK", "run_sync"]


def _noop(phase: str) -> None:
    pass


# Publishing while embedding waits at least this many times what the last
# publication cost, so that publications take under a tenth of the build.
PUBLISH_COST_FACTOR = 10


def _progressive(settings: Any, missing_tokens: int) -> bool:
    """Publish before embedding: a cold build of a new wiki, not an incremental sync."""
    return settings.index_progressive and missing_tokens > settings.index_progressive_tokens


@dataclass
class _Publisher:
    """Publishes the generations of one sync and remembers when.

    A progressive build publishes first without the missing vectors, then,
    while embedding, the vectors so far every ``INDEX_PUBLISH_INTERVAL``
    seconds (and never more often than ten times what a publication costs,
    so that publishing takes under a tenth of the embedding time), then the
    complete generation. Only a complete generation is calibrated and gets
    the record that lets an unchanged wiki skip the next sync.
    """

    ws: Any
    data: dd.DataDir
    remote: Any
    wiki: Path
    snap: Snapshot
    on_phase: Callable[[str], None]
    progress: Progress
    t0: float
    publications: list[dict[str, Any]] = field(default_factory=list)
    previous: str | None = None
    last_done: float = 0.0
    last_cost: float = 0.0

    def publish_if_due(self, builder: GenerationBuilder) -> None:
        s = self.ws.settings
        wait = max(s.index_publish_interval, PUBLISH_COST_FACTOR * self.last_cost)
        if builder.missing_tokens and time.perf_counter() - self.last_done >= wait:
            # Not a progress phase of its own: the embedding bar goes on.
            self.publish_early(builder.stage(), announce=False)

    def publish_early(self, report: BuildReport, announce: bool = True) -> None:
        """A generation before the complete one: if it cannot be published (the
        remote graph is down, verification fails), the previous one keeps
        serving and the build goes on to the complete generation, which must."""
        try:
            self.publish(report, announce)
        except PublicationFailed as exc:
            log.warning("an early publication failed; the build goes on: %s", exc)
            self.last_done = time.perf_counter()

    def publish(self, report: BuildReport, announce: bool = True) -> BuildReport:
        t = time.perf_counter()
        if announce:
            partial = report.vectors != "complete"
            self.progress.start("publishing, vectors partial" if partial else "publishing", None)
        staged = Path(report.extra.pop("staged_path"))
        try:
            if report.vectors == "complete":
                # Fitting the relevance gate is part of building (phase "building").
                t_cal = time.perf_counter()
                report.extra["gate"] = calibrate_staged(staged, self.ws.query_embedder)
                report.phase_seconds["calibrate"] = round(time.perf_counter() - t_cal, 3)
                write_record(staged, self.snap, build_config(self.ws))
            fault_point("after_build")
            verify_unchanged(self.wiki, self.snap, self.ws.settings.wiki_base_url,
                             self.ws.page_limits())  # fmt: skip
            self.on_phase("publishing")
            t_pub = time.perf_counter()
            outcome = publish(self.data, staged, report.index_version, self.remote)
            report.phase_seconds["publish"] = round(time.perf_counter() - t_pub, 3)
        finally:
            shutil.rmtree(staged, ignore_errors=True)
        if self.previous is None and not self.publications:
            self.previous = outcome.previous
        self.last_done = time.perf_counter()
        self.last_cost = self.last_done - t
        self.publications.append(
            {
                "version": outcome.version,
                "vectors": report.vectors,
                "segments_without_vector": report.segments_without_vector,
                "seconds": round(self.last_done - self.t0, 3),
            }
        )
        log.info("published %s (vectors: %s)", outcome.version, report.vectors)
        if report.vectors != "complete":
            self.on_phase("embedding")
        return report


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
            publisher = _Publisher(ws, data, remote, wiki, snap, on_phase, progress, t0)
            try:
                with GenerationBuilder(scan, ws.build_inputs(), progress, snap.revision) as b:
                    b.prepare()
                    if _progressive(ws.settings, b.missing_tokens):
                        publisher.publish_early(b.stage())
                        b.embed(on_batch=lambda: publisher.publish_if_due(b))
                    else:
                        b.embed()
                    report = publisher.publish(b.stage())
            except sqlite3.Error as exc:
                raise BuildError("writing the index failed") from exc
        finally:
            shutil.rmtree(snap_dir, ignore_errors=True)
    report.seconds = round(time.perf_counter() - t0, 3)
    result = report.to_dict()
    result["outcome"] = "published"
    result["previous_version"] = publisher.previous
    result["publications"] = publisher.publications
    result["git_revision"] = revision or snap.revision
    result["recovery"] = {"state": recovery.state, "detail": recovery.detail}
    return result
