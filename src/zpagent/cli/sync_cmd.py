"""``zpagent sync``: run the sync pipeline now, or cancel sync jobs.

The run is recorded in the same job queue as ``POST /sync``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from zpagent.cli.options import DataOpt, JsonOpt, WikiOpt, workspace
from zpagent.cli.output import CliProgress, console, emit_json, err_console, handle_errors
from zpagent.cli.summary import print_build


@handle_errors
def sync(
    pull: Annotated[
        bool, typer.Option("--pull", help="git fetch + fast-forward before building.")
    ] = False,
    wiki: WikiOpt = None,
    data: DataOpt = None,
    json_output: JsonOpt = False,
    cancel: Annotated[
        bool,
        typer.Option(
            "--cancel",
            help="Cancel the job JOB_ID, or every queued and running job; nothing is built.",
        ),
    ] = False,
    job_id: Annotated[
        str | None, typer.Argument(help="With --cancel: the job to cancel.", show_default=False)
    ] = None,
) -> None:
    """Run the sync pipeline now (the same as POST /sync), recorded in the job queue."""
    from zpagent.sync.jobs import JobStore
    from zpagent.sync.runners import Runner
    from zpagent.sync.worker import execute

    ws = workspace(data)
    store = JobStore(ws.data.ensure().root / "sync_jobs.sqlite")
    if job_id is not None and not cancel:
        store.close()
        raise typer.BadParameter("a JOB_ID is only given with --cancel", param_hint="JOB_ID")
    if cancel:
        _cancel_jobs(store, job_id, json_output)
        return
    runner = Runner(ws.data.locks)
    job = store.start_inline(pull, "cli", runner.id)
    with CliProgress(enabled=not json_output) as progress:

        def run(**kwargs):
            return ws.sync(wiki, progress=progress, **kwargs)

        timeout = ws.settings.sync_build_timeout
        ok = execute(store, job.id, pull, run, ws.data.locks, timeout)
    final = store.get(job.id)
    store.close()
    runner.close()
    assert final is not None
    if not ok:
        err = final.error_reason or "internal_error"
        if json_output:
            emit_json({"status": "error", "reason": err, "job": final.to_dict()})
        else:
            err_console.print(f"[red]sync failed[/red] ({err}): {final.error_message}")
        raise typer.Exit(1)
    if json_output:
        emit_json({"status": "ok", "reason": None, "job": final.to_dict()})
    elif (final.result or {}).get("outcome") == "unchanged":
        console.print(f"unchanged: the wiki is what {final.result['version']} was built from")
    else:
        print_build(final.result or {}, ws.wiki_path(wiki))


def _cancel_jobs(store, which: str | None, json_output: bool) -> None:
    """``zpagent sync --cancel [JOB_ID]``: cancel one job or every active one."""
    from zpagent.errors import NotFound
    from zpagent.sync.jobs import FINISHED

    if which is None:
        targets = store.active()
    else:
        job = store.get(which)
        if job is None:
            store.close()
            raise NotFound("no such job")
        targets = [job]
    done = [store.request_cancel(j.id) for j in targets if j.state not in FINISHED]
    store.close()
    jobs = [j.to_dict() for j in done if j is not None]
    if json_output:
        emit_json({"status": "ok", "reason": None, "cancelled": jobs})
        return
    if not jobs:
        console.print("no queued or running sync job to cancel")
    for j in jobs:
        what = "stops at its next step" if j["state"] == "running" else "cancelled"
        console.print(f"{j['job_id']}: {what}")


def register(app: typer.Typer) -> None:
    app.command()(sync)
